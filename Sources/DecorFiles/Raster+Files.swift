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

  /// Reads an image file (`-` for standard input) as `init(contentsOfFile:decoders:pixelLimit:)` does, keeping its
  /// 16-bit samples: a file a render reads at 16 bits (a 16-bit PNG, a 16-bit grey or RGB TIFF) becomes a 16-bit
  /// raster (`depth` `.sixteen`, premultiplied at 16 bits); any other (an 8-bit file, a 16-bit one read at 8 bits
  /// so far, or one its decoder turns upright by its EXIF orientation) is the 8-bit raster `init(contentsOfFile:)`
  /// gives. What `decor diff` and the golden assertions read images with, so that 16-bit files are compared at 16
  /// bits.
  ///
  /// - Throws: as `init(contentsOfFile:decoders:pixelLimit:)`.
  public init(
    keepingDepthOf path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    let input = try ImageFile.decoderInput(path, decoders: decoders)
    if let deep = try WholeImage.readKeepingDepth(input.bytes, decoder: input.decoder, pixelLimit: pixelLimit) {
      self = deep
    } else if let file = input.bytes.path {
      self = try input.decoder.decode(contentsOfFile: file, source: input.source, pixelLimit: pixelLimit)
    } else {
      self = try input.decoder.decodeImage(from: input.bytes, pixelLimit: pixelLimit).raster
    }
  }

  /// Decodes an image file's bytes in memory as `init(keepingDepthOf:decoders:pixelLimit:)` reads a file: a 16-bit
  /// PNG (or 16-bit grey or RGB TIFF) or a 10- or 12-bit HEIC or AVIF becomes a 16-bit raster, any other image the
  /// 8-bit raster its decoder gives.
  /// What DecorSnapshotTesting reads its references with, which reach it as bytes rather than as a path.
  ///
  /// - Parameter source: the name errors give the bytes.
  /// - Throws: `CodecError`: `.unsupportedFormat`, `.corrupt`, `.tooLarge`.
  public init(
    keepingDepthOf bytes: [UInt8], source: String, decoders: DecoderRegistry = .standard,
    pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    let decoder = try decoders.decoder(for: bytes, source: source)
    let input = ByteSource(bytes: bytes, name: source)
    if let deep = try WholeImage.readKeepingDepth(input, decoder: decoder, pixelLimit: pixelLimit) {
      self = deep
    } else {
      self = try decoder.decodeImage(from: input, pixelLimit: pixelLimit).raster
    }
  }

  /// Writes the raster as a PNG file (`-` for standard output): `write(to:as:metadata:region:renderer:trace:)`.
  @available(*, deprecated, message: "use write(to: path, as: .png(compression: compression))")
  public func writePNG(toFile path: String, compression: PNGCompression = .default) throws(CodecError) {
    try write(to: path, as: PNGImageEncoder(compression: compression))
  }

  #if JPEG
  /// Writes the raster as a JPEG file: `write(to:as:metadata:region:renderer:trace:)`, whose result's `flattened`
  /// this returns.
  @available(*, deprecated, message: "use write(to: path, as: JPEGImageEncoder(options:), metadata:).flattened")
  @discardableResult
  public func writeJPEG(
    toFile path: String, options: JPEGOptions = JPEGOptions(), metadata: ImageMetadata = .none
  ) throws(CodecError) -> Bool {
    try write(to: path, as: JPEGImageEncoder(options: options), metadata: metadata).flattened
  }
  #endif

  #if WebP
  /// Writes the raster as a WebP file: `write(to:as:metadata:region:renderer:trace:)`.
  @available(*, deprecated, message: "use write(to: path, as: WebPImageEncoder(options:), metadata:)")
  public func writeWebP(
    toFile path: String, options: WebPOptions = WebPOptions(), metadata: ImageMetadata = .none
  ) throws(CodecError) {
    try write(to: path, as: WebPImageEncoder(options: options), metadata: metadata)
  }
  #endif

  /// Writes the raster in the format `path`'s extension names: `write(to:encoders:metadata:region:renderer:trace:)`.
  @available(*, deprecated, renamed: "write(to:encoders:)")
  public func write(toFile path: String, encoders: EncoderRegistry = .standard) throws(CodecError) {
    try write(to: path, encoders: encoders)
  }
}
