/// An input image opened for a render: a file whose format can be read row by row (PNG, JPEG, a still WebP) is read
/// as the render needs its rows (`StreamedImage`), anything else (standard input, an animation, a decoder of
/// yours, a JPEG whose EXIF orientation is to be applied) is decoded whole first (`DecodedImage`). What `decor
/// apply` reads its input with.
public struct OpenedImage: Sendable {
  /// The image: a `StreamedImage` or a `Raster`.
  public var image: any ImageComponent
  /// The ICC profile and density, to be written into an output made from it (see `ImageMetadata`).
  public var metadata: ImageMetadata
  /// 1 for a still image; more for an animation, of which `image` is the first frame.
  public var frameCount: Int

  /// Whether `image` is read row by row.
  public var isStreamed: Bool { image is StreamedImage }

  /// Opens the image file at `path` (`-` for standard input) with the decoder of `decoders` that recognises it.
  ///
  /// - Throws: `CodecError`: `.io` if the file cannot be read, `.unsupportedFormat`, `.corrupt`, `.tooLarge` (over
  ///   `pixelLimit`, before any pixel is decoded).
  public init(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    let input = try ImageFile.decoderInput(path, decoders: decoders)
    if input.bytes == nil, let source = try Self.rowSource(path, decoder: input.decoder, source: input.source,
      pixelLimit: pixelLimit)
    {
      image = StreamedImage(source)
      metadata = input.decoder.metadata(ofFile: path)
      frameCount = 1
      return
    }
    let decoded = try DecodedImage(contentsOfFile: path, decoders: decoders, pixelLimit: pixelLimit)
    image = decoded.raster
    metadata = decoded.metadata
    frameCount = decoded.frameCount
  }

  /// The row source of the file, when its decoder is one of the library's and reads it as the render needs it.
  static func rowSource(_ path: String, decoder: any ImageDecoder, source: String, pixelLimit: Int)
    throws(CodecError) -> (any RowSource)?
  {
    switch decoder {
    case is PNGDecoder:
      return try PNGRowSource(contentsOfFile: path, source: source, pixelLimit: pixelLimit)
    case let jpeg as JPEGDecoder:
      let rows = try JPEGRowSource(contentsOfFile: path, source: source, pixelLimit: pixelLimit)
      // An orientation to apply turns or mirrors the picture: decoded whole, as the decoder does it.
      if jpeg.autoOrient, let orientation = rows.orientation, orientation != .up { return nil }
      return rows
    case is WebPDecoder:
      let rows = try WebPRowSource(contentsOfFile: path, source: source, pixelLimit: pixelLimit)
      return rows.isAnimated ? nil : rows
    default:
      return nil
    }
  }
}
