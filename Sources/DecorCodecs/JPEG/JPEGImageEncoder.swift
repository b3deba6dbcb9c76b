#if JPEG
import DecorCore

/// The JPEG encoder of the standard `EncoderRegistry`: `JPEGEncoder` with its options (translucent pixels are laid
/// on `options.background`; the `EncodingResult` of the sink-writing calls says whether any were). It streams: a
/// render is compressed band by band through libjpeg as it is made.
public struct JPEGImageEncoder: ImageEncoder {
  public var options: JPEGOptions

  public init(options: JPEGOptions = JPEGOptions()) { self.options = options }

  public var name: String { "jpeg" }
  public var displayName: String { "JPEG" }
  public var fileExtensions: [String] { ["jpg", "jpeg", "jpe", "jfif"] }
  public var acceptedOptions: Set<EncodingOption> { [.quality, .subsampling, .background] }
  public var streamsRows: Bool { true }
  /// JPEG's 16-bit sides, as libjpeg checks them (`JPEG_MAX_DIMENSION`).
  public var maximumDimension: Int { 65500 }

  public func configured(with settings: EncodingSettings) throws(CodecError) -> any ImageEncoder {
    let quality = try settings.quality.map { quality throws(CodecError) in
      try EncodingSettings.checkQuality(quality, format: displayName)
    }
    var encoder = self
    encoder.options = JPEGOptions(quality: quality ?? options.quality,
      subsampling: settings.subsampling ?? options.subsampling, background: settings.background ?? options.background)
    return encoder
  }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    try JPEGEncoder.encode(raster, options: options, destination: destination).bytes
  }

  public func encode(_ raster: Raster, metadata: ImageMetadata, destination: String, into sink: ByteSink)
    throws(CodecError) -> EncodingResult
  {
    EncodingResult(flattened: try JPEGEncoder.encode(raster, options: options, destination: destination,
      metadata: metadata, into: sink))
  }

  public func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, into sink: ByteSink,
    rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<UInt32>) throws -> Void
  ) throws -> EncodingResult {
    let flattened = try EncoderChecks.withBand(width: width, height: height, bandHeight: bandHeight) { band in
      try JPEGEncoder.encode(
        width: width, height: height, bandHeight: bandHeight, options: options, destination: destination,
        metadata: metadata, grey: sourcesAreGrey ? nil : false, into: sink
      ) { range, body in
        try band.withUnsafeMutableBufferPointer { buffer in
          let pixels = UnsafeMutableBufferPointer(rebasing: buffer[..<(width * range.count)])
          try rows(range, pixels)
          try body(pixels)
        }
      }
    }
    return EncodingResult(flattened: flattened)
  }
}
#endif
