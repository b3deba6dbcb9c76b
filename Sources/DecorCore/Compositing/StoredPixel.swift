/// A premultiplied pixel as a raster stores it, 8 bits a channel (`UInt32`, the bytes R, G, B, A: `rgba8`) or 16
/// (`RGBA16`: `rgba16`), read into four float lanes and written back from them. A kernel that computes in floats
/// (resampling, opacity) is written once, generic over it, and specialised for each depth: the lanes hold the
/// channels on the pixel's own scale, 0…`maximum`, so the same formulas serve both, and at 8 bits they are the
/// operations (and the bytes) the 8-bit kernels had.
package protocol StoredPixel: Sendable, Equatable {
  /// The raster format whose pixels these are.
  static var format: PixelFormat { get }
  /// The largest channel value: 255 or 65535.
  static var maximum: Float { get }
  /// The transparent pixel: zeros.
  static var transparent: Self { get }
  /// The four channels, R, G, B, A, as floats in 0…`maximum`.
  static func unpack(_ pixel: Self) -> SIMD4<Float>
  /// Four lanes in 0…`maximum`, each rounded to nearest (ties to even), as a pixel.
  static func pack(_ lanes: SIMD4<Float>) -> Self
}

extension UInt32: StoredPixel {
  @inline(__always) package static var format: PixelFormat { .rgba8 }
  @inline(__always) package static var maximum: Float { 255 }
  @inline(__always) package static var transparent: UInt32 { 0 }
  @inline(__always) package static func unpack(_ pixel: UInt32) -> SIMD4<Float> { PixelMath.unpack(pixel) }
  @inline(__always) package static func pack(_ lanes: SIMD4<Float>) -> UInt32 { PixelMath.pack(lanes) }
}

extension RGBA16: StoredPixel {
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
}

extension PixelMath {
  /// `clampPremultiplied` on the scale of `P`: 0…`P.maximum`, colour no greater than alpha.
  @inline(__always)
  static func clampPremultiplied<P: StoredPixel>(_ value: SIMD4<Float>, as _: P.Type) -> SIMD4<Float> {
    let alpha = Swift.min(Swift.max(value[3], 0), P.maximum)
    return min(max(value, .zero), SIMD4(repeating: alpha))
  }
}
