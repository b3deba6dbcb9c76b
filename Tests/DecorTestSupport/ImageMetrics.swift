import Foundation

import Decor

/// Image comparisons for the tests, written plainly (no SIMD) so they are easy to trust.
package enum ImageMetrics {
  /// Peak signal-to-noise ratio over all four premultiplied channels, in dB (infinity when identical).
  package static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count)
    var sum = 0.0
    for i in 0..<a.count {
      let d = Double(a[i]) - Double(b[i])
      sum += d * d
    }
    let mse = sum / Double(a.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
  }

  package static func psnr(_ a: Raster, _ b: Raster) -> Double { psnr(a.bytes, b.bytes) }

  package static func maxDelta(_ a: Raster, _ b: Raster) -> Int {
    zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  /// A small image with distinct, partly transparent pixels: (x, y) → (x·9, y·13, x+y) at alpha 128…255,
  /// premultiplied.
  package static func pattern(width: Int, height: Int) throws -> Raster {
    var raster = try Raster(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let a = UInt8(128 + (x * 7 + y * 3) % 128)
        raster[x, y] = RGBA8(straightRed: UInt8(x * 9 % 256), green: UInt8(y * 13 % 256), blue: UInt8((x + y) % 256),
          alpha: a)
      }
    }
    return raster
  }

  package static func sample(_ name: String) throws -> Raster {
    try Raster(contentsOfFile: Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("SampleImages").appendingPathComponent(name).path)
  }
}
