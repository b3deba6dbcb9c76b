/// An affine map of straight (un-premultiplied) colour, `c' = clamp(M · (r, g, b) + t, 0, 1)` with alpha unchanged,
/// applied to premultiplied RGBA8 pixels: each pixel is un-premultiplied (exactly, in `Float`, not through 8-bit
/// straight values), mapped, clamped, premultiplied by its alpha again and rounded to nearest. The CSS colour
/// filters are all of this form (`ColorFilter`).
///
/// Four pixels at a time in `Float` lanes, one channel a lane (SSE2: no out-of-line conversions).
struct ColorMatrix: Sendable, Hashable {
  /// Rows r, g, b; columns r, g, b and the constant term.
  var rows: [[Double]]

  static let identity = ColorMatrix(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]])

  /// The same map on every channel: `c' = slope · c + intercept`.
  static func linear(slope: Double, intercept: Double) -> ColorMatrix {
    ColorMatrix(rows: [[slope, 0, 0, intercept], [0, slope, 0, intercept], [0, 0, slope, intercept]])
  }

  /// Maps `count` premultiplied pixels of `P`'s depth in place: the same float operations at either depth, on
  /// channels in 0…`one`.
  @inline(__always)
  func apply<P: PixelLanes>(_ lanes: P.Type, _ pixels: UnsafeMutablePointer<P.Pixel>, count: Int) {
    let m = rows.map { $0.map(Float.init) }
    let (m00, m01, m02, m03) = (SIMD4(repeating: m[0][0]), SIMD4(repeating: m[0][1]), SIMD4(repeating: m[0][2]),
      SIMD4<Float>(repeating: m[0][3]))
    let (m10, m11, m12, m13) = (SIMD4(repeating: m[1][0]), SIMD4(repeating: m[1][1]), SIMD4(repeating: m[1][2]),
      SIMD4<Float>(repeating: m[1][3]))
    let (m20, m21, m22, m23) = (SIMD4(repeating: m[2][0]), SIMD4(repeating: m[2][1]), SIMD4(repeating: m[2][2]),
      SIMD4<Float>(repeating: m[2][3]))
    /// `clamp(value, 0, 1) × alpha`, rounded, as whole numbers in 0 … `one`.
    @inline(__always) func finish(_ value: SIMD4<Float>, _ alpha: SIMD4<Float>) -> SIMD4<UInt32> {
      var v = value.replacing(with: 0, where: value .< 0)
      v = v.replacing(with: 1, where: v .> 1)
      let rounded = unsafeBitCast(v * alpha + 12_582_912, to: SIMD4<UInt32>.self) &- 0x4B40_0000
      return rounded
    }
    @inline(__always) func map(_ p: P.Pixels) -> P.Pixels {
      let (r, g, b, alpha) = P.planes(p)
      // Transparent pixels stay transparent: their colour is undefined, and × 0 makes it zero.
      let inverse = (1 / alpha).replacing(with: 0, where: alpha .== 0)
      let (sr, sg, sb) = (r * inverse, g * inverse, b * inverse)
      let r2 = finish(m00 * sr + m01 * sg + m02 * sb + m03, alpha)
      let g2 = finish(m10 * sr + m11 * sg + m12 * sb + m13, alpha)
      let b2 = finish(m20 * sr + m21 * sg + m22 * sb + m23, alpha)
      return P.pixels(r: r2, g: g2, b: b2, alphaOf: p)
    }
    var i = 0
    while i + 4 <= count {
      // Fully transparent runs stay as they are.
      if !P.alphas(pixels + i).transparent { P.store(map(P.load(pixels + i)), pixels + i) }
      i += 4
    }
    if i < count {
      var tail = (P.Pixels(), P.Pixels())
      withUnsafeMutableBytes(of: &tail) { raw in
        let padded = raw.baseAddress!.assumingMemoryBound(to: P.Pixel.self)
        padded.update(from: pixels + i, count: count - i)
        P.store(map(P.load(padded)), padded)
        (pixels + i).update(from: padded, count: count - i)
      }
    }
  }
}
