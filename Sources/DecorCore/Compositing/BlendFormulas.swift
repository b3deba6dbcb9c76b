/// Every blend mode's formula, one per line, in one place (as tiny-skia keeps them), on premultiplied values at
/// the depth of `P`: `s`, `d` a source and a backdrop channel, `sa`, `da` their alphas, `one` (255 or 65535)
/// standing for 1.
///
/// A formula gives `N = one × co` (exactly, in the integer forms) for the W3C premultiplied result `co`, so one
/// rounded division by `one` finishes it; `inv(x)` is `one − x`, `two(x)` is `2x`. The integer forms work in lanes
/// twice a channel's width with wrapping arithmetic: intermediate terms may wrap, but `N` itself is in 0…one² for
/// valid premultiplied inputs, so the wrapped sum is exact. Applied to the alpha lane (`s = sa`, `d = da`) most give the
/// source-over alpha `αs + αb − αs·αb` or the Porter-Duff one by themselves; `difference` and `exclusion` do not,
/// and the kernels replace their alpha. The float forms (for the modes that divide) are in the same units.
///
/// The non-separable modes give the `αs·αb·B(Cb, Cs)` term in byte² units, computed without un-premultiplying (as
/// Skia does): `SetSat` only needs the source's proportions, and scaling the backdrop's saturation and luminosity
/// by `αs` (and the clip limit to `αs·αb`) keeps every quantity in the premultiplied scale.
enum BlendFormulas<P: PixelLanes> {
  typealias L = P.Lanes
  typealias F = FloatLanes.Floats
  /// Red, green and blue planes of four pixels.
  typealias RGB = (r: F, g: F, b: F)

  // MARK: - Porter-Duff operators, in integer lanes: co = Fa·cs + Fb·cb

  @inline(__always) static func sourceOver(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { s &* P.one &+ d &* inv(sa) }
  @inline(__always) static func destinationOver(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { s &* inv(da) &+ d &* P.one }
  @inline(__always) static func sourceIn(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { s &* da }
  @inline(__always) static func destinationIn(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { d &* sa }
  @inline(__always) static func sourceOut(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { s &* inv(da) }
  @inline(__always) static func destinationOut(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { d &* inv(sa) }
  @inline(__always) static func sourceAtop(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { s &* da &+ d &* inv(sa) }
  @inline(__always) static func destinationAtop(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { s &* inv(da) &+ d &* sa }
  @inline(__always) static func xor(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { s &* inv(da) &+ d &* inv(sa) }

  // MARK: - Plus modes, in integer lanes (the result itself, not N)

  /// `plus-darker` given `alpha = min(one, sa + da)`: `max(0, alpha − ((sa − s) + (da − d)))`, in signed lanes.
  @inline(__always) static func plusDarker(_ s: L, _ d: L, _ sa: L, _ da: L, _ alpha: L) -> L {
    let co = alpha &- (sa &- s) &- (da &- d)
    return co & ~P.negative(co)
  }

  // MARK: - Separable blend modes, in integer lanes: co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)

  @inline(__always) static func multiply(_ s: L, _ d: L, _ sa: L, _ da: L) -> L {
    s &* inv(da) &+ d &* inv(sa) &+ s &* d
  }
  @inline(__always) static func screen(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { (s &+ d) &* P.one &- s &* d }
  @inline(__always) static func overlay(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { hardLight(d, s, da, sa) }
  @inline(__always) static func darken(_ s: L, _ d: L, _ sa: L, _ da: L) -> L {
    (s &+ d) &* P.one &- P.max(s &* da, d &* sa)
  }
  @inline(__always) static func lighten(_ s: L, _ d: L, _ sa: L, _ da: L) -> L {
    (s &+ d) &* P.one &- P.min(s &* da, d &* sa)
  }
  @inline(__always) static func hardLight(_ s: L, _ d: L, _ sa: L, _ da: L) -> L {
    s &* inv(da) &+ d &* inv(sa) &+ ifAtMost(two(s), sa, two(s &* d), sa &* da &- two((da &- d) &* (sa &- s)))
  }
  @inline(__always) static func difference(_ s: L, _ d: L, _ sa: L, _ da: L) -> L {
    (s &+ d) &* P.one &- two(P.min(s &* da, d &* sa))
  }
  @inline(__always) static func exclusion(_ s: L, _ d: L, _ sa: L, _ da: L) -> L { (s &+ d) &* P.one &- two(s &* d) }

  // MARK: - Separable blend modes that divide, in float planes (`ε` keeps divisors of 0 finite: `FloatLanes.tiny`)

  @inline(__always) static func colorDodge(_ s: F, _ d: F, _ sa: F, _ da: F) -> F {
    s * inv(da) + d * inv(sa) + when(isZero(d), .zero, sa * FloatLanes.min(da, d * sa / (sa - s + ε)))
  }
  @inline(__always) static func colorBurn(_ s: F, _ d: F, _ sa: F, _ da: F) -> F {
    s * inv(da) + d * inv(sa) + when(isZero(da - d), sa * da, sa * (da - FloatLanes.min(da, (da - d) * sa / (s + ε))))
  }
  @inline(__always) static func softLight(_ s: F, _ d: F, _ sa: F, _ da: F) -> F {
    let m = d / (da + ε)  // Cb
    let darkSource = d * (sa + (two(s) - sa) * (1 - m))  // Cs ≤ ½: αs·αb·(Cb − (1 − 2Cs)·Cb·(1 − Cb))
    let m4: F = two(two(m))
    let darkBackdrop: F = (m4 * m4 + m4) * (m - 1) + 7 * m  // Cs > ½, Cb ≤ ¼: D(Cb) − Cb, D a cubic
    let lightBackdrop = FloatLanes.squareRoot(m) - m  // Cs > ½, Cb > ¼: D(Cb) − Cb, D = √Cb
    let lightSource = d * sa + da * (two(s) - sa) * when(isAbove(4 * d, da), lightBackdrop, darkBackdrop)
    return s * inv(da) + d * inv(sa) + when(isAbove(two(s), sa), lightSource, darkSource)
  }

  // MARK: - Non-separable blend modes, in float planes: the αs·αb·B(Cb, Cs) term

  @inline(__always) static func hue(_ s: RGB, _ d: RGB, _ sa: F, _ da: F) -> RGB {
    clipColor(setLum(setSat(s, sat(d) * sa), lum(d) * sa), sa * da)
  }
  @inline(__always) static func saturation(_ s: RGB, _ d: RGB, _ sa: F, _ da: F) -> RGB {
    clipColor(setLum(setSat(d, sat(s) * da), lum(d) * sa), sa * da)
  }
  @inline(__always) static func color(_ s: RGB, _ d: RGB, _ sa: F, _ da: F) -> RGB {
    clipColor(setLum(scaled(s, da), lum(d) * sa), sa * da)
  }
  @inline(__always) static func luminosity(_ s: RGB, _ d: RGB, _ sa: F, _ da: F) -> RGB {
    clipColor(setLum(scaled(d, sa), lum(s) * da), sa * da)
  }

  // MARK: - The W3C helpers of the non-separable modes

  /// `Lum(C) = 0.3·R + 0.59·G + 0.11·B`.
  @inline(__always) static func lum(_ c: RGB) -> F { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }
  /// `Sat(C) = max(C) − min(C)`.
  @inline(__always) static func sat(_ c: RGB) -> F { largest(c) - smallest(c) }
  /// `SetLum(C, l)`: moves the colour to luminosity `l` (the clipping is `clipColor`'s).
  @inline(__always) static func setLum(_ c: RGB, _ l: F) -> RGB {
    let shift = l - lum(c)
    return (c.r + shift, c.g + shift, c.b + shift)
  }
  /// `SetSat(C, s)`: the smallest channel to 0, the largest to `s`, the middle one in proportion (all 0 for a
  /// grey, whose range is 0 and the factor finite thanks to `ε`). Written per channel, `(c − min)·s / (max − min)`,
  /// so that no sorting is needed.
  @inline(__always) static func setSat(_ c: RGB, _ s: F) -> RGB {
    let low = smallest(c)
    let k = s / (largest(c) - low + ε)
    return ((c.r - low) * k, (c.g - low) * k, (c.b - low) * k)
  }
  /// `ClipColor(C)` with 1 standing at `a`: pulls the channels toward the luminosity until they fit in 0…a. (At
  /// most one side can overflow, since the range of the colours here never exceeds `a`; the kernels clamp the
  /// final colours, which float rounding may leave a hair outside.)
  @inline(__always) static func clipColor(_ c: RGB, _ a: F) -> RGB {
    let l = lum(c)
    let low = smallest(c)
    let high = largest(c)
    let underflows = FloatLanes.negative(low) & FloatLanes.negative(low - l)
    let overflows = FloatLanes.negative(a - high) & FloatLanes.negative(l - high)
    let k = when(underflows, l / (l - low), when(overflows, (a - l) / (high - l), F(repeating: 1)))
    return (l + (c.r - l) * k, l + (c.g - l) * k, l + (c.b - l) * k)
  }

  // MARK: - Small helpers

  @inline(__always) static var ε: F { F(repeating: FloatLanes.tiny) }
  /// Whether a whole number is 0 (below ½), as a lane mask.
  @inline(__always) static func isZero(_ x: F) -> FloatLanes.Mask { FloatLanes.negative(x - 0.5) }
  /// Whether `x > y`, as a lane mask (finite values).
  @inline(__always) static func isAbove(_ x: F, _ y: F) -> FloatLanes.Mask { FloatLanes.negative(y - x) }
  /// `a` where `mask` is set, `b` elsewhere.
  @inline(__always) static func when(_ mask: FloatLanes.Mask, _ a: F, _ b: F) -> F { FloatLanes.select(mask, a, b) }
  /// `a` where `x ≤ y`, `b` elsewhere (`x`, `y` below half the lanes' range).
  @inline(__always) static func ifAtMost(_ x: L, _ y: L, _ a: L, _ b: L) -> L { P.select(x, atMost: y, a, b) }
  @inline(__always) static func inv(_ x: L) -> L { P.one &- x }
  @inline(__always) static func two(_ x: L) -> L { x.doubled }
  @inline(__always) static func inv(_ x: F) -> F { P.oneFloat - x }
  @inline(__always) static func two(_ x: F) -> F { x + x }
  @inline(__always) static func scaled(_ c: RGB, _ k: F) -> RGB { (c.r * k, c.g * k, c.b * k) }
  @inline(__always) static func smallest(_ c: RGB) -> F { FloatLanes.min(FloatLanes.min(c.r, c.g), c.b) }
  @inline(__always) static func largest(_ c: RGB) -> F { FloatLanes.max(FloatLanes.max(c.r, c.g), c.b) }
}
