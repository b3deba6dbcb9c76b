#if WebP
import DecorCore

/// The WebP encoder of the standard `EncoderRegistry`: `WebPEncoder` with its options. libwebp's encoder takes a
/// whole picture, so the file is not written as the rows come; but the rows are rendered band by band straight into
/// libwebp's picture, so no raster of the image is made beside it. An animation goes through libwebp's animation
/// encoder (`animationWriter(width:height:loopCount:metadata:destination:into:)`, `WebPAnimationWriter`).
public struct WebPImageEncoder: ImageEncoder {
  public var options: WebPOptions

  public init(options: WebPOptions = WebPOptions()) { self.options = options }

  public var name: String { "webp" }
  public var displayName: String { "WebP" }
  public var fileExtensions: [String] { ["webp"] }
  public var acceptedOptions: Set<EncodingOption> { [.quality, .lossless] }
  public var maximumDimension: Int { WebPEncoder.maximumDimension }
  /// The renderer's bands go straight into libwebp's picture (see the type's notes).
  public var streamsRows: Bool { true }

  /// Lossless WebP has no quality to set (its `quality` is an effort, and `decor` would mislead by taking it as
  /// one), so a quality given with `lossless` is refused; so is a quality outside 1…100.
  public func configured(with settings: EncodingSettings) throws(CodecError) -> any ImageEncoder {
    let quality = try EncoderChecks.quality(settings, format: displayName)
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
    // The sink's cancellation (an `async` write's) stops libwebp's encoder too.
    try sink.write(WebPEncoder.encode(raster, options: options, destination: destination, metadata: metadata,
      cancellation: sink.cancellation))
    return EncodingResult()
  }

  /// libwebp's animation encoder with these options (see `WebPAnimationWriter`); the ICC profile, EXIF and XMP are
  /// recorded as in a still file.
  public var writesAnimations: Bool { true }

  public func animationWriter(
    width: Int, height: Int, loopCount: Int, metadata: ImageMetadata, destination: String, into sink: ByteSink
  ) throws(CodecError) -> (any AnimationWriter)? {
    try WebPAnimationWriter(width: width, height: height, loopCount: loopCount, options: options, metadata: metadata,
      destination: destination, into: sink)
  }

  public func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, into sink: ByteSink,
    rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<UInt32>) throws -> Void
  ) throws -> EncodingResult {
    try sink.write(WebPEncoder.encode(width: width, height: height, bandHeight: bandHeight, options: options,
      destination: destination, metadata: metadata, cancellation: sink.cancellation, rows: rows))
    return EncodingResult()
  }
}
#endif
