#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Rows of a stage's output that one render computed ahead of the tiles (see `Materialising`), as the tiles of the
/// band being rendered see them: `rect` (the stage's planned columns, the rows still kept), `bytesPerPixel` bytes an
/// element (premultiplied pixels in the render's format, or a `Float` for coverage), rows `rect.width` elements
/// apart.
///
/// It is a view of the stage's `RowBuffer` between two bands: the render does not touch the buffer while tiles read
/// it, and moves or extends it only between bands, so the view is valid for the band it was made for.
struct Intermediate: Sendable {
  let rect: IntRect
  let buffer: RowBuffer
  /// Whether the rows are premultiplied pixels (not a shadow's coverage).
  let isPixels: Bool
  /// The pixels' format (the render's).
  var format: PixelFormat = .rgba8

  /// Whether these rows are pixels and hold all of `inside` (a request's part within the stage's extent): what a
  /// request must satisfy to be served from them.
  func servesPixels(_ inside: IntRect) -> Bool { isPixels && !inside.isEmpty && rect.contains(inside) }

  /// The pixels of `region` as a raster, where `region` holds nothing outside `rect` but pixels of `inside`
  /// (`region` ∩ the stage's extent, within `rect`): a request served from the rows kept, transparent beyond the
  /// extent.
  func pixels(_ region: IntRect, inside: IntRect, pixelLimit: Int) throws -> Raster {
    try Raster(width: region.width, height: region.height, format: format, pixelLimit: pixelLimit) { buffer in
      copy(region, inside: inside, into: UnsafeMutableRawPointer(buffer.baseAddress!), stride: region.width)
    }
  }

  /// Writes the pixels of `region` into `out` (rows `stride` pixels apart): those of `inside` from the rows kept,
  /// transparent around them (see `pixels`).
  func copy(_ region: IntRect, inside: IntRect, into out: UnsafeMutableRawPointer, stride: Int) {
    let pixelBytes = format.bytesPerPixel
    let rowBytes = stride * pixelBytes
    if inside != region {
      for row in 0..<region.height {
        (out + row * rowBytes).initializeMemory(as: UInt8.self, repeating: 0, count: region.width * pixelBytes)
      }
    }
    guard !inside.isEmpty else { return }
    let offset = (inside.minX - rect.minX) * pixelBytes
    let target = out + (inside.minY - region.minY) * rowBytes + (inside.minX - region.minX) * pixelBytes
    for row in 0..<inside.height {
      (target + row * rowBytes).copyMemory(from: self.row(inside.minY + row) + offset,
        byteCount: inside.width * pixelBytes)
    }
  }

  /// The first byte of row `y` (inside `rect`) and of column `rect.minX`.
  func row(_ y: Int) -> UnsafeRawPointer {
    UnsafeRawPointer(buffer.base) + (y - rect.minY) * buffer.rowBytes
  }
}

/// Memory for the rows one stage keeps during one render: `rows` rows of `rowBytes` bytes, freed with the last view
/// of it. Its address is kept as a number, since a pointer is not `Sendable`; only the render that made it writes
/// it, between bands (see `Intermediate`).
final class RowBuffer: Sendable {
  private let address: Int
  let rowBytes: Int
  let rows: Int

  /// - Throws: `RasterError.tooLarge` when the memory cannot be had (reported by the renderer as the stage's).
  init(rowBytes: Int, rows: Int, pixelBytes: Int = 4) throws(RasterError) {
    let (bytes, overflow) = rowBytes.multipliedReportingOverflow(by: Swift.max(1, rows))
    guard !overflow, let memory = malloc(Swift.max(1, bytes)) else {
      throw .tooLarge(width: rowBytes / pixelBytes, height: rows, limit: 0)
    }
    address = Int(bitPattern: memory)
    self.rowBytes = rowBytes
    self.rows = rows
  }

  var base: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: address)! }

  deinit { free(UnsafeMutableRawPointer(bitPattern: address)) }
}
