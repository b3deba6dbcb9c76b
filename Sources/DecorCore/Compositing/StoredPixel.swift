/// A premultiplied pixel as a raster stores it, 8 bits a channel (`UInt32`, the bytes R, G, B, A: `rgba8`) or 16
/// (`RGBA16`: `rgba16`), read into four float lanes and written back from them. A kernel that computes in floats
/// (resampling, opacity) is written once, generic over it, and specialised for each depth: the lanes hold the
/// channels on the pixel's own scale, 0…`maximum`, so the same formulas serve both, and at 8 bits they are the
/// operations (and the bytes) the 8-bit kernels had.
package protocol StoredPixel: Sendable, Equatable {
  /// The raster format whose pixels these are.
  static var format: PixelFormat { get }
  /// The type of one channel: `UInt8` for `UInt32` (RGBA8), `UInt16` for `RGBA16`.
  associatedtype Channel: FixedWidthInteger & UnsignedInteger
  /// The SIMD lanes the blend modes and colour matrices compute this depth's pixels in: `Lanes8` for `UInt32`,
  /// `Lanes16` for `RGBA16` (whose `Pixel` is a `UInt64` of the same 8 bytes).
  associatedtype Lanes: PixelLanes
  /// The largest channel value: 255 or 65535.
  static var maximum: Float { get }
  /// The transparent pixel: zeros.
  static var transparent: Self { get }
  /// The four channels, R, G, B, A, as floats in 0…`maximum`.
  static func unpack(_ pixel: Self) -> SIMD4<Float>
  /// Four lanes in 0…`maximum`, each rounded to nearest (ties to even), as a pixel.
  static func pack(_ lanes: SIMD4<Float>) -> Self
  /// Rounds a premultiplied colour on the scale 0 … 255 to a pixel of this depth (× 257 at 16 bits), colour
  /// channels capped at alpha, since floating-point rounding must not make a pixel invalid: how the gradients
  /// (`GradientStop`) round their ramp once to the render's depth.
  static func pack(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> Self
  /// `color` premultiplied at this depth (`Color.premultiplied`, `Color.premultiplied16`), its channels R, G, B, A
  /// on the scale 0…`maximum`: how a step paints a colour at the render's precision.
  static func premultiplied(_ color: Color) -> SIMD4<UInt32>
  /// `color`'s straight components at this depth's precision, on 0…1: rounded to 8 bits at 8 bits, and at 16
  /// bits the straight value of the 16-bit premultiplied colour (what a 16-bit render holds of it).
  static func straight(_ color: Color) -> SIMD4<Double>
}

extension UInt32: StoredPixel {
  package typealias Channel = UInt8
  package typealias Lanes = Lanes8
  @inline(__always) package static var format: PixelFormat { .rgba8 }
  @inline(__always) package static var maximum: Float { 255 }
  @inline(__always) package static var transparent: UInt32 { 0 }
  @inline(__always) package static func unpack(_ pixel: UInt32) -> SIMD4<Float> { PixelMath.unpack(pixel) }
  @inline(__always) package static func pack(_ lanes: SIMD4<Float>) -> UInt32 { PixelMath.pack(lanes) }

  package static func premultiplied(_ color: Color) -> SIMD4<UInt32> {
    let p = color.premultiplied
    return SIMD4(UInt32(p.r), UInt32(p.g), UInt32(p.b), UInt32(p.a))
  }

  package static func straight(_ color: Color) -> SIMD4<Double> {
    let (r, g, b, a) = color.straight8
    return SIMD4(Double(r) / 255, Double(g) / 255, Double(b) / 255, Double(a) / 255)
  }
}

extension RGBA16: StoredPixel {
  package typealias Channel = UInt16
  package typealias Lanes = Lanes16
  @inline(__always) package static var format: PixelFormat { .rgba16 }
  @inline(__always) package static var maximum: Float { 65535 }
  @inline(__always) package static var transparent: RGBA16 { RGBA16(r: 0, g: 0, b: 0, a: 0) }

  @inline(__always)
  package static func unpack(_ pixel: RGBA16) -> SIMD4<Float> {
    SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt16>.self)))
  }

  /// As `PixelMath.pack`: adding 1.5 × 2^23 leaves the rounded integer in the low mantissa bits (exact up to 2^22).
  @inline(__always)
  package static func pack(_ lanes: SIMD4<Float>) -> RGBA16 {
    let magic: Float = 12_582_912
    let bits = unsafeBitCast(lanes + magic, to: SIMD4<Int32>.self) &- 0x4B40_0000
    return unsafeBitCast(SIMD4<UInt16>(truncatingIfNeeded: bits), to: RGBA16.self)
  }

  package static func premultiplied(_ color: Color) -> SIMD4<UInt32> {
    let p = color.premultiplied16
    return SIMD4(UInt32(p.r), UInt32(p.g), UInt32(p.b), UInt32(p.a))
  }

  package static func straight(_ color: Color) -> SIMD4<Double> {
    let c = color.premultiplied16.straight
    return SIMD4(Double(c.r) / 65535, Double(c.g) / 65535, Double(c.b) / 65535, Double(c.a) / 65535)
  }
}

extension PixelMath {
  /// `clampPremultiplied` on the scale of `P`: 0…`P.maximum`, colour no greater than alpha.
  @inline(__always)
  static func clampPremultiplied<P: StoredPixel>(_ value: SIMD4<Float>, as _: P.Type) -> SIMD4<Float> {
    let alpha = Swift.min(Swift.max(value[3], 0), P.maximum)
    return min(max(value, .zero), SIMD4(repeating: alpha))
  }
}
