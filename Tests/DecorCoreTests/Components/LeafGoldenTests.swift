import DecorTesting
import Testing

import Decor
import DecorTestSupport

/// One golden per leaf (Goldens/leaves/).
@Suite struct LeafGoldenTests {
  static let frame = IntRect(x: 0, y: 0, width: 128, height: 96)

  @Test func solidColour() throws {
    try Golden.assert(try SolidColor(GoldenScenes.color("#33669980")).rendered(Self.frame), named: "leaves/solid-color")
  }

  @Test func linearGradient() throws {
    let gradient = LinearGradient(from: Point(10, 10), to: Point(118, 86), stops: [
      GradientStop(location: 0, color: GoldenScenes.color("#ff0000")),
      GradientStop(location: 0.5, color: GoldenScenes.color("#ffff0080")),
      GradientStop(location: 1, color: GoldenScenes.color("#0000ff00")),
    ])
    try Golden.assert(try gradient.rendered(Self.frame), named: "leaves/linear-gradient")
  }

  @Test func radialGradient() throws {
    let gradient = RadialGradient(center: Point(64, 48), radius: 45, stops: [
      GradientStop(location: 0, color: .white),
      GradientStop(location: 0.7, color: GoldenScenes.color("rebeccapurple")),
      GradientStop(location: 1, color: .clear),
    ])
    try Golden.assert(try gradient.rendered(Self.frame), named: "leaves/radial-gradient")
  }

  @Test func checkerboard() throws {
    let board = Checkerboard(squareSize: 12, colors: (GoldenScenes.color("#eeeeee"), GoldenScenes.color("#3a3a3a")))
    try Golden.assert(try board.rendered(IntRect(x: -6, y: -6, width: 128, height: 96)), named: "leaves/checkerboard")
  }

  @Test func image() throws {
    try Golden.assert(try GoldenScenes.cutout().rendered(), named: "leaves/image")
  }
}
