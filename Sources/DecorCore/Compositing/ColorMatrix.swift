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

  /// Maps `count` premultiplied pixels in place.
  func apply(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
    let m = rows.map { $0.map(Float.init) }
    let (m00, m01, m02, m03) = (SIMD4(repeating: m[0][0]), SIMD4(repeating: m[0][1]), SIMD4(repeating: m[0][2]),
      SIMD4<Float>(repeating: m[0][3]))
    let (m10, m11, m12, m13) = (SIMD4(repeating: m[1][0]), SIMD4(repeating: m[1][1]), SIMD4(repeating: m[1][2]),
      SIMD4<Float>(repeating: m[1][3]))
    let (m20, m21, m22, m23) = (SIMD4(repeating: m[2][0]), SIMD4(repeating: m[2][1]), SIMD4(repeating: m[2][2]),
      SIMD4<Float>(repeating: m[2][3]))
    @inline(__always) func channel(_ p: SIMD4<UInt32>, _ shift: UInt32) -> SIMD4<Float> {
      SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: (p &>> shift) & 0xFF))
    }
    /// `clamp(value, 0, 1) × alpha`, rounded, as whole numbers in 0 … 255.
    @inline(__always) func finish(_ value: SIMD4<Float>, _ alpha: SIMD4<Float>) -> SIMD4<UInt32> {
      var v = value.replacing(with: 0, where: value .< 0)
      v = v.replacing(with: 1, where: v .> 1)
      let rounded = unsafeBitCast(v * alpha + 12_582_912, to: SIMD4<UInt32>.self) &- 0x4B40_0000
      return rounded
    }
    @inline(__always) func map(_ p: SIMD4<UInt32>) -> SIMD4<UInt32> {
      let alpha = channel(p, 24)
      // Transparent pixels stay transparent: their colour is undefined, and × 0 makes it zero.
      let inverse = (1 / alpha).replacing(with: 0, where: alpha .== 0)
      let r = channel(p, 0) * inverse
      let g = channel(p, 8) * inverse
      let b = channel(p, 16) * inverse
      let r2 = finish(m00 * r + m01 * g + m02 * b + m03, alpha)
      let g2 = finish(m10 * r + m11 * g + m12 * b + m13, alpha)
      let b2 = finish(m20 * r + m21 * g + m22 * b + m23, alpha)
      return r2 | g2 &<< 8 | b2 &<< 16 | (p & 0xFF00_0000)
    }
    // Pixels are stored R, G, B, A: as a little-endian `UInt32` (identity conversions on little-endian machines).
    @inline(__always) func load(_ p: SIMD4<UInt32>) -> SIMD4<UInt32> {
      SIMD4(UInt32(littleEndian: p[0]), UInt32(littleEndian: p[1]), UInt32(littleEndian: p[2]),
        UInt32(littleEndian: p[3]))
    }
    @inline(__always) func store(_ p: SIMD4<UInt32>) -> SIMD4<UInt32> {
      SIMD4(p[0].littleEndian, p[1].littleEndian, p[2].littleEndian, p[3].littleEndian)
    }
    var i = 0
    let raw = UnsafeMutableRawPointer(pixels)
    while i + 4 <= count {
      let p = load(raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self))
      // Fully transparent runs stay as they are.
      if p != .zero { raw.storeBytes(of: store(map(p)), toByteOffset: i * 4, as: SIMD4<UInt32>.self) }
      i += 4
    }
    if i < count {
      var tail = SIMD4<UInt32>.zero
      for k in 0..<(count - i) { tail[k] = UInt32(littleEndian: pixels[i + k]) }
      let mapped = map(tail)
      for k in 0..<(count - i) { pixels[i + k] = mapped[k].littleEndian }
    }
  }
}
