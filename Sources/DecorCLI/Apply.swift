#if CLI
import ArgumentParser
import Decor

struct Apply: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Read an image (\(FormatNames.read)), apply a chain of steps, write an image (\(FormatNames.written)).",
    discussion: """
      Each STEP is a filter name, positional values, then key=value options ('rotate 30', 'pad 10 color=white'); \
      one argument may hold several steps separated by |. `decor filters` lists them. A regular OUTPUT is written \
      to a temporary file beside it and renamed into place, so a failed or interrupted run leaves no file behind; \
      a symbolic link is written through to its target and stays a link; a character device or FIFO is written \
      straight through. `-o -` writes to standard output, unless that is a terminal. The output's format is its \
      extension's, or --format's (PNG for `-o -` and a name without one): \(FormatNames.writtenWithExtensions); \
      an unknown extension, or an option the format does not take, is refused before any work.
      """)

  @Argument(help: ArgumentHelp("The input image (\(FormatNames.read)), or - for standard input."))
  var input: String

  @Argument(help: "Steps to apply, in order.")
  var steps: [String] = []

  @Option(name: .shortAndLong, help: ArgumentHelp(
    "The output image (\(FormatNames.written), by its extension or --format), or - for standard output; may be left "
      + "out with --save-chain."))
  var output: String?

  @Option(name: .customLong("chain"), help: ArgumentHelp(
    "A template (JSON, from --save-chain) whose steps come before the STEP arguments.", valueName: "T.json"))
  var template: String?

  @Option(help: ArgumentHelp(
    "Save the chain (the template's and the STEP arguments' steps) as a template; without -o, only that: the chain is "
      + "checked on the input and saved, and nothing is rendered.",
    valueName: "T.json"))
  var saveChain: String?

  @OptionGroup var render: RenderOptions

  @Flag(name: .customLong("all-pages"), help: ArgumentHelp(
    "Read every page of a multi-page TIFF as a frame, each through the chain, as an animation is read (pages of "
      + "different sizes are refused); without it, the first page is the image."))
  var allPages = false

  @OptionGroup var out: OutputOptions

  @Flag(help: "Print the render plan before rendering (to stderr): every stage, its extent, the region it will be asked for, and whether it is computed once for the whole render.")
  var explain = false

  func validate() throws {
    guard output == nil else { return }
    if saveChain == nil {
      throw ValidationError("Missing expected argument '--output <output>' (or --save-chain T.json alone)")
    }
    // Without an output, an output option would be ignored: refused instead, as a setting a format does not take is.
    let outputOptions = (out.format == nil ? [] : ["format"]) + out.settings.given.map(\.rawValue)
      + (out.strip ? ["strip"] : []) + (explain ? ["explain"] : [])
    if let option = outputOptions.first {
      throw ValidationError("--\(option) applies to an output: give -o FILE")
    }
  }

  // Every font file a step or the scene names is held to `--allow-read` as it is read, parsing included.
  func run() throws { try render.readPolicy.checkingFontFiles { try perform() } }

  private func perform() throws {
    // With `--save-chain` alone there is no output: the chain is checked on the input and saved, and nothing is
    // rendered (`validate` refused output options without an output).
    if let output { try refuseTerminal(output, option: "-o FILE") }
    let encoder = try output.map { path in try out.encoder(for: path) }
    let readPolicy = try render.readPolicy
    var chain = try template.map { path throws(TemplateError) in
      try Chain(contentsOfTemplate: path, readPolicy: readPolicy)
    } ?? Chain()
    chain.append(contentsOf: try Chain(parsing: steps, templates: Chain.templateFiles(readPolicy: readPolicy)))
    try chain.checkedAsOutput()
    // An input to be written frame by frame is checked against --max-total-pixels before any of it is decoded.
    let decoders = try render.decoders(allPages: allPages)
    let decoded =
      encoder?.writesAnimations == true
      ? try OpenedImage(contentsOfFile: input, decoders: decoders, pixelLimit: render.maxPixels,
        totalPixelLimit: render.maxTotalPixels)
      : try OpenedImage(contentsOfFile: input, decoders: decoders, pixelLimit: render.maxPixels)
    if let output, let encoder, try writeAnimation(decoded, chain: chain, encoder: encoder, output: output) {
      return
    }
    // Said only where something is written: `--save-chain` alone writes no frame.
    if decoded.frameCount > 1, let encoder {
      if decoded.framesArePages {
        // The flag is named where it would make a difference: a format that holds frames.
        let hint = encoder.writesAnimations ? "; --all-pages reads every page" : ""
        printError("\(input): multi-page image: only its first page (of \(decoded.frameCount)) is used\(hint)")
      } else {
        printError(FrameNotice.line(input: input, frameCount: decoded.frameCount, format: encoder.displayName))
      }
    }
    let result: OpenedImage
    do {
      result = try decoded.applying(chain, colorSpace: render.colorSpace, pixelLimit: render.maxPixels,
        decoders: render.decoders)
    } catch let error as ColorProfileError {
      throw InputError(input: input, reason: "\(error)")
    }
    let image = result.image
    // Saved before rendering: the template is complete once the chain applies, and a folder that cannot take it is
    // reported before the work.
    try saveChain.map { path throws(CodecError) in try chain.writeTemplate(toFile: path) }
    guard let output, let encoder else { return }
    let renderer = render.renderer
    if explain { writeToStandardError("\(try renderer.plan(image, for: encoder))\n") }
    try out.write(image, with: encoder, to: output, renderer: renderer, metadata: result.metadata)
    // After the write: a file read row by row finds its damage as the render reads it.
    DamageNotice.line(input: input, warnings: decoded.warnings).map(printError)
  }

  /// Every frame of `decoded`, when it is an animation the output's format holds, through `chain` into the output,
  /// with its delays and loop count; `false` when it is not, and nothing was written.
  private func writeAnimation(_ decoded: OpenedImage, chain: Chain, encoder: any ImageEncoder, output: String) throws
    -> Bool
  {
    guard encoder.writesAnimations, decoded.frameCount > 1 else { return false }
    // The images steps name are read once, not once a frame.
    let loaded = try LoadedChain(chain, decoders: render.decoders, pixelLimit: render.maxPixels)
    let result: AnimationWriteResult?
    do {
      result = try decoded.writeAnimation(through: loaded, colorSpace: render.colorSpace, to: output, as: encoder,
        strip: out.strip, renderer: render.renderer, totalPixelLimit: render.maxTotalPixels) { graph in
          // Saved once the chain applies, before any frame is rendered, as for a still image.
          try saveChain.map { path throws(CodecError) in try chain.writeTemplate(toFile: path) }
          if explain { writeToStandardError("\(try render.renderer.plan(graph))\n") }
        }
    } catch let error as ColorProfileError {
      throw InputError(input: input, reason: "\(error)")
    }
    guard let result else { return false }
    for dropped in result.encoding.droppedMetadata { printError("\(output): not written: \(dropped)") }
    return true
  }
}

extension PNGCompression: ExpressibleByArgument {
  public init?(argument: String) { self.init(name: argument) }
  public static var allValueStrings: [String] { allNames }
}
#endif
