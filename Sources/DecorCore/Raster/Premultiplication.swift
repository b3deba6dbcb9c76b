/// Exact conversions between straight and premultiplied alpha on RGBA8 bytes (byte order R, G, B, A).
///
/// Premultiply: `p = round(c × a / 255)`, computed exactly as `(t + (t >> 8)) >> 8` with `t = c × a + 128`.
/// Unpremultiply: `c = min(255, round(p × 255 / a))` with halves rounded up, and 0 where `a = 0`.
/// Opaque pixels pass through both unchanged, and premultiply ∘ unpremultiply is the identity on valid
/// premultiplied pixels (the rounding error of the inner step is at most `a / 510 < 1/2`).
/// The buffer functions work eight pixels at a time with SIMD and finish the tail one pixel at a time; both paths
/// give the same bytes.
public enum Premultiplication {
  /// `round(c × a / 255)`.
  @inlinable @inline(__always)
  public static func premultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
    let t = UInt32(c) &* UInt32(a) &+ 128
    return UInt8(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
  }

  /// `min(255, round(p × 255 / a))`, halves up; 0 when `a` is 0.
  @inlinable @inline(__always)
  public static func unpremultiply(_ p: UInt8, _ a: UInt8) -> UInt8 {
    guard a != 0 else { return 0 }
    let a32 = UInt32(a)
    return UInt8(Swift.min(255, (UInt32(p) &* 255 &+ a32 / 2) / a32))
  }

  /// Premultiplies straight RGBA bytes in place. `buffer.count` should be a multiple of 4; a partial pixel at the
  /// end is left alone.
  public static func premultiply(_ buffer: UnsafeMutableRawBufferPointer) {
    guard let base = buffer.baseAddress else { return }
    let pixels = buffer.count / 4
    var i = 0
    #if _endian(little)
      while i + 8 <= pixels {
        let p = base + i * 4
        p.storeBytes(of: premultiply8(p.loadUnaligned(as: SIMD8<UInt32>.self)), as: SIMD8<UInt32>.self)
        i += 8
      }
    #endif
    while i < pixels {
      let p = base.assumingMemoryBound(to: UInt8.self) + i * 4
      let a = p[3]
      p[0] = premultiply(p[0], a)
      p[1] = premultiply(p[1], a)
      p[2] = premultiply(p[2], a)
      i += 1
    }
  }

  /// Un-premultiplies RGBA bytes in place (the inverse of `premultiply`, see the type's notes).
  public static func unpremultiply(_ buffer: UnsafeMutableRawBufferPointer) {
    guard let base = buffer.baseAddress else { return }
    let pixels = buffer.count / 4
    var i = 0
    #if _endian(little)
      while i + 8 <= pixels {
        let p = base + i * 4
        let v = p.loadUnaligned(as: SIMD8<UInt32>.self)
        // Runs of opaque pixels (most photographs) are already straight, and runs of transparent ones (a cut-out's
        // or a rotation's surroundings) are zeros.
        if v & 0xFF00_0000 != SIMD8(repeating: 0xFF00_0000) && v != .zero {
          p.storeBytes(of: unpremultiply8(v), as: SIMD8<UInt32>.self)
        }
        i += 8
      }
    #endif
    while i < pixels {
      let p = base.assumingMemoryBound(to: UInt8.self) + i * 4
      let a = p[3]
      p[0] = unpremultiply(p[0], a)
      p[1] = unpremultiply(p[1], a)
      p[2] = unpremultiply(p[2], a)
      i += 1
    }
  }

  /// Whether every alpha byte in the RGBA buffer is 255.
  public static func isOpaque(_ buffer: UnsafeRawBufferPointer) -> Bool {
    guard let base = buffer.baseAddress else { return true }
    let pixels = buffer.count / 4
    var i = 0
    #if _endian(little)
      var all = SIMD8<UInt32>(repeating: 0xFF00_0000)
      while i + 8 <= pixels {
        all &= (base + i * 4).loadUnaligned(as: SIMD8<UInt32>.self)
        i += 8
      }
      guard all & 0xFF00_0000 == SIMD8(repeating: 0xFF00_0000) else { return false }
    #endif
    while i < pixels {
      if base.load(fromByteOffset: i * 4 + 3, as: UInt8.self) != 255 { return false }
      i += 1
    }
    return true
  }

  /// Whether every pixel of the RGBA buffer is grey: red, green and blue equal. Premultiplied or straight, the
  /// answer is the same (un-premultiplying maps equal channels to equal channels, and unequal ones to unequal ones:
  /// it is one increasing function of the channel for each alpha), so an encoder can ask before un-premultiplying.
  public static func isGrey(_ buffer: UnsafeRawBufferPointer) -> Bool {
    guard let base = buffer.baseAddress else { return true }
    let pixels = buffer.count / 4
    var i = 0
    #if _endian(little)
      while i + 8 <= pixels {
        let v = (base + i * 4).loadUnaligned(as: SIMD8<UInt32>.self)
        let red = v & 0xFF
        // Red copied into green and blue must give the pixel back, alpha aside.
        guard v & 0x00FF_FFFF == red &* 0x0001_0101 else { return false }
        i += 8
      }
    #endif
    while i < pixels {
      let r = base.load(fromByteOffset: i * 4, as: UInt8.self)
      guard base.load(fromByteOffset: i * 4 + 1, as: UInt8.self) == r,
        base.load(fromByteOffset: i * 4 + 2, as: UInt8.self) == r
      else { return false }
      i += 1
    }
    return true
  }

  /// Eight little-endian RGBA pixels: channels in 16-bit lanes (R and B from the even bytes, G and A from the odd
  /// ones), each multiplied by its pixel's alpha, then alpha put back untouched.
  @inline(__always)
  package static func premultiply8(_ v: SIMD8<UInt32>) -> SIMD8<UInt32> {
    let alpha = v &>> 24
    let a16 = unsafeBitCast(alpha | (alpha &<< 16), to: SIMD16<UInt16>.self)
    let w = unsafeBitCast(v, to: SIMD16<UInt16>.self)
    let even = divideBy255((w & 0x00FF) &* a16)
    let odd = divideBy255((w &>> 8) &* a16)
    let packed = unsafeBitCast(even | (odd &<< 8), to: SIMD8<UInt32>.self)
    return (packed & 0x00FF_FFFF) | (v & 0xFF00_0000)
  }

  /// Eight little-endian RGBA pixels un-premultiplied in `Float` lanes: `floor(n / a)` with `n = p·255 + ⌊a/2⌋`.
  /// The quotient is rounded to the nearest integer `r` by the 1.5 × 2^23 trick, then `r − 1` is taken where
  /// `r·a > n`; every product is an integer below 2^24, so that test is exact in single precision and the result
  /// is exactly the integer division, with no out-of-line rounding or conversion calls.
  @inline(__always)
  static func unpremultiply8(_ v: SIMD8<UInt32>) -> SIMD8<UInt32> {
    let magic: Float = 12_582_912
    let alpha = v &>> 24
    let a = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: alpha))
    let half = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: alpha &>> 1))
    let transparent = alpha .== 0
    var result = v & 0xFF00_0000
    for shift: UInt32 in [0, 8, 16] {
      let p = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: (v &>> shift) & 0xFF))
      let n = p * 255 + half
      let nearest = (n / a + magic) - magic
      var c = nearest.replacing(with: nearest - 1, where: nearest * a .> n)
      c = c.replacing(with: 0, where: transparent)
      c = c.replacing(with: 255, where: c .> 255)
      let bits = unsafeBitCast(c + magic, to: SIMD8<UInt32>.self) &- 0x4B40_0000
      result |= bits &<< shift
    }
    return result
  }

  /// `round(x / 255)` for each lane, exact for `x ≤ 255 × 255`.
  @inline(__always)
  static func divideBy255(_ x: SIMD16<UInt16>) -> SIMD16<UInt16> {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }
}
