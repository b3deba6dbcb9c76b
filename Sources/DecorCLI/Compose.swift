import ArgumentParser
import Decor

struct Compose: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw a scene of layers (a JSON file) into a PNG.",
    discussion: """
      The scene is a canvas (width, height, background) and layers, each an image file, a colour rectangle, a \
      gradient or a nested group, with x, y, an optional chain, a blend mode and an opacity; relative file names \
      are relative to the scene file's folder. The README describes every key.
      """)

  @Argument(help: ArgumentHelp("The scene (JSON), or - for standard input.", valueName: "SCENE.json"))
  var scene: String

  @Option(name: .shortAndLong, help: "The output PNG, or - for standard output.")
  var output: String

  @Option(help: "PNG compression: fast, default, best, or a level 0…12.")
  var compression: PNGCompression = .default

  @Option(help: "Rendering threads (default: one per processor).")
  var threads: Int?

  @Flag(help: "Print the render plan before rendering (to stderr).")
  var explain = false

  func validate() throws {
    if let threads, threads < 1 { throw ValidationError("--threads must be at least 1, got \(threads)") }
  }

  func run() throws {
    try refuseTerminal(output, option: "-o FILE")
    let image = try Scene(contentsOfFile: scene).component(relativeTo: Scene.folder(of: scene), source: scene)
    let renderer = Renderer(threads: threads)
    if explain { writeToStandardError("\(try renderer.plan(image))\n") }
    try renderer.renderPNG(image, toFile: output, compression: compression)
  }
}
