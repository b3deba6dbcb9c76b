import Foundation
import Testing

import DecorCore
import DecorTestSupport

/// The tone and analysis steps at 16 bits held to their formulas on 16-bit pixels: what 8 bits would round away
/// is kept, and the statistics see the file's own levels.
@Suite struct DeepToneTests {
  /// A 16-bit opaque ramp along x, `100 + 97·x` (0 … 65535 over 674 pixels), the same on every row.
  static let ramp = SixteenBitSource(width: 674, height: 3) { x, _ in
    let v = UInt16(min(65535, 100 + 97 * x))
    return RGBA16(r: v, g: v, b: UInt16(65535 - Int(v)), a: 65535)
  }

  /// The pixels of `component` at 16 bits premultiplied, checking that the render chose 16 bits.
  static func deep(_ component: any ImageComponent) throws -> [RGBA16] {
    let (format, pixels) = try DeepBands.render(component, threads: 2, tileSize: 64, format: .rgba16)
    #expect(format == .rgba16, "\(component)")
    return pixels
  }

  /// `levels` and `gamma` on opaque 16-bit pixels give the formula rounded to nearest, on every one of the ramp's
  /// levels (a table of 256 levels would be up to 128/65535 off).
  @Test(arguments: [(0.1, 0.9, 1.0), (0.0, 1.0, 2.2), (0.2, 0.7, 0.6)])
  func levelsAndGammaFollowTheFormulaAtSixteenBits(_ black: Double, _ white: Double, _ gamma: Double) throws {
    let source = Self.ramp
    let pixels = try Self.deep(StreamedImage(source).adjustingLevels(black: black, white: white, gamma: gamma))
    var worst = 0.0
    for (pixel, input) in zip(pixels, source.straight) {
      for (out, c) in [(pixel.r, input.r), (pixel.g, input.g), (pixel.b, input.b)] {
        let v = min(max((Double(c) / 65535 - black) / (white - black), 0), 1)
        worst = max(worst, abs(Double(out) - pow(v, 1 / gamma) * 65535))
      }
      #expect(pixel.a == 65535)
    }
    #expect(worst <= 0.5 + 1e-6, "\(worst) levels of 65535 from the formula")
  }

  /// A translucent 16-bit pixel's straight colour goes through the curve and is premultiplied again: within 1 of
  /// the exact premultiplied value, at alphas down to 1/65535's few levels.
  @Test func translucentPixelsFollowTheFormulaAtSixteenBits() throws {
    let alphas: [UInt16] = [3, 40, 257, 1000, 30000, 65534]
    let source = SixteenBitSource(width: 200, height: alphas.count) { x, y in
      let c = UInt16(x * 327)
      return RGBA16(r: c, g: 65535 - c, b: c / 2, a: alphas[y])
    }
    let pixels = try Self.deep(StreamedImage(source).adjustingLevels(black: 0.1, white: 0.8, gamma: 1.5))
    var worst = 0.0
    for (pixel, input) in zip(pixels, source.straight) {
      let a = Double(input.premultiplied.a)
      #expect(pixel.a == input.premultiplied.a && pixel.isPremultiplied)
      let premultiplied = input.premultiplied
      for (out, p) in [(pixel.r, premultiplied.r), (pixel.g, premultiplied.g), (pixel.b, premultiplied.b)] {
        let v = min(max((min(Double(p) / a, 1) - 0.1) / 0.7, 0), 1)
        worst = max(worst, abs(Double(out) - pow(v, 1 / 1.5) * a))
      }
    }
    #expect(worst <= 0.5 + 1e-6, "\(worst) levels from the formula")
  }

  /// `normalize` of a 16-bit image spanning 1000 … 60000 finds those levels, not the nearest of 256: they become 0
  /// and 65535 and the ramp between stays a straight line, within half a level.
  @Test func normalizeStretchesTheSixteenBitLevelsThemselves() throws {
    let source = SixteenBitSource(width: 591, height: 2) { x, _ in
      let v = UInt16(1000 + x * 100)
      return RGBA16(r: v, g: v, b: v, a: 65535)
    }
    let pixels = try Self.deep(StreamedImage(source).normalized(low: 0, high: 0))
    var worst = 0.0
    for (pixel, input) in zip(pixels, source.straight) {
      let exact = (Double(input.r) - 1000) / 59000 * 65535
      worst = max(worst, abs(Double(pixel.r) - exact))
    }
    #expect(pixels.first?.r == 0 && pixels[590].r == 65535)
    #expect(worst <= 0.5 + 1e-6, "\(worst) levels from the exact line")
  }

  /// `trim` finds a pixel that differs from the background by 1/65535, which 8 bits would round away; with fuzz 1
  /// (a level of 255, 257 of 65535) it does not count.
  @Test func trimSeesSixteenBitDifferences() throws {
    let source = SixteenBitSource(width: 40, height: 30) { x, y in
      let v: UInt16 = x == 23 && y == 11 ? 30001 : 30000
      return RGBA16(r: v, g: v, b: v, a: 65535)
    }
    let image = StreamedImage(source)
    #expect(image.trimmed().rect == IntRect(x: 23, y: 11, width: 1, height: 1))
    #expect(image.trimmed(fuzz: 1).rect == IntRect(x: 0, y: 0, width: 40, height: 30))
    // The trimmed pixel keeps its 16 bits.
    let (format, pixels) = try DeepBands.render(image.trimmed(), threads: 1, tileSize: 16)
    #expect(format == .rgba16Straight && pixels == [RGBA16(r: 30001, g: 30001, b: 30001, a: 65535)])
  }

  /// `pixelate` averages 16-bit channels exactly: 40001, 40002, 40002 and 40004 average to 40002 (40002.25 rounded),
  /// which 8 bits could not tell from 39835 or 40092.
  @Test func pixelateAveragesSixteenBitChannels() throws {
    let values: [UInt16] = [40001, 40002, 40002, 40004]
    let source = SixteenBitSource(width: 2, height: 2) { x, y in
      let v = values[y * 2 + x]
      return RGBA16(r: v, g: 65535 - v, b: v / 3, a: 65535)
    }
    let pixels = try Self.deep(StreamedImage(source).pixelated(blockSize: 2))
    let r = (40001 + 40002 + 40002 + 40004 + 2) / 4
    let g = (4 * 65535 - 160009 + 2) / 4
    #expect(pixels.count == 4)
    #expect(pixels.allSatisfy { Int($0.r) == r && Int($0.g) == g && $0.a == 65535 })
  }

  /// A gradient at 16 bits has 16-bit steps: black to white over 1,000 pixels under a 16-bit image takes 1,000
  /// values (8 bits would have 256), each the exact ramp at the pixel's centre rounded.
  @Test func gradientsKeepSixteenBitSteps() throws {
    let source = SixteenBitSource(width: 1000, height: 2) { _, _ in RGBA16(r: 0, g: 0, b: 0, a: 0) }
    let gradient = LinearGradient(from: Point(0, 0), to: Point(1000, 0), stops: [
      GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white),
    ])
    let group = Group([Layer(gradient.cropped(to: IntRect(x: 0, y: 0, width: 1000, height: 2))),
      Layer(StreamedImage(source))])
    let pixels = try Self.deep(group)
    #expect(Set(pixels.map(\.r)).count == 1000)
    var worst = 0.0
    for (x, pixel) in pixels.prefix(1000).enumerated() {
      let exact: Double = (Double(x) + 0.5) / 1000 * 65535
      worst = max(worst, abs(Double(pixel.r) - exact))
    }
    #expect(worst <= 0.5 + 1e-6, "\(worst) levels from the exact ramp")
  }
}
