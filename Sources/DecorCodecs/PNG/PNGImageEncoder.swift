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
    try sink.write(PNGCodec.encode(raster, compression: compression, destination: destination, metadata: metadata))
    return EncodingResult()
  }

  public func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, into sink: ByteSink,
    rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<UInt32>) throws -> Void
  ) throws -> EncodingResult {
    // One band's pixels, reused: the encoder takes each band's rows and is done with them before the next.
    let bandPixels = width * Swift.max(1, Swift.min(bandHeight, height))
    // A band of a very wide image (a canvas whose pixel limit was raised) may be more than memory holds.
    try Raster.checkAllocation(bandPixels * 4, width: width, height: height)
    var band = [UInt32](repeating: 0, count: bandPixels)
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
    return EncodingResult()
  }
}
