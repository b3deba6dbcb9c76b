import Decor

/// Reads a PNG, puts it over a drop shadow and writes the result as a PNG.
@main
struct Shadowed {
  static func main() throws {
    let arguments = CommandLine.arguments.dropFirst()
    guard arguments.count == 2, let input = arguments.first, let output = arguments.last else {
      print("usage: shadowed IN.png OUT.png")
      return
    }
    let picture = try Raster(contentsOfFile: input)
    try picture.padded(by: 24).addingDropShadow(offset: Point(8, 8), radius: 16, opacity: 0.6)
      .write(to: output, as: .png())
  }
}
