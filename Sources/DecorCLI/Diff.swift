#if CLI
import ArgumentParser
import Decor


struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Compare two images: max channel delta, PSNR and differing pixels.",
    discussion: "Pixels are compared premultiplied, so transparent pixels are equal whatever their colour. Two 8-bit "
      + "files are compared at 8 bits (deltas in levels of 255: `max delta 3`); when either file is 16-bit (a 16-bit "
      + "PNG or TIFF), at 16 bits, and the delta says so (`max delta 3/65535`). --tolerance is in levels of 255 at "
      + "either depth (× 257 at 16 bits); --tolerance16 gives the 16-bit allowance itself. Exit status 0 when the "
      + "images are within the tolerance, 1 when not (or on an error).")

  @Argument(help: "The image to check.")
  var actual: String

  @Argument(help: "The reference image.")
  var reference: String

  @Option(help: "The largest channel difference (0…255) that does not count as a difference (× 257 at 16 bits).")
  var tolerance = 0

  @Option(help: ArgumentHelp("The largest channel difference in levels of 65535 (0…65535) that does not count as a "
    + "difference when the images are compared at 16 bits, instead of --tolerance × 257.", valueName: "levels"))
  var tolerance16: Int?

  @Flag(help: "Do not count differences on antialiased edges.")
  var ignoreAntialiasing = false

  @Option(help: "Write a panel (reference, actual, differences in red) to this PNG.")
  var diffImage: String?

  func validate() throws {
    guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0…255, got \(tolerance)") }
    if let tolerance16, !(0...65535).contains(tolerance16) {
      throw ValidationError("--tolerance16 must be 0…65535, got \(tolerance16)")
    }
  }

  func run() throws {
    if let diffImage { try refuseTerminal(diffImage, option: "--diff-image FILE") }
    // 16-bit files read at 16 bits, so that the comparison is made at their depth.
    let a = try Raster(keepingDepthOf: actual)
    let b = try Raster(keepingDepthOf: reference)
    let limits = tolerance16.map {
      GoldenTolerance(maxChannelDelta: tolerance, maxChannelDelta16: $0, ignoresAntialiasing: ignoreAntialiasing)
    } ?? GoldenTolerance(maxChannelDelta: tolerance, ignoresAntialiasing: ignoreAntialiasing)
    let comparison = try ImageComparison(a, b, tolerance: limits)
    if let diffImage { try comparison.diffPanel(actual: a, reference: b).write(to: diffImage, as: .png()) }
    print(comparison)
    if !comparison.passes { throw ExitCode(1) }
  }
}
#endif
