/// An image whose rows are read from a file as a render needs them (a `RowSource`: PNG, JPEG, WebP or TIFF through
/// their decoders' row-by-row interfaces), instead of decoded whole first, as libvips reads its inputs sequentially.
///
/// In a render it is a stage computed once (see ARCHITECTURE.md): each render opens its own reader and, band by band,
/// reads the rows its consumers need, keeping only those later bands still read, so a chain that reads its input top
/// to bottom (resampling, blurs, colour filters, crops) holds a few bands of the file's pixels, not the image.
/// A consumer that reads out of order (a vertical flip, a rotation's tall footprint) keeps what it needs.
///
/// Limits: a request the render did not plan (a decorator that does not declare its demand, or a render without a
/// plan such as `render(_:context:)` called directly) opens a reader of its own and reads the file from its top down
/// to the rows asked: the same pixels, at the cost of decoding again. The file must not change while it is read.
public struct StreamedImage: ImageComponent, CustomStringConvertible {
  /// Where the rows come from.
  public let source: any RowSource

  /// This image's node: each `StreamedImage` built is one node, shared by its copies (its source is read once per
  /// render whoever asks).
  public let identity = ComponentIdentity.unique()

  public init(_ source: any RowSource) { self.source = source }

  public var extent: IntRect { IntRect(x: 0, y: 0, width: source.width, height: source.height) }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    let inside = region.intersection(extent)
    let format = context.format
    let pixelBytes = format.bytesPerPixel
    return try Raster(width: region.width, height: region.height, format: format, pixelLimit: context.pixelLimit) {
      buffer in
      let out = buffer.baseAddress!
      let rowBytes = region.width * pixelBytes
      for row in 0..<region.height {
        let line = out + row * rowBytes
        let y = region.minY + row
        guard !inside.isEmpty, y >= inside.minY, y < inside.maxY else {
          line.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes)
          continue
        }
        line.initializeMemory(as: UInt8.self, repeating: 0, count: (inside.minX - region.minX) * pixelBytes)
        (line + (inside.maxX - region.minX) * pixelBytes).initializeMemory(as: UInt8.self, repeating: 0,
          count: (region.maxX - inside.maxX) * pixelBytes)
      }
      guard !inside.isEmpty else { return }
      let target = out + (inside.minY - region.minY) * rowBytes + (inside.minX - region.minX) * pixelBytes
      // Not planned (a planned request is served by the context from the rows kept): a reader of its own, from the
      // top.
      let producer = try StreamedImageRows(source, region: IntRect(x: inside.minX, y: 0, width: inside.width,
        height: inside.maxY), format: format)
      try producer.skip(to: inside.minY)
      try producer.produce(inside.minY..<inside.maxY, into: target, stride: region.width, context: context)
    }
  }

  public var description: String { "image \(source.width)x\(source.height) read by rows (\(source))" }
}

extension StreamedImage: Materialising {
  var materialises: Bool { source.width > 0 && source.height > 0 }

  func openRows(_ region: IntRect, context: RenderContext) throws -> any RowProducer {
    let producer = try StreamedImageRows(source, region: region, format: context.format)
    try producer.skip(to: region.minY)
    return producer
  }
}

/// One render's reader of a `StreamedImage`: the decoder's state, and a few rows of scratch when the region is
/// narrower than the file. It reads pixels in the render's format (a 16-bit render's source is a `DeepRowSource`).
final class StreamedImageRows: RowProducer {
  let reader: any RowReader
  let width: Int
  let region: IntRect
  let format: PixelFormat
  /// The next row the reader gives.
  var next = 0
  /// Rows read at once when they must pass through scratch memory.
  static let chunkRows = 16

  init(_ source: any RowSource, region: IntRect, format: PixelFormat) throws {
    reader = try source.openRows()
    width = source.width
    self.region = region
    self.format = format
  }

  /// Reads `count` whole rows into `out`.
  private func read(_ count: Int, into out: UnsafeMutableRawPointer) throws {
    if format.depth == 16 {
      let deepRows = UnsafeMutableBufferPointer(start: out.assumingMemoryBound(to: RGBA16.self), count: count * width)
      if let deep = reader as? any DeepRowReader {
        try deep.readDeepRows(count: count, into: deepRows, format: format)
        return
      }
      // A reader of 8 bits in a 16-bit render (the render chose 16 bits for another source): widened, exact.
      try Raster.checkAllocation(count * width * 4, width: width, height: count)
      let narrow = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count * width)
      defer { narrow.deallocate() }
      try reader.readRows(count: count, into: narrow)
      PixelConversion.convert(narrow.baseAddress!, .rgba8, into: out, format, count: count * width)
    } else {
      try reader.readRows(count: count, into: UnsafeMutableBufferPointer(
        start: out.assumingMemoryBound(to: UInt32.self), count: count * width))
    }
  }

  /// Reads and drops the rows above `row`.
  func skip(to row: Int) throws {
    guard row > next else { return }
    let count = Swift.min(Self.chunkRows, row - next)
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: width * count * format.bytesPerPixel, alignment: 16)
    defer { scratch.deallocate() }
    while next < row {
      let rows = Swift.min(count, row - next)
      try read(rows, into: scratch)
      next += rows
    }
  }

  func produce(_ rows: Range<Int>, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext) throws {
    try skip(to: rows.lowerBound)
    let pixelBytes = format.bytesPerPixel
    if region.minX == 0 && region.width == width && stride == width {
      // Whole rows: straight from the decoder into place.
      try read(rows.count, into: out)
      next = rows.upperBound
      return
    }
    let count = Swift.min(Self.chunkRows, rows.count)
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: width * count * pixelBytes, alignment: 16)
    defer { scratch.deallocate() }
    var row = rows.lowerBound
    while row < rows.upperBound {
      let chunk = Swift.min(count, rows.upperBound - row)
      try read(chunk, into: scratch)
      for line in 0..<chunk {
        (out + (row - rows.lowerBound + line) * stride * pixelBytes).copyMemory(
          from: scratch + (line * width + region.minX) * pixelBytes, byteCount: region.width * pixelBytes)
      }
      row += chunk
      next = row
    }
  }
}

extension StreamedImage: GreyProducing {
  /// A greyscale file's rows (`RowSource.isGrey`).
  package var producesGrey: Bool { source.isGrey }
}

extension StreamedImage: DeepSource, DeepRendering {
  /// A 16-bit file, or one with translucent pixels, whose reader gives 16-bit pixels.
  package var holdsMoreThanEightBits: Bool { (source as? any DeepRowSource)?.holdsMoreThanEightBits == true }
  package var sourceDepth: Int { (source as? any DeepRowSource)?.sourceDepth ?? 8 }
  /// Any source renders at 16 bits: one whose reader gives 8 bits is widened, exactly.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { true }
}
