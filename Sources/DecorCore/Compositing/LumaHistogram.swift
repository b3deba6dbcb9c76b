/// The counts of the 256 luma levels of premultiplied RGBA8 pixels, for `normalize`.
///
/// Luma is Pillow's `L`: (19595·R + 38470·G + 7471·B + 2^15) >> 16 of straight colour (Rec. 601 weights, as JPEG's
/// Y), a translucent pixel's colour un-premultiplied first (rounded to nearest, at most 255). Fully transparent
/// pixels are not counted: they have no colour.
struct LumaHistogram: Sendable, Equatable {
  private(set) var counts = [Int](repeating: 0, count: 256)

  /// Counts `pixels`.
  mutating func add(_ pixels: UnsafeBufferPointer<UInt32>) {
    counts.withUnsafeMutableBufferPointer { counts in
      let bytes = UnsafeRawBufferPointer(pixels)
      var i = 0
      while i < bytes.count {
        let alpha = Int(bytes[i + 3])
        if alpha == 255 {
          counts[Self.luma(Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))] += 1
        } else if alpha != 0 {
          func straight(_ c: UInt8) -> Int { Swift.min(255, (Int(c) * 255 + alpha / 2) / alpha) }
          counts[Self.luma(straight(bytes[i]), straight(bytes[i + 1]), straight(bytes[i + 2]))] += 1
        }
        i += 4
      }
    }
  }

  @inline(__always)
  static func luma(_ r: Int, _ g: Int, _ b: Int) -> Int { (19595 * r + 38470 * g + 7471 * b + 0x8000) >> 16 }

  /// The lowest and highest levels still holding pixels after ⌊n·`low`⌋ pixels are taken from the dark end and
  /// ⌊n·`high`⌋ from the light end (n the pixels counted), as Pillow's `autocontrast` cuts; `nil` when they are not
  /// two different levels (a flat image, or no pixel counted).
  func range(cuttingLow low: Double, high: Double) -> (lo: Int, hi: Int)? {
    let n = counts.reduce(0, +)
    guard n > 0 else { return nil }
    var h = counts
    func cut(_ fraction: Double, _ levels: some Sequence<Int>) {
      var cut = Int((Double(n) * fraction).rounded(.down))
      for level in levels where cut > 0 {
        let taken = Swift.min(cut, h[level])
        h[level] -= taken
        cut -= taken
      }
    }
    cut(low, 0...255)
    cut(high, (0...255).reversed())
    guard let lo = h.firstIndex(where: { $0 > 0 }), let hi = h.lastIndex(where: { $0 > 0 }), lo < hi else {
      return nil
    }
    return (lo, hi)
  }
}
