/// The SIMD vocabulary of the compositing kernels at one depth: four premultiplied pixels at a time, either as two
/// vectors of integer lanes (red and blue in one, green and alpha in the other) for the integer modes, or as four
/// planes of floats (`FloatLanes`) for the modes that divide.
///
/// Only these primitives exist once per depth (`Lanes8`, `Lanes16`); the formulas (`BlendFormulas`), the loop and
/// its shortcuts (`SpanKernels`) and every mode's block (`BlendKernels`) are written once, generic over them, and
/// specialised by the compiler for each depth. A formula gives `N = one × co` for the premultiplied result `co`:
/// at 8 bits `one` is 255 and `N` fits 16-bit lanes; at 16 bits `one` is 65535 and `N ≤ 65535²` fits 32-bit lanes.
/// The lanes wrap, so intermediate terms may overflow as long as `N` itself is in range.
package protocol PixelLanes {
  /// One stored pixel: `UInt32` (bytes R, G, B, A) or `UInt64` (16-bit R, G, B, A, little-endian).
  associatedtype Pixel: FixedWidthInteger & UnsignedInteger
  /// Four stored pixels.
  associatedtype Pixels: SIMD where Pixels.Scalar: FixedWidthInteger & UnsignedInteger
  /// Two channels of four pixels: `[r0, b0, r1, b1, …]` or `[g0, a0, g1, a1, …]`, each lane twice a channel's width.
  associatedtype Lanes: LaneVector

  /// The value that stands for 1: 255 or 65535.
  static var one: Lanes.Scalar { get }
  /// `one` as a float.
  static var oneFloat: Float { get }

  static func load(_ pointer: UnsafePointer<Pixel>) -> Pixels
  static func store(_ pixels: Pixels, _ pointer: UnsafeMutablePointer<Pixel>)
  /// Whether the four pixels at `p` all have alpha 0, and whether they all have alpha `one`, tested in scalar
  /// registers (see `Lanes8.alphas(_:)`).
  static func alphas(_ p: UnsafePointer<Pixel>) -> (transparent: Bool, opaque: Bool)

  /// The red-blue and green-alpha halves of four pixels.
  static func split(_ p: Pixels) -> (rb: Lanes, ga: Lanes)
  /// Four pixels from their halves, every lane at most `one` (excess bits must not reach a neighbour).
  static func join(_ rb: Lanes, _ ga: Lanes) -> Pixels
  /// Four pixels from `N = one × co` lanes that are each a product of two channels: each quotient is at most `one`
  /// whatever the inputs, so they are joined without masking.
  static func products(_ rb: Lanes, _ ga: Lanes) -> Pixels
  /// The alpha of each pixel in both of its lanes, from a green-alpha half: `[a0, a0, a1, a1, …]`.
  static func alphas(_ ga: Lanes) -> Lanes
  /// The top channel of each pixel in both of its lanes: `alphas(ofTop: p)` are the alphas, `alphas(ofTop: ~p)`
  /// their complements `one − α`.
  static func alphas(ofTop p: Pixels) -> Lanes
  /// The green-alpha half `ga` with its alpha lanes taken from `alpha`.
  static func replacingAlpha(_ ga: Lanes, with alpha: Lanes) -> Lanes
  /// `round(x / one)`, exact for 0 ≤ x ≤ one².
  static func divide(_ x: Lanes) -> Lanes
  /// The channel-wise sum of pixels whose sums do not overflow a channel.
  static func sum(_ a: Pixels, _ b: Pixels) -> Pixels
  /// Every bit flipped: `one − c` in every channel.
  static func complement(_ p: Pixels) -> Pixels
  /// The saturating sum of every channel (`plus-lighter`).
  static func saturatingAdd(_ a: Pixels, _ b: Pixels) -> Pixels

  /// The four channels of four pixels as floats in 0…`one`.
  static func planes(_ p: Pixels) -> (r: FloatLanes.Floats, g: FloatLanes.Floats, b: FloatLanes.Floats,
    a: FloatLanes.Floats)
  /// Four pixels from channel values in units of `one` × a channel (`one·c`), each divided by `one` and rounded to
  /// nearest. Out-of-range values give wrong bits in their channel only.
  static func pixels(r: FloatLanes.Floats, g: FloatLanes.Floats, b: FloatLanes.Floats, a: FloatLanes.Floats)
    -> Pixels
  /// Four pixels from whole colour values in 0…`one`, with the alphas of `p`.
  static func pixels(r: FloatLanes.Mask, g: FloatLanes.Mask, b: FloatLanes.Mask, alphaOf p: Pixels) -> Pixels
}

extension PixelLanes {
  /// `a` where `x ≤ y`, `b` elsewhere; `x` and `y` must be below half the lanes' range. The mask is the sign of
  /// `y − x`.
  @inline(__always)
  static func select(_ x: Lanes, atMost y: Lanes, _ a: Lanes, _ b: Lanes) -> Lanes {
    let above = (y &- x).negative
    return (b & above) | (a & ~above)
  }

  @inline(__always) static func negative(_ x: Lanes) -> Lanes { x.negative }
  @inline(__always) static func min(_ a: Lanes, _ b: Lanes) -> Lanes { Lanes.minimum(a, b) }
  @inline(__always) static func max(_ a: Lanes, _ b: Lanes) -> Lanes { Lanes.maximum(a, b) }

  /// The coverage an opacity stands for: `round(opacity × one)`, clamped to 0…`one`, 0 for NaN.
  @inline(__always)
  package static func coverage(_ opacity: Double) -> Lanes.Scalar {
    guard opacity > 0 else { return 0 }
    return opacity >= 1 ? one : Lanes.Scalar((opacity * Double(oneFloat)).rounded())
  }
}
