import RealModule

/// The curve of `levels` and `gamma` applied to each colour channel of straight (un-premultiplied) colour,
/// `c' = ((c − black) / (white − black))^exponent` clamped to 0 … 1 (c as a fraction of white), alpha unchanged, on
/// premultiplied pixels of 8 or 16 bits.
///
/// At 8 bits, opaque pixels go through a table of the 256 levels (one lookup a channel, the formula rounded to nearest:
/// ImageMagick's `-level` and `-gamma` and Pillow's point operations are tables too). A translucent pixel's straight
/// colour c/α falls between levels, where a table would be coarse on a steep curve, so it is computed from the
/// formula in `Double` and premultiplied by α again, rounded to nearest (never above α). At 16 bits every pixel is
/// computed so, by the same code. A fully transparent pixel stays as it is.
package struct ToneCurve: Sendable, Hashable {
  /// The input level that maps to 0, as a fraction of white.
  let black: Double
  /// `white − black`, above 0.
  let range: Double
  /// 1 / gamma.
  let exponent: Double
  /// The formula at i / 255, × 255, rounded, for opaque pixels.
  let opaque: [UInt8]

  init(black: Double, white: Double, gamma: Double) {
    self.black = black
    range = white - black
    exponent = 1 / gamma
    opaque = (0...255).map { [range, exponent] in
      UInt8((Self.value(Double($0) / 255, black: black, range: range, exponent: exponent) * 255).rounded())
    }
  }

  /// The straight line from level `lo` to level `hi` (0 … 255, `lo` below `hi`), gamma 1, its table exact: 255 ·
  /// (i − lo) / (hi − lo) rounded half up in whole numbers, where the fractions of white would put an exact half
  /// level (127.5) on either side. `normalize`'s curve.
  init(levels lo: Int, _ hi: Int) {
    black = Double(lo) / 255
    range = Double(hi - lo) / 255
    exponent = 1
    let span = hi - lo
    opaque = (0...255).map { i in UInt8(Swift.min(255, Swift.max(0, (2 * 255 * (i - lo) + span) / (2 * span)))) }
  }

  /// The straight line from level `lo` to level `hi` of 0 … 65535 (`lo` below `hi`), gamma 1: `normalize`'s curve
  /// at 16 bits, from the formula (its 8-bit table is the same line rounded, unused at that depth).
  init(deepLevels lo: Int, _ hi: Int) {
    self.init(black: Double(lo) / 65535, white: Double(hi) / 65535, gamma: 1)
  }

  /// The curve at `c` (a fraction of white), in 0 … 1.
  @inline(__always)
  static func value(_ c: Double, black: Double, range: Double, exponent: Double) -> Double {
    let v = Swift.min(Swift.max((c - black) / range, 0), 1)
    return exponent == 1 ? v : Double.pow(v, exponent)
  }

  /// Whether the curve leaves every value as it is (levels 0 and 1, gamma 1).
  var isIdentity: Bool { black == 0 && range == 1 && exponent == 1 }

  /// Maps every pixel of `raster` in place, 8 or 16 bits (nothing to do for the identity).
  func apply(to raster: inout Raster) {
    if isIdentity { return }
    raster.visit(Mapping(curve: self))
  }

  /// `apply` over the channels of the raster it visits, of its depth.
  private struct Mapping: StoredPixelVisitor {
    let curve: ToneCurve

    func visit<Stored: StoredPixel>(_: Stored.Type, _ raster: inout Raster) {
      raster.withStoredPixels(Stored.self) { pixels in
        curve.apply(UnsafeMutableRawPointer(pixels.baseAddress!).assumingMemoryBound(to: Stored.Channel.self),
          count: pixels.count)
      }
    }
  }

  /// Maps `count` premultiplied pixels in place, given as their channels R, G, B, A: at 8 bits opaque ones through
  /// the table; translucent ones, and at 16 bits every one, from the formula (a table of 65,536 levels would be
  /// faster on all but small images, but would have to be built per render: the component holds no state). The
  /// width is known when the function is specialised, so each depth's loop is the one it had.
  func apply<Channel: FixedWidthInteger & UnsignedInteger>(_ channels: UnsafeMutablePointer<Channel>, count: Int) {
    guard Channel.bitWidth == 8 else {
      for i in 0..<count where channels[4 * i + 3] != 0 { map(channels + 4 * i) }
      return
    }
    opaque.withUnsafeBufferPointer { table in
      for i in 0..<count {
        let p = channels + 4 * i
        let alpha = p[3]
        if alpha == 255 {
          p[0] = Channel(table[Int(p[0])])
          p[1] = Channel(table[Int(p[1])])
          p[2] = Channel(table[Int(p[2])])
        } else if alpha != 0 {
          map(p)
        }
      }
    }
  }

  /// Maps the colour of the premultiplied pixel whose channels R, G, B, A start at `p` (alpha above 0), at either
  /// depth: the straight colour c/α (at most 1 in a valid pixel; clamped for one that is not) through the formula,
  /// premultiplied by α again, rounded to nearest, never above α.
  @inline(__always)
  private func map<Channel: FixedWidthInteger & UnsignedInteger>(_ p: UnsafeMutablePointer<Channel>) {
    let a = Double(p[3])
    let (black, range, exponent) = (black, range, exponent)
    for c in 0..<3 {
      let v = Self.value(Swift.min(Double(p[c]) / a, 1), black: black, range: range, exponent: exponent) * a
      p[c] = Channel(Swift.min(v.rounded(), a))
    }
  }
}
