/// `PixelLanes` at 16 bits: four `RGBA16` pixels at a time (each a `UInt64`, R in the low 16 bits, A in the top),
/// as two vectors of 32-bit lanes, `N = 65535 × co` in 0…65535² < 2^32.
///
/// The same shapes as `Lanes8`, twice as wide: `split` masks with `0x0000FFFF_0000FFFF` where the 8-bit one masks
/// with `0x00FF00FF`. SSE2 has no unsigned 32-bit minimum or 32-bit multiply-low, so `darken`, `lighten`,
/// `difference` and every product cost more here than at 8 bits; the results are exact all the same.
package enum Lanes16: PixelLanes {
  package typealias Pixel = UInt64
  package typealias Pixels = SIMD4<UInt64>
  /// Two channels of four pixels, 32 bits each: `[r0, b0, r1, b1, …]` or `[g0, a0, g1, a1, …]`.
  package typealias Lanes = U32x8
  /// The vector inside `Lanes`.
  typealias V = SIMD8<UInt32>
  package typealias Floats = FloatLanes.Floats

  @inline(__always) package static var one: UInt32 { 65535 }
  @inline(__always) package static var oneFloat: Float { 65535 }

  /// Every other 16-bit channel of a pixel: red and blue, or (shifted down) green and alpha.
  @inline(__always) static var halfMask: UInt64 { 0x0000_FFFF_0000_FFFF }

  @inline(__always)
  package static func load(_ pointer: UnsafePointer<UInt64>) -> Pixels {
    UnsafeRawPointer(pointer).loadUnaligned(as: Pixels.self)
  }

  @inline(__always)
  package static func store(_ pixels: Pixels, _ pointer: UnsafeMutablePointer<UInt64>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: pixels, as: Pixels.self)
  }

  /// As `Lanes8.alphas(_:)`, from the four pixels' words.
  @inline(__always)
  package static func alphas(_ p: UnsafePointer<UInt64>) -> (transparent: Bool, opaque: Bool) {
    let (w0, w1, w2, w3) = (p[0], p[1], p[2], p[3])
    let mask: UInt64 = 0xFFFF_0000_0000_0000
    return ((w0 | w1 | w2 | w3) & mask == 0, (w0 & w1 & w2 & w3) & mask == mask)
  }

  @inline(__always)
  package static func split(_ p: Pixels) -> (rb: Lanes, ga: Lanes) {
    (Lanes(unsafeBitCast(p & halfMask, to: V.self)), Lanes(unsafeBitCast((p &>> 16) & halfMask, to: V.self)))
  }

  /// The red-blue lanes masked, the green-alpha ones shifted within their 32-bit lanes, which drops any excess.
  @inline(__always)
  package static func join(_ rb: Lanes, _ ga: Lanes) -> Pixels {
    unsafeBitCast(rb.v & 0xFFFF, to: Pixels.self) | unsafeBitCast(ga.v &<< 16, to: Pixels.self)
  }

  @inline(__always)
  package static func products(_ rb: Lanes, _ ga: Lanes) -> Pixels {
    unsafeBitCast(divide(rb).v, to: Pixels.self) | unsafeBitCast(divide(ga).v &<< 16, to: Pixels.self)
  }

  @inline(__always)
  package static func alphas(_ ga: Lanes) -> Lanes {
    let g = ga.v
    return Lanes(V(g[1], g[1], g[3], g[3], g[5], g[5], g[7], g[7]))
  }

  @inline(__always)
  package static func alphas(ofTop p: Pixels) -> Lanes {
    let x = unsafeBitCast(p &>> 48, to: V.self)
    return Lanes(V(x[0], x[0], x[2], x[2], x[4], x[4], x[6], x[6]))
  }

  @inline(__always)
  package static func replacingAlpha(_ ga: Lanes, with alpha: Lanes) -> Lanes {
    let (g, a) = (ga.v, alpha.v)
    return Lanes(V(g[0], a[1], g[2], a[3], g[4], a[5], g[6], a[7]))
  }

  /// `round(x / 65535)`, exact for 0 ≤ x ≤ 65535²: with `t = x + 32768`, `(t + (t >> 16)) >> 16` (as
  /// `RGBA16.premultiply` divides). The largest intermediate, 4,294,934,527, is below 2^32.
  @inline(__always)
  package static func divide(_ x: Lanes) -> Lanes {
    let t = x.v &+ 32768
    return Lanes((t &+ (t &>> 16)) &>> 16)
  }

  @inline(__always) package static func sum(_ a: Pixels, _ b: Pixels) -> Pixels { a &+ b }
  @inline(__always) package static func complement(_ p: Pixels) -> Pixels { ~p }

  /// A saturating add of the 16-bit channels (`paddusw`).
  @inline(__always)
  package static func saturatingAdd(_ a: Pixels, _ b: Pixels) -> Pixels {
    let a = unsafeBitCast(a, to: SIMD16<UInt16>.self)
    let sum = a &+ unsafeBitCast(b, to: SIMD16<UInt16>.self)
    return unsafeBitCast(sum.replacing(with: SIMD16<UInt16>(repeating: 65535), where: sum .< a), to: Pixels.self)
  }

  // MARK: - Float planes

  @inline(__always)
  package static func planes(_ p: Pixels) -> (r: Floats, g: Floats, b: Floats, a: Floats) {
    (float(p & 0xFFFF), float((p &>> 16) & 0xFFFF), float((p &>> 32) & 0xFFFF), float(p &>> 48))
  }

  /// Lanes below 2^31 as floats: the low halves of the 64-bit lanes, converted as signed (`cvtdq2ps`).
  @inline(__always)
  static func float(_ x: Pixels) -> Floats {
    let w = unsafeBitCast(x, to: SIMD8<Int32>.self)
    return Floats(SIMD4<Int32>(w[0], w[2], w[4], w[6]))
  }

  /// Four pixels from channel values in units of 65535 × a channel, each divided by 65535 and rounded to nearest.
  /// Values must lie in about −32767…2^38; beyond, the channel's bits are wrong but do not reach its neighbours.
  @inline(__always)
  package static func pixels(r: Floats, g: Floats, b: Floats, a: Floats) -> Pixels {
    let scale: Float = 1 / 65535
    return wide(FloatLanes.rounded(r * scale)) | wide(FloatLanes.rounded(g * scale)) &<< 16
      | wide(FloatLanes.rounded(b * scale)) &<< 32 | wide(FloatLanes.rounded(a * scale)) &<< 48
  }

  /// The low 16 bits of each lane, in 64-bit lanes.
  @inline(__always)
  static func wide(_ x: FloatLanes.Mask) -> Pixels {
    let m = x & 0xFFFF
    return Pixels(UInt64(m[0]), UInt64(m[1]), UInt64(m[2]), UInt64(m[3]))
  }

  @inline(__always)
  package static func pixels(r: FloatLanes.Mask, g: FloatLanes.Mask, b: FloatLanes.Mask, alphaOf p: Pixels)
    -> Pixels
  {
    wide(r) | wide(g) &<< 16 | wide(b) &<< 32 | (p & 0xFFFF_0000_0000_0000)
  }
}
