import Foundation

import Decor

/// W3C *Compositing and Blending Level 1* in plain `Double`s, written from the specification (and Documentation/Design.md
/// for `plus-darker`), independent of the kernels: un-premultiplied colours for the blend functions `B(Cb, Cs)`,
/// `SetSat` by sorting the channels as the specification's pseudo-code does, and every result exact, not rounded.
package enum BlendReference {
  /// Red, green, blue and alpha, premultiplied, in 0…1.
  package typealias Channels = (r: Double, g: Double, b: Double, a: Double)

  /// The exact result, in 0…255 units (premultiplied, not rounded), of `source` drawn onto `backdrop` in `mode`, with
  /// the source first scaled by `coverage` (its alpha and, premultiplied, its colour, as `globalAlpha` does).
  package static func blend(_ mode: BlendMode, source: RGBA8, backdrop: RGBA8, coverage: Double = 1) -> [Double] {
    let s = channels(source, scale: coverage)
    let b = channels(backdrop, scale: 1)
    let o = composite(mode, s, b)
    return [o.r * 255, o.g * 255, o.b * 255, o.a * 255]
  }

  /// The result rounded to bytes.
  package static func rounded(_ mode: BlendMode, source: RGBA8, backdrop: RGBA8, coverage: Double = 1) -> [Int] {
    blend(mode, source: source, backdrop: backdrop, coverage: coverage).map { Int($0.rounded()) }
  }

  /// The exact result in 0…65535 units of 16-bit premultiplied pixels, as `blend` is for 8-bit ones.
  package static func blend(_ mode: BlendMode, source: RGBA16, backdrop: RGBA16, coverage: Double = 1) -> [Double] {
    func channels(_ p: RGBA16, scale: Double) -> Channels {
      (Double(p.r) / 65535 * scale, Double(p.g) / 65535 * scale, Double(p.b) / 65535 * scale,
        Double(p.a) / 65535 * scale)
    }
    let o = composite(mode, channels(source, scale: coverage), channels(backdrop, scale: 1))
    return [o.r * 65535, o.g * 65535, o.b * 65535, o.a * 65535]
  }

  /// The 16-bit result rounded to whole values.
  package static func rounded(_ mode: BlendMode, source: RGBA16, backdrop: RGBA16, coverage: Double = 1) -> [Int] {
    blend(mode, source: source, backdrop: backdrop, coverage: coverage).map { Int($0.rounded()) }
  }

  package static func channels(_ p: RGBA8, scale: Double) -> Channels {
    (Double(p.r) / 255 * scale, Double(p.g) / 255 * scale, Double(p.b) / 255 * scale, Double(p.a) / 255 * scale)
  }

  package static func composite(_ mode: BlendMode, _ s: Channels, _ b: Channels) -> Channels {
    switch mode {
    case .clear: return porterDuff(s, b, fa: 0, fb: 0)
    case .copy: return porterDuff(s, b, fa: 1, fb: 0)
    case .sourceIn: return porterDuff(s, b, fa: b.a, fb: 0)
    case .sourceOut: return porterDuff(s, b, fa: 1 - b.a, fb: 0)
    case .sourceAtop: return porterDuff(s, b, fa: b.a, fb: 1 - s.a)
    case .destinationOver: return porterDuff(s, b, fa: 1 - b.a, fb: 1)
    case .destinationIn: return porterDuff(s, b, fa: 0, fb: s.a)
    case .destinationOut: return porterDuff(s, b, fa: 0, fb: 1 - s.a)
    case .destinationAtop: return porterDuff(s, b, fa: 1 - b.a, fb: s.a)
    case .xor: return porterDuff(s, b, fa: 1 - b.a, fb: 1 - s.a)
    case .plusLighter:
      return (min(1, s.r + b.r), min(1, s.g + b.g), min(1, s.b + b.b), min(1, s.a + b.a))
    case .plusDarker:
      let a = min(1, s.a + b.a)
      func channel(_ cs: Double, _ cb: Double) -> Double { max(0, a - ((s.a - cs) + (b.a - cb))) }
      return (channel(s.r, b.r), channel(s.g, b.g), channel(s.b, b.b), a)
    default:
      return blended(mode, s, b)
    }
  }

  /// `co = Fa·cs + Fb·cb`, `αo = Fa·αs + Fb·αb`.
  package static func porterDuff(_ s: Channels, _ b: Channels, fa: Double, fb: Double) -> Channels {
    (fa * s.r + fb * b.r, fa * s.g + fb * b.g, fa * s.b + fb * b.b, fa * s.a + fb * b.a)
  }

  /// A blend mode composited with source-over: `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)`,
  /// `αo = αs + αb − αs·αb`, with `B` on the un-premultiplied colours.
  package static func blended(_ mode: BlendMode, _ s: Channels, _ b: Channels) -> Channels {
    let cs = straight(s)
    let cb = straight(b)
    let mixed: (Double, Double, Double)
    switch mode {
    case .hue: mixed = setLum(setSat(cs, sat(cb)), lum(cb))
    case .saturation: mixed = setLum(setSat(cb, sat(cs)), lum(cb))
    case .color: mixed = setLum(cs, lum(cb))
    case .luminosity: mixed = setLum(cb, lum(cs))
    default: mixed = (separable(mode, cb.0, cs.0), separable(mode, cb.1, cs.1), separable(mode, cb.2, cs.2))
    }
    func channel(_ premultipliedS: Double, _ premultipliedB: Double, _ blend: Double) -> Double {
      premultipliedS * (1 - b.a) + premultipliedB * (1 - s.a) + s.a * b.a * blend
    }
    return (channel(s.r, b.r, mixed.0), channel(s.g, b.g, mixed.1), channel(s.b, b.b, mixed.2),
      s.a + b.a - s.a * b.a)
  }

  /// The un-premultiplied colour (0 where transparent, where it does not matter).
  package static func straight(_ c: Channels) -> (Double, Double, Double) {
    c.a > 0 ? (c.r / c.a, c.g / c.a, c.b / c.a) : (0, 0, 0)
  }

  /// The separable blend functions `B(Cb, Cs)`.
  package static func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
    switch mode {
    case .normal: return cs
    case .multiply: return cb * cs
    case .screen: return cb + cs - cb * cs
    case .overlay: return hardLight(cs, cb)
    case .darken: return min(cb, cs)
    case .lighten: return max(cb, cs)
    case .colorDodge:
      if cb == 0 { return 0 }
      if cs == 1 { return 1 }
      return min(1, cb / (1 - cs))
    case .colorBurn:
      if cb == 1 { return 1 }
      if cs == 0 { return 0 }
      return 1 - min(1, (1 - cb) / cs)
    case .hardLight: return hardLight(cb, cs)
    case .softLight:
      if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
      let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
      return cb + (2 * cs - 1) * (d - cb)
    case .difference: return abs(cb - cs)
    case .exclusion: return cb + cs - 2 * cb * cs
    default: fatalError("\(mode) is not separable")
    }
  }

  /// `HardLight(Cb, Cs)`: multiply by `2·Cs` up to ½, screen with `2·Cs − 1` above.
  package static func hardLight(_ cb: Double, _ cs: Double) -> Double {
    cs <= 0.5 ? cb * (2 * cs) : cb + (2 * cs - 1) - cb * (2 * cs - 1)
  }

  package static func lum(_ c: (Double, Double, Double)) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

  package static func clipColor(_ c: (Double, Double, Double)) -> (Double, Double, Double) {
    let l = lum(c)
    let n = min(c.0, c.1, c.2)
    let x = max(c.0, c.1, c.2)
    var c = [c.0, c.1, c.2]
    if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
    if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
    return (c[0], c[1], c[2])
  }

  package static func setLum(_ c: (Double, Double, Double), _ l: Double) -> (Double, Double, Double) {
    let d = l - lum(c)
    return clipColor((c.0 + d, c.1 + d, c.2 + d))
  }

  package static func sat(_ c: (Double, Double, Double)) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

  /// The specification's `SetSat`: the channels sorted into max, mid and min.
  package static func setSat(_ c: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) {
    var values = [c.0, c.1, c.2]
    let order = [0, 1, 2].sorted { values[$0] < values[$1] }
    let (low, mid, high) = (order[0], order[1], order[2])
    if values[high] > values[low] {
      values[mid] = (values[mid] - values[low]) * s / (values[high] - values[low])
      values[high] = s
    } else {
      values[mid] = 0
      values[high] = 0
    }
    values[low] = 0
    return (values[0], values[1], values[2])
  }
}
