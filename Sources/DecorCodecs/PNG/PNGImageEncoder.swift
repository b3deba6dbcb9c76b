import DecorCore

/// The PNG encoder of the standard `EncoderRegistry`: `PNGCodec` at a compression level. It streams: a render is
/// filtered and compressed band by band as it is made (`PNGEncoder`), so the whole image is never held.
public struct PNGImageEncoder: ImageEncoder {
  public var compression: PNGCompression
  /// The file's bits a channel, 8 or 16; `nil` (the default) for the sources' (16 when one is a 16-bit file).
  public var depth: BitDepth?

  public init(compression: PNGCompression = .default) { self.compression = compression }

  public init(compression: PNGCompression = .default, depth: BitDepth?) {
    self.compression = compression
    self.depth = depth
  }

  public var name: String { "png" }
  public var displayName: String { "PNG" }
  public var fileExtensions: [String] { ["png"] }
  public var acceptedOptions: Set<EncodingOption> { [.compression, .depth] }
  public var streamsRows: Bool { true }
  /// PNG's widths and heights are 31-bit.
  public var maximumDimension: Int { Int(Int32.max) }

  public func configured(with settings: EncodingSettings) throws(CodecError) -> any ImageEncoder {
    var encoder = self
    if let compression = settings.compression { encoder.compression = compression }
    if let depth = settings.depth { encoder.depth = depth }
    return encoder
  }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    guard depth != nil || raster.format != .rgba8 else {
      return try PNGCodec.encode(raster, compression: compression, destination: destination)
    }
    let sink = ByteSink()
    _ = try encode(raster, metadata: .none, destination: destination, into: sink)
    return sink.bytes
  }

  public func encode(_ raster: Raster, metadata: ImageMetadata, destination: String, into sink: ByteSink)
    throws(CodecError) -> EncodingResult
  {
    guard depth != nil || raster.format != .rgba8 else {
      // Written part by part as compressed, so an `async` write's cancellation stops it at the next part.
      try PNGEncoder.encode(raster, compression: compression, threads: nil, destination: destination,
        metadata: metadata, into: sink)
      return EncodingResult()
    }
    // At a depth asked for, or from a 16-bit raster: its rows as straight 16-bit pixels, as a render's.
    let width = raster.width
    do {
      return try raster.withUnsafeBytes { bytes in
        try encode(
          width: width, height: raster.height, bandHeight: 256, metadata: metadata, destination: destination,
          threads: Renderer.processorCount, sourcesAreGrey: raster.isGrey,
          depth: depth ?? BitDepth(rawValue: raster.format.depth) ?? .sixteen, into: sink
        ) { rows, pixels in
          try sink.checkCancellation()
          PixelConversion.convert(bytes.baseAddress! + rows.lowerBound * raster.bytesPerRow, raster.format,
            into: pixels.baseAddress!, .rgba16Straight, count: pixels.count)
        }
      }
    } catch let error as CodecError {
      throw error
    } catch {
      throw .encodingFailed(destination: destination, detail: "\(error)")
    }
  }

  public func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, into sink: ByteSink,
    rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<UInt32>) throws -> Void
  ) throws -> EncodingResult {
    if depth == .sixteen {
      // 8-bit rows at 16 bits: each band's pixels converted to straight 16 bits (× 257 of the 8-bit file's).
      return try EncoderChecks.withBand(width: width, height: height, bandHeight: bandHeight) { band in
        try encode(
          width: width, height: height, bandHeight: bandHeight, metadata: metadata, destination: destination,
          threads: threads, sourcesAreGrey: sourcesAreGrey, depth: .sixteen, into: sink
        ) { range, pixels in
          try band.withUnsafeMutableBufferPointer { buffer in
            let narrow = UnsafeMutableBufferPointer(rebasing: buffer[..<(width * range.count)])
            try rows(range, narrow)
            PixelConversion.convert(narrow.baseAddress!, .rgba8, into: pixels.baseAddress!, .rgba16Straight,
              count: narrow.count)
          }
        }
      }
    }
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
  /// The file of a render at 16 bits: each band's straight pixels written as they are at 16 bits, or rounded to 8
  /// (`PixelConversion.straight8`, which gives every pixel read from an 8-bit file back exactly).
  package func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, depth: BitDepth, into sink: ByteSink,
    straightRows rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<RGBA16>) throws -> Void
  ) throws -> EncodingResult {
    let grey: Bool? = sourcesAreGrey ? nil : false
    // The band's 16-bit pixels, checked as a raster's are.
    let bandPixels = width * Swift.max(1, Swift.min(bandHeight, height))
    try Raster.checkAllocation(bandPixels * 8, width: width, height: height)
    let deep = UnsafeMutableBufferPointer<RGBA16>.allocate(capacity: bandPixels)
    defer { deep.deallocate() }
    if depth == .sixteen {
      try PNGEncoder.encode(
        width: width, height: height, bandHeight: bandHeight, opaque: nil, grey: grey, compression: compression,
        threads: threads, destination: destination, metadata: metadata, into: sink
      ) { (range: Range<Int>, body: (UnsafeBufferPointer<RGBA16>) throws -> Void) in
        let pixels = UnsafeMutableBufferPointer(rebasing: deep[..<(width * range.count)])
        try rows(range, pixels)
        try body(UnsafeBufferPointer(pixels))
      }
      return EncodingResult()
    }
    // At 8 bits: each band rounded into an 8-bit band beside it.
    try EncoderChecks.withBand(width: width, height: height, bandHeight: bandHeight) { band in
      try PNGEncoder.encode(
        width: width, height: height, bandHeight: bandHeight, opaque: nil, grey: grey, compression: compression,
        threads: threads, destination: destination, metadata: metadata, straight: true, into: sink
      ) { range, body in
        let count = width * range.count
        try rows(range, UnsafeMutableBufferPointer(rebasing: deep[..<count]))
        try band.withUnsafeMutableBufferPointer { buffer in
          PixelConversion.straight8(deep.baseAddress!, .rgba16Straight, into: buffer.baseAddress!, count: count)
          try body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
      }
    }
    return EncodingResult()
  }
}
