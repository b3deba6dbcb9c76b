#if GIF
import DecorCore

/// The GIF encoder of the standard `EncoderRegistry`, through giflib: a still image is a one-frame GIF, an
/// animation (`animationWriter(width:height:loopCount:metadata:destination:into:)`) one frame after another as they
/// come. Each frame gets its own palette of at most 256 colours (its exact colours when it has that few, else
/// giflib's median-cut quantiser), alpha below 128 is the transparent colour, and no metadata is written (the
/// ICC profile, density, EXIF and XMP are dropped: GIF holds none of them as other formats do). See `GIFAnimationWriter`.
public struct GIFImageEncoder: ImageEncoder {
  public init() {}

  public var name: String { "gif" }
  public var displayName: String { "GIF" }
  public var fileExtensions: [String] { ["gif"] }
  public var maximumDimension: Int { GIFAnimationWriter.maximumDimension }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    let sink = ByteSink()
    _ = try encode(raster, metadata: .none, destination: destination, into: sink)
    return sink.bytes
  }

  public func encode(_ raster: Raster, metadata: ImageMetadata, destination: String, into sink: ByteSink)
    throws(CodecError) -> EncodingResult
  {
    let writer = try GIFAnimationWriter(width: raster.width, height: raster.height, loopCount: nil,
      destination: destination, into: sink)
    try writer.add(raster, delay: 0)
    return try writer.finish()
  }

  public var writesAnimations: Bool { true }

  public func animationWriter(
    width: Int, height: Int, loopCount: Int, metadata: ImageMetadata, destination: String, into sink: ByteSink
  ) throws(CodecError) -> (any AnimationWriter)? {
    try GIFAnimationWriter(width: width, height: height, loopCount: loopCount, destination: destination, into: sink)
  }
}
#endif
