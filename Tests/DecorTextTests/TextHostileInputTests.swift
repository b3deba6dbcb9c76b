import Foundation
import Testing

import Decor
import DecorTestSupport

/// Text built to hurt the shaper: a letter with thousands of combining marks. `Text` puts its string in UAX #15's
/// Stream-Safe Text Format (a U+034F COMBINING GRAPHEME JOINER after 30 non-starters in a row) and `TextLayout`
/// shapes a long run of marks in pieces, so such a text is laid out and drawn in linear time instead of stalling
/// HarfBuzz (quadratic in a run of marks) or aborting it (past 32 767 marks on one base).
@Suite struct TextHostileInputTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let font = Font(file: dejaVu, size: 40)
  static let joiner = "\u{034F}"

  /// `count` U+0301 COMBINING ACUTE ACCENT.
  static func acutes(_ count: Int) -> String { String(repeating: "\u{0301}", count: count) }

  /// `count` marks U+0300 … U+036F in turn: classes 230, 220, 232, 216, 202, 1, 240, 233, 234 mixed.
  static func cycling(_ count: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for i in 0..<count { scalars.append(Unicode.Scalar(0x300 + UInt32(i % 0x70))!) }
    return String(scalars)
  }

  /// The string's Unicode scalars: `String`'s `==` is canonical equivalence, which would hide a reordering.
  static func scalars(_ string: String) -> [UInt32] { string.unicodeScalars.map(\.value) }

  static func expectStreamSafe(_ string: String, is expected: String, sourceLocation: SourceLocation = #_sourceLocation)
  {
    #expect(scalars(Text.streamSafe(string)) == scalars(expected), sourceLocation: sourceLocation)
  }

  // MARK: - The Stream-Safe Text Process

  @Test func thirtyOneMarksGetOneJoinerAfterTheThirtieth() {
    Self.expectStreamSafe("Z" + Self.acutes(31), is: "Z" + Self.acutes(30) + Self.joiner + Self.acutes(1))
    Self.expectStreamSafe("Z" + Self.acutes(100), is: "Z" + Self.acutes(30) + Self.joiner + Self.acutes(30)
      + Self.joiner + Self.acutes(30) + Self.joiner + Self.acutes(10))
    // Any non-starters count, whatever their classes.
    let mixed = Self.cycling(31)
    let thirty = String(String.UnicodeScalarView(mixed.unicodeScalars.prefix(30)))
    let last = String(String.UnicodeScalarView(mixed.unicodeScalars.suffix(1)))
    Self.expectStreamSafe("Z" + mixed, is: "Z" + thirty + Self.joiner + last)
  }

  @Test func thirtyMarksGetNone() {
    Self.expectStreamSafe("Z" + Self.acutes(30), is: "Z" + Self.acutes(30))
    Self.expectStreamSafe(Self.acutes(30), is: Self.acutes(30))
    Self.expectStreamSafe("Z" + Self.cycling(30), is: "Z" + Self.cycling(30))
  }

  @Test func startersResetTheCount() {
    // A letter, a space, a joiner already there: each starts the count again.
    let string = "Z" + Self.acutes(30) + "a" + Self.acutes(30) + " " + Self.acutes(30) + Self.joiner
      + Self.acutes(30)
    Self.expectStreamSafe(string, is: string)
    // Marks before the first letter count too.
    Self.expectStreamSafe(Self.acutes(31) + "a", is: Self.acutes(30) + Self.joiner + Self.acutes(1) + "a")
  }

  @Test func aCharacterCountsEveryNonStarterOfItsDecomposition() {
    // U+0344 COMBINING GREEK DIALYTIKA TONOS is U+0308 U+0301: two non-starters.
    Self.expectStreamSafe("Z" + Self.acutes(28) + "\u{0344}", is: "Z" + Self.acutes(28) + "\u{0344}")
    Self.expectStreamSafe("Z" + Self.acutes(29) + "\u{0344}", is: "Z" + Self.acutes(29) + Self.joiner + "\u{0344}")
    let fifteen = String(repeating: "\u{0344}", count: 15)
    Self.expectStreamSafe("Z" + fifteen, is: "Z" + fifteen)
    Self.expectStreamSafe("Z" + fifteen + "\u{0344}", is: "Z" + fifteen + Self.joiner + "\u{0344}")
    // U+0F73 TIBETAN VOWEL SIGN II is U+0F71 U+0F72 (classes 129 and 130).
    Self.expectStreamSafe("\u{0F40}" + Self.acutes(29) + "\u{0F73}",
      is: "\u{0F40}" + Self.acutes(29) + Self.joiner + "\u{0F73}")
    // U+1E09 ḉ is c U+0327 U+0301: a starter, then two non-starters that begin the count.
    Self.expectStreamSafe("\u{1E09}" + Self.acutes(28), is: "\u{1E09}" + Self.acutes(28))
    Self.expectStreamSafe("\u{1E09}" + Self.acutes(29), is: "\u{1E09}" + Self.acutes(28) + Self.joiner + Self.acutes(1))
    // U+01D6 ǖ is u U+0308 U+0304 through U+00FC: decomposed twice, still two.
    Self.expectStreamSafe("\u{01D6}" + Self.acutes(29), is: "\u{01D6}" + Self.acutes(28) + Self.joiner + Self.acutes(1))
  }

  static let ordinaryTexts = [
    // Latin, composed and decomposed.
    "Crème brûlée, naïve façade, Ångström, Dvořák, Þórður, ĳ",
    "Cre\u{0300}me bru\u{0302}le\u{0301}e, nai\u{0308}ve",
    // Devanagari: conjuncts, vowel signs, nukta, candrabindu.
    "हिन्दी किताब, संस्कृतम्, क़लम, हँसना",
    // Arabic with its vowel marks, shadda and the dagger alef stacked.
    "بِسْمِ ٱللَّٰهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ",
    // Vietnamese, composed and with its stacked diacritics decomposed (a dot below and a circumflex or horn, and a
    // tone mark over them).
    "Tiếng Việt: người, ở, ữ, ặ, Nguyễn, quốc ngữ",
    "Tie\u{0302}\u{0301}ng Vie\u{0323}\u{0302}t: ngu\u{031B}o\u{031B}\u{0300}i, a\u{0323}\u{0306}, u\u{031B}\u{0303}",
    // Hebrew with points and cantillation marks.
    "בְּרֵאשִׁ֖ית בָּרָ֣א אֱלֹהִ֑ים",
    // Thai tone marks over vowels; Tibetan stacks.
    "น้ำใจ ภาษาไทย", "བསྒྲུབས་",
    // Emoji sequences (joiners, modifiers, tags).
    "👨‍👩‍👧‍👦 👍🏽 🏴󠁧󠁢󠁳󠁣󠁴󠁿",
  ]

  @Test(arguments: ordinaryTexts) func ordinaryTextIsUnchanged(_ string: String) {
    Self.expectStreamSafe(string, is: string)
    let text = Text(string, font: Self.font)
    #expect(Self.scalars(text.lines.map(\.text).joined()) == Self.scalars(string.filter { $0 != "\n" }))
  }

  // MARK: - Laid out and drawn

  @Test func aLetterWithAHundredThousandMarksIsLaidOutAndDrawn() throws {
    // Before, HarfBuzz took about a minute over it and then aborted the process (GPOS.hh: Assertion 'j < i').
    let count = 100_000
    let string = "Z" + Self.cycling(count)
    let text = Text(string, font: Self.font)
    #expect(text.parameterError == nil)
    #expect(text.lines.count == 1)
    // Joiners in every run of more than 30 (the cycle's own U+034F, of class 0, ends a run too).
    let laidOut = Self.scalars(text.lines[0].text)
    #expect(laidOut == Self.scalars(Text.streamSafe(string)))
    // Checked with Swift's own Unicode data: no more than 30 non-starters in a row.
    var run = 0
    var longest = 0
    for scalar in text.lines[0].text.unicodeScalars {
      run = scalar.properties.canonicalCombiningClass == .notReordered ? 0 : run + 1
      longest = max(longest, run)
    }
    #expect(longest == Text.maxNonStarters)
    // Every character has its glyph (a joiner's draws nothing; HarfBuzz draws U+0344 as its two marks).
    #expect(text.layout.glyphs.count >= laidOut.count)
    let drawn = try text.rendered()
    #expect(drawn.width == text.extent.width && drawn.height == text.extent.height)
    #expect(drawn.bytes.contains { $0 != 0 })
  }

  @Test func thirtyOneMarksLayOutAsThirtyAJoinerAndOne() throws {
    let made = Text("Z" + Self.acutes(31), font: Self.font)
    let given = Text("Z" + Self.acutes(30) + Self.joiner + Self.acutes(1), font: Self.font)
    let thirty = Text("Z" + Self.acutes(30), font: Self.font)
    #expect(made.layout == given.layout)
    #expect(Self.scalars(made.lines[0].text) == Self.scalars(given.lines[0].text))
    // One glyph more than thirty marks for the joiner, one for the 31st mark.
    #expect(made.layout.glyphs.count == given.layout.glyphs.count)
    #expect(made.layout.glyphs.count == thirty.layout.glyphs.count + 2)
    #expect(try made.rendered() == (try given.rendered()))
    // The same with letter spacing and a width to break at.
    let spaced = Text("Zoë " + Self.cycling(31) + " end", font: Self.font, letterSpacing: 2, maxWidth: 120)
    let spacedGiven = Text("Zoë " + Self.cycling(30) + Self.joiner + String(Self.cycling(31).unicodeScalars.last!)
      + " end", font: Self.font, letterSpacing: 2, maxWidth: 120)
    #expect(spaced.layout == spacedGiven.layout)
  }

  @Test func aLongRunOfMarksIsShapedInPiecesOf31() throws {
    // The clusters HarfBuzz gives are the first character of each buffer's cluster: the letter with its first 30
    // marks and the joiner (0), then each piece after a joiner (32, 63, 94).
    let data = try FontData(path: Self.dejaVu, faceIndex: 0)
    let acutes = Text.streamSafe("Z" + Self.acutes(100))
    let clusters = try data.withFace(size: 40) { TextLayout.shapeLine(acutes, face: $0) }.get().map(\.cluster)
    #expect(Set(clusters) == [0, 32, 63, 94])
    // Marks of class 0 (Thai vowels above) get no joiner, and are cut in the same pieces.
    let thai = "\u{0E01}" + String(repeating: "\u{0E31}", count: 100)
    #expect(Self.scalars(Text.streamSafe(thai)) == Self.scalars(thai))
    let thaiClusters = try data.withFace(size: 40) { TextLayout.shapeLine(thai, face: $0) }.get().map(\.cluster)
    #expect(Set(thaiClusters) == [0, 32, 63, 94])
    // Thirty-one marks are one piece.
    let short = try data.withFace(size: 40) { TextLayout.shapeLine("Z" + Self.cycling(30) + Self.joiner, face: $0) }
      .get()
    #expect(short.count == 32 && Set(short.map(\.cluster)) == [0])
  }

  @Test func aSceneTextLayerIsPutInTheSameFormat() throws {
    func drawn(_ string: String) throws -> Raster {
      let escaped = string.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined()
      let scene = try JSONDecoder().decode(Scene.self, from: Data("""
        {"width": 120, "height": 100, "background": "#ffffff", "layers": [
          {"text": "\(escaped)", "font": "\(Self.dejaVu)", "size": 40, "x": 10, "y": 30}]}
        """.utf8))
      return try scene.component { _ in throw FilterError("no images") }.rendered()
    }
    let made = try drawn("Z" + Self.acutes(31))
    #expect(made == (try drawn("Z" + Self.acutes(30) + Self.joiner + Self.acutes(1))))
    #expect(made == (try Group([Layer(SolidColor(.white)), Layer(Text("Z" + Self.acutes(31), font: Self.font), x: 10,
      y: 30)]).cropped(to: IntRect(x: 0, y: 0, width: 120, height: 100)).rendered()))
  }
}
