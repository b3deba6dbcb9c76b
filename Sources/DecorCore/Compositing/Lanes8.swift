/// `PixelLanes` at 8 bits: four RGBA8 pixels at a time, as two vectors of 16-bit lanes.
///
/// Everything here compiles to plain SSE2 on x86-64 (the baseline Swift targets) with no calls: the exact division
/// by 255 is pixman's multiply-high (`pmulhuw`), selections are masks (`pand`/`pandn`/`por`).
package enum Lanes8: PixelLanes {
  /// One pixel as stored: byte order R, G, B, A.
  package typealias Pixel = UInt32
  /// Four pixels as stored.
  package typealias Pixels = SIMD4<UInt32>
  /// Two channels of four pixels, 16 bits each: `[r0, b0, r1, b1, …]` or `[g0, a0, g1, a1, …]`.
  package typealias Lanes = U16x8
  /// The vector inside `Lanes`.
  typealias V = SIMD8<UInt16>
  package typealias Floats = FloatLanes.Floats

  @inline(__always) package static var one: UInt16 { 255 }
  @inline(__always) package static var oneFloat: Float { 255 }

  // MARK: - Memory

  @inline(__always)
  package static func load(_ pointer: UnsafePointer<UInt32>) -> Pixels {
    UnsafeRawPointer(pointer).loadUnaligned(as: Pixels.self)
  }

  @inline(__always)
  package static func store(_ pixels: Pixels, _ pointer: UnsafeMutablePointer<UInt32>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: pixels, as: Pixels.self)
  }

  /// Whether the four pixels at `p` all have alpha 0, and whether they all have alpha 255, from their alphas OR-ed
  /// and AND-ed as two 64-bit words, in scalar registers: the vector units are what the kernels are short of, and
  /// reducing a vector already loaded would take its lanes apart (the optimiser then reuses those lanes and
  /// computes a float kernel's pixels from them in scalar code).
  @inline(__always)
  package static func alphas(_ p: UnsafePointer<UInt32>) -> (transparent: Bool, opaque: Bool) {
    let p = UnsafeRawPointer(p)
    let w0 = p.loadUnaligned(as: UInt64.self)
    let w1 = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    let mask: UInt64 = 0xFF00_0000_FF00_0000
    return ((w0 | w1) & mask == 0, (w0 & w1) & mask == mask)
  }

  // MARK: - 16-bit lanes

  /// The red-blue and green-alpha halves of four pixels.
  @inline(__always)
  package static func split(_ p: Pixels) -> (rb: Lanes, ga: Lanes) {
    (Lanes(unsafeBitCast(p & 0x00FF_00FF, to: V.self)), Lanes(unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: V.self)))
  }

  /// Four pixels from their halves; every lane must be at most 255 (the red-blue one is masked so that a bad value
  /// cannot spill into its neighbour, the green-alpha shift drops the excess by itself). (With `highBytes` for the
  /// shift, the optimiser turns the whole join into two packs and an unpack, two instructions more.)
  @inline(__always)
  package static func join(_ rb: Lanes, _ ga: Lanes) -> Pixels {
    unsafeBitCast(rb.v & 0x00FF, to: Pixels.self) | unsafeBitCast(ga.v &<< 8, to: Pixels.self)
  }

  /// Each lane's low byte moved up into its high byte, the low byte cleared: `ga << 8`, written as a byte shuffle
  /// (one `psllw` all the same). Written as a shift, the optimiser merges it with the division by 255 before it
  /// (`pmulhuw` by 257, then the shift) into an add, a shift and a mask on the undivided value: four instructions
  /// instead of two, a tenth of a one-term Porter-Duff operator (`SpanKernels.products`).
  @inline(__always)
  static func highBytes(_ ga: V) -> Pixels {
    let b = unsafeBitCast(ga, to: SIMD16<UInt8>.self)
    return unsafeBitCast(
      SIMD16<UInt8>(0, b[0], 0, b[2], 0, b[4], 0, b[6], 0, b[8], 0, b[10], 0, b[12], 0, b[14]), to: Pixels.self)
  }

  /// The alpha of each pixel in both of its lanes, from a green-alpha half: `[a0, a0, a1, a1, …]`. Written as a
  /// lane shuffle, which becomes `pshuflw` and `pshufhw`; shifting and masking the same in 32-bit lanes leads the
  /// optimiser into inserting single lanes by hand.
  @inline(__always)
  package static func alphas(_ ga: Lanes) -> Lanes {
    let g = ga.v
    return Lanes(V(g[1], g[1], g[3], g[3], g[5], g[5], g[7], g[7]))
  }

  /// The top byte of each pixel in both of its lanes: `alphas(ofTop: p)` are the alphas, `alphas(ofTop: ~p)` their
  /// complements `255 − α` (cheaper than subtracting, which leads the optimiser into a detour through bytes).
  @inline(__always)
  package static func alphas(ofTop p: Pixels) -> Lanes {
    let x = unsafeBitCast(p &>> 24, to: V.self)
    return Lanes(V(x[0], x[0], x[2], x[2], x[4], x[4], x[6], x[6]))
  }

  /// The green-alpha half `ga` with its alpha lanes taken from `alpha`.
  @inline(__always)
  package static func replacingAlpha(_ ga: Lanes, with alpha: Lanes) -> Lanes {
    let (g, a) = (ga.v, alpha.v)
    return Lanes(V(g[0], a[1], g[2], a[3], g[4], a[5], g[6], a[7]))
  }

  /// `round(x / 255)`, exact for 0 ≤ x ≤ 65025 (any product of two bytes, or a sum of such products that is):
  /// pixman's `((x + 128) × 257) >> 16`, one `paddw` and one `pmulhuw` (equal to `(t + (t >> 8)) >> 8` with
  /// `t = x + 128`, two instructions longer). The widening is spelt out lane by lane: the standard library's
  /// `init(truncatingIfNeeded:)` does the same but is left as a call in some builds.
  @inline(__always)
  package static func div255(_ x: Lanes) -> Lanes {
    let t = x.v &+ 128
    let wide = SIMD8<UInt32>(UInt32(t[0]), UInt32(t[1]), UInt32(t[2]), UInt32(t[3]), UInt32(t[4]), UInt32(t[5]),
      UInt32(t[6]), UInt32(t[7]))
    let w = (wide &* 257) &>> 16
    return Lanes(V(UInt16(truncatingIfNeeded: w[0]), UInt16(truncatingIfNeeded: w[1]),
      UInt16(truncatingIfNeeded: w[2]), UInt16(truncatingIfNeeded: w[3]), UInt16(truncatingIfNeeded: w[4]),
      UInt16(truncatingIfNeeded: w[5]), UInt16(truncatingIfNeeded: w[6]), UInt16(truncatingIfNeeded: w[7])))
  }


  @inline(__always) package static func divide(_ x: Lanes) -> Lanes { div255(x) }
  @inline(__always) package static func sum(_ a: Pixels, _ b: Pixels) -> Pixels { a &+ b }
  @inline(__always) package static func complement(_ p: Pixels) -> Pixels { ~p }

  /// Pixels from lanes that are products of two bytes: the quotients are at most 255 whatever the inputs, so the
  /// halves are joined without masking, and with `highBytes`.
  @inline(__always)
  package static func products(_ rb: Lanes, _ ga: Lanes) -> Pixels {
    unsafeBitCast(div255(rb).v, to: Pixels.self) | highBytes(div255(ga).v)
  }

  /// A saturating add of the bytes (`paddusb`).
  @inline(__always)
  package static func saturatingAdd(_ a: Pixels, _ b: Pixels) -> Pixels {
    let a = unsafeBitCast(a, to: SIMD16<UInt8>.self)
    let sum = a &+ unsafeBitCast(b, to: SIMD16<UInt8>.self)
    return unsafeBitCast(sum.replacing(with: SIMD16<UInt8>(repeating: 255), where: sum .< a), to: Pixels.self)
  }

  // MARK: - Float planes

  /// The four channels of four pixels as floats in 0…255.
  @inline(__always)
  package static func planes(_ p: Pixels) -> (r: Floats, g: Floats, b: Floats, a: Floats) {
    (float(p & 0xFF), float((p &>> 8) & 0xFF), float((p &>> 16) & 0xFF), float(p &>> 24))
  }

  /// Lanes below 2^31 as floats (`cvtdq2ps`; an unsigned conversion would take several instructions).
  @inline(__always)
  static func float(_ x: Pixels) -> Floats { Floats(unsafeBitCast(x, to: SIMD4<Int32>.self)) }

  /// Four pixels from channel values in units of 255 × a byte (`255·c`), each divided by 255 and rounded to
  /// nearest. Values must lie in about −127…65152; beyond, the channel's bits are wrong but do not reach its
  /// neighbours.
  @inline(__always)
  package static func pixels(r: Floats, g: Floats, b: Floats, a: Floats) -> Pixels {
    let scale: Float = 1 / 255
    typealias F = FloatLanes
    return (F.rounded(r * scale) & 0xFF) | (F.rounded(g * scale) & 0xFF) &<< 8 | (F.rounded(b * scale) & 0xFF) &<< 16
      | F.rounded(a * scale) &<< 24
  }

  @inline(__always)
  package static func pixels(r: FloatLanes.Mask, g: FloatLanes.Mask, b: FloatLanes.Mask, alphaOf p: Pixels)
    -> Pixels
  {
    r | g &<< 8 | b &<< 16 | (p & 0xFF00_0000)
  }
}
