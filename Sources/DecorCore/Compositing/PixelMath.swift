/// Small SIMD helpers shared by the resampling kernels, written so that they compile to plain SSE2 on x86-64
/// (the baseline Swift targets): widening through unpack instructions, and float-to-int rounding by the
/// 1.5 × 2^23 trick instead of the generic (out-of-line) SIMD conversion.
package enum PixelMath {
  /// A premultiplied RGBA8 pixel, as stored (byte order R, G, B, A), in four float lanes.
  @inline(__always)
  package static func unpack(_ pixel: UInt32) -> SIMD4<Float> {
    SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self)))
  }

  /// Rounds four lanes in 0…255 to nearest (ties to even) and packs them back into a pixel.
  @inline(__always)
  package static func pack(_ value: SIMD4<Float>) -> UInt32 {
    let magic: Float = 12_582_912  // 1.5 × 2^23: adding it leaves the rounded integer in the low mantissa bits
    let bits = unsafeBitCast(value + magic, to: SIMD4<Int32>.self) &- 0x4B40_0000
    return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: bits), to: UInt32.self)
  }

  /// Clamps a filtered pixel to a valid premultiplied one: 0…255, colour no greater than alpha. Kernels with
  /// negative lobes (bicubic) overshoot at hard edges.
  @inline(__always)
  package static func clampPremultiplied(_ value: SIMD4<Float>) -> SIMD4<Float> {
    let alpha = Swift.min(Swift.max(value[3], 0), 255)
    return min(max(value, .zero), SIMD4(repeating: alpha))
  }

  /// Lane-wise minimum. (The standard library's `pointwiseMin` is an out-of-line call; this is one `minps`.)
  @inline(__always)
  static func min(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .< a) }

  /// Lane-wise maximum, one `maxps`.
  @inline(__always)
  static func max(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .> a) }
}
