/// The span kernels at the depth of `P`: each blends `count` source pixels onto `count` backdrop pixels, four at a
/// time, with the formulas of `BlendFormulas`; `run` is the loop, one `BlendKernel` type per mode (`BlendKernels`)
/// the block of four, and the functions below the parts those blocks share.
///
/// The last 1…3 pixels of a span go through the very same code on a zero-padded copy, so the tail cannot disagree
/// with the body by a single bit, and a pixel's result never depends on where it sits in a span. Fast paths work
/// per block, each mode declaring its own (`BlendKernel`): where the four source pixels or the four backdrop pixels
/// are all transparent or all opaque, the result may be the backdrop kept (four transparent source pixels in most
/// modes), transparent pixels (an opaque source in destination-out) or the source copied (an opaque source in
/// source-over, an opaque backdrop in source-in), written without computing: the bytes the formula gives there.
///
/// `opacity` is a coverage in 0…`one` (`one` = fully drawn). The Porter-Duff operators, source-over and the plus modes
/// scale the source by it first (rounded), as the W3C `globalAlpha` does: their results move by less than one
/// level per level of the source, so that stays within ±1. The other blend modes are not linear in the source's
/// colour (a rounded colour can change `B` a lot where alpha is small), so they blend at full strength and then
/// mix with the backdrop, `co = cb + (o/one)·(co₁ − cb)`: the same value in exact arithmetic.
enum SpanKernels<P: PixelLanes> {
  typealias Pixel = P.Pixel
  typealias Pixels = P.Pixels
  typealias L = P.Lanes
  /// A coverage, 0…`one`.
  typealias Coverage = P.Lanes.Scalar
  typealias F = FloatLanes.Floats
  typealias B = BlendFormulas<P>
  /// The four channels of four pixels, as floats in 0…`one`.
  typealias Planes = (r: F, g: F, b: F, a: F)
  /// Source and backdrop of four pixels in integer lanes, with each pixel's alphas in both of its lanes.
  typealias Halves = (srb: L, sga: L, drb: L, dga: L, sa: L, da: L)

  /// Blends the span with `kernel`: whole blocks of four in place, the last 1…3 pixels through `tail`.
  @inline(never)
  static func run<K: BlendKernel>(
    _ kernel: K.Type, _ source: UnsafePointer<Pixel>, _ destination: UnsafeMutablePointer<Pixel>, _ count: Int,
    _ opacity: Coverage
  ) {
    let whole = count & ~3
    if K.specialisesFullOpacity && opacity == P.one {
      fullOpacity(K.self, source, destination, whole)
    } else {
      blocks(K.self, source, destination, whole, opacity: opacity)
    }
    if whole < count { tail(K.self, source + whole, destination + whole, count - whole, opacity) }
  }

  /// Full opacity gets a loop of its own (the usual case, and the one the modes' fast paths are for): the opacity
  /// is then a constant, and the checks for it fold away. A function of its own, so that the loop is inlined here
  /// with that constant even for the modes whose `run` would be too large to take both loops (the optimiser then
  /// outlines one loop for both, with the opacity checked in every block).
  @inline(never)
  static func fullOpacity<K: BlendKernel>(
    _ kernel: K.Type, _ source: UnsafePointer<Pixel>, _ destination: UnsafeMutablePointer<Pixel>, _ count: Int
  ) {
    blocks(K.self, source, destination, count, opacity: P.one)
  }

  /// The loop over whole blocks, with the fast paths.
  @inline(__always)
  static func blocks<K: BlendKernel>(
    _ kernel: K.Type, _ source: UnsafePointer<Pixel>, _ destination: UnsafeMutablePointer<Pixel>, _ count: Int,
    opacity: Coverage
  ) {
    var i = 0
    // The fast paths read the alphas through pointers offset by `hidden`, which is 0 (no span has 2^62 pixels) but
    // not to the optimiser: when it can tell that the words it tests are the pixels the block loads, it builds the
    // block's alpha lanes from those scalar words, lane by lane, or loads their bytes one by one (a fifth slower in
    // destination-in and destination-out; seen in the assembly).
    let hidden = count &>> 62
    // Offset once, before the loops: offset in each step, the pointers cost an address computation or two per step.
    let (testedSource, testedDestination) = (source + hidden, destination + hidden)
    if K.specialisesFullOpacity {
      // The cheap modes go two blocks a step, with one check of the fast paths for both: half the branches and
      // loop overhead, which are a third of their instructions. (The formulas give the fast paths' bytes anyway,
      // so a pair that is only partly transparent or opaque just takes the general path.) Bounded by the last pair's
      // end rather than by `i + 8 ≤ count`, which costs an addition per step besides the increment (a thirteenth of
      // plus-lighter's loop).
      let pairs = count & ~7
      while i < pairs {
        let p = source + i
        let d = destination + i
        let (tp, td) = (testedSource + i, testedDestination + i)
        i &+= 8
        if shortcut(K.self, tp, td, blocks: 2, opacity: opacity) { continue }
        P.store(K.block(P.self, P.load(p), P.load(d), opacity: opacity), d)
        P.store(K.block(P.self, P.load(p + 4), P.load(d + 4), opacity: opacity), d + 4)
      }
    }
    while i < count {
      let p = source + i
      let d = destination + i
      let (tp, td) = (testedSource + i, testedDestination + i)
      i &+= 4
      if shortcut(K.self, tp, td, blocks: 1, opacity: opacity) { continue }
      P.store(K.block(P.self, P.load(p), P.load(d), opacity: opacity), d)
    }
  }

  /// Takes the kernel's shortcut for the `blocks` (1 or 2) blocks of four pixels at `p` and `d` if one applies (their
  /// source or their backdrop alphas all 0 or all `one`), and says whether it did.
  @inline(__always)
  static func shortcut<K: BlendKernel>(
    _ kernel: K.Type, _ p: UnsafePointer<Pixel>, _ d: UnsafeMutablePointer<Pixel>, blocks: Int, opacity: Coverage
  ) -> Bool {
    let full = opacity == P.one
    // Block by block, each test a branch of its own: the four words tested at once are a reduction the optimiser
    // vectorises, which costs the vector units (the kernels' bottleneck) more than the scalar tests cost.
    if K.transparentSource != .none || (K.opaqueSource != .none && full) {
      let a = P.alphas(p)
      let b = blocks == 2 ? P.alphas(p + 4) : a
      if K.transparentSource != .none && a.transparent && b.transparent {
        return take(K.transparentSource, p, d, blocks: blocks)
      }
      if K.opaqueSource != .none && full && a.opaque && b.opaque { return take(K.opaqueSource, p, d, blocks: blocks) }
    }
    // Over a transparent or opaque backdrop a copy of the source is right only at full opacity.
    let transparentBackdrop = K.transparentBackdrop != .none && (K.transparentBackdrop != .copy || full)
    let opaqueBackdrop = K.opaqueBackdrop != .none && (K.opaqueBackdrop != .copy || full)
    if transparentBackdrop || opaqueBackdrop {
      let a = P.alphas(d)
      let b = blocks == 2 ? P.alphas(d + 4) : a
      if transparentBackdrop && a.transparent && b.transparent {
        return take(K.transparentBackdrop, p, d, blocks: blocks)
      }
      if opaqueBackdrop && a.opaque && b.opaque { return take(K.opaqueBackdrop, p, d, blocks: blocks) }
    }
    return false
  }

  /// Writes what `shortcut` says for the `blocks` blocks of four pixels at `p` and `d`; true.
  @inline(__always)
  static func take(
    _ shortcut: BlockShortcut, _ p: UnsafePointer<Pixel>, _ d: UnsafeMutablePointer<Pixel>, blocks: Int
  ) -> Bool {
    for b in 0..<blocks {
      switch shortcut {
      case .none, .keep: break
      case .clear: P.store(.zero, d + 4 &* b)
      case .copy: P.store(P.load(p + 4 &* b), d + 4 &* b)
      }
    }
    return true
  }

  /// The last 1…3 pixels, through the same block as the others on a zero-padded copy: the tail cannot disagree with
  /// the body by a single bit. (Out of line, so that the loop's function does not hold a second copy of the block.)
  @inline(never)
  static func tail<K: BlendKernel>(
    _ kernel: K.Type, _ source: UnsafePointer<Pixel>, _ destination: UnsafeMutablePointer<Pixel>, _ count: Int,
    _ opacity: Coverage
  ) {
    var padded = (Pixels(), Pixels())
    withUnsafeMutableBytes(of: &padded) { padded in
      let s = padded.baseAddress!.assumingMemoryBound(to: Pixel.self)
      s.update(from: source, count: count)
      (s + 4).update(from: destination, count: count)
      blocks(K.self, s, s + 4, 4, opacity: opacity)
      destination.update(from: s + 4, count: count)
    }
  }

  // MARK: - Integer modes

  /// The integer lanes of four source and four backdrop pixels.
  @inline(__always)
  static func halves(_ s: Pixels, _ d: Pixels) -> Halves {
    let (srb, sga) = P.split(s)
    let (drb, dga) = P.split(d)
    return (srb, sga, drb, dga, P.alphas(sga), P.alphas(dga))
  }

  /// The integer lanes of four source and four backdrop pixels for the Porter-Duff operators with one term (the
  /// source or the backdrop times an alpha or its complement), with each pixel's alphas taken from its top byte
  /// (those operators need no green-alpha lanes of the other side). With `complemented`, for the formulas that
  /// multiply by `inv(α)`: the alphas are given as `inv` of the complements taken from the pixels' bits, `~p`, so
  /// that the formula's `inv` cancels and no subtraction is left (subtracting the broadcast alphas leads the optimiser
  /// into a detour of some ten instructions through bytes). The lanes a formula does not use are never computed.
  @inline(__always)
  static func factors(_ s: Pixels, _ d: Pixels, complemented: Bool = false) -> Halves {
    let (srb, sga) = P.split(s)
    let (drb, dga) = P.split(d)
    if complemented {
      return (srb, sga, drb, dga, B.inv(P.alphas(ofTop: P.complement(s))), B.inv(P.alphas(ofTop: P.complement(d))))
    }
    return (srb, sga, drb, dga, P.alphas(ofTop: s), P.alphas(ofTop: d))
  }

  /// Pixels from formula results `N = one·co` (a Porter-Duff operator's, whose source was scaled first).
  @inline(__always)
  static func divided(_ rb: L, _ ga: L) -> Pixels { P.join(P.divide(rb), P.divide(ga)) }

  /// Pixels from a blend mode's results `N = one·co₁` at full strength, mixed with the backdrop for a partial
  /// opacity.
  @inline(__always)
  static func mixed(_ rb: L, _ ga: L, _ h: Halves, opacity: Coverage) -> Pixels {
    var rb = P.divide(rb)
    var ga = P.divide(ga)
    if opacity != P.one {
      let o = L(repeating: opacity)
      rb = P.divide(rb &* o &+ h.drb &* (P.one &- o))
      ga = P.divide(ga &* o &+ h.dga &* (P.one &- o))
    }
    return P.join(rb, ga)
  }

  /// A green-alpha result with the source-over alpha, `N = one·(αs + αb) − αs·αb`, in its alpha lanes (for the modes
  /// whose formula gives another alpha).
  @inline(__always)
  static func sourceOverAlpha(_ ga: L, _ h: Halves) -> L {
    P.replacingAlpha(ga, with: B.screen(h.sa, h.da, h.sa, h.da))
  }

  /// Source-over, `cs + cb·(1 − αs)`: the same bytes as `BlendFormulas.sourceOver` with one multiplication fewer
  /// per lane (adding `cs` after the rounded division is exact).
  @inline(__always)
  static func sourceOver(_ s: Pixels, _ d: Pixels, opacity: Coverage) -> Pixels {
    let s = scaled(s, by: opacity)
    let k = P.alphas(ofTop: P.complement(s))
    let (rb, ga) = P.split(d)
    return P.sum(s, P.products(rb &* k, ga &* k))
  }

  /// Destination-over, `cb + cs·(1 − αb)`: the same bytes as `BlendFormulas.destinationOver` with one
  /// multiplication fewer per lane (`one·cb` divides exactly, so adding `cb` after the rounded division is exact),
  /// and the backdrop's complemented alphas taken from its top byte.
  @inline(__always)
  static func destinationOver(_ s: Pixels, _ d: Pixels, opacity: Coverage) -> Pixels {
    let s = scaled(s, by: opacity)
    let k = P.alphas(ofTop: P.complement(d))
    let (rb, ga) = P.split(s)
    return P.sum(d, P.products(rb &* k, ga &* k))
  }

  /// Every channel times `opacity / one`, rounded.
  @inline(__always)
  static func scaled(_ s: Pixels, by opacity: Coverage) -> Pixels {
    guard opacity != P.one else { return s }
    let o = L(repeating: opacity)
    let (rb, ga) = P.split(s)
    return P.join(P.divide(rb &* o), P.divide(ga &* o))
  }

  /// `plus-lighter`: a saturating add of the channels (`paddusb`, `paddusw`).
  @inline(__always)
  static func plusLighter(_ s: Pixels, _ d: Pixels, opacity: Coverage) -> Pixels {
    P.saturatingAdd(scaled(s, by: opacity), d)
  }

  /// `plus-darker`: `αo = min(one, αs + αb)`, `co = max(0, αo − ((αs − cs) + (αb − cb)))` in signed lanes
  /// (the same expression gives the alpha, where `cs = αs`, `cb = αb`).
  @inline(__always)
  static func plusDarker(_ s: Pixels, _ d: Pixels, opacity: Coverage) -> Pixels {
    let (srb, sga) = P.split(scaled(s, by: opacity))
    let (drb, dga) = P.split(d)
    let sa = P.alphas(sga)
    let da = P.alphas(dga)
    let alpha = P.min(sa &+ da, L(repeating: P.one))
    return P.join(B.plusDarker(srb, drb, sa, da, alpha),
      B.plusDarker(sga, dga, sa, da, alpha))
  }

  // MARK: - Float modes

  /// The colour planes of a block.
  @inline(__always)
  static func rgb(_ p: Planes) -> B.RGB { (p.r, p.g, p.b) }

  /// `N = one·co` of a non-separable mode's colours from its `αs·αb·B` term.
  @inline(__always)
  static func composited(_ term: B.RGB, _ s: Planes, _ d: Planes) -> (F, F, F) {
    let ks = B.inv(d.a)
    let kd = B.inv(s.a)
    return (s.r * ks + d.r * kd + term.r, s.g * ks + d.g * kd + term.g, s.b * ks + d.b * kd + term.b)
  }

  /// Pixels from a float mode's colours `N = one·co₁` at full strength: the source-over alpha, the mix with the
  /// backdrop for a partial opacity, colours clamped to 0…alpha (float rounding must not make a pixel invalid, nor
  /// a tiny negative value wrap), one rounding.
  @inline(__always)
  static func rounded(_ colors: (F, F, F), _ s: Planes, _ d: Planes, opacity: Coverage) -> Pixels {
    // Mixed unconditionally (exact at full opacity, where `take` is 1 and `keep` 0): a branch here leads the
    // optimiser into shuffling lanes between the planes.
    let keep = F(repeating: Float(P.one &- opacity))
    let take = F(repeating: Float(opacity) / P.oneFloat)
    let r = colors.0 * take + d.r * keep
    let g = colors.1 * take + d.g * keep
    let b = colors.2 * take + d.b * keep
    let a = ((s.a + d.a) * P.oneFloat - s.a * d.a) * take + d.a * keep
    return P.pixels(r: FloatLanes.clamped(r, to: a), g: FloatLanes.clamped(g, to: a),
      b: FloatLanes.clamped(b, to: a), a: a)
  }
}
