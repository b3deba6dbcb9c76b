/// Turns blurred coverage into shadow pixels: a colour (straight, with its own alpha) at the coverage times an
/// opacity, premultiplied, rounded to nearest, at either depth.
struct ShadowPaint: Sendable {
  /// `(r, g, b, 1) × colour alpha × opacity`: times a coverage in 0 … 255 it is the premultiplied pixel.
  let color: SIMD4<Float>

  init(color: Color, opacity: Double) {
    let o = Float(Swift.min(1, Swift.max(0, opacity.isNaN ? 0 : opacity)))
    let a = Float(color.alpha) * o
    self.color = SIMD4(Float(color.red) * a, Float(color.green) * a, Float(color.blue) * a, a)
  }

  /// Fills `count` pixels from `coverage` (0 … 255), or from 255 − coverage when `inverted` (the inner shadow, cast
  /// by everything outside the shape). At 16 bits the colour is scaled by 65535 / 255 = 257 (at 8 by 1, exactly).
  func fill<P: StoredPixel>(_ out: UnsafeMutablePointer<P>, coverage: UnsafePointer<Float>, count: Int, inverted: Bool)
  {
    // Coverage clamped to 0…255: a blur's rounding may overshoot by a hair, which at 16 bits `pack` would wrap.
    let color = color * (P.maximum / 255)
    if inverted {
      for i in 0..<count { out[i] = P.pack(color * Swift.min(255, Swift.max(0, 255 - coverage[i]))) }
    } else {
      for i in 0..<count { out[i] = P.pack(color * Swift.min(255, Swift.max(0, coverage[i]))) }
    }
  }
}
