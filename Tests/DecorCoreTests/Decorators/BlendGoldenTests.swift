import DecorTesting
import Testing

import Decor
import DecorTestSupport

/// The golden contact sheet of the 28 blend modes (Goldens/blend/): each cell a soft-edged orange disc (a radial
/// gradient fading to transparent) with a square on top in the cell's mode (a diagonal gradient from opaque blue to
/// half-transparent green), the pair blended on its own and then laid over a checkerboard so that transparency
/// shows. Cells in `BlendMode.allCases` order, seven to a row: normal … luminosity on the first two rows and a
/// bit, then the Porter-Duff operators and the plus modes.
@Suite struct BlendGoldenTests {
  static let cell = 36
  static let columns = 7

  /// The disc and the square blended in `mode`, alone (transparent around them).
  static func pair(_ mode: BlendMode) -> Group {
    let disc = RadialGradient(center: Point(15, 15), radius: 13, stops: [
      GradientStop(location: 0, color: GoldenScenes.color("#ff8c1a")),
      GradientStop(location: 0.6, color: GoldenScenes.color("#e0402ad0")),
      GradientStop(location: 1, color: GoldenScenes.color("#e0402a00")),
    ]).cropped(to: IntRect(x: 2, y: 2, width: 26, height: 26))
    let square = LinearGradient(from: Point(0, 0), to: Point(22, 22), stops: [
      GradientStop(location: 0, color: GoldenScenes.color("#2050e0")),
      GradientStop(location: 1, color: GoldenScenes.color("#30d05080")),
    ]).cropped(to: IntRect(x: 0, y: 0, width: 22, height: 22))
    return Group([Layer(disc), Layer(square, x: 12, y: 12, blendMode: mode)])
  }

  @Test func contactSheet() throws {
    let board = Checkerboard(squareSize: 6, colors: (GoldenScenes.color("#f2f2f2"), GoldenScenes.color("#c8c8c8")))
    let cells = BlendMode.allCases.enumerated().map { index, mode in
      let background = board.cropped(to: IntRect(x: 0, y: 0, width: Self.cell, height: Self.cell))
      return Layer(Group([Layer(background), Layer(Self.pair(mode))]), x: index % Self.columns * Self.cell,
        y: index / Self.columns * Self.cell)
    }
    let sheet = try Group(cells).rendered()
    #expect(sheet.width == 7 * Self.cell && sheet.height == 4 * Self.cell)
    try Golden.assert(sheet, named: "blend/contact-sheet")
  }
}
