#if HEIF
import DecorCore

/// The AVIF encoder of the standard `EncoderRegistry`: `AVIFEncoder` with its options, for `.avif`. It does not
/// stream: libaom takes a whole picture.
public struct AVIFImageEncoder: ImageEncoder {
  public var options: AVIFOptions

  public init(options: AVIFOptions = AVIFOptions()) { self.options = options }

  public var name: String { "avif" }
  public var displayName: String { "AVIF" }
  public var fileExtensions: [String] { ["avif"] }
  public var acceptedOptions: Set<EncodingOption> { [.quality, .lossless] }
  public var maximumDimension: Int { AVIFEncoder.maximumDimension }

  /// Lossless AVIF has no quality to set, so a quality given with `lossless` is refused, as for WebP.
  public func configured(with settings: EncodingSettings) throws(CodecError) -> any ImageEncoder {
    let quality = try EncoderChecks.quality(settings, format: displayName)
    var encoder = self
    encoder.options = AVIFOptions(quality: quality ?? options.quality,
      lossless: settings.lossless || options.lossless)
    return encoder
  }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    try AVIFEncoder.encode(raster, options: options, destination: destination)
  }

  /// The file with the ICC profile, EXIF and XMP of `metadata` (AVIF records no density: it is dropped).
  public func encode(_ raster: Raster, metadata: ImageMetadata, destination: String, into sink: ByteSink)
    throws(CodecError) -> EncodingResult
  {
    try sink.write(AVIFEncoder.encode(raster, options: options, destination: destination, metadata: metadata))
    return EncodingResult()
  }
}
#endif
