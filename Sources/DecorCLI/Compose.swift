#if CLI
import ArgumentParser
import Decor

struct Compose: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw a scene of layers (a JSON file) into an image (\(FormatNames.written)).",
    discussion: """
      The scene is a canvas (width, height, background) and layers, each an image file, a colour rectangle, a \
      gradient or a nested group, with x, y, an optional chain, a blend mode and an opacity; relative file names \
      are relative to the scene file's folder. Documentation/Scenes.md describes every key.
      """)

  @Argument(help: ArgumentHelp("The scene (JSON), or - for standard input.", valueName: "SCENE.json"))
  var scene: String

  @Option(name: .shortAndLong, help: ArgumentHelp(
    "The output image (\(FormatNames.written), by its extension or --format), or - for standard output."))
  var output: String

  @OptionGroup var out: OutputOptions

  @OptionGroup var render: RenderOptions

  @Flag(help: "Print the render plan before rendering (to stderr).")
  var explain = false

  // Every font file a step or the scene names is held to `--allow-read` as it is read, parsing included.
  func run() throws { try render.readPolicy.checkingFontFiles { try perform() } }

  private func perform() throws {
    try refuseTerminal(output, option: "-o FILE")
    let encoder = try out.encoder(for: output)
    let composed = try Scene(contentsOfFile: scene, readPolicy: render.readPolicy).image(
      relativeTo: Scene.folder(of: scene), source: scene, pixelLimit: render.maxPixels, decoders: render.decoders,
      colorSpace: render.colorSpace)
    let image = composed.image
    let renderer = render.renderer
    if explain { writeToStandardError("\(try renderer.plan(image, for: encoder))\n") }
    // The profile the scene's images share, if any (none when they were converted to sRGB).
    try out.write(image, with: encoder, to: output, renderer: renderer, metadata: composed.metadata)
  }
}
#endif
