import Testing

import Decor
import DecorTestSupport

/// The separable scaler's arithmetic written as plainly as possible (the implementation before the passes of
/// `SeparableScaler+Passes.swift`): per output pixel, the sum of its taps' products in tap order, skipping taps
/// outside the input's pixels, horizontally into a float row per source row, then vertically.
enum ScalerReference {
  typealias Axis = SeparableScaler.Axis

  static func render(_ source: RenderedRegion?, region: IntRect, x: Axis, y: Axis) throws -> Raster {
    var output = try Raster(width: region.width, height: region.height)
    let columns = x.taps(region.minX..<region.maxX)
    let rows = y.taps(region.minY..<region.maxY)
    guard let source, !columns.needed.isEmpty, !rows.needed.isEmpty else { return output }
    let needed = IntRect(x: columns.needed.lowerBound, y: rows.needed.lowerBound, width: columns.needed.count,
      height: rows.needed.count)
    // Rows pass: every needed source row, filtered horizontally into float pixels.
    let width = region.width
    let available = needed.intersection(source.rect)
    let sourceRows = available.minY..<available.maxY
    var horizontal = [SIMD4<Float>](repeating: .zero, count: sourceRows.count * width)
    source.raster.withUnsafeBytes { bytes in
      let src = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
      for (r, y) in sourceRows.enumerated() {
        // Indexed by absolute x: the taps' indices are absolute.
        let line = src + ((y - source.rect.minY) * source.rect.width - source.rect.minX)
        for (i, tap) in columns.entries.enumerated() where tap.count > 0 {
          var sum = SIMD4<Float>.zero
          for k in 0..<tap.count where tap.first + k >= available.minX && tap.first + k < available.maxX {
            sum += PixelMath.unpack(line[tap.first + k]) * columns.weights[tap.start + k]
          }
          horizontal[r * width + i] = sum
        }
      }
    }
    // Columns pass.
    output.withUnsafeMutableBytes { bytes in
      let out = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
      for (j, tap) in rows.entries.enumerated() where tap.count > 0 {
        for i in 0..<width {
          var sum = SIMD4<Float>.zero
          for k in 0..<tap.count {
            let r = tap.first + k - sourceRows.lowerBound
            guard r >= 0 && r < sourceRows.count else { continue }
            sum += horizontal[r * width + i] * rows.weights[tap.start + k]
          }
          out[j * width + i] = PixelMath.pack(PixelMath.clampPremultiplied(sum))
        }
      }
    }
    return output
  }
}

/// The scaler's passes (padded taps, runs of shared weights, a ring of rows, direct output) give the reference's
/// bytes. Most products and sums are exact in `Float` at simple factors (0.5's bicubic weights are multiples of
/// 1/256), where no order of the additions could show; at other factors one addition in another order changes a
/// byte once in some 10⁵ channels, hence the larger images as well.
@Suite(.tags(.slow)) struct ScalerReferenceTests {
  /// Random premultiplied pixels, alpha 0 or 255 half of the time (or all opaque).
  static func image(_ width: Int, _ height: Int, seed: UInt64, opaque: Bool) throws -> Raster {
    var random = SplitMix64(seed: seed)
    var bytes: [UInt8] = []
    for _ in 0..<(width * height) {
      let a: UInt8 = opaque ? 255
        : Bool.random(using: &random) ? [0, 255].randomElement(using: &random)! : .random(in: 0...255, using: &random)
      for _ in 0..<3 { bytes.append(.random(in: 0...a, using: &random)) }
      bytes.append(a)
    }
    return try Raster(width: width, height: height, premultipliedBytes: bytes)
  }

  @Test func randomScalesOfRandomImagesGiveTheReferencesBytes() throws {
    var random = SplitMix64(seed: 42)
    let factors: [Double] = [0.5, 0.5, 0.25, 1.0 / 3, 0.7, 1, 1.5, 2, 3.3, 0.05, 0.49, 0.51]
    for trial in 0..<SanitizerRun.count(600, sanitized: 100) {
      let w = Int.random(in: 1...70, using: &random)
      let h = Int.random(in: 1...70, using: &random)
      let raster = try Self.image(w, h, seed: UInt64(trial), opaque: trial % 3 == 0)
      let interpolation = Interpolation.allCases.randomElement(using: &random)!
      let sx = factors.randomElement(using: &random)!
      let sy = Bool.random(using: &random) ? sx : factors.randomElement(using: &random)!
      // Axes mapping the extent onto the rounded size, or by the factor with an offset (as `resize fit=cover`).
      func axis(_ count: Int, _ scale: Double, _ random: inout SplitMix64) -> SeparableScaler.Axis {
        let out = max(1, Int((Double(count) * scale).rounded()))
        if Bool.random(using: &random) { return .init(from: 0..<count, to: 0..<out, interpolation: interpolation) }
        return .init(scale: scale, offset: .random(in: -5...5, using: &random), inputRange: 0..<count,
          outputRange: 0..<out, interpolation: interpolation)
      }
      let x = axis(w, sx, &random)
      let y = axis(h, sy, &random)
      // A region partly outside the output, and a source that covers all or part of the input.
      let region = IntRect(x: .random(in: -3...x.outputRange.count, using: &random),
        y: .random(in: -3...y.outputRange.count, using: &random), width: .random(in: 1...40, using: &random),
        height: .random(in: 1...40, using: &random))
      var source = RenderedRegion(rect: raster.bounds, raster: raster)
      if trial % 4 == 1 {
        let part = IntRect(x: .random(in: 0..<w, using: &random), y: .random(in: 0..<h, using: &random),
          width: .random(in: 1...w, using: &random), height: .random(in: 1...h, using: &random))
          .intersection(raster.bounds)
        source = RenderedRegion(rect: part, raster: try raster.render(part, context: RenderContext()))
      }
      let expected = try ScalerReference.render(source, region: region, x: x, y: y)
      #expect(try SeparableScaler.render(source, region: region, x: x, y: y, pixelLimit: 1 << 28) == expected,
        "trial \(trial): \(w)×\(h), \(interpolation), \(sx) × \(sy), region \(region)")
    }
  }

  @Test(arguments: SanitizerRun.sample([(0.5, Interpolation.bicubic), (0.37, .bicubic), (0.7, .bicubic),
    (1.7, .bilinear), (0.5, .bilinear), (2.3, .bicubic), (0.05, .bicubic), (0.1, .bilinear), (0.25, .lanczos),
    (0.6, .lanczos), (1.7, .lanczos)], every: 4))
  func largeImagesGiveTheReferencesBytes(factor: Double, interpolation: Interpolation) throws {
    for raster in [try Self.image(480, 360, seed: 7, opaque: false), try ImageMetrics.sample("astronaut.png")] {
      let width = Int((Double(raster.width) * factor).rounded())
      let height = Int((Double(raster.height) * factor).rounded())
      let x = SeparableScaler.Axis(from: 0..<raster.width, to: 0..<width, interpolation: interpolation)
      let y = SeparableScaler.Axis(from: 0..<raster.height, to: 0..<height, interpolation: interpolation)
      let source = RenderedRegion(rect: raster.bounds, raster: raster)
      let region = IntRect(x: 0, y: 0, width: width, height: height)
      #expect(try SeparableScaler.render(source, region: region, x: x, y: y, pixelLimit: 1 << 28)
        == ScalerReference.render(source, region: region, x: x, y: y), "\(factor) \(interpolation)")
    }
  }
}
