#if TIFF
import DecorCore

/// The TIFF encoder of the standard `EncoderRegistry`: `TIFFEncoder` with its options, for `.tif` and `.tiff`.
public struct TIFFImageEncoder: ImageEncoder {
  public var options: TIFFOptions
  /// The file's bits a sample, 8 or 16; `nil` (the default) for the sources' (16 when one is a 16-bit file).
  public var depth: BitDepth?

  public init(options: TIFFOptions = TIFFOptions()) { self.options = options }

  public init(options: TIFFOptions = TIFFOptions(), depth: BitDepth?) {
    self.options = options
    self.depth = depth
  }

  public var acceptedOptions: Set<EncodingOption> { [.depth] }

  public func configured(with settings: EncodingSettings) throws(CodecError) -> any ImageEncoder {
    var encoder = self
    if let depth = settings.depth { encoder.depth = depth }
    return encoder
  }

  public var name: String { "tiff" }
  public var fileExtensions: [String] { ["tif", "tiff"] }

  public var displayName: String { "TIFF" }
  /// TIFF's own limit is 2^32 − 1 a side; no option is taken from the command line yet (deflate, the default).
  public var maximumDimension: Int { Int(UInt32.max) }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    try encoded(raster, destination: destination, metadata: .none)
  }

  /// The file of `raster`: at 8 bits from its pixels, or at the depth asked for (or a 16-bit raster's) through its
  /// straight 16-bit pixels.
  private func encoded(_ raster: Raster, destination: String, metadata: ImageMetadata) throws(CodecError) -> [UInt8] {
    guard depth != nil || raster.format != .rgba8 else {
      return try TIFFEncoder.encode(raster, options: options, destination: destination, metadata: metadata)
    }
    return try raster.withStraightSixteenBitPixels(destination: destination) { pixels throws(CodecError) in
      try TIFFEncoder.encode(straight: pixels, width: raster.width, height: raster.height,
        depth: depth ?? .sixteen, options: options, destination: destination, metadata: metadata)
    }
  }

  /// Frames are written as the pages of a multi-page TIFF (`TIFFAnimationWriter`), as ImageMagick and libvips
  /// write them.
  public var writesAnimations: Bool { true }

  /// A `TIFFAnimationWriter`: each frame a page, the delays and loop count not recorded (TIFF has no timing).
  public func animationWriter(
    width: Int, height: Int, loopCount: Int, metadata: ImageMetadata, destination: String, into sink: ByteSink
  ) throws(CodecError) -> (any AnimationWriter)? {
    try TIFFAnimationWriter(width: width, height: height, loopCount: loopCount, options: options,
      depth: depth ?? .eight, metadata: metadata, destination: destination, into: sink)
  }

  /// The file with the ICC profile, density and XMP of `metadata` (EXIF, a directory of tags in TIFF rather than a
  /// block, is not written).
  public func encode(_ raster: Raster, metadata: ImageMetadata, destination: String, into sink: ByteSink)
    throws(CodecError) -> EncodingResult
  {
    try sink.write(encoded(raster, destination: destination, metadata: metadata))
    return EncodingResult()
  }
}

extension TIFFImageEncoder: DeepRowEncoding {
  /// The file of a render at 16 bits, or of one written at 16: its bands gathered (libtiff writes the file in
  /// memory, and whether it has alpha is known at the end), then written at `depth`.
  package func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, depth: BitDepth, into sink: ByteSink,
    straightRows rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<RGBA16>) throws -> Void
  ) throws -> EncodingResult {
    try EncoderChecks.checkHasPixels(width: width, height: height, destination: destination)
    var image = try Raster(width: width, height: height, format: .rgba16Straight, pixelLimit: .max)
    try image.withDeepPixels { pixels in
      var start = 0
      while start < height {
        let band = start..<Swift.min(height, start + Swift.max(1, bandHeight))
        try sink.checkCancellation()
        try rows(band, UnsafeMutableBufferPointer(rebasing: pixels[band.lowerBound * width..<band.upperBound * width]))
        start = band.upperBound
      }
    }
    try image.deepPixels { pixels in
      try sink.write(TIFFEncoder.encode(straight: pixels, width: width, height: height, depth: depth,
        options: options, destination: destination, metadata: metadata))
    }
    return EncodingResult()
  }
}
#endif
