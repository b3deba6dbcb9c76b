#if !CLI
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `decor` program of a build without the CLI trait (which brings swift-argument-parser and every format): it
/// says how to get the command and exits 1, as any usage error does.
@main
enum DecorWithoutCLI {
  static func main() {
    fputs("decor: this build leaves out the CLI trait; build with the default traits (or --traits CLI)\n", stderr)
    exit(1)
  }
}
#endif
