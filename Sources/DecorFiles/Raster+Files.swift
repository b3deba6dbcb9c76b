import DecorChain
import DecorCodecs
import DecorCore

extension Raster {
  /// Reads an image file (`-` for standard input), with the decoder that recognises it.
  ///
  /// - Throws: `CodecError`: `.io` if the file cannot be read, `.unsupportedFormat`, `.corrupt`, `.tooLarge`.
  public init(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    let input = try ImageFile.decoderInput(path, decoders: decoders)
    if let file = input.bytes.path {
      self = try input.decoder.decode(contentsOfFile: file, source: input.source, pixelLimit: pixelLimit)
    } else {
      self = try input.decoder.decodeImage(from: input.bytes, pixelLimit: pixelLimit).raster
    }
  }

  /// Writes the raster as a PNG file (`-` for standard output): atomically to a regular file, straight through to
  /// a device or FIFO, through symbolic links to their target (see ``ImageFile``).
  ///
  /// - Throws: `CodecError.unwritableFormat` when `path` names another format (`out.jpg`, see
  ///   `ImageFile.checkOutputFormat(_:)`), `.encodingFailed` or `.io`; on error a file at `path` is left as it was.
  public func writePNG(toFile path: String, compression: PNGCompression = .default) throws(CodecError) {
    try ImageFile.checkOutputFormat(path)
    try EncoderRegistry.standard.write(self, toFile: path, encoder: PNGImageEncoder(compression: compression))
  }

  #if JPEG
  /// Writes the raster as a JPEG file (`-` for standard output), atomically as `writePNG(toFile:compression:)`
  /// writes.
  ///
  /// JPEG has no alpha: translucent pixels are laid on `options.background` (white by default), and the result
  /// says whether any was, so that a caller can tell its user (the `decor` command prints a notice).
  ///
  /// The file is written as it is compressed, a band of rows at a time (see `JPEGEncoder`): besides the raster,
  /// nothing of the image's size is held.
  ///
  /// - Throws: `CodecError.unwritableFormat` when `path` names another format (checked first), `.encodingFailed`
  ///   (an image over 65 500 pixels a side, more than JPEG takes) or `.io`; on error a file at `path` is left as it
  ///   was.
  @discardableResult
  public func writeJPEG(
    toFile path: String, options: JPEGOptions = JPEGOptions(), metadata: ImageMetadata = .none
  ) throws(CodecError) -> Bool {
    try ImageFile.checkOutputFormat(path, writing: .jpeg)
    return try EncoderRegistry.standard.write(self, toFile: path, encoder: JPEGImageEncoder(options: options),
      metadata: metadata).flattened
  }
  #endif

  #if WebP
  /// Writes the raster as a WebP file (`-` for standard output), lossy at `options.quality` or lossless, alpha
  /// kept; atomically as `writePNG(toFile:compression:)` writes.
  ///
  /// - Throws: `CodecError.unwritableFormat` when `path` names another format (checked first), `.encodingFailed`
  ///   (an image over WebP's 16 383 pixels a side) or `.io`; on error a file at `path` is left as it was.
  public func writeWebP(
    toFile path: String, options: WebPOptions = WebPOptions(), metadata: ImageMetadata = .none
  ) throws(CodecError) {
    try ImageFile.checkOutputFormat(path, writing: .webp)
    try EncoderRegistry.standard.write(self, toFile: path, encoder: WebPImageEncoder(options: options),
      metadata: metadata)
  }
  #endif

  /// Writes the raster in the format `path`'s extension names (`.png`, `.jpg`/`.jpeg`, `.webp`, or that of an
  /// encoder registered in `encoders`; PNG for `-` and a name without an extension), each with its default
  /// settings: `EncoderRegistry.write(_:toFile:metadata:)`. For settings of your own, call `writePNG`, `writeJPEG`
  /// or `writeWebP`, choose an encoder with `EncoderRegistry.encoder(forOutput:format:settings:)`, or register one.
  ///
  /// - Throws: `CodecError.noEncoder` for an extension no encoder claims (naming the writable formats), the
  ///   encoder's error, or `.io`; on error a file at `path` is left as it was.
  public func write(toFile path: String, encoders: EncoderRegistry = .standard) throws(CodecError) {
    try encoders.write(self, toFile: path)
  }
}
