import DecorCore

/// The PNG encoder of the standard `EncoderRegistry`: `PNGCodec` at a compression level. It streams: a render is
/// filtered and compressed band by band as it is made (`PNGEncoder`), so the whole image is never held.
public struct PNGImageEncoder: ImageEncoder {
  public var compression: PNGCompression

  public init(compression: PNGCompression = .default) { self.compression = compression }

  public var name: String { "png" }
  public var displayName: String { "PNG" }
  public var fileExtensions: [String] { ["png"] }
  public var acceptedOptions: Set<EncodingOption> { [.compression] }
  public var streamsRows: Bool { true }
  /// PNG's widths and heights are 31-bit.
  public var maximumDimension: Int { Int(Int32.max) }

  public func configured(with settings: EncodingSettings) throws(CodecError) -> any ImageEncoder {
    var encoder = self
    if let compression = settings.compression { encoder.compression = compression }
    return encoder
  }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    try PNGCodec.encode(raster, compression: compression, destination: destination)
  }

  public func encode(_ raster: Raster, metadata: ImageMetadata, destination: String, into sink: ByteSink)
    throws(CodecError) -> EncodingResult
  {
    // Written part by part as compressed, so an `async` write's cancellation stops it at the next part.
    try PNGEncoder.encode(raster, compression: compression, threads: nil, destination: destination,
      metadata: metadata, into: sink)
    return EncodingResult()
  }

  public func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, into sink: ByteSink,
    rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<UInt32>) throws -> Void
  ) throws -> EncodingResult {
    // One band's pixels, reused: the encoder takes each band's rows and is done with them before the next.
    try EncoderChecks.withBand(width: width, height: height, bandHeight: bandHeight) { band in
      try PNGEncoder.encode(
      width: width, height: height, bandHeight: bandHeight, opaque: nil, grey: sourcesAreGrey ? nil : false,
        compression: compression, threads: threads, destination: destination, metadata: metadata, into: sink
      ) { range, body in
        try band.withUnsafeMutableBufferPointer { buffer in
          let pixels = UnsafeMutableBufferPointer(rebasing: buffer[..<(width * range.count)])
          try rows(range, pixels)
          try body(UnsafeBufferPointer(pixels))
        }
      }
    }
    return EncodingResult()
  }
}
