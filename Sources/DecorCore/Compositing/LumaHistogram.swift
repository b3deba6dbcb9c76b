/// The counts of the luma levels of premultiplied pixels, for `normalize`: 256 levels for 8-bit pixels, 65,536 for
/// 16-bit ones.
///
/// Luma is Pillow's `L`: (19595·R + 38470·G + 7471·B + 2^15) >> 16 of straight colour (Rec. 601 weights, as JPEG's
/// Y; the weights add up to 2^16, so white is the top level at either depth), a translucent pixel's colour
/// un-premultiplied first (rounded to nearest, at most the top level). Fully transparent pixels are not counted:
/// they have no colour.
struct LumaHistogram: Sendable, Equatable {
  private(set) var counts: [Int]

  /// The top level: 255 or 65535.
  var maximum: Int { counts.count - 1 }

  /// An empty histogram of the levels 0 … `maximum` (255 or 65535, the pixels' own).
  init(maximum: Int = 255) {
    counts = [Int](repeating: 0, count: maximum + 1)
  }

  /// Counts `pixels`, 8-bit.
  mutating func add(_ pixels: UnsafeBufferPointer<UInt32>) {
    add(UnsafeRawBufferPointer(pixels).bindMemory(to: UInt8.self), pixels: pixels.count)
  }

  /// Counts `pixels`, 16-bit.
  mutating func add(_ pixels: UnsafeBufferPointer<RGBA16>) {
    add(UnsafeRawBufferPointer(pixels).bindMemory(to: UInt16.self), pixels: pixels.count)
  }

  /// Counts `count` pixels given as their channels, R, G, B, A, of the histogram's depth.
  private mutating func add<Channel: FixedWidthInteger & UnsignedInteger>(
    _ channels: UnsafeBufferPointer<Channel>, pixels count: Int
  ) {
    let top = maximum
    precondition(top == Int(Channel.max), "a histogram of \(top + 1) levels counting \(Channel.self) channels")
    counts.withUnsafeMutableBufferPointer { counts in
      for i in stride(from: 0, to: 4 * count, by: 4) {
        let alpha = Int(channels[i + 3])
        if alpha == top {
          counts[Self.luma(Int(channels[i]), Int(channels[i + 1]), Int(channels[i + 2]))] += 1
        } else if alpha != 0 {
          func straight(_ c: Channel) -> Int { Swift.min(top, (Int(c) * top + alpha / 2) / alpha) }
          counts[Self.luma(straight(channels[i]), straight(channels[i + 1]), straight(channels[i + 2]))] += 1
        }
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
    cut(low, h.indices)
    cut(high, h.indices.reversed())
    guard let lo = h.firstIndex(where: { $0 > 0 }), let hi = h.lastIndex(where: { $0 > 0 }), lo < hi else {
      return nil
    }
    return (lo, hi)
  }
}
