import DecorTesting
import Testing

import Decor
import DecorTestSupport

/// One golden per effect (Goldens/effects/, Goldens/shadow/) and the seeds' example (Goldens/seeds/). The blur and
/// colour kernels compute in `Float`; a platform that rounds a sum differently may move a byte by one, hence the
/// tolerance of 1.
@Suite struct EffectGoldenTests {
  static let tolerance = GoldenTolerance(maxChannelDelta: 1)

  @Test(arguments: [1.0, 6])
  func blur(sigma: Double) throws {
    try Golden.assert(try GoldenScenes.cutout().blurred(sigma: sigma, edge: .transparent).rendered(),
      named: "effects/blur-sigma-\(Int(sigma))", tolerance: Self.tolerance)
  }

  /// The edge modes that keep the size, on the opaque photo, whose borders show what each one repeats.
  @Test(arguments: [EdgeMode.extend, .mirror, .wrap])
  func blurEdge(edge: EdgeMode) throws {
    try Golden.assert(try GoldenScenes.photo().blurred(sigma: 4, edge: edge).rendered(),
      named: "effects/blur-edge-\(edge)", tolerance: Self.tolerance)
  }

  @Test(arguments: [
    ("brightness", ColorFilter.Kind.brightness(1.4)), ("contrast", .contrast(1.8)), ("saturate", .saturate(2.5)),
    ("grayscale", .grayscale(1)), ("sepia", .sepia(0.8)), ("invert", .invert(1)),
    ("hue-rotate", .hueRotate(.degrees(120))),
  ])
  func colorFilter(name: String, kind: ColorFilter.Kind) throws {
    try Golden.assert(try ColorFilter(GoldenScenes.photo(), kind).rendered(), named: "effects/\(name)",
      tolerance: Self.tolerance)
  }

  /// The unsharp mask on the photo (the exact Gaussian and the box passes), and on the translucent cutout, whose
  /// alpha edges must not change its colour.
  @Test(arguments: [("photo", 1.5, 1.5, 0.0), ("photo", 4, 1, 4), ("cutout", 2, 2, 0)])
  func sharpen(scene: String, sigma: Double, amount: Double, threshold: Double) throws {
    let image: any ImageComponent = scene == "photo" ? try GoldenScenes.photo() : try GoldenScenes.cutout()
    try Golden.assert(try image.sharpened(sigma: sigma, amount: amount, threshold: threshold).rendered(),
      named: "effects/sharpen-\(scene)-sigma-\(format(sigma))", tolerance: Self.tolerance)
  }

  @Test func levelsAndGamma() throws {
    try Golden.assert(try GoldenScenes.photo().adjustingLevels(black: 0.1, white: 0.85, gamma: 1.3).rendered(),
      named: "effects/levels", tolerance: Self.tolerance)
    try Golden.assert(try GoldenScenes.cutout().adjustingGamma(0.6).rendered(), named: "effects/gamma-cutout",
      tolerance: Self.tolerance)
  }

  /// The contrast stretched from the photo's own histogram (ImageMagick's `-normalize` cut-offs), and the cutout's
  /// translucent pixels, whose alpha stays.
  @Test func normalize() throws {
    try Golden.assert(try GoldenScenes.photo().normalized(low: 0.02, high: 0.01).rendered(),
      named: "effects/normalize", tolerance: Self.tolerance)
    try Golden.assert(try GoldenScenes.cutout().normalized().rendered(), named: "effects/normalize-cutout",
      tolerance: Self.tolerance)
  }

  /// The cutout trimmed of its transparent border, and the photo of a white frame added around it (which comes off
  /// exactly: 120×80 again).
  @Test func trim() throws {
    try Golden.assert(try GoldenScenes.cutout().trimmed().rendered(), named: "effects/trim-cutout",
      tolerance: Self.tolerance)
    try Golden.assert(try GoldenScenes.photo().padded(by: 9, color: .white).trimmed(fuzz: 30).rendered(),
      named: "effects/trim-frame", tolerance: Self.tolerance)
  }

  @Test func dropShadow() throws {
    let shadow = try GoldenScenes.cutout().addingDropShadow(offset: Point(6, 6), sigma: 4, opacity: 0.6)
    try Golden.assert(try shadow.rendered(), named: "shadow/drop", tolerance: Self.tolerance)
  }

  @Test func dropShadowSpreadOnly() throws {
    let shadow = try GoldenScenes.cutout().addingDropShadow(offset: Point(-4, 8), sigma: 3,
      color: GoldenScenes.color("#2050c0"), opacity: 0.9, spread: 3, only: true)
    try Golden.assert(try shadow.rendered(), named: "shadow/drop-spread-only", tolerance: Self.tolerance)
  }

  @Test func innerShadow() throws {
    let shadow = try GoldenScenes.cutout().addingInnerShadow(offset: Point(2, 4), sigma: 3, opacity: 0.8)
    try Golden.assert(try shadow.rendered(), named: "shadow/inner", tolerance: Self.tolerance)
  }

  /// The example the design grew from: a photo rotated by −45°, moved by (−w/2, h/8), under a Core Graphics
  /// shadow of offset (−25, 15) and blur 20. Core Graphics' blur is the canvas blur radius, 2σ, so σ = 10; its
  /// default shadow colour (`CGContextSetShadow`) is black at a third of full alpha.
  @Test func seedsExample() throws {
    let photo = try ImageMetrics.sample("chelsea.png").resized(width: 160, height: nil).rendered()
    let (w, h) = (Double(photo.width), Double(photo.height))
    let example = photo.rotated(by: .degrees(-45)).translated(by: Point(-w / 2, h / 8))
      .addingDropShadow(offset: Point(-25, 15), sigma: 20 / 2, opacity: 1.0 / 3)
    #expect(example.extent.width <= 256 && example.extent.height <= 256)
    try Golden.assert(try example.rendered(), named: "seeds/example", tolerance: Self.tolerance)
  }
}
