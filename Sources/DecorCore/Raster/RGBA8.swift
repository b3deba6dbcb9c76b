/// One premultiplied RGBA pixel, 8 bits per channel, sRGB-encoded: Decor's working pixel format.
///
/// Premultiplied means each colour channel already holds `colour × alpha / 255`, so a valid pixel has
/// `r, g, b ≤ a`, and every fully transparent pixel is `(0, 0, 0, 0)`. In memory the channels are stored in the
/// byte order R, G, B, A.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
  /// Premultiplied red, 0…255.
  public var r: UInt8
  /// Premultiplied green, 0…255.
  public var g: UInt8
  /// Premultiplied blue, 0…255.
  public var b: UInt8
  /// Alpha (coverage), 0 = transparent, 255 = opaque.
  public var a: UInt8

  /// A pixel from premultiplied channel values. The values are taken as they are; see `isPremultiplied`.
  @inlinable
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// A pixel from straight (un-premultiplied) channel values, premultiplied with rounding to nearest.
  @inlinable
  public init(straightRed r: UInt8, green g: UInt8, blue b: UInt8, alpha a: UInt8) {
    self.init(
      r: Premultiplication.premultiply(r, a), g: Premultiplication.premultiply(g, a),
      b: Premultiplication.premultiply(b, a), a: a)
  }

  /// Fully transparent.
  public static let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)
  /// Opaque black.
  public static let black = RGBA8(r: 0, g: 0, b: 0, a: 255)
  /// Opaque white.
  public static let white = RGBA8(r: 255, g: 255, b: 255, a: 255)

  /// Whether no colour channel exceeds alpha, as premultiplied pixels require.
  @inlinable
  public var isPremultiplied: Bool { r <= a && g <= a && b <= a }

  /// The straight (un-premultiplied) channels `(r, g, b, a)`, rounded to nearest; transparent gives zeros.
  @inlinable
  public var straight: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    (
      Premultiplication.unpremultiply(r, a), Premultiplication.unpremultiply(g, a),
      Premultiplication.unpremultiply(b, a), a
    )
  }

  public var description: String { "RGBA8(\(r), \(g), \(b), \(a))" }
}
