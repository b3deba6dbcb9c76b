import CFreeType

/// Draws a layout's glyphs into a region: FreeType's antialiased coverage (`FT_RENDER_MODE_NORMAL`, 8 bits) of each
/// glyph touching the region, hinted as `FT_LOAD_DEFAULT` and placed at its whole-pixel origin; where glyphs
/// meet or overlap, their coverages combine as alphas do, source over, in the layout's (visual) order, rounded as
/// Pillow rounds it (so a joined Arabic line equals Pillow's byte for byte); the colour is multiplied by the
/// coverage, premultiplied.
///
/// Each glyph's bitmap depends only on its id, and a pixel only on the glyphs over it, taken in the same order, so
/// any tile of the text has the bytes of the same region of the whole.
enum GlyphRendering {
  /// The coverage of `region` (one byte a pixel, rows of `region.width`).
  static func coverage(_ layout: TextLayout, face: FT_Face, region: IntRect) -> [UInt8] {
    var coverage = [UInt8](repeating: 0, count: region.width * region.height)
    var bitmaps: [UInt32: (pixels: [UInt8], left: Int, top: Int, width: Int, height: Int)] = [:]
    for glyph in layout.glyphs {
      guard let box = layout.boxes[glyph.id], box.width > 0, box.height > 0 else { continue }
      // The box, one pixel wider each way in case FreeType's bitmap differs from the control box.
      let near = IntRect(x: glyph.x + box.left - 1, y: glyph.y - box.top - 1, width: box.width + 2,
        height: box.height + 2)
      guard !near.intersection(region).isEmpty else { continue }
      let bitmap: (pixels: [UInt8], left: Int, top: Int, width: Int, height: Int)
      if let known = bitmaps[glyph.id] {
        bitmap = known
      } else {
        bitmap = render(face, glyph.id)
        bitmaps[glyph.id] = bitmap
      }
      let placed = IntRect(x: glyph.x + bitmap.left, y: glyph.y - bitmap.top, width: bitmap.width,
        height: bitmap.height)
      let overlap = placed.intersection(region)
      guard !overlap.isEmpty else { continue }
      bitmap.pixels.withUnsafeBufferPointer { source in
        coverage.withUnsafeMutableBufferPointer { target in
          for y in overlap.minY..<overlap.maxY {
            let from = (y - placed.y) * bitmap.width - placed.x
            let to = (y - region.y) * region.width - region.x
            for x in overlap.minX..<overlap.maxX {
              let s = UInt32(source[from + x])
              guard s > 0 else { continue }
              let t = UInt32(target[to + x])
              // s + t·(255 − s)/255, rounded as Pillow's MULDIV255.
              let product = t * (255 - s) + 128
              target[to + x] = UInt8(min(255, s + (((product >> 8) + product) >> 8)))
            }
          }
        }
      }
    }
    return coverage
  }

  /// Glyph `id` rendered: its 8-bit coverage (rows packed), and its box from its origin (y up for `top`).
  static func render(_ face: FT_Face, _ id: UInt32) -> (pixels: [UInt8], left: Int, top: Int, width: Int, height: Int) {
    let none: (pixels: [UInt8], left: Int, top: Int, width: Int, height: Int) = ([], 0, 0, 0, 0)
    guard FT_Load_Glyph(face, id, DECOR_FT_LOAD_DEFAULT | DECOR_FT_LOAD_NO_BITMAP) == 0,
      let slot = face.pointee.glyph, FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0
    else { return none }
    let bitmap = slot.pointee.bitmap
    let width = Int(bitmap.width)
    let height = Int(bitmap.rows)
    guard width > 0, height > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer
    else { return none }
    var pixels = [UInt8](repeating: 0, count: width * height)
    let pitch = Int(bitmap.pitch)
    for y in 0..<height {
      // A negative pitch means the rows run bottom up from the buffer's start.
      let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
      for x in 0..<width { pixels[y * width + x] = row[x] }
    }
    return (pixels, Int(slot.pointee.bitmap_left), Int(slot.pointee.bitmap_top), width, height)
  }
}
