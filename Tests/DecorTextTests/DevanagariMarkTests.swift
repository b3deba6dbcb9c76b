import Testing

import Decor
import DecorTestSupport
@testable import DecorText

/// Marks above a Devanagari headline where Pillow with libraqm draws them. Tests/Fixtures/Text/make.py drew
/// `devanagari-pillow.png`: नमस्ते in Noto Sans Devanagari (fonts-noto-core) at 48 px, pen at x = 10, baseline at
/// y = 60 (anchor "ls"), white coverage on black, 520×80; its ink box (10, 16, 113, 61) as make.py printed it.
///
/// The vowel sign े rises 44 px above the baseline, above the font's ascent with a line height of 1.2: a text that
/// cut its ink at its layout box drew it 2 px short of the headline's 13.
@Suite struct DevanagariMarkTests {
  static let word = "नमस्ते"

  /// For each column of a 520×80 coverage, the first and last rows with coverage above half, or `nil`.
  static func columns(_ coverage: [UInt8]) -> [(top: Int, bottom: Int)?] {
    (0..<520).map { x in
      let rows = (0..<80).filter { coverage[$0 * 520 + x] > 127 }
      return rows.first.map { ($0, rows.last!) }
    }
  }

  @Test func everyGlyphWithinAPixelOfPillow() throws {
    let text = Text(Self.word, font: Font(file: TextTests.notoDevanagari, size: 48), color: .white)
    #expect(text.parameterError == nil)
    let line = try #require(text.lines.first)
    let ours = try text.rendered(IntRect(x: -10, y: line.baseline - 60, width: 520, height: 80))
    let pillow = try Raster(contentsOfFile: Fixtures.root.appendingPathComponent("Text/devanagari-pillow.png").path)
    let a = Self.columns(stride(from: 3, to: ours.bytes.count, by: 4).map { ours.bytes[$0] })
    let b = Self.columns(stride(from: 0, to: pillow.bytes.count, by: 4).map { pillow.bytes[$0] })
    // Each column's ink starts and ends within a pixel of Pillow's, or, at the word's edges, one of the two has a
    // column of faint ink the other lacks.
    for x in 0..<520 {
      switch (a[x], b[x]) {
      case (let ours?, let theirs?):
        #expect(abs(ours.top - theirs.top) <= 1 && abs(ours.bottom - theirs.bottom) <= 1, "column \(x)")
      case (nil, nil): break
      default: #expect(a[max(0, x - 1)] == nil || a[min(519, x + 1)] == nil, "column \(x)")
      }
    }
    // The vowel sign 13 px above the headline, as Pillow draws it (the headline: the top of ink in most columns).
    let tops = a.compactMap { $0?.top }
    let headline = Dictionary(grouping: tops, by: { $0 }).max { $0.value.count < $1.value.count }!.key
    let pillowTops = b.compactMap { $0?.top }
    let pillowHeadline = Dictionary(grouping: pillowTops, by: { $0 }).max { $0.value.count < $1.value.count }!.key
    #expect(headline - tops.min()! == pillowHeadline - pillowTops.min()!)
    #expect(pillowHeadline - pillowTops.min()! == 13)
    // Drawn beyond the layout box, which is unchanged.
    #expect(text.inkBounds.minY < 0)
    #expect(text.layoutBox == IntRect(x: 0, y: 0, width: 102, height: 58))
    #expect(text.extent == text.layoutBox.union(text.inkBounds))
    // The ink box Pillow's image has, from the same pen and baseline.
    #expect(text.inkBounds.offsetBy(dx: 10, dy: 60 - line.baseline) == IntRect(x: 10, y: 16, width: 103, height: 45))
  }

  /// A `text` step places the text by its layout box and draws the vowel sign above it.
  @Test func theStepDrawsTheInkAboveTheBox() throws {
    let canvas = try Raster(width: 200, height: 100)
    let drawn = try Chain(parsing: "text \(Self.word) font=\(TextTests.notoDevanagari) size=48 color=white y=20")
      .apply(to: canvas, images: [:]).rendered()
    let text = Text(Self.word, font: Font(file: TextTests.notoDevanagari, size: 48), color: .white)
    let alpha = stride(from: 3, to: drawn.bytes.count, by: 4).map { drawn.bytes[$0] }
    let firstRow = (0..<100).first { y in (0..<200).contains { alpha[y * 200 + $0] > 0 } }
    #expect(firstRow == 20 + text.inkBounds.minY)
  }
}
