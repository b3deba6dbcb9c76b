import RealModule

/// How a resampling decorator computes a pixel that falls between source pixels.
///
/// - `nearest`: the source pixel under the sample point. Never filters, so it aliases when shrinking; meant for
///   pixel art and exact remaps.
/// - `bilinear`: the triangle (tent) filter over the 2×2 nearest pixels.
/// - `bicubic`: the Catmull-Rom cubic (Keys, a = −0.5) over 4×4 pixels, the "bicubic" of Pillow, libvips and most
///   editors: sharper than bilinear, with slight overshoot at hard edges (clamped).
/// - `lanczos`: Lanczos-3, `sinc(x)·sinc(x/3)` over 6×6 pixels, the default kernel of libvips's `resize` and
///   ImageMagick's shrinking: the sharpest of the four and the closest to an ideal low-pass when shrinking, at 1.5×
///   bicubic's taps per axis; its larger negative lobes ring more at hard edges (clamped, as bicubic's overshoot is).
///
/// Decor's default stays `bicubic` for `scaled`, `resized` and their steps, as Pillow's `resize` does: a new default
/// would change the pixels of every golden image made with the old one (see Documentation/Decisions.md, "Resampling").
///
/// Cases may be added in a later release, as `lanczos` was: a `switch` over an `Interpolation` needs
/// `@unknown default`.
///
/// When shrinking, `bilinear` and `bicubic` widen their kernel by the shrink factor (as Pillow's `resize` and
/// libvips's `reduce` do), so each output pixel averages the whole source area it covers instead of aliasing.
public enum Interpolation: String, CaseIterable, Sendable, CustomStringConvertible {
  case nearest
  case bilinear
  case bicubic
  case lanczos

  /// The kernel's radius in source pixels at scale 1.
  @inlinable public var support: Double {
    switch self {
    case .nearest: return 0.5
    case .bilinear: return 1
    case .bicubic: return 2
    case .lanczos: return 3
    }
  }

  /// The kernel's weight at distance `x` (in kernel units) from the sample point.
  @inlinable public func weight(_ x: Double) -> Double {
    let t = abs(x)
    switch self {
    case .nearest:
      return t < 0.5 ? 1 : 0
    case .bilinear:
      return t < 1 ? 1 - t : 0
    case .bicubic:
      if t < 1 { return (1.5 * t - 2.5) * t * t + 1 }
      if t < 2 { return ((-0.5 * t + 2.5) * t - 4) * t + 2 }
      return 0
    case .lanczos:
      if t < 1e-9 { return 1 }
      guard t < 3 else { return 0 }
      let x = Double.pi * t
      return 3 * .sin(x) * .sin(x / 3) / (x * x)
    }
  }

  public var description: String { rawValue }
}
