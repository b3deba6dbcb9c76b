import Testing

import Decor
import DecorTestSupport

@Suite struct TextWrapperTests {
  @Test func fillsLinesWithAHangingIndent() {
    let lines = TextWrapper.wrap("one two three four five six", width: 14, indent: 4)
    #expect(lines == ["one two", "    three four", "    five six"])
    // The first line follows something `start` columns wide.
    #expect(TextWrapper.wrap("one two three", width: 12, indent: 2, start: 8) == ["one", "  two three"])
    #expect(TextWrapper.wrap("a b", width: 80, indent: 10) == ["a b"])
    #expect(TextWrapper.wrap("", width: 10, indent: 2) == [""])
    #expect(TextWrapper.wrap("  spaced   out  ", width: 80, indent: 0) == ["spaced out"])
  }

  @Test func cutsWordsLongerThanALine() {
    #expect(TextWrapper.wrap("abcdefghij xy", width: 6, indent: 2, start: 0) == ["abcdef", "  ghij", "  xy"])
  }

  @Test func leavesTheFirstLineEmptyWhenNothingFitsAfterTheLabel() {
    #expect(TextWrapper.wrap("word more", width: 10, indent: 2, start: 9) == ["", "  word", "  more"])
    // A one-character word still fits in the one free column.
    #expect(TextWrapper.wrap("a more", width: 10, indent: 2, start: 8) == ["a", "  more"])
  }

  /// Columns are Characters: `σ`, `×` and `·` take one each though UTF-8 spends two bytes on them.
  @Test func countsCharactersNotBytes() {
    let lines = TextWrapper.wrap("σσσ ××× ···", width: 7, indent: 0)
    #expect(lines == ["σσσ ×××", "···"])
  }

  /// For many widths and starts: no line is wider than the width, and the words come back in order.
  @Test func neverExceedsTheWidthAndKeepsEveryWord() {
    let text = "drop shadow beneath the image (blur= is σ, as in CSS drop-shadow(); radius= is 2σ, as in box-shadow) "
      + "[interpolation=nearest|bilinear|bicubic] 0123456789012345678901234567890123456789"
    for width in 8...60 {
      for indent in [0, 2, 4, 7] where indent < width {
        for start in [0, indent, width - 1] {
          let lines = TextWrapper.wrap(text, width: width, indent: indent, start: start)
          #expect(lines[0].count <= width - start || lines[0].count == 1, "width \(width) start \(start)")
          for line in lines.dropFirst() {
            #expect(line.count <= width && line.hasPrefix(String(repeating: " ", count: indent)), "width \(width)")
          }
          #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "width \(width)")
        }
      }
    }
  }
}
