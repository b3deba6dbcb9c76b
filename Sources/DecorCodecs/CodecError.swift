import DecorCore

/// Why an image could not be read or written. Every case names the file (or `<stdin>`, `<stdout>`, `<memory>`)
/// so that a message can stand alone on one line.
///
/// Cases are added as formats and checks are (`optionOutOfRange`, `unsupportedVariant` and `allocationFailed` came
/// with GIF, TIFF, HEIF and the bytes API, `framesTooLarge` with the bound on an animation's work): a `switch` over
/// a `CodecError` needs `@unknown default`, or match the cases it handles
/// and print the rest through `description`.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No registered decoder recognises the data's first bytes; `known` names the registered decoders. The message
  /// never shows `leadingBytes` (they are kept for code that wants to look at them).
  case unsupportedFormat(source: String, leadingBytes: [UInt8], known: [String] = [])
  /// More than one registered decoder claims the data.
  case ambiguousFormat(source: String, decoders: [String])
  /// A decoder name registered twice.
  case duplicateDecoder(name: String)
  /// An encoder name, or a file extension, registered twice.
  case duplicateEncoder(name: String)
  /// No registered decoder or encoder has this name; `known` lists those that do.
  case unknownCodec(name: String, known: [String])
  /// No registered encoder writes files named like `path`; `extensions` lists those that are written.
  case noEncoder(path: String, extensions: [String])
  /// The data is damaged or truncated; `detail` is the decoder's own message (libpng's, for PNG).
  case corrupt(source: String, detail: String)
  /// The file is of a format Decor reads, in a variant it does not (`detail`: `12-bit JPEG is not supported`).
  case unsupportedVariant(source: String, detail: String)
  /// The header declares more pixels than the limit; nothing was allocated.
  case tooLarge(source: String, width: Int, height: Int, limit: Int)
  /// The animation's (or the document's read as frames) `frames` canvases of `width` × `height` hold more pixels
  /// together than the limit (`Animation.totalPixelLimit`, `decor --max-total-pixels`), counted from its records;
  /// nothing was decoded.
  case framesTooLarge(source: String, frames: Int, width: Int, height: Int, limit: Int)
  /// The image is within the pixel limit but its pixels need more memory than the machine has (`bytes`); nothing
  /// was kept. (The limit was raised past what memory holds: `decor --max-pixels`.)
  case allocationFailed(source: String, width: Int, height: Int, bytes: Int)
  /// The input has more bytes than the limit (`DecoderRegistry.byteLimit`): a regular file is refused before it is
  /// read, a stream (standard input, a FIFO, a device such as `/dev/zero`) when it passes the limit.
  case inputTooLarge(source: String, limit: Int)
  /// The encoder failed; `detail` is its message.
  case encodingFailed(destination: String, detail: String)
  /// The file could not be read or written; `detail` is the system's reason.
  case io(path: String, detail: String)
  /// The output path's extension names an image format Decor cannot write (`out.jpg`); nothing was written.
  case unwritableFormat(path: String, format: ImageFormat)
  /// An output setting (`EncodingOption`'s raw value, `"quality"`) that the chosen format does not take, or not in
  /// this combination (`format` is then `"lossless WebP"`); nothing was written.
  case optionNotTaken(option: String, format: String)
  /// An output setting (`EncodingOption`'s raw value, `"quality"`) given a value outside what the format takes
  /// (`range`), refused where it was set (`ImageEncoder.jpeg(quality:subsampling:background:)`, `configured(with:)`)
  /// rather than inside the encoding library; nothing was written.
  case optionOutOfRange(option: String, value: Int, range: ClosedRange<Int>, format: String)
  /// The output path's extension names another format than the one asked for (`-o out.jpg --format png`): the
  /// file would hold one format's bytes under another's name.
  case formatMismatch(path: String, format: String, named: String)
  /// Rendering straight into a file or its bytes (`ImageComponent.write(to:as:…)` and the like) failed before the image was
  /// complete; nothing was written. Described as the render error alone, which says what failed.
  case render(RenderError)

  /// `error` as a `CodecError`: itself if it is one, `.render` for a `RenderError`, and `.encodingFailed` for
  /// anything else (only what a caller's closure could throw).
  package static func typed(_ error: any Error, destination: String) -> CodecError {
    switch error {
    case let error as CodecError: return error
    case RenderError.raster(.allocationFailed(let width, let height, let bytes)):
      // Memory ran out making the image this file was to hold: named by the file, as a decoder names its input.
      return .allocationFailed(source: destination, width: width, height: height, bytes: bytes)
    case let error as RenderError: return .render(error)
    case RasterError.allocationFailed(let width, let height, let bytes):
      return .allocationFailed(source: destination, width: width, height: height, bytes: bytes)
    case let error as RasterError: return .render(.raster(error))
    default: return .encodingFailed(destination: destination, detail: "\(error)")
    }
  }

  /// A C library's message as part of one line: its line breaks (libheif ends some messages with one) become
  /// spaces, and the ends are trimmed.
  static func oneLine(_ text: String) -> String {
    let joined = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return String(joined.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  public var description: String {
    switch self {
    case .unsupportedFormat(let source, let leading, let known):
      // The bytes themselves are never shown: the file may be one a template named to read it back through the
      // message (`/etc/passwd` as a `blend` image), so the message says what the file is not.
      let formats = known.count > 1 ? known.dropLast().joined(separator: ", ") + " or " + known.last! : known.first
      return leading.isEmpty
        ? "\(source): unsupported format: the file is empty"
        : "\(source): unsupported format: not an image Decor reads" + (formats.map { " (not \($0))" } ?? "")
    case .ambiguousFormat(let source, let decoders):
      return "\(source): ambiguous format: decoders \(decoders.map { "\"\($0)\"" }.joined(separator: " and ")) "
        + "both claim it"
    case .duplicateDecoder(let name):
      return "a decoder named \"\(name)\" is already registered"
    case .duplicateEncoder(let name):
      return "an encoder named, or writing files named, \"\(name)\" is already registered"
    case .unknownCodec(let name, let known):
      return "no codec named \"\(name)\" (known: \(known.joined(separator: ", ")))"
    case .noEncoder(let path, let extensions):
      return "cannot write \(path): no encoder writes files so named (Decor writes \(extensions.joined(separator: ", ")))"
    case .corrupt(let source, let detail):
      return "\(source): corrupt or truncated image: \(Self.oneLine(detail))"
    case .unsupportedVariant(let source, let detail):
      return "\(source): \(Self.oneLine(detail))"
    case .tooLarge(let source, let width, let height, let limit):
      return "\(source): image of \(width)x\(height) pixels exceeds the limit of \(limit) pixels"
    case .framesTooLarge(let source, let frames, let width, let height, let limit):
      let (canvas, canvasOverflow) = width.multipliedReportingOverflow(by: height)
      let (total, overflow) = canvas.multipliedReportingOverflow(by: frames)
      let count = canvasOverflow || overflow ? "more than \(Int.max)" : "\(total)"
      return "\(source): \(frames) frames of \(width)x\(height) pixels are \(count) pixels, more than the limit of "
        + "\(limit) for all frames together"
    case .allocationFailed(let source, let width, let height, let bytes):
      return "\(source): cannot allocate \(bytes) bytes for an image of \(width)x\(height) pixels: not enough memory"
    case .inputTooLarge(let source, let limit):
      return "\(source): the input is larger than the limit of \(limit) bytes"
    case .encodingFailed(let destination, let detail):
      return "\(destination): cannot encode image: \(Self.oneLine(detail))"
    case .io(let path, let detail):
      return "\(path): \(Self.oneLine(detail))"
    case .unwritableFormat(let path, let format):
      guard format.isWritable, let named = ImageFormat(path: path) else {
        return "cannot write \(path): Decor writes \(ImageFormat.writableList) so far"
      }
      // A writable format under a name that says another writable one.
      return "cannot write \(path) as \(format.displayName): its name says \(named.displayName)"
    case .optionNotTaken(let option, let format):
      return "\(option) does not apply to \(format) output"
    case .optionOutOfRange(let option, let value, let range, let format):
      return "\(format) \(option) must be \(range.lowerBound)…\(range.upperBound), got \(value)"
    case .formatMismatch(let path, let format, let named):
      return "cannot write \(path) as \(format): its name says \(named)"
    case .render(let error):
      return error.description
    }
  }
}
