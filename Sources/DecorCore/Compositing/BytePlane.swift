/// Pixels a blur reads: premultiplied RGBA8 (`lanes` = 4) or coverage alone (A8, `lanes` = 1), covering `rect`;
/// everything outside `rect` counts as zero. Rows are packed (`rect.width × lanes` bytes).
///
/// An RGBA plane shares a raster's storage (a raster input is handed over without a copy).
struct BytePlane: Sendable {
  var rect: IntRect
  var lanes: Int
  var bytes: [UInt8]

  init(rect: IntRect, lanes: Int, bytes: [UInt8]) {
    precondition(bytes.count == rect.width * rect.height * lanes, "plane size")
    self.rect = rect
    self.lanes = lanes
    self.bytes = bytes
  }

  /// The pixels of `raster`, which covers `rect`.
  init(pixels raster: Raster, at rect: IntRect) {
    self.init(rect: rect, lanes: 4, bytes: raster.bytes)
  }

  /// The alpha channel of the part inside `rect` of `raster` (which covers `area`), as an A8 plane (`nil` if they
  /// miss). Only that part is read: a raster input is handed over whole, and a blur may ask for a few rows of it.
  init?(alphaOf raster: Raster, at area: IntRect, within rect: IntRect) {
    let region = (rect: area, raster: raster)
    let part = region.rect.intersection(rect)
    guard !part.isEmpty else { return nil }
    let count = part.width * part.height
    let alpha = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      region.raster.withUnsafeBytes { source in
        let pixels = source.baseAddress!.assumingMemoryBound(to: UInt32.self)
        for y in 0..<part.height {
          let row = pixels + (part.minY - region.rect.minY + y) * region.rect.width + (part.minX - region.rect.minX)
          let target = buffer.baseAddress! + y * part.width
          for x in 0..<part.width { target[x] = UInt8(truncatingIfNeeded: UInt32(littleEndian: row[x]) >> 24) }
        }
      }
      initialized = count
    }
    self.init(rect: part, lanes: 1, bytes: alpha)
  }
}
