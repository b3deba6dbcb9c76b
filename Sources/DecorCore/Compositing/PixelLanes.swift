/// The SIMD vocabulary of the compositing kernels: four RGBA8 pixels at a time, either as two vectors of 16-bit
/// lanes (red and blue in one, green and alpha in the other) for the integer modes, or as four planes of floats
/// for the modes that divide.
///
/// Everything here compiles to plain SSE2 on x86-64 (the baseline Swift targets) with no calls: the exact division
/// by 255 is pixman's multiply-high (`pmulhuw`), selections are masks (`pand`/`pandn`/`por`), float-to-int rounding
/// is the 1.5 × 2^23 trick, and the square root is Newton's iteration (the standard library's SIMD `squareRoot()`
/// calls `sqrtf` once per lane).
package enum PixelLanes {
  /// Four pixels as stored: byte order R, G, B, A in each 32-bit lane.
  typealias Pixels = SIMD4<UInt32>
  /// Two channels of four pixels, 16 bits each: `[r0, b0, r1, b1, …]` or `[g0, a0, g1, a1, …]`.
  package typealias Lanes = SIMD8<UInt16>
  /// One channel of four pixels.
  package typealias Floats = SIMD4<Float>

  // MARK: - Memory

  @inline(__always)
  static func load(_ pointer: UnsafePointer<UInt32>) -> Pixels {
    UnsafeRawPointer(pointer).loadUnaligned(as: Pixels.self)
  }

  @inline(__always)
  static func store(_ pixels: Pixels, _ pointer: UnsafeMutablePointer<UInt32>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: pixels, as: Pixels.self)
  }

  /// Whether the four pixels at `p` all have alpha 0, and whether they all have alpha 255, from their alphas OR-ed
  /// and AND-ed as two 64-bit words, in scalar registers: the vector units are what the kernels are short of, and
  /// reducing a vector already loaded would take its lanes apart (the optimiser then reuses those lanes and
  /// computes a float kernel's pixels from them in scalar code).
  @inline(__always)
  static func alphas(_ p: UnsafePointer<UInt32>) -> (transparent: Bool, opaque: Bool) {
    let p = UnsafeRawPointer(p)
    let w0 = p.loadUnaligned(as: UInt64.self)
    let w1 = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    let mask: UInt64 = 0xFF00_0000_FF00_0000
    return ((w0 | w1) & mask == 0, (w0 & w1) & mask == mask)
  }

  // MARK: - 16-bit lanes

  /// The red-blue and green-alpha halves of four pixels.
  @inline(__always)
  static func split(_ p: Pixels) -> (rb: Lanes, ga: Lanes) {
    (unsafeBitCast(p & 0x00FF_00FF, to: Lanes.self), unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: Lanes.self))
  }

  /// Four pixels from their halves; every lane must be at most 255 (the red-blue one is masked so that a bad value
  /// cannot spill into its neighbour, the green-alpha shift drops the excess by itself). (With `highBytes` for the
  /// shift, the optimiser turns the whole join into two packs and an unpack, two instructions more.)
  @inline(__always)
  static func join(_ rb: Lanes, _ ga: Lanes) -> Pixels {
    unsafeBitCast(rb & 0x00FF, to: Pixels.self) | unsafeBitCast(ga &<< 8, to: Pixels.self)
  }

  /// Each lane's low byte moved up into its high byte, the low byte cleared: `ga << 8`, written as a byte shuffle
  /// (one `psllw` all the same). Written as a shift, the optimiser merges it with the division by 255 before it
  /// (`pmulhuw` by 257, then the shift) into an add, a shift and a mask on the undivided value: four instructions
  /// instead of two, a tenth of a one-term Porter-Duff operator (`SpanKernels.products`).
  @inline(__always)
  static func highBytes(_ ga: Lanes) -> Pixels {
    let b = unsafeBitCast(ga, to: SIMD16<UInt8>.self)
    return unsafeBitCast(
      SIMD16<UInt8>(0, b[0], 0, b[2], 0, b[4], 0, b[6], 0, b[8], 0, b[10], 0, b[12], 0, b[14]), to: Pixels.self)
  }

  /// The alpha of each pixel in both of its lanes, from a green-alpha half: `[a0, a0, a1, a1, …]`. Written as a
  /// lane shuffle, which becomes `pshuflw` and `pshufhw`; shifting and masking the same in 32-bit lanes leads the
  /// optimiser into inserting single lanes by hand.
  @inline(__always)
  static func alphas(_ ga: Lanes) -> Lanes { Lanes(ga[1], ga[1], ga[3], ga[3], ga[5], ga[5], ga[7], ga[7]) }

  /// The top byte of each pixel in both of its lanes: `alphas(ofTop: p)` are the alphas, `alphas(ofTop: ~p)` their
  /// complements `255 − α` (cheaper than subtracting, which leads the optimiser into a detour through bytes).
  @inline(__always)
  static func alphas(ofTop p: Pixels) -> Lanes {
    let x = unsafeBitCast(p &>> 24, to: Lanes.self)
    return Lanes(x[0], x[0], x[2], x[2], x[4], x[4], x[6], x[6])
  }

  /// The green-alpha half `ga` with its alpha lanes taken from `alpha`.
  @inline(__always)
  static func replacingAlpha(_ ga: Lanes, with alpha: Lanes) -> Lanes {
    Lanes(ga[0], alpha[1], ga[2], alpha[3], ga[4], alpha[5], ga[6], alpha[7])
  }

  /// `round(x / 255)`, exact for 0 ≤ x ≤ 65025 (any product of two bytes, or a sum of such products that is):
  /// pixman's `((x + 128) × 257) >> 16`, one `paddw` and one `pmulhuw` (equal to `(t + (t >> 8)) >> 8` with
  /// `t = x + 128`, two instructions longer). The widening is spelt out lane by lane: the standard library's
  /// `init(truncatingIfNeeded:)` does the same but is left as a call in some builds.
  @inline(__always)
  package static func div255(_ x: Lanes) -> Lanes {
    let t = x &+ 128
    let wide = SIMD8<UInt32>(UInt32(t[0]), UInt32(t[1]), UInt32(t[2]), UInt32(t[3]), UInt32(t[4]), UInt32(t[5]),
      UInt32(t[6]), UInt32(t[7]))
    let w = (wide &* 257) &>> 16
    return Lanes(UInt16(truncatingIfNeeded: w[0]), UInt16(truncatingIfNeeded: w[1]), UInt16(truncatingIfNeeded: w[2]),
      UInt16(truncatingIfNeeded: w[3]), UInt16(truncatingIfNeeded: w[4]), UInt16(truncatingIfNeeded: w[5]),
      UInt16(truncatingIfNeeded: w[6]), UInt16(truncatingIfNeeded: w[7]))
  }

  /// `a` where `x ≤ y`, `b` elsewhere; `x` and `y` must be below 32768. The mask is the sign of `y − x` (`psubw`,
  /// then `pcmpgtw` against zero).
  @inline(__always)
  static func select(_ x: Lanes, atMost y: Lanes, _ a: Lanes, _ b: Lanes) -> Lanes {
    let above = negative(y &- x)
    return (b & above) | (a & ~above)
  }

  /// All ones in the lanes whose value is negative as a signed 16-bit number, zeros elsewhere.
  @inline(__always)
  static func negative(_ x: Lanes) -> Lanes {
    unsafeBitCast(unsafeBitCast(x, to: SIMD8<Int16>.self) &>> 15, to: Lanes.self)
  }

  /// Lane-wise unsigned minimum (`psubusw` and `psubw`).
  @inline(__always)
  static func min(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }

  /// Lane-wise unsigned maximum (`psubusw` and `paddw`).
  @inline(__always)
  static func max(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .> a) }

  // MARK: - Float planes

  /// The four channels of four pixels as floats in 0…255.
  @inline(__always)
  static func planes(_ p: Pixels) -> (r: Floats, g: Floats, b: Floats, a: Floats) {
    (float(p & 0xFF), float((p &>> 8) & 0xFF), float((p &>> 16) & 0xFF), float(p &>> 24))
  }

  /// Lanes below 2^31 as floats (`cvtdq2ps`; an unsigned conversion would take several instructions).
  @inline(__always)
  static func float(_ x: Pixels) -> Floats { Floats(unsafeBitCast(x, to: SIMD4<Int32>.self)) }

  /// Four pixels from channel values in units of 255 × a byte (`255·c`), each divided by 255 and rounded to
  /// nearest. Values must lie in about −127…65152; beyond, the channel's bits are wrong but do not reach its
  /// neighbours.
  @inline(__always)
  static func pixels(r: Floats, g: Floats, b: Floats, a: Floats) -> Pixels {
    let scale: Float = 1 / 255
    return (rounded(r * scale) & 0xFF) | (rounded(g * scale) & 0xFF) &<< 8 | (rounded(b * scale) & 0xFF) &<< 16
      | rounded(a * scale) &<< 24
  }

  /// Rounds to nearest (ties to even) by adding 1.5 × 2^23, which leaves the integer in the low mantissa bits; only
  /// the low 8 bits of the result are meaningful.
  @inline(__always)
  static func rounded(_ x: Floats) -> Pixels {
    unsafeBitCast(x + 12_582_912, to: Pixels.self)
  }

  /// All ones in the lanes whose sign bit is set (negative numbers, and −0), zeros elsewhere (`psrad`).
  ///
  /// The float kernels select with masks made this way from differences, `negative(a − b)` for `a < b`, rather than
  /// with comparisons and `replacing(with:where:)`: a comparison's mask cannot be reinterpreted as integer lanes
  /// without the optimiser rebuilding it lane by lane, and in the optimiser's intermediate form each `replacing` is
  /// a loop over the lanes, enough of which make a kernel too large for it to inline into.
  @inline(__always)
  static func negative(_ x: Floats) -> Pixels {
    unsafeBitCast(unsafeBitCast(x, to: SIMD4<Int32>.self) &>> 31, to: Pixels.self)
  }

  /// `a` where `mask` is set, `b` elsewhere (`andps`, `andnps`, `orps`).
  @inline(__always)
  static func select(_ mask: Pixels, _ a: Floats, _ b: Floats) -> Floats {
    unsafeBitCast((unsafeBitCast(a, to: Pixels.self) & mask) | (unsafeBitCast(b, to: Pixels.self) & ~mask),
      to: Floats.self)
  }

  /// `x` clamped to 0…limit, for finite values.
  @inline(__always)
  static func clamped(_ x: Floats, to limit: Floats) -> Floats {
    let below = select(negative(limit - x), limit, x)
    return unsafeBitCast(unsafeBitCast(below, to: Pixels.self) & ~negative(below), to: Floats.self)
  }

  /// Added to a divisor that is a whole number (a byte or a sum of bytes) so that it is never zero: it vanishes
  /// in the rounding of any divisor of 1 or more (it is a quarter of the spacing of floats at 1), and turns 0 into a
  /// tiny positive number, so the quotient is finite and a product with 0 stays 0 (no NaN from 0/0).
  @inline(__always) static var tiny: Float { 0x1p-25 }

  /// Lane-wise minimum, one `minps`; where `b` is NaN the result is `a`. (Written with the sign of `b − a`, as the
  /// selections are, the optimiser would notice that the operands are whole numbers, move the work into integer
  /// lanes, which SSE2 lacks, and take the kernel apart.)
  @inline(__always)
  static func min(_ a: Floats, _ b: Floats) -> Floats { a.replacing(with: b, where: b .< a) }

  /// Lane-wise maximum, one `maxps`; where `b` is NaN the result is `a`.
  @inline(__always)
  static func max(_ a: Floats, _ b: Floats) -> Floats { a.replacing(with: b, where: b .> a) }

  /// `√x` for x ≥ 0 within a relative 5·10⁻⁶: the bit-level estimate of 1/√x, two Newton steps, times x.
  @inline(__always)
  package static func squareRoot(_ x: Floats) -> Floats {
    var y = unsafeBitCast(0x5F37_5A86 &- (unsafeBitCast(x, to: Pixels.self) &>> 1), to: Floats.self)
    let half = x * 0.5
    y = y * (1.5 - half * y * y)
    y = y * (1.5 - half * y * y)
    return x * y
  }
}
