/// The span kernels: each blends `count` source pixels onto `count` backdrop pixels, four at a time, with the
/// formulas of `BlendFormulas`; `run` is the loop, one `BlendKernel` type per mode (`SpanKernels+Modes.swift`) the
/// block of four, and the functions below the parts those blocks share.
///
/// The last 1…3 pixels of a span go through the very same code on a zero-padded copy, so the tail cannot disagree
/// with the body by a single bit, and a pixel's result never depends on where it sits in a span. Fast paths work
/// per block: four transparent source pixels are skipped by the modes that keep the backdrop under them, four
/// opaque ones are copied by source-over; both give the bytes the full formula would.
///
/// `opacity` is a coverage in 0…255 (255 = fully drawn). The Porter-Duff operators, source-over and the plus modes
/// scale the source by it first (rounded), as the W3C `globalAlpha` does: their results move by less than one
/// level per level of the source, so that stays within ±1. The other blend modes are not linear in the source's
/// colour (a rounded colour can change `B` a lot where alpha is small), so they blend at full strength and then
/// mix with the backdrop, `co = cb + (o/255)·(co₁ − cb)`: the same value in exact arithmetic.
enum SpanKernels {
  typealias Pixels = PixelLanes.Pixels
  typealias L = PixelLanes.Lanes
  typealias F = PixelLanes.Floats
  typealias B = BlendFormulas
  /// The four channels of four pixels, as floats in 0…255.
  typealias Planes = (r: F, g: F, b: F, a: F)
  /// Source and backdrop of four pixels in 16-bit lanes, with each pixel's alphas in both of its lanes.
  typealias Halves = (srb: L, sga: L, drb: L, dga: L, sa: L, da: L)

  /// Blends the span with `kernel`: whole blocks of four in place, the last 1…3 pixels through `tail`.
  @inline(never)
  static func run<K: BlendKernel>(
    _ kernel: K.Type, _ source: UnsafePointer<UInt32>, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int,
    _ opacity: UInt16
  ) {
    let whole = count & ~3
    // Full opacity gets a loop of its own (the usual case, and the one the modes' fast paths are for): the opacity
    // is then a constant, and the checks for it fold away.
    if K.specialisesFullOpacity && opacity == 255 {
      blocks(K.self, source, destination, whole, opacity: 255)
    } else {
      blocks(K.self, source, destination, whole, opacity: opacity)
    }
    if whole < count { tail(K.self, source + whole, destination + whole, count - whole, opacity) }
  }

  /// The loop over whole blocks, with the fast paths.
  @inline(__always)
  static func blocks<K: BlendKernel>(
    _ kernel: K.Type, _ source: UnsafePointer<UInt32>, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int,
    opacity: UInt16
  ) {
    var i = 0
    if K.specialisesFullOpacity {
      // The cheap modes go two blocks a step, with one check of the fast paths for both: half the branches and
      // loop overhead, which are a third of their instructions. (The formulas give the fast paths' bytes anyway,
      // so a pair that is only partly transparent or opaque just takes the general path.)
      while i &+ 8 <= count {
        let p = source + i
        let d = destination + i
        i &+= 8
        if K.keepsBackdrop && PixelLanes.isTransparent(p) && PixelLanes.isTransparent(p + 4) { continue }
        let s0 = PixelLanes.load(p)
        let s1 = PixelLanes.load(p + 4)
        if K.copiesOpaque && opacity == 255 && PixelLanes.isOpaque(p) && PixelLanes.isOpaque(p + 4) {
          PixelLanes.store(s0, d)
          PixelLanes.store(s1, d + 4)
          continue
        }
        PixelLanes.store(K.block(s0, PixelLanes.load(d), opacity: opacity), d)
        PixelLanes.store(K.block(s1, PixelLanes.load(d + 4), opacity: opacity), d + 4)
      }
    }
    while i < count {
      let p = source + i
      let d = destination + i
      i &+= 4
      if K.keepsBackdrop && PixelLanes.isTransparent(p) { continue }
      let s = PixelLanes.load(p)
      if K.copiesOpaque && opacity == 255 && PixelLanes.isOpaque(p) {
        PixelLanes.store(s, d)
        continue
      }
      PixelLanes.store(K.block(s, PixelLanes.load(d), opacity: opacity), d)
    }
  }

  /// The last 1…3 pixels, through the same block as the others on a zero-padded copy: the tail cannot disagree with
  /// the body by a single bit. (Out of line, so that the loop's function does not hold a second copy of the block.)
  @inline(never)
  static func tail<K: BlendKernel>(
    _ kernel: K.Type, _ source: UnsafePointer<UInt32>, _ destination: UnsafeMutablePointer<UInt32>, _ count: Int,
    _ opacity: UInt16
  ) {
    var padded = (Pixels(), Pixels())
    withUnsafeMutableBytes(of: &padded) { padded in
      let s = padded.baseAddress!.assumingMemoryBound(to: UInt32.self)
      s.update(from: source, count: count)
      (s + 4).update(from: destination, count: count)
      blocks(K.self, s, s + 4, 4, opacity: opacity)
      destination.update(from: s + 4, count: count)
    }
  }

  // MARK: - Integer modes

  /// The 16-bit lanes of four source and four backdrop pixels.
  @inline(__always)
  static func halves(_ s: Pixels, _ d: Pixels) -> Halves {
    let (srb, sga) = PixelLanes.split(s)
    let (drb, dga) = PixelLanes.split(d)
    return (srb, sga, drb, dga, PixelLanes.alphas(sga), PixelLanes.alphas(dga))
  }

  /// Pixels from formula results `N = 255·co` (a Porter-Duff operator's, whose source was scaled first).
  @inline(__always)
  static func divided(_ rb: L, _ ga: L) -> Pixels { PixelLanes.join(PixelLanes.div255(rb), PixelLanes.div255(ga)) }

  /// Pixels from a blend mode's results `N = 255·co₁` at full strength, mixed with the backdrop for a partial
  /// opacity.
  @inline(__always)
  static func mixed(_ rb: L, _ ga: L, _ h: Halves, opacity: UInt16) -> Pixels {
    var rb = PixelLanes.div255(rb)
    var ga = PixelLanes.div255(ga)
    if opacity != 255 {
      let o = L(repeating: opacity)
      rb = PixelLanes.div255(rb &* o &+ h.drb &* (255 &- o))
      ga = PixelLanes.div255(ga &* o &+ h.dga &* (255 &- o))
    }
    return PixelLanes.join(rb, ga)
  }

  /// A green-alpha result with the source-over alpha, `N = 255·(αs + αb) − αs·αb`, in its alpha lanes (for the modes
  /// whose formula gives another alpha).
  @inline(__always)
  static func sourceOverAlpha(_ ga: L, _ h: Halves) -> L {
    PixelLanes.replacingAlpha(ga, with: B.screen(h.sa, h.da, h.sa, h.da))
  }

  /// Source-over, `cs + cb·(1 − αs)`: the same bytes as `BlendFormulas.sourceOver` with one multiplication fewer
  /// per lane (adding `cs` after the rounded division is exact).
  @inline(__always)
  static func sourceOver(_ s: Pixels, _ d: Pixels, opacity: UInt16) -> Pixels {
    let s = scaled(s, by: opacity)
    let k = PixelLanes.alphas(ofTop: ~s)
    let (rb, ga) = PixelLanes.split(d)
    return s &+ PixelLanes.join(PixelLanes.div255(rb &* k), PixelLanes.div255(ga &* k))
  }

  /// Every channel times `opacity / 255`, rounded.
  @inline(__always)
  static func scaled(_ s: Pixels, by opacity: UInt16) -> Pixels {
    guard opacity != 255 else { return s }
    let o = L(repeating: opacity)
    let (rb, ga) = PixelLanes.split(s)
    return PixelLanes.join(PixelLanes.div255(rb &* o), PixelLanes.div255(ga &* o))
  }

  /// `plus-lighter`: a saturating add of the bytes (`paddusb`).
  @inline(__always)
  static func plusLighter(_ s: Pixels, _ d: Pixels, opacity: UInt16) -> Pixels {
    let a = unsafeBitCast(scaled(s, by: opacity), to: SIMD16<UInt8>.self)
    let sum = a &+ unsafeBitCast(d, to: SIMD16<UInt8>.self)
    return unsafeBitCast(sum.replacing(with: SIMD16<UInt8>(repeating: 255), where: sum .< a), to: Pixels.self)
  }

  /// `plus-darker`: `αo = min(255, αs + αb)`, `co = max(0, αo − ((αs − cs) + (αb − cb)))` in signed 16-bit lanes
  /// (the same expression gives the alpha, where `cs = αs`, `cb = αb`).
  @inline(__always)
  static func plusDarker(_ s: Pixels, _ d: Pixels, opacity: UInt16) -> Pixels {
    let (srb, sga) = PixelLanes.split(scaled(s, by: opacity))
    let (drb, dga) = PixelLanes.split(d)
    let sa = PixelLanes.alphas(sga)
    let da = PixelLanes.alphas(dga)
    let alpha = PixelLanes.min(sa &+ da, L(repeating: 255))
    return PixelLanes.join(BlendFormulas.plusDarker(srb, drb, sa, da, alpha),
      BlendFormulas.plusDarker(sga, dga, sa, da, alpha))
  }

  // MARK: - Float modes

  /// The colour planes of a block.
  @inline(__always)
  static func rgb(_ p: Planes) -> B.RGB { (p.r, p.g, p.b) }

  /// `N = 255·co` of a non-separable mode's colours from its `αs·αb·B` term.
  @inline(__always)
  static func composited(_ term: B.RGB, _ s: Planes, _ d: Planes) -> (F, F, F) {
    let ks = B.inv(d.a)
    let kd = B.inv(s.a)
    return (s.r * ks + d.r * kd + term.r, s.g * ks + d.g * kd + term.g, s.b * ks + d.b * kd + term.b)
  }

  /// Pixels from a float mode's colours `N = 255·co₁` at full strength: the source-over alpha, the mix with the
  /// backdrop for a partial opacity, colours clamped to 0…alpha (float rounding must not make a pixel invalid, nor
  /// a tiny negative value wrap), one rounding.
  @inline(__always)
  static func rounded(_ colors: (F, F, F), _ s: Planes, _ d: Planes, opacity: UInt16) -> Pixels {
    // Mixed unconditionally (exact at full opacity, where `take` is 1 and `keep` 0): a branch here leads the
    // optimiser into shuffling lanes between the planes.
    let keep = F(repeating: Float(255 &- opacity))
    let take = F(repeating: Float(opacity) / 255)
    let r = colors.0 * take + d.r * keep
    let g = colors.1 * take + d.g * keep
    let b = colors.2 * take + d.b * keep
    let a = ((s.a + d.a) * 255 - s.a * d.a) * take + d.a * keep
    return PixelLanes.pixels(r: PixelLanes.clamped(r, to: a), g: PixelLanes.clamped(g, to: a),
      b: PixelLanes.clamped(b, to: a), a: a)
  }
}
