import Foundation
import Testing

import Decor
import DecorTestSupport

/// `round`, `border`, `replicate` and `mask` against their peers or independent
/// references made by `Tests/Fixtures/Shape/make.py`.
@Suite struct ShapeTests {
  static let folder = Fixtures.root.appendingPathComponent("Shape")

  static func fixture(_ name: String) throws -> Raster {
    try Raster(contentsOfFile: folder.appendingPathComponent(name).path)
  }

  static func white(_ width: Int, _ height: Int) throws -> Raster { try Raster(width: width, height: height, fill: .white) }

  /// The largest difference between two rasters' alpha bytes.
  static func alphaDelta(_ a: Raster, _ b: Raster) -> Int {
    zip(a.bytes.enumerated(), b.bytes).filter { $0.0.offset % 4 == 3 }.map { abs(Int($0.0.element) - Int($0.1)) }
      .max() ?? 0
  }

  // MARK: - round

  /// The exact area coverage against a 1024 × 1024 supersampled coverage (numpy), within one level of alpha.
  @Test(arguments: [
    (40, 30, CornerRadius.pixels(12), "12"), (37, 23, .percent(50), "50pct"), (50, 20, .pixels(15), "15"),
    (30, 30, .pixels(7.3), "7.3"), (41, 17, .percent(20), "20pct"),
  ])
  func roundMatchesSupersampledCoverage(width: Int, height: Int, radius: CornerRadius, name: String) throws {
    let reference = try Self.fixture("round-\(width)-\(height)-\(name).png")
    let rounded = try Self.white(width, height).roundingCorners(radius: radius).rendered()
    #expect(Self.alphaDelta(rounded, reference) <= 1, "\(radius)")
    // Premultiplied white: every channel is the coverage.
    #expect(rounded.bytes.enumerated().allSatisfy { $0.element == rounded.bytes[$0.offset | 3] })
  }

  /// The sum of the coverages is the shape's area, w·h − (4 − π)·rx·ry, to within rounding.
  @Test func roundCoversTheShapesArea() throws {
    for (w, h, r) in [(64, 48, 10.0), (100, 40, 20), (9, 7, 2.5), (300, 200, 90)] {
      let shape = RoundedRectCoverage(width: w, height: h, rx: r, ry: r)
      var sum = 0.0
      for y in 0..<h { for x in 0..<w { sum += shape.coverage(x: x, y: y) } }
      #expect(abs(sum - (Double(w * h) - (4 - Double.pi) * r * r)) < 1e-9 * Double(w * h), "\(w)x\(h) r \(r)")
    }
  }

  /// CSS's rule for overlapping radii: all scaled by min(w / 2rx, h / 2ry); a percentage over 50 is 50.
  @Test func roundScalesOverlappingRadiiAsCSSDoes() throws {
    #expect(RoundedCorners.radii(.pixels(1000), width: 40, height: 30) == (15, 15))
    #expect(RoundedCorners.radii(.percent(50), width: 40, height: 30) == (20, 15))
    #expect(RoundedCorners.radii(.percent(80), width: 40, height: 30) == (20, 15))
    #expect(RoundedCorners.radii(.pixels(12), width: 40, height: 30) == (12, 12))
    #expect(RoundedCorners.radii(.pixels(0), width: 40, height: 30) == (0, 0))
    let image = try ImageMetrics.pattern(width: 12, height: 9)
    #expect(try image.roundingCorners(radius: 100).rendered() == image.roundingCorners(radius: 4.5).rendered())
    #expect(try image.roundingCorners(radius: .percent(70)).rendered()
      == image.roundingCorners(radius: .percent(50)).rendered())
    #expect(try image.roundingCorners(radius: 0).rendered() == image)
  }

  /// Translucent and coloured pixels are multiplied (premultiplied) by the coverage; the extent and its position
  /// stay; an infinite input is unchanged.
  @Test func roundMultipliesPremultipliedPixels() throws {
    let color = Color(red: 0.8, green: 0.4, blue: 0.2, alpha: 0.5)
    let image = try Raster(width: 20, height: 10, fill: color.premultiplied)
    let rounded = try image.roundingCorners(radius: 5).rendered()
    let shape = RoundedRectCoverage(width: 20, height: 10, rx: 5, ry: 5)
    for y in 0..<10 {
      for x in 0..<20 {
        let c = shape.coverage(x: x, y: y)
        let expected = image[x, y]
        for (got, want) in [(rounded[x, y].r, expected.r), (rounded[x, y].a, expected.a)] {
          #expect(abs(Double(got) - Double(want) * c) <= 0.5 + 1e-6, "(\(x), \(y))")
        }
      }
    }
    let moved = image.translated(by: Point(-7, 3))
    #expect(moved.roundingCorners(radius: 5).extent == moved.extent)
    #expect(try moved.roundingCorners(radius: 5).rendered() == rounded)
    let infinite = SolidColor(.white).roundingCorners(radius: 5)
    #expect(try infinite.rendered(IntRect(x: 0, y: 0, width: 4, height: 4)) == Self.white(4, 4))
  }

  /// A shadow after `round` follows the rounded shape: the same as a shadow of the rounded coverage.
  @Test func shadowAfterRoundFollowsTheRoundedShape() throws {
    let image = try Self.white(40, 30)
    let chain = try Chain(parsing: ["round 12 | shadow 4 4 blur=3 opacity=1 only"]).apply(to: image)
    let rendered = try chain.rendered()
    let square = try image.addingDropShadow(offset: Point(4, 4), sigma: 3, opacity: 1, only: true).rendered()
    // Near the rounded corner (top-left, moved by the offset) the shadow is lighter than a square's.
    #expect(rendered[chain.extent.width / 2, chain.extent.height / 2].a == 255)
    let cornerX = 4 - chain.extent.minX + 1
    let cornerY = 4 - chain.extent.minY + 1
    #expect(Int(rendered[cornerX, cornerY].a) + 40 < Int(square[cornerX, cornerY].a))
  }

  @Test func roundStepParsesLengthsAndPercentages() throws {
    let image = try ImageMetrics.pattern(width: 12, height: 9)
    #expect(try Chain(parsing: ["round 3.5"]).apply(to: image).rendered()
      == image.roundingCorners(radius: 3.5).rendered())
    #expect(try Chain(parsing: ["round 25%"]).apply(to: image).rendered()
      == image.roundingCorners(radius: .percent(25)).rendered())
    #expect("\(image.roundingCorners(radius: .percent(25)))" == "round 25%")
    #expect("\(image.roundingCorners(radius: 3.5))" == "round 3.5")
    for (step, reason) in [("round -2", "radius must be at least 0, got -2"),
      ("round -2%", "radius must be at least 0, got -2"),
      ("round 1e400", "radius must be a finite number, got inf")]
    {
      #expect(ParameterSweepTests.message(step) == reason)
    }
    #expect(ParameterSweepTests.message("round nan") == "radius (R or P%) expected, got \"nan\" (numbers must be finite)")
    #expect(ParameterSweepTests.message("round 5px")?.hasPrefix("radius (R or P%) expected") == true)
    #expect(image.roundingCorners(radius: -2).parameterError
      == .invalidParameter(component: "round", reason: "radius must be at least 0, got -2"))
    #expect(image.roundingCorners(radius: .percent(.nan)).parameterError
      == .invalidParameter(component: "round", reason: "radius must be a finite number, got nan"))
  }

  // MARK: - border

  /// ImageMagick 6.9's `-border` on a translucent cut-out, with its default colour and a translucent one.
  @Test(arguments: [("border 3", "border-default.png"), ("border 5 color=#3366cc80", "border-color.png")])
  func borderMatchesImageMagick(step: String, reference: String) throws {
    let cutout = try Self.fixture("cutout.png")
    let bordered = try Chain(parsing: [step]).apply(to: cutout).rendered()
    let expected = try Self.fixture(reference)
    #expect(bordered.width == expected.width && bordered.height == expected.height)
    let difference = ImageMetrics.maxDelta(bordered, expected)
    #expect(difference <= 1, "\(step): \(difference) levels from ImageMagick")
  }

  /// The Swift value and the step are the same component, and its description is the step.
  @Test func borderRoundTripsAndChecksItsWidth() throws {
    let image = try ImageMetrics.pattern(width: 6, height: 4)
    let swift = image.bordered(width: 2, color: .white)
    #expect(try Chain(parsing: ["\(swift)"]).apply(to: image).rendered() == swift.rendered())
    #expect("\(image.bordered(width: 1))" == "border 1 color=#dfdfdf")
    #expect(swift.extent == IntRect(x: -2, y: -2, width: 10, height: 8))
    // Width 0 still flattens onto the colour, as `-border 0` does.
    #expect(try image.bordered(width: 0, color: .white).rendered() == image.flattened(onto: .white).rendered())
    #expect(ParameterSweepTests.message("border -1") == "width must be at least 0, got -1")
    #expect(image.bordered(width: -1).parameterError
      == .invalidParameter(component: "border", reason: "width must be at least 0, got -1"))
  }

  // MARK: - replicate

  /// pyvips' `replicate` (libvips 8.14), byte for byte, on a translucent cut-out.
  @Test(arguments: [(3, 2), (1, 4)])
  func replicateMatchesLibvips(columns: Int, rows: Int) throws {
    let cutout = try Self.fixture("cutout.png")
    let expected = try Self.fixture("replicate-\(columns)x\(rows).png")
    #expect(try cutout.replicated(columns: columns, rows: rows).rendered() == expected)
    #expect(try Chain(parsing: ["replicate \(columns)x\(rows)"]).apply(to: cutout).rendered() == expected)
  }

  @Test func replicateChecksItsGridAndThePixelLimit() throws {
    let image = try ImageMetrics.pattern(width: 4, height: 3)
    let moved = image.translated(by: Point(-2, 5))
    #expect(moved.replicated(columns: 2, rows: 3).extent == IntRect(x: -2, y: 5, width: 8, height: 9))
    #expect("\(image.replicated(columns: 2, rows: 3))" == "replicate 2x3")
    #expect(try image.replicated(columns: 1, rows: 1).rendered() == image)
    #expect(SolidColor(.white).replicated(columns: 2, rows: 2).extent.isInfinite)
    for (step, reason) in [("replicate 0x3", "columns must be at least 1, got 0"),
      ("replicate 2x-1", "rows must be at least 1, got -1"),
      ("replicate 2", "grid COLSxROWS (whole numbers) expected, got \"2\""),
      ("replicate nanx2", "grid COLSxROWS (whole numbers) expected, got \"nanx2\"")]
    {
      #expect(ParameterSweepTests.message(step) == reason, "\(step)")
    }
    #expect(image.replicated(columns: 0, rows: 3).parameterError
      == .invalidParameter(component: "replicate", reason: "columns must be at least 1, got 0"))
    // Huge grids: the sides clamped to 2^30; the step refuses a result over the pixel limit, a render too.
    let limit = ParameterCheck.maxLength
    #expect(image.replicated(columns: .max, rows: .max).extent == IntRect(x: 0, y: 0, width: limit, height: limit))
    #expect(ParameterSweepTests.message("replicate 9223372036854775807x2")?.hasSuffix("over the limit of "
      + "\(Raster.defaultPixelLimit) pixels") == true)
    #expect(throws: RenderError.self) { try image.replicated(columns: 100_000, rows: 100_000).rendered() }
  }

  // MARK: - mask

  /// ImageMagick 6.9's `-compose DstIn -composite` (the image times the mask's alpha), on a photo with an alpha ramp
  /// and the cut-out as the mask.
  @Test func alphaMaskMatchesImageMagick() throws {
    let photo = try Self.fixture("photo.png")
    let cutout = try Self.fixture("cutout.png")
    let expected = try Self.fixture("mask-alpha.png")
    let masked = try photo.masked(by: cutout).rendered()
    let difference = ImageMetrics.maxDelta(masked, expected)
    #expect(difference <= 1, "\(difference) levels from ImageMagick")
    #expect(try Chain(parsing: ["mask cutout"]).apply(to: photo, images: ["cutout": cutout]).rendered() == masked)
  }

  /// Luminance (CSS `mask-type: luminance`: 0.2125 R + 0.7154 G + 0.0721 B of the straight sRGB values, times
  /// alpha) and inversion, against the formula in `Double` on the mask's straight bytes.
  @Test(arguments: [false, true])
  func luminanceMaskFollowsCSS(inverted: Bool) throws {
    let photo = try Self.fixture("photo.png")
    let mask = try ImageMetrics.sample("coffee.png").resized(width: 48, height: 39).multiplyingOpacity(by: 0.8).rendered()
    let masked = try photo.masked(by: mask, channel: .luminance, inverted: inverted).rendered()
    let straight = mask.straightBytes()
    var worst = 0.0
    for y in 0..<39 {
      for x in 0..<48 {
        let k = (y * 48 + x) * 4
        let value = (0.2125 * Double(straight[k]) + 0.7154 * Double(straight[k + 1]) + 0.0721 * Double(straight[k + 2]))
          / 255 * Double(straight[k + 3]) / 255
        let factor = inverted ? 1 - value : value
        let p = photo[x, y]
        let q = masked[x, y]
        for (got, was) in [(q.r, p.r), (q.g, p.g), (q.b, p.b), (q.a, p.a)] {
          worst = max(worst, abs(Double(got) - Double(was) * factor))
        }
      }
    }
    #expect(worst <= 1.5, "largest difference \(worst)")
  }

  /// Any component masks: a gradient placed at the image's top-left fades it; outside the mask's extent counts as
  /// transparent (inverted: kept); the extent is the image's.
  @Test func gradientsAndSmallMasks() throws {
    let image = try Self.white(20, 10).translated(by: Point(30, -4))
    let fade = LinearGradient(from: Point(0, 0), to: Point(20, 0), stops: [
      GradientStop(location: 0, color: .white), GradientStop(location: 1, color: .clear)])
    let faded = image.masked(by: fade)
    #expect(faded.extent == image.extent)
    let pixels = try faded.rendered()
    #expect(pixels[0, 5].a > 240 && pixels[19, 5].a < 15 && pixels[10, 5].a > 100 && pixels[10, 5].a < 155)
    let small = try Raster(width: 5, height: 3, fill: .white)
    let cut = try image.masked(by: small).rendered()
    #expect(cut[4, 2].a == 255 && cut[5, 2].a == 0 && cut[4, 3].a == 0)
    let kept = try image.masked(by: small, inverted: true).rendered()
    #expect(kept[4, 2].a == 0 && kept[5, 2].a == 255 && kept[19, 9].a == 255)
    #expect("\(image.masked(by: small, channel: .luminance, inverted: true))" == "mask channel=luminance invert")
    #expect(try Chain(parsing: ["mask small channel=luminance invert"]).apply(to: image, images: ["small": small])
      .rendered() == image.masked(by: small, channel: .luminance, inverted: true).rendered())
    #expect(ParameterSweepTests.message("mask") == "missing IMAGE (image (a file name)): mask IMAGE "
      + "[channel=alpha|luminance] [invert]")
    let bad = image.rotated(by: .degrees(.nan))
    #expect(image.masked(by: bad).parameterError == bad.parameterError)
  }
}
