import Testing

import Decor
import DecorTestSupport
@testable import DecorText

/// `maxLines`: the first lines kept and the last one cut to fit with an ellipsis, as CSS's `-webkit-line-clamp`.
@Suite struct TextLineLimitTests {
  static let caption = "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun."
  static let font = Font(file: TextTests.dejaVu, size: 24)

  @Test func twoLinesEndingInAnEllipsis() throws {
    let whole = Text(Self.caption, font: Self.font, maxWidth: 200)
    let clamped = Text(Self.caption, font: Self.font, maxWidth: 200, maxLines: 2)
    #expect(whole.lines.count > 2 && !whole.isTruncated)
    #expect(clamped.isTruncated && clamped.maxLines == 2)
    #expect(clamped.lines.count == 2)
    #expect(clamped.lines[0] == whole.lines[0])
    let last = clamped.lines[1]
    #expect(last.text.hasSuffix("…"))
    #expect(last.width <= 200)
    // What is kept of the second line starts it, as much of it as fits with the ellipsis.
    #expect(whole.lines[1].text.hasPrefix(String(last.text.dropLast()).trimmingCharacters(in: .whitespaces)))
    // One more grapheme would not fit: the ellipsis after the next character is wider than the box.
    let kept = String(last.text.dropLast())
    let next = whole.lines[1].text.dropFirst(kept.count).first { $0 != " " }
    if let next {
      let longer = Text(kept + String(next) + "…", font: Self.font)
      #expect(longer.lines[0].width > 200)
    }
    // Two lines tall, drawn where the unclamped text draws its first line.
    #expect(clamped.layoutBox.height == Int((2 * 1.2 * 24).rounded(.up)))
    #expect(try clamped.rendered(IntRect(x: 0, y: 0, width: 200, height: 28))
      == (try whole.rendered(IntRect(x: 0, y: 0, width: 200, height: 28))))
  }

  @Test func aShortLastLineTakesTheEllipsisWhole() throws {
    // Hard breaks: the second line fits with room to spare, so it is kept whole and the ellipsis follows it.
    let text = Text("one\ntwo\nthree", font: Self.font, maxLines: 2)
    #expect(text.lines.map(\.text) == ["one", "two…"])
    #expect(text.isTruncated)
    let exact = Text("one\ntwo", font: Self.font, maxLines: 2)
    #expect(exact.lines.map(\.text) == ["one", "two"] && !exact.isTruncated)
  }

  @Test func theEllipsisIsShapedInTheFont() throws {
    let text = Text("aaa\nbbb\nccc", font: Self.font, maxLines: 1)
    let alone = Text("aaa…", font: Self.font)
    #expect(text.lines.map(\.text) == ["aaa…"])
    #expect(text.lines[0].width == alone.lines[0].width)
    #expect(try text.rendered(text.extent) == (try alone.rendered(text.extent)))
  }

  @Test func rightToLeftEndsOnTheLeft() throws {
    let hebrew = "שלום עולם זה טקסט ארוך מאוד שצריך להיחתך בסוף השורה השנייה"
    let text = Text(hebrew, font: Self.font, maxWidth: 200, maxLines: 2)
    #expect(text.isTruncated && text.lines.count == 2)
    let last = text.lines[1]
    #expect(last.isRightToLeft && last.text.hasSuffix("…") && last.width <= 200)
    // The ellipsis is the line's leftmost glyph: the end edge of right-to-left text.
    let glyphs = text.layout.glyphs[text.layout.lineSpans[1].glyphs]
    let ellipsis = try #require(Self.glyphID(of: "…"))
    #expect(glyphs.first?.id == ellipsis)
  }

  @Test func aWidthTooNarrowForAnythingButTheEllipsis() throws {
    let text = Text("Wide words\nmore", font: Self.font, maxWidth: 1, maxLines: 1)
    #expect(text.lines.map(\.text) == ["…"])
  }

  @Test func theLimitIsChecked() throws {
    let text = Text("a", font: Self.font, maxLines: 0)
    #expect(text.parameterError == .invalidParameter(component: "text", reason: "maximum lines must be at least 1, got 0"))
    #expect(text.extent.isEmpty)
  }

  static func glyphID(of character: Character) -> UInt32? {
    let text = Text(String(character), font: Self.font)
    return text.layout.glyphs.first?.id
  }
}
