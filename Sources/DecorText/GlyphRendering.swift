import DecorCore

import CFreeType

/// Draws a layout's glyphs into a region: FreeType's antialiased coverage (`FT_RENDER_MODE_NORMAL`, 8 bits) of each
/// glyph touching the region, hinted as `FT_LOAD_DEFAULT` and placed at its whole-pixel origin; where glyphs
/// meet or overlap, their coverages combine as alphas do, source over, in the layout's (visual) order, rounded as
/// Pillow rounds it (so a joined Arabic line equals Pillow's byte for byte); the colour is multiplied by the
/// coverage, premultiplied.
///
/// Each glyph's bitmap depends only on its face and id, and a pixel only on the glyphs over it, taken in the same order, so
/// any tile of the text has the bytes of the same region of the whole.
package enum GlyphRendering {
  /// Glyphs whose box holds more pixels than this are rendered for each region they touch, only the region's rows
  /// across the glyph's whole width (FreeType's rasteriser clipped to those rows: each row's coverage is computed
  /// on its own, so it does not depend on the clip; a clip on the left would change it), rather than whole once per
  /// region: a glyph at a large size would otherwise be rendered whole for every tile.
  package static let largeGlyphArea = 256 * 256

  /// The coverage of `region` (one byte a pixel, rows of `region.width`).
  static func coverage(_ layout: TextLayout, faces: [FT_Face], region: IntRect) -> [UInt8] {
    var coverage = [UInt8](repeating: 0, count: region.width * region.height)
    var bitmaps: [GlyphKey: (pixels: [UInt8], left: Int, top: Int, width: Int, height: Int)] = [:]
    for span in layout.lineSpans where span.rows.lowerBound - 1 < region.maxY && span.rows.upperBound + 1 > region.minY {
      for glyph in layout.glyphs[span.glyphs] {
        guard let box = layout.boxes[glyph.key], box.width > 0, box.height > 0 else { continue }
        let face = faces[glyph.font]
        // The box, one pixel wider each way in case FreeType's bitmap differs from the control box.
        let near = IntRect(x: glyph.x + box.left - 1, y: glyph.y - box.top - 1, width: box.width + 2,
          height: box.height + 2)
        let nearOverlap = near.intersection(region)
        guard !nearOverlap.isEmpty else { continue }
        if box.width * box.height > largeGlyphArea {
          // The glyph's whole width over the region's rows: FreeType's rasteriser computes each row on its own,
          // but a clip on the left changes its sums.
          let band = IntRect(x: near.x, y: nearOverlap.y, width: near.width, height: nearOverlap.height)
          let rows = renderClipped(face, glyph, band)
          var part = [UInt8](repeating: 0, count: nearOverlap.width * nearOverlap.height)
          for y in 0..<nearOverlap.height {
            let from = y * band.width + (nearOverlap.x - band.x)
            for x in 0..<nearOverlap.width { part[y * nearOverlap.width + x] = rows[from + x] }
          }
          combine(part, at: nearOverlap, into: &coverage, region: region)
          continue
        }
        let bitmap: (pixels: [UInt8], left: Int, top: Int, width: Int, height: Int)
        if let known = bitmaps[glyph.key] {
          bitmap = known
        } else {
          bitmap = render(face, glyph.id)
          bitmaps[glyph.key] = bitmap
        }
        let placed = IntRect(x: glyph.x + bitmap.left, y: glyph.y - bitmap.top, width: bitmap.width,
          height: bitmap.height)
        let overlap = placed.intersection(region)
        guard !overlap.isEmpty else { continue }
        var part = [UInt8](repeating: 0, count: overlap.width * overlap.height)
        for y in 0..<overlap.height {
          let from = (overlap.minY - placed.y + y) * bitmap.width + (overlap.minX - placed.x)
          for x in 0..<overlap.width { part[y * overlap.width + x] = bitmap.pixels[from + x] }
        }
        combine(part, at: overlap, into: &coverage, region: region)
      }
    }
    return coverage
  }

  /// Lays `part` (coverage of `rect`, inside `region`) onto `coverage`: s + t·(255 − s)/255, rounded as Pillow's
  /// MULDIV255.
  private static func combine(_ part: [UInt8], at rect: IntRect, into coverage: inout [UInt8], region: IntRect) {
    part.withUnsafeBufferPointer { source in
      coverage.withUnsafeMutableBufferPointer { target in
        for y in 0..<rect.height {
          let from = y * rect.width
          let to = (rect.minY - region.minY + y) * region.width + (rect.minX - region.minX)
          for x in 0..<rect.width {
            let s = UInt32(source[from + x])
            guard s > 0 else { continue }
            let t = UInt32(target[to + x])
            let product = t * (255 - s) + 128
            target[to + x] = UInt8(min(255, s + (((product >> 8) + product) >> 8)))
          }
        }
      }
    }
  }

  /// The coverage of `glyph` within `rect` only: its hinted outline moved so that `rect`'s bottom-left corner is
  /// the origin, rendered by FreeType's antialiasing rasteriser into a bitmap of `rect`'s size.
  package static func renderClipped(_ face: FT_Face, _ glyph: PlacedGlyph, _ rect: IntRect) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: rect.width * rect.height)
    guard FT_Load_Glyph(face, glyph.id, DECOR_FT_LOAD_DEFAULT | DECOR_FT_LOAD_NO_BITMAP) == 0,
      let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
    else { return pixels }
    // A pixel (px, py) of the text (y down) is the outline's (px − glyph.x, glyph.y − py) (y up); the bitmap's
    // top row is rect.minY.
    FT_Outline_Translate(&slot.pointee.outline, FT_Pos((glyph.x - rect.minX) * 64),
      FT_Pos((rect.maxY - glyph.y) * 64))
    pixels.withUnsafeMutableBufferPointer { buffer in
      var bitmap = FT_Bitmap()
      bitmap.rows = UInt32(rect.height)
      bitmap.width = UInt32(rect.width)
      bitmap.pitch = Int32(rect.width)
      bitmap.buffer = buffer.baseAddress
      bitmap.num_grays = 256
      bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
      _ = FT_Outline_Get_Bitmap(slot.pointee.library, &slot.pointee.outline, &bitmap)
    }
    return pixels
  }

  /// Glyph `id` rendered: its 8-bit coverage (rows packed), and its box from its origin (y up for `top`).
  package static func render(_ face: FT_Face, _ id: UInt32) -> (pixels: [UInt8], left: Int, top: Int, width: Int, height: Int) {
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
