import DecorCore

#if JPEG
/// The built-in encoders by their format's name, so that an encoder is written where a call takes one as
/// `raster.encoded(as: .jpeg(quality: 80))` (SE-0299's static members on a protocol). Each factory checks its
/// settings where they are written: a quality outside 1…100 throws `CodecError.optionOutOfRange` here, not inside
/// libjpeg or libwebp. Any other `ImageEncoder` value (a registry's, a custom one) goes where these go.
extension ImageEncoder where Self == JPEGImageEncoder {
  /// A JPEG encoder (`JPEGImageEncoder`).
  ///
  /// - Parameters:
  ///   - quality: 1 (smallest, worst) … 100 (largest, best); default 90.
  ///   - subsampling: how the colour planes are sampled (default 4:2:0, the usual for photos).
  ///   - background: the colour translucent pixels are laid on (JPEG has no alpha; default white).
  /// - Throws: `CodecError.optionOutOfRange` for a quality outside 1…100.
  public static func jpeg(
    quality: Int = 90, subsampling: JPEGOptions.Subsampling = .s420, background: Color = .white
  ) throws(CodecError) -> JPEGImageEncoder {
    let quality = try EncodingSettings.checkQuality(quality, format: "JPEG")
    return JPEGImageEncoder(options: JPEGOptions(quality: quality, subsampling: subsampling, background: background))
  }
}
#endif

extension ImageEncoder where Self == PNGImageEncoder {
  /// A PNG encoder (`PNGImageEncoder`): lossless, RGBA, RGB or grey as the pixels need.
  ///
  /// - Parameter compression: the compression effort (default `.default`; `.fast`, `.best`).
  public static func png(compression: PNGCompression = .default) -> PNGImageEncoder {
    PNGImageEncoder(compression: compression)
  }

  /// A PNG encoder writing `depth` bits a channel: `.sixteen` keeps a 16-bit render's samples (and widens an 8-bit
  /// one's, exactly), `.eight` rounds a 16-bit source's.
  public static func png(compression: PNGCompression = .default, depth: BitDepth) -> PNGImageEncoder {
    PNGImageEncoder(compression: compression, depth: depth)
  }
}

#if WebP
extension ImageEncoder where Self == WebPImageEncoder {
  /// A lossy WebP encoder (`WebPImageEncoder`); alpha is kept.
  ///
  /// - Parameter quality: 1 (smallest, worst) … 100 (largest, best); default 75, as `cwebp`'s.
  /// - Throws: `CodecError.optionOutOfRange` for a quality outside 1…100.
  public static func webp(quality: Int = 75) throws(CodecError) -> WebPImageEncoder {
    let quality = try EncodingSettings.checkQuality(quality, format: "WebP")
    return WebPImageEncoder(options: WebPOptions(quality: quality))
  }

  /// A WebP encoder, lossless (every pixel and its alpha kept exactly) or, with `false`, lossy at quality 75.
  ///
  /// - Parameter lossless: whether the pixels are kept exactly.
  public static func webp(lossless: Bool) -> WebPImageEncoder {
    WebPImageEncoder(options: WebPOptions(lossless: lossless))
  }
}
#endif

#if GIF
extension ImageEncoder where Self == GIFImageEncoder {
  /// A GIF encoder (`GIFImageEncoder`): at most 256 colours a frame, one of them transparent.
  public static var gif: GIFImageEncoder { GIFImageEncoder() }
}
#endif

#if TIFF
extension ImageEncoder where Self == TIFFImageEncoder {
  /// A TIFF encoder (`TIFFImageEncoder`): lossless, 8-bit RGBA or RGB.
  ///
  /// - Parameter compression: the strips' compression (default deflate).
  public static func tiff(compression: TIFFOptions.Compression = .deflate) -> TIFFImageEncoder {
    TIFFImageEncoder(options: TIFFOptions(compression: compression))
  }
}
#endif

#if HEIF
extension ImageEncoder where Self == AVIFImageEncoder {
  /// A lossy AVIF encoder (`AVIFImageEncoder`, AV1 through libheif and libaom); alpha is kept.
  ///
  /// - Parameter quality: 1 (smallest, worst) … 100 (largest, best); default 75, as WebP's.
  /// - Throws: `CodecError.optionOutOfRange` for a quality outside 1…100.
  public static func avif(quality: Int = 75) throws(CodecError) -> AVIFImageEncoder {
    let quality = try EncodingSettings.checkQuality(quality, format: "AVIF")
    return AVIFImageEncoder(options: AVIFOptions(quality: quality))
  }

  /// An AVIF encoder, lossless (4:4:4, every pixel and its alpha kept exactly) or, with `false`, lossy at quality
  /// 75.
  ///
  /// - Parameter lossless: whether the pixels are kept exactly.
  public static func avif(lossless: Bool) -> AVIFImageEncoder {
    AVIFImageEncoder(options: AVIFOptions(lossless: lossless))
  }
}
#endif
