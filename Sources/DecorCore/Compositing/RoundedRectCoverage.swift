import RealModule

/// The exact area of each pixel covered by a rounded rectangle whose four corners are quarter ellipses of radii
/// (`rx`, `ry`), as CSS `border-radius` draws them, and that area multiplied into premultiplied pixels.
///
/// The rectangle is `width` × `height` pixels with its top-left at (0, 0); pixel (x, y) is the unit square
/// [x, x+1] × [y, y+1]. Its coverage is that square's area inside the shape, computed in closed form: scaled by
/// (1/rx, 1/ry) a corner's ellipse is the unit circle, and the area of a rectangle inside the unit disc's first
/// quadrant is a difference of ∫ √(1 − t²) dt = (t·√(1 − t²) + asin t) / 2, evaluated in `Double`. Only pixels in
/// the four rx × ry corner boxes are touched; the rest keep their bytes.
///
/// Precision: the differences of the integral lose digits as the radii grow (the error grows about as rx·ry). Against
/// the same formula in 60-digit arithmetic (mpmath), on pixels along the arc: within 10⁻⁸ of a pixel's area at a
/// radius of 10³, 3·10⁻⁵ at 10⁵ (far below the 1/255 of a level), 0.002 at 10⁶; a radius that large needs an image
/// of 2·10⁶ × 2·10⁶, a thousand times the default pixel limit.
package struct RoundedRectCoverage: Sendable {
  let width: Int
  let height: Int
  /// The corners' radii, each at most half the side it lies along (the caller scales them as CSS does).
  let rx: Double
  let ry: Double

  package init(width: Int, height: Int, rx: Double, ry: Double) {
    self.width = width
    self.height = height
    self.rx = rx
    self.ry = ry
  }

  /// The fraction of pixel (x, y), in the rectangle's coordinates, inside the shape: 0…1.
  package func coverage(x: Int, y: Int) -> Double {
    guard x >= 0, y >= 0, x < width, y < height else { return 0 }
    guard rx > 0, ry > 0 else { return 1 }
    let w = Double(width)
    let h = Double(height)
    let x0 = Double(x)
    let y0 = Double(y)
    // Each corner box mirrored onto the top-left one: distances from the rectangle's nearer edges.
    var outside = 0.0
    for (left, top) in [(x0, y0), (w - x0 - 1, y0), (x0, h - y0 - 1), (w - x0 - 1, h - y0 - 1)] {
      outside += notch(left: left, top: top)
    }
    return min(1, max(0, 1 - outside))
  }

  /// The area outside the ellipse of the pixel [left, left+1] × [top, top+1] within the top-left corner box
  /// [0, rx] × [0, ry].
  func notch(left: Double, top: Double) -> Double {
    guard left < rx, top < ry else { return 0 }
    let right = min(left + 1, rx)
    let bottom = min(top + 1, ry)
    // In units of the radii, from the ellipse's centre (rx, ry) towards the corner: u, v in 0…1.
    let u0 = (rx - right) / rx
    let u1 = (rx - left) / rx
    let v0 = (ry - bottom) / ry
    let v1 = (ry - top) / ry
    // Wholly inside the ellipse (its farthest corner is), or wholly outside (its nearest corner is).
    if u1 * u1 + v1 * v1 <= 1 { return 0 }
    if u0 * u0 + v0 * v0 >= 1 { return (right - left) * (bottom - top) }
    let boxArea = (u1 - u0) * (v1 - v0)
    let inside = Self.discArea(u0, u1, v0, v1)
    return max(0, boxArea - inside) * rx * ry
  }

  /// The area of [a, b] × [c, d] (within [0, 1]²) inside the unit disc.
  static func discArea(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
    below(a, b, d) - below(a, b, c)
  }

  /// The area of { a ≤ t ≤ b, 0 ≤ s ≤ h, t² + s² ≤ 1 }: ∫ₐᵇ min(h, √(1 − t²)) dt.
  static func below(_ a: Double, _ b: Double, _ h: Double) -> Double {
    guard h > 0, b > a else { return 0 }
    // Where the circle is at height h: left of it the band is full.
    let turn = h >= 1 ? 0 : (1 - h * h).squareRoot()
    var area = h * max(0, min(b, turn) - a)
    let start = max(a, turn)
    if start < b { area += integral(b) - integral(start) }
    return area
  }

  /// ∫₀ᵗ √(1 − s²) ds.
  static func integral(_ t: Double) -> Double {
    let t = min(1, max(0, t))
    return (t * (1 - t * t).squareRoot() + Double.asin(t)) / 2
  }

  /// Multiplies the pixels of `raster`, which holds the rectangle's pixels `region` (in its coordinates), by their
  /// coverage, at the raster's depth: the corner boxes only.
  func apply(to raster: inout Raster, region: IntRect) {
    raster.visit(Application(coverage: self, region: region))
  }

  /// `apply` at the depth of the raster it visits.
  private struct Application: StoredPixelVisitor {
    let coverage: RoundedRectCoverage
    let region: IntRect

    func visit<Stored: StoredPixel>(_: Stored.Type, _ raster: inout Raster) {
      coverage.apply(Stored.self, to: &raster, region: region)
    }
  }

  private func apply<P: StoredPixel>(_: P.Type, to raster: inout Raster, region: IntRect) {
    guard rx > 0, ry > 0 else { return }
    let cornerWidth = Int(rx.rounded(.up))
    let cornerHeight = Int(ry.rounded(.up))
    let rows = region.intersection(IntRect(x: 0, y: 0, width: width, height: height))
    guard !rows.isEmpty else { return }
    // The columns of the left and right corner boxes, within the region.
    let spans = [0..<min(cornerWidth, width), max(0, width - cornerWidth)..<width].map {
      $0.clamped(to: rows.minX..<rows.maxX)
    }
    let stride = region.width
    raster.withUnsafeMutableBytes { bytes in
      let pixels = bytes.baseAddress!.assumingMemoryBound(to: P.self)
      for y in rows.minY..<rows.maxY where y < cornerHeight || y >= height - cornerHeight {
        let line = pixels + (y - region.minY) * stride - region.minX
        var done = -1
        for span in spans {
          for x in span where x > done {
            done = x
            let pixel = line[x]
            if pixel == P.transparent { continue }
            let c = coverage(x: x, y: y)
            if c >= 1 { continue }
            line[x] = P.pack(P.unpack(pixel) * Float(c))
          }
        }
      }
    }
  }
}
