import DecorCore

/// An image file read once: its pixels, the metadata it records, and how many frames it holds (the first is the
/// one decoded).
///
/// The pixels are the picture as viewers show it, from every decode (`init(contentsOfFile:)`, `init(decoding:)`,
/// `Raster(decoding:)`, a decoder's `decodeImage`): turned upright by the EXIF orientation of a JPEG, PNG or WebP
/// and a TIFF's Orientation tag (the metadata's orientation then says 1), a HEIC or AVIF by its transformation
/// boxes, as Pillow's `ImageOps.exif_transpose` and libheif turn them (`DecoderRegistry.standard(autoOrient:
/// false)` keeps them as stored); a CMYK JPEG or TIFF converted to sRGB through its profile (`CMYKConversion`).
public struct DecodedImage: Sendable {
  public var raster: Raster
  /// The ICC profile and density, to be written into an output made from it (see `ImageMetadata`).
  public var metadata: ImageMetadata
  /// 1 for a still image; more for an animation, of which `raster` is the first frame.
  public var frameCount: Int
  /// Damage the decoder passed over to give the pixels, in its own words (a JPEG's first libjpeg warning, such as
  /// `Corrupt JPEG data: 3 extraneous bytes before marker 0xd9`), for the caller to show: `decor apply` and `batch`
  /// print one notice. Empty for an intact file.
  public var warnings: [String]

  public init(raster: Raster, metadata: ImageMetadata = .none, frameCount: Int = 1) {
    self.init(raster: raster, metadata: metadata, frameCount: frameCount, warnings: [])
  }

  /// An image with the damage its decoder passed over (see `warnings`).
  public init(raster: Raster, metadata: ImageMetadata = .none, frameCount: Int = 1, warnings: [String]) {
    self.raster = raster
    self.metadata = metadata
    self.frameCount = frameCount
    self.warnings = warnings
  }

  /// Reads the image file at `path` (`-` for standard input) with the decoder that recognises it, each byte read
  /// once for the pixels, the metadata and the frame count together (see `ImageDecoder.decodeImage`).
  ///
  /// - Throws: `CodecError`: `.io` if the file cannot be read, `.unsupportedFormat`, `.corrupt`, `.tooLarge`.
  public init(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    let input = try ImageFile.decoderInput(path, decoders: decoders)
    self = try input.decoder.decodeImage(from: input.bytes, pixelLimit: pixelLimit)
  }
}
