import Foundation
import Testing

import Decor
import DecorTestSupport

/// `\n` in a step's string, and `max-lines=` in the step and `maxLines` in a scene.
@Suite struct TextStepLineTests {
  static let caption = "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun."

  /// Where `blended(with:at:)` puts a text's extent so that its layout box is at (0, 0).
  static func origin(_ text: Text) -> Point { Point(Double(text.extent.minX), Double(text.extent.minY)) }

  @Test func backslashNIsALineBreak() throws {
    #expect(try ChainProbe.arguments("text \"one\\ntwo\"").text("string") == "one\ntwo")
    #expect(try ChainProbe.arguments("text one\\ntwo").text("string") == "one\ntwo")
    // `\\` is a backslash, other escapes the character itself; single quotes keep a backslash as it is.
    #expect(try ChainProbe.arguments("text \"a\\\\nb\"").text("string") == "a\\nb")
    #expect(try ChainProbe.arguments("text \"a\\tb\\\"c\"").text("string") == "atb\"c")
    #expect(try ChainProbe.arguments("text 'a\\nb'").text("string") == "a\\nb")
    // A chain without a backslash reads as before.
    #expect(try ChainProbe.arguments("text \"one two\"").text("string") == "one two")
  }

  @Test func textOneNewlineTwoDrawsTwoLines() throws {
    let canvas = try Raster(width: 200, height: 100)
    let step = try Chain(parsing: "text \"one\\ntwo\" font=\"DejaVu Sans\" size=20")
    let text = Text("one\ntwo", font: Font(family: "DejaVu Sans", size: 20))
    #expect(text.lines.map(\.text) == ["one", "two"])
    #expect(try step.apply(to: canvas, images: [:]).rendered()
      == (try canvas.blended(with: text, at: Self.origin(text)).rendered()))
    // Written back as one line, with the escape.
    #expect(step.description == "text \"one\\ntwo\" font=\"DejaVu Sans\" size=20")
    let saved = try JSONDecoder().decode(Chain.self, from: try JSONEncoder().encode(step))
    #expect(saved.steps[0].arguments.text("string") == "one\ntwo")
  }

  @Test func maxLinesDrawsTwoLinesEndingInAnEllipsis() throws {
    let canvas = try Raster(width: 240, height: 200)
    let chain = try Chain(parsing: "text \"\(Self.caption)\" width=200 max-lines=2 size=24")
    let text = Text(Self.caption, font: Font(family: "DejaVu Sans", size: 24), maxWidth: 200, maxLines: 2)
    #expect(text.lines.count == 2 && text.lines[1].text.hasSuffix("…") && text.isTruncated)
    #expect(try chain.apply(to: canvas, images: [:]).rendered()
      == (try canvas.blended(with: text, at: Self.origin(text)).rendered()))
    #expect(ChainProbe.message("text hi max-lines=0") == "maximum lines must be at least 1, got 0")
  }

  @Test func aScenesMaxLines() throws {
    let json = """
      {"width": 240, "height": 200, "layers": [
        {"text": "\(Self.caption)", "size": 24, "width": 200, "maxLines": 2}
      ]}
      """
    let scene = try ChainProbe.scene(json)
    guard case .text(let spec) = scene.layers[0].content else {
      Issue.record("not a text layer")
      return
    }
    #expect(spec.maxLines == 2)
    #expect(try JSONDecoder().decode(Scene.self, from: Data(scene.json.serialized(indent: 2).utf8)) == scene)
    let text = Text(Self.caption, font: Font(family: "DejaVu Sans", size: 24), maxWidth: 200, maxLines: 2)
    let drawn = try scene.component { _ in throw FilterError("no images") }.rendered()
    #expect(drawn == (try Raster(width: 240, height: 200).blended(with: text, at: Self.origin(text)).rendered()))
    let bad = json.replacingOccurrences(of: "\"maxLines\": 2", with: "\"maxLines\": 0")
    #expect(throws: SceneError.self) { try ChainProbe.scene(bad) }
  }
}
