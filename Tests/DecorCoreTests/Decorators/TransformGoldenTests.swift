import DecorTesting
import Testing

import Decor
import DecorTestSupport

/// One golden per transform and interpolation (Goldens/transforms/).
@Suite struct TransformGoldenTests {
  @Test(arguments: Interpolation.allCases)
  func rotate30(interpolation: Interpolation) throws {
    let image = try GoldenScenes.cutout().rotated(by: .degrees(30), interpolation: interpolation)
    try Golden.assert(try image.rendered(), named: "transforms/rotate-30-\(interpolation)")
  }

  @Test func rotateQuarterTurn() throws {
    try Golden.assert(try GoldenScenes.photo().rotated(by: .degrees(90)).rendered(), named: "transforms/rotate-90")
  }

  @Test(arguments: Interpolation.allCases)
  func scaleUp(interpolation: Interpolation) throws {
    let detail = try GoldenScenes.photo().extracting(IntRect(x: 40, y: 20, width: 40, height: 30))
    try Golden.assert(try detail.scaled(by: 3.2, interpolation: interpolation).rendered(),
      named: "transforms/scale-up-\(interpolation)")
  }

  @Test(arguments: Interpolation.allCases)
  func scaleDown(interpolation: Interpolation) throws {
    let photo = try ImageMetrics.sample("astronaut.png")
    try Golden.assert(try photo.scaled(by: 0.25, interpolation: interpolation).rendered(),
      named: "transforms/scale-down-\(interpolation)")
  }

  @Test(arguments: Resizing.Fit.allCases)
  func resize(fit: Resizing.Fit) throws {
    try Golden.assert(try GoldenScenes.photo().resized(width: 64, height: 64, fit: fit).rendered(),
      named: "transforms/resize-\(fit.rawValue)")
  }

  @Test func translateFraction() throws {
    let moved = try GoldenScenes.cutout().extracting(IntRect(x: 50, y: 0, width: 50, height: 40))
      .translated(by: Point(0.5, 0.25))
    try Golden.assert(try moved.rendered(), named: "transforms/translate-fraction")
  }

  @Test func skew() throws {
    try Golden.assert(try GoldenScenes.photo().skewed(x: .degrees(20), y: .degrees(-10)).rendered(),
      named: "transforms/skew")
  }

  @Test(arguments: Flip.Axis.allCases)
  func flip(axis: Flip.Axis) throws {
    try Golden.assert(try GoldenScenes.cutout().flipped(axis).rendered(), named: "transforms/flip-\(axis.rawValue)")
  }

  @Test func affineMatrix() throws {
    let matrix = AffineTransform(a: 0.8, b: 0.3, c: -0.4, d: 0.9, tx: 10, ty: -5)
    try Golden.assert(try GoldenScenes.photo().transformed(by: matrix, interpolation: .bicubic).rendered(),
      named: "transforms/matrix")
  }
}
