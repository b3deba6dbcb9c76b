import ArgumentParser
import Decor

struct Apply: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Read a PNG, apply a chain of steps, write a PNG.",
    discussion: "The output is written to a temporary file beside OUTPUT and renamed into place, so a failed run "
      + "leaves no file behind.")

  @Argument(help: "The input PNG, or - for standard input.")
  var input: String

  @Option(name: .shortAndLong, help: "The output PNG, or - for standard output.")
  var output: String

  @Option(help: "PNG compression: \(PNGCompression.allNames.joined(separator: ", ")).")
  var compression: PNGCompression = .default

  func run() throws {
    let image = try Raster(contentsOfFile: input)
    try image.writePNG(toFile: output, compression: compression)
  }
}

extension PNGCompression: ExpressibleByArgument {
  public init?(argument: String) { self.init(name: argument) }
  public static var allValueStrings: [String] { allNames }
}
