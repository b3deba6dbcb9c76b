import Foundation
import Testing

import Decor
import DecorTestSupport

/// A scene's `text` layer: read, written back, drawn as the `Text` it names, and refused with the
/// place in the JSON.
@Suite struct SceneTextTests {
  static let card = """
    {"width": 400, "height": 200, "background": "#1d2b4f", "layers": [
      {"text": "Summer sale", "font": "DejaVu Sans Bold", "size": 40, "color": "#fff", "width": 300,
       "align": "center", "x": 50, "y": 30, "lineHeight": 1.1, "letterSpacing": 1, "chain": "shadow 0 2 blur=4"},
      {"text": "تخفيضات الصيف", "size": 28, "color": "#ffd27a", "x": 50, "y": 120, "width": 300, "align": "end"}
    ]}
    """

  @Test func aCardIsTheTextsItNames() throws {
    let scene = try ChainProbe.scene(Self.card)
    guard case .text(let title) = scene.layers[0].content, case .text(let subtitle) = scene.layers[1].content else {
      Issue.record("not text layers: \(scene.layers.map(\.content))")
      return
    }
    #expect(title == SceneText("Summer sale", font: "DejaVu Sans Bold", size: 40, color: .white, lineHeight: 1.1,
      letterSpacing: 1, alignment: .center))
    #expect(subtitle.font == "DejaVu Sans" && subtitle.alignment == .end && subtitle.lineHeight == 1.2)
    // Written back and read again, the same scene.
    #expect(try JSONDecoder().decode(Scene.self, from: Data(scene.json.serialized(indent: 2).utf8)) == scene)
    // Drawn: the same pixels as the texts composed by hand.
    let drawn = try scene.component { _ in throw FilterError("no images") }.rendered()
    let titleText = Text("Summer sale", font: Font(family: "DejaVu Sans Bold", size: 40), color: .white,
      lineHeight: 1.1, letterSpacing: 1, maxWidth: 300, alignment: .center).addingDropShadow(offset: Point(0, 2), sigma: 4)
    let subtitleText = Text("تخفيضات الصيف", font: Font(family: "DejaVu Sans", size: 28),
      color: try Color(parsing: "#ffd27a"), maxWidth: 300, alignment: .end)
    let byHand = Group([Layer(SolidColor(try Color(parsing: "#1d2b4f"))), Layer(titleText, x: 50, y: 30),
      Layer(subtitleText, x: 50, y: 120)]).cropped(to: IntRect(x: 0, y: 0, width: 400, height: 200))
    #expect(drawn == (try byHand.rendered()))
    // The Arabic line is right to left, ending at the box's right edge (align end of a right-to-left paragraph is
    // its left, so the line starts at the box's left: the ink is in the left part of the box).
    #expect(subtitleText.lines.count == 1)
  }

  /// A hundred thousand characters are a defined result: laid out, wrapped, and drawn where asked.
  @Test func aLongTextIsLaidOut() throws {
    let words = String(repeating: "word ", count: 20_000)
    let text = Text(words, font: Font(family: "DejaVu Sans", size: 8), maxWidth: 400)
    #expect(text.parameterError == nil && text.string.unicodeScalars.count == 100_000)
    #expect(text.lines.count > 100 && text.extent.width == 400)
    let top = try text.rendered(IntRect(x: 0, y: 0, width: 400, height: 40))
    let blank = try Raster(width: 400, height: 40)
    #expect(top.width == 400)
    #expect(top != blank)
  }

  @Test func refusalsNameThePlace() throws {
    func error(_ json: String) -> String? {
      do {
        let scene = try ChainProbe.scene(json)
        _ = try scene.component { _ in throw FilterError("no images") }
        return nil
      } catch {
        return "\(error)"
      }
    }
    let head = #"{"width": 100, "height": 50, "layers": ["#
    #expect(error(head + #"{"text": "a", "height": 20}]}"#)
      == "layers[0].height: a text takes its height from its lines (width is where they break)")
    #expect(error(head + #"{"color": "red", "font": "DejaVu Sans"}]}"#) == "layers[0].font: only a text layer takes font")
    #expect(error(head + #"{"text": 3}]}"#) == "layers[0].text: a string expected, got 3")
    #expect(error(head + #"{"text": "a", "font": "Nonexistent Sans"}]}"#)?
      .hasPrefix("layers[0].text: font family \"Nonexistent Sans\" is not installed") == true)
    #expect(error(head + #"{"text": "a", "size": 0}]}"#)?.contains("size must be above 0") == true)
    #expect(error(head + #"{"text": "a\u0007b"}]}"#)?.contains("control character U+0007") == true)
    #expect(error(head + #"{"text": "a", "align": "middle"}]}"#)?.hasPrefix("layers[0].align:") == true)
  }
}
