#if CLI
import ArgumentParser

/// `--colorspace`'s values.
enum ColorSpaceName: String, ExpressibleByArgument, CaseIterable {
  case auto
  case srgb
}
#endif
