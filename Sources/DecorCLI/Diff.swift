#if CLI
import ArgumentParser
import Decor


struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Compare two images: max channel delta, PSNR and differing pixels.",
    discussion: "Pixels are compared premultiplied, so transparent pixels are equal whatever their colour. Exit "
      + "status 0 when the images are within the tolerance, 1 when not (or on an error).")

  @Argument(help: "The image to check.")
  var actual: String

  @Argument(help: "The reference image.")
  var reference: String

  @Option(help: "The largest channel difference (0…255) that does not count as a difference.")
  var tolerance = 0

  @Flag(help: "Do not count differences on antialiased edges.")
  var ignoreAntialiasing = false

  @Option(help: "Write a panel (reference, actual, differences in red) to this PNG.")
  var diffImage: String?

  func validate() throws {
    guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0…255, got \(tolerance)") }
  }

  func run() throws {
    if let diffImage { try refuseTerminal(diffImage, option: "--diff-image FILE") }
    let a = try Raster(contentsOfFile: actual)
    let b = try Raster(contentsOfFile: reference)
    let comparison = try ImageComparison(a, b,
      tolerance: GoldenTolerance(maxChannelDelta: tolerance, ignoresAntialiasing: ignoreAntialiasing))
    if let diffImage { try comparison.diffPanel(actual: a, reference: b).write(to: diffImage, as: .png()) }
    print(comparison)
    if !comparison.passes { throw ExitCode(1) }
  }
}
#endif
