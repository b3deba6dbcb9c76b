import DecorTesting
import Testing

import Decor
import DecorTestSupport

/// Goldens for framing (crop, pad, canvas, opacity, background, tile, replicate, round, border, mask), groups and the seeds' draw calls.
@Suite struct CompositionGoldenTests {
  @Test func cropAfterRotate() throws {
    let rotated = try GoldenScenes.photo().rotated(by: .degrees(-20), interpolation: .bicubic)
    let e = rotated.extent
    try Golden.assert(try rotated.cropped(to: IntRect(x: e.minX + 20, y: e.minY + 15, width: 90, height: 70)).rendered(),
      named: "framing/crop-after-rotate")
  }

  @Test func padWithColour() throws {
    try Golden.assert(try GoldenScenes.cutout().padded(top: 4, right: 16, bottom: 8, left: 2,
      color: GoldenScenes.color("#ffcc00")).rendered(), named: "framing/pad")
  }

  @Test func opacityOverBackground() throws {
    try Golden.assert(try GoldenScenes.cutout().multiplyingOpacity(by: 0.6).flattened(onto: GoldenScenes.color("#224466")).rendered(),
      named: "framing/opacity-background")
  }

  @Test func tile() throws {
    let cell = try GoldenScenes.photo().extracting(IntRect(x: 40, y: 20, width: 30, height: 20))
    try Golden.assert(try cell.tiled(width: 100, height: 70).rendered(), named: "framing/tile")
  }

  /// Rounded corners under a drop shadow that follows them, and an ellipse (`round 50%`) of the cut-out.
  @Test func roundedCornersWithShadow() throws {
    try Golden.assert(try GoldenScenes.photo().roundingCorners(radius: 16).addingDropShadow(offset: Point(4, 5), sigma: 4,
      opacity: 0.6).rendered(), named: "framing/round-shadow")
    try Golden.assert(try GoldenScenes.photo().roundingCorners(radius: .percent(50)).rendered(),
      named: "framing/round-ellipse")
  }

  /// A translucent border on the cut-out, which is flattened onto the colour first (ImageMagick's `-border`).
  @Test func border() throws {
    try Golden.assert(try GoldenScenes.cutout().bordered(width: 6, color: GoldenScenes.color("#3366cc80")).rendered(),
      named: "framing/border")
  }

  @Test func replicate() throws {
    let cell = try GoldenScenes.photo().extracting(IntRect(x: 40, y: 20, width: 30, height: 20))
    try Golden.assert(try cell.roundingCorners(radius: 6).replicated(columns: 4, rows: 3).rendered(),
      named: "framing/replicate")
  }

  /// The photo faded to the right by a gradient's alpha, and masked by the inverted luminance of a radial gradient.
  @Test func gradientMasks() throws {
    let fade = LinearGradient(from: Point(20, 0), to: Point(110, 0), stops: [
      GradientStop(location: 0, color: .white), GradientStop(location: 1, color: .clear)])
    try Golden.assert(try GoldenScenes.photo().masked(by: fade).rendered(), named: "framing/mask-gradient")
    let spot = RadialGradient(center: Point(60, 40), radius: 45, stops: [
      GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)])
    try Golden.assert(try GoldenScenes.photo().masked(by: spot, channel: .luminance, inverted: true).rendered(),
      named: "framing/mask-luminance")
  }

  /// The cut-out moved off the canvas's top-left and clipped on the right, over a colour.
  @Test func canvas() throws {
    try Golden.assert(try GoldenScenes.cutout().placedOnCanvas(width: 120, height: 90, x: 40, y: -8,
      color: GoldenScenes.color("#ffcc00")).rendered(), named: "framing/canvas")
  }

  @Test func nestedGroups() throws {
    let cutout = try GoldenScenes.cutout()
    let inner = Group([Layer(cutout), Layer(cutout.flipped(.horizontal), x: 30, y: 10, opacity: 0.5)])
    let backdrop = LinearGradient(from: Point(0, 0), to: Point(0, 120), stops: [
      GradientStop(location: 0, color: GoldenScenes.color("#e0f0ff")),
      GradientStop(location: 1, color: GoldenScenes.color("#204060")),
    ]).cropped(to: IntRect(x: 0, y: 0, width: 150, height: 110))
    let scene = Group([Layer(backdrop), Layer(inner, x: 10, y: 12), Layer(inner.rotated(by: .degrees(12)), x: 60, y: 40,
      blendMode: .normal, opacity: 0.8)])
    try Golden.assert(try scene.rendered(), named: "groups/nested")
  }

  @Test func copyLayer() throws {
    let scene = Group([Layer(Checkerboard(squareSize: 10).cropped(to: IntRect(x: 0, y: 0, width: 120, height: 90))),
      Layer(try GoldenScenes.cutout(), x: 10, y: 5, blendMode: .copy)])
    try Golden.assert(try scene.rendered(), named: "groups/copy-layer")
  }

  @Test func drawCalls() throws {
    var canvas = try Raster(width: 200, height: 140, fill: GoldenScenes.color("#f4efe6").premultiplied)
    let cutout = try GoldenScenes.cutout()
    let photo = try GoldenScenes.photo()
    try canvas.draw(cutout, at: Point(4, 4))
    try canvas.draw(cutout, at: Point(90.5, 2.25), blendMode: .normal, alpha: 0.5)
    try canvas.draw(photo, in: Rect(x: 110, y: 80, width: 85, height: 55))
    try canvas.draw(photo, in: Rect(x: 4, y: 90, width: 40, height: 40), blendMode: .copy, alpha: 0.7)
    try canvas.drawAsPattern(photo.cropped(to: IntRect(x: 50, y: 25, width: 16, height: 12)),
      in: Rect(x: 50, y: 90, width: 55, height: 45))
    try Golden.assert(canvas, named: "drawing/seed-calls")
  }
}
