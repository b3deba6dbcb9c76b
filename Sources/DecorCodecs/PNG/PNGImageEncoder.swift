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

extension PNGImageEncoder: DeepRowEncoding {
  /// The file of a render at 16 bits: each band's pixels un-premultiplied at 16 bits and rounded to 8, which gives
  /// every pixel read from an 8-bit file back exactly (`RGBA16(straight8:)`), then written as the 8-bit path writes.
  package func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, into sink: ByteSink,
    deepRows rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<RGBA16>) throws -> Void
  ) throws -> EncodingResult {
    try EncoderChecks.withBand(width: width, height: height, bandHeight: bandHeight) { band in
      // The band's 16-bit pixels, beside the 8-bit ones the encoder reads (checked as a band of twice the width).
      try Raster.checkAllocation(band.count * 8, width: width, height: height)
      let deep = UnsafeMutableBufferPointer<RGBA16>.allocate(capacity: band.count)
      defer { deep.deallocate() }
      try PNGEncoder.encode(
        width: width, height: height, bandHeight: bandHeight, opaque: nil, grey: sourcesAreGrey ? nil : false,
        compression: compression, threads: threads, destination: destination, metadata: metadata, straight: true,
        into: sink
      ) { range, body in
        let count = width * range.count
        try rows(range, UnsafeMutableBufferPointer(rebasing: deep[..<count]))
        try band.withUnsafeMutableBufferPointer { buffer in
          UnsafeMutableRawPointer(buffer.baseAddress!).withMemoryRebound(to: UInt8.self, capacity: count * 4) {
            bytes in
            for i in 0..<count {
              let s = deep[i].straight8
              (bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]) = (s.r, s.g, s.b, s.a)
            }
          }
          try body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
      }
    }
    return EncodingResult()
  }
}
