/// The kernels of the extended-box Gaussian (see `GaussianKernel`): one pass along a row, and one step of a pass
/// down a strip of columns, on `SIMD4<Int32>` elements (an RGBA pixel, or four coverage values).
///
/// Values between passes are fixed point with 8 fractional bits for 8-bit pixels (a byte 255 is 65 280) and whole
/// numbers for 16-bit ones (0 … 65 535), in 32-bit lanes except the horizontal results kept for the vertical passes,
/// which fit 16 bits either way; every running sum is an exact integer,
/// so a pixel's result depends only on its neighbourhood, never on where a row or a strip began: any tiling, any
/// order of requests, gives the same bytes. Each output is `(S + α·(e₁ + e₂)) × scale` in `Float`
/// from the exact window sum S and the two edge values, rounded by the 1.5·2²³ trick (no out-of-line conversion).
/// Sums stay below 2³¹ for inner radii up to 16 000. At 16 bits each pass rounds to a whole 16-bit value, an error
/// of at most ½ in 65 535 that the later passes average rather than add up.
enum BoxBlur {
  /// One axis' passes: the inner radius r, the edge fraction α and the normalisation 1 / (2r + 1 + 2α), for pixels
  /// of `depth` bits a channel (coverage is 8).
  struct Plan: Sendable {
    let radius: Int
    let alpha: Float
    let norm: Float
    /// 8 or 16.
    let depth: Int

    init(radius: Int, alpha: Double, depth: Int = 8) {
      self.radius = radius
      self.alpha = Float(alpha)
      norm = Float(1 / (Double(2 * radius + 1) + 2 * alpha))
      self.depth = depth
    }

    /// Fractional bits of the values between passes: 8 for 8-bit channels, none for 16-bit ones (whose values use
    /// the 16 bits the kept rows have).
    var fractionBits: Int { depth == 8 ? 8 : 0 }

    /// How far one pass reads from its centre: r + 1.
    var lead: Int { radius + 1 }
    /// How far the three passes read: 3(r + 1).
    var reach: Int { 3 * lead }
    /// From bytes to fixed point.
    var firstScale: Float { norm * Float(1 << fractionBits) }
    /// Fixed point to fixed point.
    var middleScale: Float { norm }
    /// Fixed point to 0 … 255 (0 … 65 535).
    var lastScale: Float { norm / Float(1 << fractionBits) }
  }

  /// Rounds to the nearest integer (ties to even) for |value| < 2²², as one add and one subtract.
  @inline(__always)
  static func round(_ value: SIMD4<Float>) -> SIMD4<Int32> {
    let magic: Float = 12_582_912
    return unsafeBitCast(value + magic, to: SIMD4<Int32>.self) &- 0x4B40_0000
  }

  /// Rounds as `round`, to 16 bits: values between passes are at most 255 · 2⁸ = 65 280 (65 535 at 16 bits).
  @inline(__always)
  static func half(_ value: SIMD4<Float>) -> SIMD4<UInt16> { SIMD4<UInt16>(truncatingIfNeeded: round(value)) }

  /// One pass along a row: `output[i]` is the box centred on `input[i + r + 1]`, for `i` in `0 ..< count`; `input`
  /// must hold `count + 2r + 2` elements. `store` rounds each result to the output's type (`round` for the 32-bit
  /// passes, `half` for the last horizontal pass, whose rows are kept in 16 bits).
  @inline(__always)
  static func pass<Output>(
    _ input: UnsafePointer<SIMD4<Int32>>, _ output: UnsafeMutablePointer<Output>, count: Int, plan: Plan,
    scale: Float, store: (SIMD4<Float>) -> Output
  ) {
    let r = plan.radius
    var sum = SIMD4<Int32>.zero
    var j = 1
    while j <= 2 &* r &+ 1 {
      sum &+= input[j]
      j &+= 1
    }
    let alpha = SIMD4<Float>(repeating: plan.alpha)
    let factor = SIMD4<Float>(repeating: scale)
    let leaving = input + 1
    let entering = input + (2 &* r &+ 2)
    // Two outputs an iteration: half the loop overhead, and no register copies for the carried sum and edge.
    var edge = input[0]
    var i = 0
    while i &+ 1 < count {
      let e0 = entering[i]
      let l0 = leaving[i]
      let e1 = entering[i &+ 1]
      let l1 = leaving[i &+ 1]
      output[i] = store((SIMD4<Float>(sum) + SIMD4<Float>(e0 &+ edge) * alpha) * factor)
      let next = sum &+ (e0 &- l0)
      output[i &+ 1] = store((SIMD4<Float>(next) + SIMD4<Float>(e1 &+ l0) * alpha) * factor)
      sum = next &+ (e1 &- l1)
      edge = l1
      i &+= 2
    }
    if i < count {
      output[i] = store((SIMD4<Float>(sum) + SIMD4<Float>(entering[i] &+ edge) * alpha) * factor)
    }
  }

  /// The three passes along a row: `input` holds `count + 2·reach` whole-number elements (`reach` = 3(r + 1)
  /// beyond each end of the output), `output` receives `count` fixed-point elements, in 16 bits: the horizontal
  /// results are what the blur keeps of whole rows (`BlurStreams`), and half the bytes halve the memory traffic.
  /// `scratch` must hold `2·(count + 2·reach)` elements.
  static func row(
    _ input: UnsafePointer<SIMD4<Int32>>, count: Int, into output: UnsafeMutablePointer<SIMD4<UInt16>>,
    scratch: UnsafeMutablePointer<SIMD4<Int32>>, plan: Plan
  ) {
    let lead = plan.lead
    let first = scratch
    let second = scratch + (count + 2 * plan.reach)
    pass(input, first, count: count + 4 * lead, plan: plan, scale: plan.firstScale, store: round)
    pass(first, second, count: count + 2 * lead, plan: plan, scale: plan.middleScale, store: round)
    pass(second, output, count: count, plan: plan, scale: plan.middleScale, store: half)
  }

  /// One row of a pass down a strip: with `sum` holding the window rows y − r … y + r, writes row y from it and the
  /// edge rows y − r − 1 (`low`) and y + r + 1 (`high`), then moves the window down by one (adds `high`, drops
  /// `leaving`, row y − r). `load` widens a row's element (16-bit rows for the first vertical pass, which reads the
  /// kept horizontal results; 32-bit for the others).
  @inline(__always)
  static func step<Input>(
    sum: UnsafeMutablePointer<SIMD4<Int32>>, low: UnsafePointer<Input>, high: UnsafePointer<Input>,
    leaving: UnsafePointer<Input>, into output: UnsafeMutablePointer<SIMD4<Int32>>, count: Int, plan: Plan,
    load: (Input) -> SIMD4<Int32>
  ) {
    let alpha = SIMD4<Float>(repeating: plan.alpha)
    let factor = SIMD4<Float>(repeating: plan.middleScale)
    var e = 0
    while e &+ 1 < count {
      let h0 = load(high[e])
      let h1 = load(high[e &+ 1])
      let s0 = sum[e]
      let s1 = sum[e &+ 1]
      output[e] = round((SIMD4<Float>(s0) + SIMD4<Float>(h0 &+ load(low[e])) * alpha) * factor)
      output[e &+ 1] = round((SIMD4<Float>(s1) + SIMD4<Float>(h1 &+ load(low[e &+ 1])) * alpha) * factor)
      sum[e] = s0 &+ (h0 &- load(leaving[e]))
      sum[e &+ 1] = s1 &+ (h1 &- load(leaving[e &+ 1]))
      e &+= 2
    }
    if e < count {
      let h0 = load(high[e])
      let s0 = sum[e]
      output[e] = round((SIMD4<Float>(s0) + SIMD4<Float>(h0 &+ load(low[e])) * alpha) * factor)
      sum[e] = s0 &+ (h0 &- load(leaving[e]))
    }
  }


  /// The last step of the last pass for RGBA: rounds to `Pixel`'s channels and packs premultiplied pixels. (Box
  /// averages of valid premultiplied pixels are valid: every operation is monotone, so colour never overtakes alpha.)
  @inline(__always)
  static func lastStep<Pixel: StoredPixel>(
    sum: UnsafeMutablePointer<SIMD4<Int32>>, low: UnsafePointer<SIMD4<Int32>>, high: UnsafePointer<SIMD4<Int32>>,
    leaving: UnsafePointer<SIMD4<Int32>>, into output: UnsafeMutablePointer<Pixel>, count: Int, plan: Plan
  ) {
    let alpha = SIMD4<Float>(repeating: plan.alpha)
    let factor = SIMD4<Float>(repeating: plan.lastScale)
    var e = 0
    while e &+ 1 < count {
      let h0 = high[e]
      let h1 = high[e &+ 1]
      let s0 = sum[e]
      let s1 = sum[e &+ 1]
      output[e] = Pixel.pack((SIMD4<Float>(s0) + SIMD4<Float>(h0 &+ low[e]) * alpha) * factor)
      output[e &+ 1] = Pixel.pack((SIMD4<Float>(s1) + SIMD4<Float>(h1 &+ low[e &+ 1]) * alpha) * factor)
      sum[e] = s0 &+ (h0 &- leaving[e])
      sum[e &+ 1] = s1 &+ (h1 &- leaving[e &+ 1])
      e &+= 2
    }
    if e < count {
      let h0 = high[e]
      let s0 = sum[e]
      output[e] = Pixel.pack((SIMD4<Float>(s0) + SIMD4<Float>(h0 &+ low[e]) * alpha) * factor)
      sum[e] = s0 &+ (h0 &- leaving[e])
    }
  }

  /// The last step of the last pass for coverage: four values per element, as `Float` in 0 … 255.
  @inline(__always)
  static func lastStep(
    sum: UnsafeMutablePointer<SIMD4<Int32>>, low: UnsafePointer<SIMD4<Int32>>, high: UnsafePointer<SIMD4<Int32>>,
    leaving: UnsafePointer<SIMD4<Int32>>, into output: UnsafeMutablePointer<SIMD4<Float>>, count: Int, plan: Plan
  ) {
    let alpha = SIMD4<Float>(repeating: plan.alpha)
    let factor = SIMD4<Float>(repeating: plan.lastScale)
    var e = 0
    while e < count {
      let entering = high[e]
      let s = sum[e]
      output[e] = (SIMD4<Float>(s) + SIMD4<Float>(entering &+ low[e]) * alpha) * factor
      sum[e] = s &+ (entering &- leaving[e])
      e += 1
    }
  }

  /// 16-bit values widened (zero-extended) to 32 bits.
  @inline(__always)
  static func wide(_ value: SIMD4<UInt16>) -> SIMD4<Int32> { SIMD4<Int32>(truncatingIfNeeded: value) }

  /// The sum of `rows` (each from `row`, widened by `load`): a pass's window before its first step.
  @inline(__always)
  static func sum<Input>(
    _ rows: ClosedRange<Int>, of row: (Int) -> UnsafePointer<Input>, into sum: UnsafeMutablePointer<SIMD4<Int32>>,
    count: Int, load: (Input) -> SIMD4<Int32>
  ) {
    sum.update(repeating: .zero, count: count)
    for y in rows {
      let source = row(y)
      var e = 0
      while e < count {
        sum[e] &+= load(source[e])
        e += 1
      }
    }
  }

}
