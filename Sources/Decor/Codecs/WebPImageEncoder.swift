/// The WebP encoder of the standard `EncoderRegistry`: `WebPEncoder` with its options. It does not stream: libwebp's
/// encoder takes a whole picture.
public struct WebPImageEncoder: ImageEncoder {
  public var options: WebPOptions

  public init(options: WebPOptions = WebPOptions()) { self.options = options }

  public var name: String { "webp" }
  public var displayName: String { "WebP" }
  public var fileExtensions: [String] { ["webp"] }
  public var acceptedOptions: Set<EncodingOption> { [.quality, .lossless] }
  public var maximumDimension: Int { WebPEncoder.maximumDimension }

  /// Lossless WebP has no quality to set (its `quality` is an effort, and `decor` would mislead by taking it as
  /// one), so a quality given with `lossless` is refused; so is a quality outside 1…100.
  public func configured(with settings: EncodingSettings) throws(CodecError) -> any ImageEncoder {
    if settings.lossless && settings.quality != nil {
      throw .optionNotTaken(option: EncodingOption.quality.rawValue, format: "lossless WebP")
    }
    let quality = try settings.quality.map { quality throws(CodecError) in
      try EncodingSettings.checkQuality(quality, format: displayName)
    }
    var encoder = self
    encoder.options = WebPOptions(quality: quality ?? options.quality,
      lossless: settings.lossless || options.lossless)
    return encoder
  }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    try WebPEncoder.encode(raster, options: options, destination: destination)
  }

  public func encode(_ raster: Raster, metadata: ImageMetadata, destination: String, into sink: ByteSink)
    throws(CodecError) -> EncodingResult
  {
    try sink.write(WebPEncoder.encode(raster, options: options, destination: destination, metadata: metadata))
    return EncodingResult()
  }
}
