#if TIFF
import DecorCore

/// The TIFF encoder of the standard `EncoderRegistry`: `TIFFEncoder` with its options, for `.tif` and `.tiff`.
public struct TIFFImageEncoder: ImageEncoder {
  public var options: TIFFOptions

  public init(options: TIFFOptions = TIFFOptions()) { self.options = options }

  public var name: String { "tiff" }
  public var fileExtensions: [String] { ["tif", "tiff"] }

  public var displayName: String { "TIFF" }
  /// TIFF's own limit is 2^32 − 1 a side; no option is taken from the command line yet (deflate, the default).
  public var maximumDimension: Int { Int(UInt32.max) }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    try TIFFEncoder.encode(raster, options: options, destination: destination)
  }

  /// Frames are written as the pages of a multi-page TIFF (`TIFFAnimationWriter`), as ImageMagick and libvips
  /// write them.
  public var writesAnimations: Bool { true }

  /// A `TIFFAnimationWriter`: each frame a page, the delays and loop count not recorded (TIFF has no timing).
  public func animationWriter(
    width: Int, height: Int, loopCount: Int, metadata: ImageMetadata, destination: String, into sink: ByteSink
  ) throws(CodecError) -> (any AnimationWriter)? {
    try TIFFAnimationWriter(width: width, height: height, loopCount: loopCount, options: options, metadata: metadata,
      destination: destination, into: sink)
  }

  /// The file with the ICC profile, density and XMP of `metadata` (EXIF, a directory of tags in TIFF rather than a
  /// block, is not written).
  public func encode(_ raster: Raster, metadata: ImageMetadata, destination: String, into sink: ByteSink)
    throws(CodecError) -> EncodingResult
  {
    try sink.write(TIFFEncoder.encode(raster, options: options, destination: destination, metadata: metadata))
    return EncodingResult()
  }
}
#endif
