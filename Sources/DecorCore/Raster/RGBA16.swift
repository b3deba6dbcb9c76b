/// One premultiplied RGBA pixel, 16 bits per channel, as a 16-bit raster holds it (`Raster.depth`,
/// `subscript(rgba16:_:)`): each colour channel holds `colour × alpha / 65535`, so a valid pixel has `r, g, b ≤ a`,
/// and every fully transparent pixel is zeros. An 8-bit value v is v × 257 at 16 bits.
public struct RGBA16: Hashable, Sendable, CustomStringConvertible {
  public var r: UInt16
  public var g: UInt16
  public var b: UInt16
  public var a: UInt16

  @inlinable
  public init(r: UInt16, g: UInt16, b: UInt16, a: UInt16) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// A pixel from straight 16-bit channels, premultiplied with rounding to nearest.
  @inlinable
  package init(straightRed r: UInt16, green g: UInt16, blue b: UInt16, alpha a: UInt16) {
    self.init(
      r: DeepPremultiplication.premultiply(r, a), g: DeepPremultiplication.premultiply(g, a),
      b: DeepPremultiplication.premultiply(b, a), a: a)
  }

  /// A pixel from straight 8-bit channels, widened (`v × 257`) and premultiplied: exact, in that `straight8` gives
  /// the same four values back for every pixel with alpha above 0.
  @inlinable
  package init(straight8 r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
    self.init(
      straightRed: UInt16(r) &* 257, green: UInt16(g) &* 257, blue: UInt16(b) &* 257, alpha: UInt16(a) &* 257)
  }

  /// An 8-bit premultiplied pixel at 16 bits: each channel × 257, exact and still premultiplied.
  @inlinable
  public init(_ pixel: RGBA8) {
    self.init(
      r: UInt16(pixel.r) &* 257, g: UInt16(pixel.g) &* 257, b: UInt16(pixel.b) &* 257, a: UInt16(pixel.a) &* 257)
  }

  /// The straight 16-bit channels, rounded to nearest; transparent gives zeros.
  @inlinable
  package var straight: (r: UInt16, g: UInt16, b: UInt16, a: UInt16) {
    (
      DeepPremultiplication.unpremultiply(r, a), DeepPremultiplication.unpremultiply(g, a),
      DeepPremultiplication.unpremultiply(b, a), a
    )
  }

  /// This premultiplied pixel with straight channels (`straight`), as a pixel of `PixelFormat.rgba16Straight`.
  @inlinable
  package var straightened: RGBA16 {
    let s = straight
    return RGBA16(r: s.r, g: s.g, b: s.b, a: s.a)
  }

  /// This straight pixel (`PixelFormat.rgba16Straight`) premultiplied, rounding to nearest.
  @inlinable
  package var premultiplied: RGBA16 { RGBA16(straightRed: r, green: g, blue: b, alpha: a) }

  /// This straight pixel at 8 bits, still straight: each channel rounded to nearest (`round(v / 257)`), which gives
  /// back every value widened from 8 bits; zeros where alpha rounds to 0.
  @inlinable
  package var narrowedStraight: RGBA8 {
    let alpha = DeepPremultiplication.narrow(a)
    guard alpha != 0 else { return RGBA8(r: 0, g: 0, b: 0, a: 0) }
    return RGBA8(
      r: DeepPremultiplication.narrow(r), g: DeepPremultiplication.narrow(g), b: DeepPremultiplication.narrow(b),
      a: alpha)
  }

  /// The straight channels at 8 bits: un-premultiplied at 16 bits, then each rounded to nearest, `round(v / 257)`;
  /// zeros where alpha rounds to 0 (as every transparent 8-bit pixel is).
  @inlinable
  package var straight8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let s = straightened.narrowedStraight
    return (s.r, s.g, s.b, s.a)
  }

  /// The pixel at 8 bits, still premultiplied: each channel rounded to nearest (`round(v / 257)`), which keeps
  /// every colour channel at or below alpha.
  @inlinable
  public var premultiplied8: RGBA8 {
    RGBA8(
      r: DeepPremultiplication.narrow(r), g: DeepPremultiplication.narrow(g), b: DeepPremultiplication.narrow(b),
      a: DeepPremultiplication.narrow(a))
  }

  /// Whether no colour channel exceeds alpha.
  @inlinable public var isPremultiplied: Bool { r <= a && g <= a && b <= a }

  public var description: String { "RGBA16(\(r), \(g), \(b), \(a))" }
}

/// The 16-bit counterparts of `Premultiplication`'s conversions, exact in the same sense.
///
/// Premultiply: `p = round(c × a / 65535)`, computed as `(t + (t >> 16)) >> 16` with `t = c × a + 32768` (exact for
/// every product of two 16-bit values). Unpremultiply: `c = min(65535, round(p × 65535 / a))`, halves up, 0 where
/// `a = 0`. Narrowing to 8 bits: `round(v / 257)`, computed as `(v × 255 + 32767) / 65535`.
@usableFromInline package enum DeepPremultiplication {
  /// `round(c × a / 65535)`.
  @inlinable @inline(__always)
  package static func premultiply(_ c: UInt16, _ a: UInt16) -> UInt16 {
    let t = UInt32(c) &* UInt32(a) &+ 32768
    return UInt16(truncatingIfNeeded: (t &+ (t &>> 16)) &>> 16)
  }

  /// `min(65535, round(p × 65535 / a))`, halves up; 0 when `a` is 0.
  @inlinable @inline(__always)
  package static func unpremultiply(_ p: UInt16, _ a: UInt16) -> UInt16 {
    guard a != 0 else { return 0 }
    let a64 = UInt64(a)
    return UInt16(Swift.min(65535, (UInt64(p) &* 65535 &+ a64 / 2) / a64))
  }

  /// `round(v / 257)`: a 16-bit channel at 8 bits.
  @inlinable @inline(__always)
  package static func narrow(_ v: UInt16) -> UInt8 {
    UInt8(truncatingIfNeeded: (UInt32(v) &* 255 &+ 32767) / 65535)
  }
}
