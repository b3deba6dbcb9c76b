#if CLI
import ArgumentParser
import Decor

/// How `apply`, `batch` and `compose` write their output: the format (from the name, or `--format`) and the
/// settings its encoder takes. The encoder is chosen and configured once, by `EncoderRegistry.encoder(forOutput:
/// format:settings:)`, before any work; a setting the format does not take is refused there, naming both.
struct OutputOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "The output format: \(FormatNames.formatNames). Default: for apply and compose the output's extension (png for "
      + "- and a name without one); for batch png. batch also takes same: each input's own format.",
    valueName: "format"))
  var format: String?

  @Option(help: "PNG: compression, on all threads: fast (zlib 1), default (libdeflate 7; 4 above 8 Mpx), best (12), or a level 0…12.")
  var compression: PNGCompression?

  // Read as text (`.unconditional`, so that `--quality -5` is its value, not an unknown option `-5`) and checked in
  // `validate()` as the other counts are (`RenderOptions.count(_:option:maximum:)`).
  @Option(name: .customLong("quality"), parsing: .unconditional,
    help: ArgumentHelp("JPEG, lossy WebP or lossy AVIF quality, 1…100 (default: 90 for JPEG, 75 for WebP and AVIF).",
      valueName: "q"))
  var qualityText: String?

  /// The quality asked for, or `nil` for the format's default.
  var quality: Int? { qualityText.flatMap { Int($0) } }

  @Flag(help: "WebP or AVIF: lossless (exact pixels and alpha; larger files; takes no --quality).")
  var lossless = false

  @Flag(help: "Leave out the input's ICC profile, pixel density, EXIF and XMP (kept by default).")
  var strip = false

  @Option(help: "JPEG chroma subsampling: 420 (smaller; the default) or 444 (sharp colour edges).")
  var subsampling: JPEGOptions.Subsampling?

  @Option(help: ArgumentHelp("JPEG: the colour transparent pixels are laid on (JPEG has no alpha; default white).",
    valueName: "color"))
  var background: String?

  @Option(help: ArgumentHelp(
    "Bits a channel of the output: 8 or 16 (PNG, TIFF). Default: the input's where the format holds it (a 16-bit PNG "
      + "stays 16-bit), else 8, said in one line.", valueName: "bits"))
  var depth: BitDepth?

  func validate() throws {
    if let qualityText { _ = try RenderOptions.count(qualityText, option: "--quality", maximum: 100) }
    if let background {
      do {
        _ = try Color(parsing: background)
      } catch {
        throw ValidationError("--background: \(error)")
      }
    }
  }

  /// The settings given, for the encoder to take or refuse.
  var settings: EncodingSettings {
    EncodingSettings(quality: quality, lossless: lossless, subsampling: subsampling, compression: compression,
      background: background.flatMap { try? Color(parsing: $0) }, depth: depth)
  }

  /// The encoder for `path`, configured with the settings: checked before any work.
  func encoder(for path: String) throws -> any ImageEncoder {
    try cliWords { () throws(CodecError) in
      try FormatNames.encoders.encoder(forOutput: path, format: format, settings: settings)
    }
  }

  /// The encoder `--format` names (`png` without one), configured with the settings: for `batch`, whose outputs
  /// take the format's extension.
  func encoderForFormat() throws -> any ImageEncoder {
    try cliWords { () throws(CodecError) in
      try EncoderRegistry.configure(FormatNames.encoders.encoder(forFormat: format ?? "png"), with: settings)
    }
  }

  /// A refused setting in the command's words: `--quality does not apply to PNG output`.
  private func cliWords<T>(_ body: () throws(CodecError) -> T) throws -> T {
    do {
      return try body()
    } catch .optionNotTaken(let option, let format) {
      throw ValidationError("--\(option) does not apply to \(format) output")
    }
  }

  /// Renders `image` into `path` through `encoder` (streamed band by band when it can, see
  /// `ImageComponent.write(to:as:metadata:region:renderer:trace:)`); translucent pixels laid on a background (JPEG)
  /// are said on stderr (one line; the exit status stays 0).
  func write(
    _ image: any ImageComponent, with encoder: any ImageEncoder, to path: String, renderer: Renderer,
    metadata input: ImageMetadata = .none
  ) throws {
    let result = try image.write(to: path, as: encoder, metadata: strip ? .none : input, renderer: renderer)
    if result.flattened {
      let color = (encoder as? JPEGImageEncoder)?.options.background ?? .white
      printError("\(path): \(encoder.displayName) has no alpha: transparent pixels were laid on \(color) (--background)")
    }
    for dropped in result.droppedMetadata { printError("\(path): not written: \(dropped)") }
    if let line = depthNotice(result, output: path, format: encoder.displayName) { printError(line) }
  }

  /// The line that says a source's depth was reduced (a 16-bit PNG into JPEG), unless `--depth` asked for it.
  func depthNotice(_ result: EncodingResult, output: String, format: String) -> String? {
    guard depth == nil, let reduction = result.depthReduction else { return nil }
    return "\(output): \(reduction)" + (reduction.cause.map { ": \($0)" } ?? ", the most \(format) holds")
  }
}

extension JPEGOptions.Subsampling: ExpressibleByArgument {}
extension BitDepth: ExpressibleByArgument {}
#endif
