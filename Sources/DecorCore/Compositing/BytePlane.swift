/// Pixels a blur reads: premultiplied RGBA (`lanes` = 4) at 8 or 16 bits a channel (`depth`: `RGBA8`, `RGBA16`), or
/// coverage alone (A8, `lanes` = 1, `depth` 8), covering `rect`; everything outside `rect` counts as zero. Rows are
/// packed (`rect.width × lanes × depth / 8` bytes).
///
/// An RGBA plane shares a raster's storage (a raster input is handed over without a copy).
struct BytePlane: Sendable {
  var rect: IntRect
  var lanes: Int
  var depth: Int
  var bytes: [UInt8]

  init(rect: IntRect, lanes: Int, depth: Int = 8, bytes: [UInt8]) {
    precondition(bytes.count == rect.width * rect.height * lanes * depth / 8, "plane size")
    self.rect = rect
    self.lanes = lanes
    self.depth = depth
    self.bytes = bytes
  }

  /// The pixels of `raster` (premultiplied, 8 or 16 bits), which covers `rect`.
  init(pixels raster: Raster, at rect: IntRect) {
    self.init(rect: rect, lanes: 4, depth: raster.format.depth, bytes: raster.bytes)
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
        if region.raster.format.depth == 16 {
          // Alpha at 8 bits, rounded to nearest: coverage is filtered at 8 bits.
          let pixels = source.baseAddress!.assumingMemoryBound(to: RGBA16.self)
          for y in 0..<part.height {
            let row = pixels + (part.minY - region.rect.minY + y) * region.rect.width + (part.minX - region.rect.minX)
            let target = buffer.baseAddress! + y * part.width
            for x in 0..<part.width { target[x] = DeepPremultiplication.narrow(row[x].a) }
          }
          return
        }
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
