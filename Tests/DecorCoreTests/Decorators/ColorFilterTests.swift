import Foundation
import Testing

import Decor
import DecorTestSupport

@Suite struct ColorFilterTests {
  /// Every alpha from 0 to 255 (columns) against 48 colours (rows): greys, primaries, the extremes and random ones,
  /// premultiplied; and a photo crop.
  static func swatches() throws -> [Raster] {
    var generator = SplitMix64(seed: 2982443813)  // seeded: a failure can be replayed
    var colors: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 255, 255), (128, 128, 128), (255, 0, 0), (0, 255, 0),
      (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255), (1, 254, 127)]
    while colors.count < 48 {
      colors.append((UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
        UInt8.random(in: 0...255, using: &generator)))
    }
    var swatch = try Raster(width: 256, height: colors.count)
    for (y, c) in colors.enumerated() {
      for a in 0...255 { swatch[a, y] = RGBA8(straightRed: c.0, green: c.1, blue: c.2, alpha: UInt8(a)) }
    }
    let photo = try ImageMetrics.sample("chelsea.png").extracting(IntRect(x: 150, y: 50, width: 61, height: 47))
    return [swatch, photo, try ImageMetrics.pattern(width: 37, height: 29)]
  }

  /// Filter Effects Module Level 1, written out from the specification in `Double`: (r, g, b) straight in 0 … 1.
  static func formula(_ kind: ColorFilter.Kind, _ c: [Double]) -> [Double] {
    func matrix(_ m: [[Double]]) -> [Double] { m.map { $0[0] * c[0] + $0[1] * c[1] + $0[2] * c[2] } }
    switch kind {
    case .brightness(let a): return c.map { $0 * a }
    case .contrast(let a): return c.map { $0 * a - 0.5 * a + 0.5 }
    case .invert(let a):
      let a = min(1, a)
      return c.map { a + $0 * (1 - 2 * a) }  // table [a, 1 − a], interpolated
    case .saturate(let s):
      return matrix([[0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
        [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
        [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]])
    case .grayscale(let a):
      let k = 1 - min(1, a)
      return matrix([[0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k],
        [0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k],
        [0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k]])
    case .sepia(let a):
      let k = 1 - min(1, a)
      return matrix([[0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k],
        [0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k],
        [0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k]])
    case .hueRotate(let angle):
      let (cs, sn) = (cos(angle.radians), sin(angle.radians))
      return matrix([
        [0.213 + cs * 0.787 - sn * 0.213, 0.715 - cs * 0.715 - sn * 0.715, 0.072 - cs * 0.072 + sn * 0.928],
        [0.213 - cs * 0.213 + sn * 0.143, 0.715 + cs * 0.285 + sn * 0.140, 0.072 - cs * 0.072 - sn * 0.283],
        [0.213 - cs * 0.213 - sn * 0.787, 0.715 - cs * 0.715 + sn * 0.715, 0.072 + cs * 0.928 + sn * 0.072]])
    }
  }

  /// The formula on un-premultiplied colour, clamped to 0 … 1, premultiplied again: the real number each byte
  /// should round from.
  static func expected(_ kind: ColorFilter.Kind, _ p: RGBA8) -> [Double] {
    guard p.a > 0 else { return [0, 0, 0, 0] }
    let a = Double(p.a)
    let mapped = formula(kind, [Double(p.r) / a, Double(p.g) / a, Double(p.b) / a])
    return mapped.map { min(1, max(0, $0)) * a } + [a]
  }

  static let kinds: [ColorFilter.Kind] = [
    .brightness(0), .brightness(0.5), .brightness(1.7), .brightness(3), .contrast(0), .contrast(0.4),
    .contrast(2.2), .saturate(0), .saturate(0.3), .saturate(2.5), .grayscale(0.5), .grayscale(1), .sepia(0.3),
    .sepia(1), .invert(0.25), .invert(0.5), .invert(1), .hueRotate(.degrees(-90)), .hueRotate(.degrees(30)),
    .hueRotate(.degrees(180)), .hueRotate(.degrees(400)),
  ]

  @Test(arguments: SanitizerRun.sample(kinds, every: 3))
  func everyPixelIsWithinOneOfTheFormula(kind: ColorFilter.Kind) throws {
    for image in try Self.swatches() {
      let filtered = try ColorFilter(image, kind).rendered()
      var worst = 0.0
      for y in 0..<image.height {
        for x in 0..<image.width {
          let want = Self.expected(kind, image[x, y])
          let got = filtered[x, y]
          for (g, w) in zip([got.r, got.g, got.b, got.a], want) { worst = max(worst, abs(Double(g) - w)) }
          #expect(got.isPremultiplied)
        }
      }
      // Within ±1 of the rounded value: less than 1.5 from the real one.
      #expect(worst < 1.5, "\(kind): \(worst) from the formula")
    }
  }

  @Test func neutralAmountsLeaveThePixelsAlone() throws {
    let neutral: [ColorFilter.Kind] = [.brightness(1), .contrast(1), .saturate(1), .grayscale(0), .sepia(0),
      .invert(0), .hueRotate(.degrees(0)), .hueRotate(.degrees(360))]
    for image in try Self.swatches() {
      for kind in neutral { #expect(try ColorFilter(image, kind).rendered() == image, "\(kind)") }
    }
  }

  @Test func amountsAreBroughtIntoTheirRanges() throws {
    let image = try Self.swatches()[1]
    #expect(try image.grayscale(3).rendered() == image.grayscale(1).rendered())
    #expect(try image.invert(2).rendered() == image.invert().rendered())
    #expect(image.brightness(1e300).kind == .brightness(1_000_000))
    let turned = Angle.degrees(1e300.truncatingRemainder(dividingBy: 360))
    #expect(image.hueRotate(by: .degrees(1e300)).kind == .hueRotate(turned))
    // Negative amounts (which CSS refuses too), NaN and infinities make an invalid component.
    #expect(throws: RenderError.invalidParameter(component: "sepia", reason: "sepia must be at least 0, got -1")) {
      try image.sepia(-1).rendered()
    }
    #expect(throws: RenderError.invalidParameter(component: "brightness",
      reason: "brightness must be at least 0, got -2")) { try image.brightness(-2).rendered() }
    for filter in [image.saturate(.nan), image.grayscale(.nan), image.brightness(.infinity),
      image.hueRotate(by: .degrees(-.infinity))]
    {
      #expect(filter.extent.isEmpty && filter.parameterError != nil, "\(filter)")
      #expect(throws: RenderError.self) { try filter.rendered() }
    }
    // Transparent stays transparent, alpha never changes.
    let clear = try Raster(width: 3, height: 3)
    #expect(try clear.invert().rendered() == clear)
    #expect(try clear.contrast(0).rendered() == clear)
  }

  @Test func theChainStepsParseAndCheckTheirArguments() throws {
    let white = try Raster(width: 2, height: 2, fill: .white)
    func kind(_ step: String) throws -> ColorFilter.Kind? {
      (try Chain(parsing: [step]).apply(to: white) as? ColorFilter)?.kind
    }
    #expect(try kind("brightness 1.5") == .brightness(1.5))
    #expect(try kind("contrast 0.8") == .contrast(0.8))
    #expect(try kind("saturate 2") == .saturate(2))
    #expect(try kind("grayscale") == .grayscale(1))
    #expect(try kind("greyscale 0.5") == .grayscale(0.5))
    #expect(try kind("sepia") == .sepia(1))
    #expect(try kind("invert 0.3") == .invert(0.3))
    #expect(try kind("hue-rotate 90deg") == .hueRotate(.degrees(90)))
    #expect(try kind("grayscale 2") == .grayscale(1))
    #expect(ChainProbe.message("grayscale -0.5") == "grayscale must be at least 0, got -0.5")
    #expect(ChainProbe.message("brightness -1") == "brightness must be at least 0, got -1")
    #expect(ChainProbe.message("hue-rotate") != nil)
    #expect(ChainProbe.message("hue-rotate x") == "angle expected, got \"x\"")
    #expect(try Chain(parsing: ["sepia 0.5 | invert"]).apply(to: white).extent == white.bounds)
    #expect(ColorFilter(white, .hueRotate(.degrees(45))).description == "hue-rotate 45")
  }
}
