/// The float half of the compositing vocabulary, the same at every depth: one channel of four pixels as four
/// floats, for the modes that divide (`PixelLanes.planes` and `PixelLanes.pixels` convert).
///
/// Everything here compiles to plain SSE2 with no calls: float-to-int rounding is the 1.5 × 2^23 trick, selections
/// are masks, and the square root is Newton's iteration (the standard library's SIMD `squareRoot()` calls `sqrtf`
/// once per lane).
package enum FloatLanes {
  /// One channel of four pixels.
  package typealias Floats = SIMD4<Float>
  /// A lane mask of four floats.
  package typealias Mask = SIMD4<UInt32>

  /// Rounds to nearest (ties to even) by adding 1.5 × 2^23, which leaves the integer in the low mantissa bits; only
  /// the low 22 bits of the result are meaningful (the low 8 or 16 are used).
  @inline(__always)
  static func rounded(_ x: Floats) -> Mask {
    unsafeBitCast(x + 12_582_912, to: Mask.self)
  }

  /// All ones in the lanes whose sign bit is set (negative numbers, and −0), zeros elsewhere (`psrad`).
  ///
  /// The float kernels select with masks made this way from differences, `negative(a − b)` for `a < b`, rather than
  /// with comparisons and `replacing(with:where:)`: a comparison's mask cannot be reinterpreted as integer lanes
  /// without the optimiser rebuilding it lane by lane, and in the optimiser's intermediate form each `replacing` is
  /// a loop over the lanes, enough of which make a kernel too large for it to inline into.
  @inline(__always)
  static func negative(_ x: Floats) -> Mask {
    unsafeBitCast(unsafeBitCast(x, to: SIMD4<Int32>.self) &>> 31, to: Mask.self)
  }

  /// `a` where `mask` is set, `b` elsewhere (`andps`, `andnps`, `orps`).
  @inline(__always)
  static func select(_ mask: Mask, _ a: Floats, _ b: Floats) -> Floats {
    unsafeBitCast((unsafeBitCast(a, to: Mask.self) & mask) | (unsafeBitCast(b, to: Mask.self) & ~mask),
      to: Floats.self)
  }

  /// `x` clamped to 0…limit, for finite values.
  @inline(__always)
  static func clamped(_ x: Floats, to limit: Floats) -> Floats {
    let below = select(negative(limit - x), limit, x)
    return unsafeBitCast(unsafeBitCast(below, to: Mask.self) & ~negative(below), to: Floats.self)
  }

  /// Added to a divisor that is a whole number (a channel or a sum of channels) so that it is never zero: it
  /// vanishes in the rounding of any divisor of 1 or more (it is a quarter of the spacing of floats at 1), and turns
  /// 0 into a tiny positive number, so the quotient is finite and a product with 0 stays 0 (no NaN from 0/0).
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
    var y = unsafeBitCast(0x5F37_5A86 &- (unsafeBitCast(x, to: Mask.self) &>> 1), to: Floats.self)
    let half = x * 0.5
    y = y * (1.5 - half * y * y)
    y = y * (1.5 - half * y * y)
    return x * y
  }
}
