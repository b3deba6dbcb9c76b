import Foundation

import Decor

/// Exact Gaussian blurs in `Double`, written plainly, for the blur and shadow tests to measure against.
///
/// The kernel is the sampled Gaussian `exp(−k²/2σ²)` over ±⌈6σ⌉ (the tails beyond weigh under 10⁻⁹), normalised;
/// outside the image is zero.
package enum GaussianReference {
  package static func kernel(sigma: Double) -> [Double] {
    if sigma == 0 { return [1] }
    let radius = Int((6 * sigma).rounded(.up))
    let weights = (-radius...radius).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
    let total = weights.reduce(0, +)
    return weights.map { $0 / total }
  }

  /// `planes` channels of `width × height` values, blurred; the result covers the input grown by `margin` on every
  /// side, (width + 2·margin) × (height + 2·margin), channel-interleaved like the input.
  package static func blur(_ values: [Double], width: Int, height: Int, channels: Int, sigma: Double, margin: Int) -> [Double]
  {
    let weights = kernel(sigma: sigma)
    let radius = weights.count / 2
    let outWidth = width + 2 * margin
    let outHeight = height + 2 * margin
    // Rows: every input row, output columns.
    var horizontal = [Double](repeating: 0, count: outWidth * height * channels)
    for y in 0..<height {
      for x in 0..<outWidth {
        let centre = x - margin
        let low = max(-radius, -centre)
        let high = min(radius, width - 1 - centre)
        guard low <= high else { continue }
        for k in low...high {
          let w = weights[k + radius]
          for c in 0..<channels {
            horizontal[(y * outWidth + x) * channels + c] += w * values[(y * width + centre + k) * channels + c]
          }
        }
      }
    }
    var output = [Double](repeating: 0, count: outWidth * outHeight * channels)
    for y in 0..<outHeight {
      let centre = y - margin
      let low = max(-radius, -centre)
      let high = min(radius, height - 1 - centre)
      guard low <= high else { continue }
      for k in low...high {
        let w = weights[k + radius]
        let row = (centre + k) * outWidth
        for x in 0..<outWidth {
          for c in 0..<channels {
            output[(y * outWidth + x) * channels + c] += w * horizontal[(row + x) * channels + c]
          }
        }
      }
    }
    return output
  }

  /// An image blurred exactly, over its extent grown by ⌈3σ⌉, rounded to bytes.
  package static func blur(_ image: Raster, sigma: Double) throws -> Raster {
    let margin = sigma == 0 ? 0 : Int((3 * sigma).rounded(.up))
    let values = image.bytes.map(Double.init)
    let blurred = blur(values, width: image.width, height: image.height, channels: 4, sigma: sigma, margin: margin)
    return try Raster(width: image.width + 2 * margin, height: image.height + 2 * margin,
      premultipliedBytes: blurred.map { UInt8(max(0, min(255, $0.rounded()))) })
  }
}

extension GaussianReference {
  /// Photo detail, hard antialiased edges and transparency: the cut-out horse, `width` px wide, over which a small
  /// opaque photo crop is drawn. The scene the blur tests, and the tests of what blurs write, render.
  package static func scene(width: Int = 100) throws -> Raster {
    let horse = try ImageMetrics.sample("horse-cutout.png").resized(width: width, height: nil).rendered()
    let inset = IntRect(x: width / 2, y: width * 8 / 100, width: width * 2 / 5, height: width * 3 / 10)
    let photo = try ImageMetrics.sample("chelsea.png").extracting(
      IntRect(x: 180, y: 60, width: inset.width, height: inset.height))
    var canvas = horse
    Compositor.composite(photo, at: inset, onto: &canvas, mode: .normal, opacity: 1)
    return canvas
  }
}
