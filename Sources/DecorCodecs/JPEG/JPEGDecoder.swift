#if JPEG
import DecorCore

/// The JPEG decoder of the standard `DecoderRegistry`: every row of Decor's one JPEG reader (`JPEGRowSource`, over
/// libjpeg-turbo's libjpeg API) read into a raster, from a file, bytes in memory or standard input alike.
///
/// - Reads baseline and progressive files, in colour or greyscale (spread to grey RGB), and CMYK or YCCK ones,
///   converted to sRGB through their ICC profile, or a default CMYK profile, by Little CMS (the values taken as
///   inverted, as Adobe applications, ImageMagick and Pillow write them and libvips and Pillow read them); the CMYK
///   profile is not kept in the metadata (`CMYKConversion`).
/// - Decodes as libjpeg does by default (the accurate integer DCT, smooth chroma upsampling), as Pillow and
///   TurboJPEG's `tjDecompress2` do, so all give the same pixels (the tests keep TurboJPEG as the oracle).
/// - The pixel limit is checked from the header, before the pixels are allocated.
/// - A truncated file is an error (`CodecError.corrupt` with libjpeg's message) rather than libjpeg's invented grey
///   rows; other damage libjpeg only warns about is passed over and reported (`DecodedImage.warnings`).
/// - With `autoOrient` (the default), the EXIF orientation is applied: the raster is the picture upright, as viewers
///   show it (see `ExifOrientation`); without it, the pixels come as stored.
/// - The ICC profile and the JFIF density are read by `metadata(of:)`, not applied (see `ImageMetadata`).
public struct JPEGDecoder: ByteSourceDecoder, RowSourceDecoder {
  /// Whether the EXIF orientation is applied.
  public var autoOrient: Bool

  public init(autoOrient: Bool = true) { self.autoOrient = autoOrient }

  public var name: String { "jpeg" }

  /// The SOI marker followed by the start of another marker: `FF D8 FF`.
  public func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool { leadingBytes.starts(with: [0xFF, 0xD8, 0xFF]) }

  /// Every row of a `JPEGRowSource` at full scale, turned upright with `autoOrient`, with the metadata of the
  /// header's marker segments and libjpeg's first warning.
  public func decodeImage(from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    let source = bytes.name
    let rows = try JPEGRowSource(bytes, pixelLimit: pixelLimit)
    let reader = try rows.openJPEGRows()
    let header = Self.header(of: bytes)
    var raster = try WholeImage.read(reader, width: rows.width, height: rows.height, pixelLimit: pixelLimit,
      source: source)
    if autoOrient, let orientation = header.flatMap(ExifOrientation.init(jpeg:)) {
      let stored = raster
      raster = try WholeImage.making(source: source) { try orientation.apply(to: stored) }
    }
    return DecodedImage(raster: raster, metadata: header.map(metadata(of:)) ?? .none, frameCount: 1,
      warnings: reader.firstWarning.map { [$0] } ?? [])
  }

  /// The rows `decodeImage(from:pixelLimit:)` reads, at full scale.
  package func rowSource(_ bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> (any FileRowSource)? {
    try JPEGRowSource(bytes, pixelLimit: pixelLimit)
  }

  /// Inverted (Adobe) CMYK, four bytes a pixel, to opaque RGBA in place (`InvertedCMYK`).
  package static func invertedCMYKToRGBA(_ bytes: UnsafeMutableRawBufferPointer) { InvertedCMYK.toRGBA(bytes) }
}
#endif
