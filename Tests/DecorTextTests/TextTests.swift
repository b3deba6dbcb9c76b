import Foundation
import CFreeType
import Testing

import Decor
import DecorTestSupport

/// Text: font resolution, shaping against HarfBuzz's own `hb-shape`, a Latin line against Pillow's
/// FreeType rendering, wrapping, tiling and threads, and bad input.
@Suite struct TextTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let notoDevanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"

  /// (glyph id, cluster, x advance) in 26.6, as `hb-shape` prints `gid=cluster+advance` (offsets were all 0).
  typealias Expected = [(id: UInt32, cluster: Int, advance: Int)]

  static func shaped(_ text: String, file: String, size: Double) throws -> [ShapedGlyph] {
    let data = try FontData(path: file, faceIndex: 0)
    return try data.withFace(size: size) { TextLayout.shapeLine(text, face: $0) }.get()
  }

  static func expectShaping(_ text: String, file: String, _ expected: Expected,
    sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    let glyphs = try shaped(text, file: file, size: 48)
    #expect(glyphs.map(\.id) == expected.map(\.id), sourceLocation: sourceLocation)
    #expect(glyphs.map(\.cluster) == expected.map(\.cluster), sourceLocation: sourceLocation)
    #expect(glyphs.map(\.xAdvance) == expected.map(\.advance), sourceLocation: sourceLocation)
    #expect(glyphs.allSatisfy { $0.xOffset == 0 && $0.yOffset == 0 && $0.yAdvance == 0 },
      sourceLocation: sourceLocation)
  }

  // MARK: - Shaping = hb-shape

  // Expected values made once with HarfBuzz 6.0's hb-shape (libharfbuzz-bin) at 48 px in 26.6 units, the font
  // functions FreeType's as the layout's (`--font-funcs=ot` printed the same numbers):
  //   hb-shape --font-funcs=ft --font-size=3072 --no-glyph-names FONT TEXT

  @Test func latinLigatureAndKerningMatchHBShape() throws {
    // "ffi" is one ligature glyph (5044, cluster 1); A-V, V-A, A-T, T-A and W-a are kerned.
    let expected: Expected = [(82, 0, 1880), (5044, 1, 2970), (70, 4, 1689), (72, 5, 1890), (3, 6, 977),
      (36, 7, 1906), (57, 8, 1906), (36, 9, 1864), (55, 10, 1639), (36, 11, 2102), (53, 12, 2135), (3, 13, 977),
      (58, 14, 2842), (68, 15, 1883), (73, 16, 1082), (72, 17, 1890), (85, 18, 1263)]
    try Self.expectShaping("office AVATAR Wafer", file: Self.dejaVu, expected)
  }

  @Test func arabicJoinsRightToLeftAsHBShape() throws {
    // Visual order, right to left: the last character (cluster 12) first; initial, medial and final forms.
    let expected: Expected = [(5340, 12, 2045), (5337, 11, 936), (5256, 10, 936), (5318, 9, 1482),
      (5337, 8, 936), (5256, 7, 936), (5259, 6, 855), (3, 5, 977), (5256, 4, 936), (5260, 3, 927),
      (5277, 2, 1899), (5288, 1, 1695), (5341, 0, 1646)]
    try Self.expectShaping("مرحبا بالعالم", file: Self.dejaVu, expected)
  }

  @Test func devanagariReordersAsHBShape() throws {
    // Noto Sans Devanagari (fonts-noto-core): the vowel sign I (glyph 607) is drawn before the consonant it
    // follows in the text, in that consonant's cluster; न्द is a conjunct.
    let expected: Expected = [(607, 0, 796), (61, 0, 1631), (202, 2, 949), (42, 4, 1597), (653, 4, 796),
      (3, 6, 799), (607, 7, 796), (25, 7, 2341), (40, 9, 1751), (66, 9, 796), (48, 11, 1754)]
    try Self.expectShaping("हिन्दी किताब", file: Self.notoDevanagari, expected)
  }

  @Test func mixedDirectionsReorderByUAX9() throws {
    // A left-to-right paragraph with a Hebrew word: the word's letters run right to left in place.
    let ltr = try Self.shaped("abc שלום def", file: Self.dejaVu, size: 20).map(\.cluster)
    #expect(ltr == [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11])
    // A right-to-left paragraph (its first strong letter is Hebrew) with a Latin word: the line runs from its last
    // word on the left, the Latin word itself left to right (level 2 inside level 1).
    let rtl = try Self.shaped("שלום abc עולם", file: Self.dejaVu, size: 20).map(\.cluster)
    #expect(rtl == [12, 11, 10, 9, 8, 5, 6, 7, 4, 3, 2, 1, 0])
    // Digits in Arabic text keep their left-to-right order.
    let digits = try Self.shaped("عام 2026", file: Self.dejaVu, size: 20).map(\.cluster)
    #expect(digits == [4, 5, 6, 7, 3, 2, 1, 0])
  }

  // MARK: - Pillow

  /// A line Tests/Fixtures/Text/make.py drew with Pillow 13 (FreeType 2.14.3, libraqm 0.11): pen at x = 10,
  /// baseline at y = 60, on a 520×80 grey image; Pillow's getlength and the fixture's ink box, as it printed them.
  struct PillowLine: Sendable, CustomStringConvertible {
    var fixture: String
    var font: String
    var size: Double
    var text: String
    var width: Double
    /// (left, top, right, bottom), as Pillow's getbbox.
    var ink: (Int, Int, Int, Int)
    var description: String { fixture }
  }

  static let pillowLines = [
    PillowLine(fixture: "latin-pillow.png", font: "DejaVuSans.ttf", size: 48, text: "office AVATAR Wafer",
      width: 482.734375, ink: (12, 24, 493, 61)),
    PillowLine(fixture: "small-pillow.png", font: "DejaVuSans-Bold.ttf", size: 13,
      text: "Hinted at 13 px: Wave, Type & 0123 {fj}", width: 296.078125, ink: (11, 50, 305, 63)),
    PillowLine(fixture: "arabic-pillow.png", font: "DejaVuSans.ttf", size: 36, text: "مرحبا بالعالم",
      width: 189.875, ink: (12, 32, 198, 69)),
  ]

  @Test(arguments: pillowLines) func lineMatchesPillow(_ expected: PillowLine) throws {
    let font = Font(file: "/usr/share/fonts/truetype/dejavu/" + expected.font, size: expected.size)
    let text = Text(expected.text, font: font, color: .white)
    #expect(text.parameterError == nil)
    let line = try #require(text.lines.first)
    // The same advance width, exactly (1/64 pixel).
    #expect(line.width == expected.width)
    #expect(line.x == 0)
    let region = IntRect(x: -10, y: line.baseline - 60, width: 520, height: 80)
    let ours = try text.rendered(region)
    let pillow = try Raster(contentsOfFile: Fixtures.root.appendingPathComponent("Text/" + expected.fixture).path)
    #expect(pillow.width == 520 && pillow.height == 80)
    // Coverage: our alpha (white text) against Pillow's grey.
    let a = stride(from: 3, to: ours.bytes.count, by: 4).map { ours.bytes[$0] }
    let b = stride(from: 0, to: pillow.bytes.count, by: 4).map { pillow.bytes[$0] }
    func inkBox(_ c: [UInt8]) -> IntRect {
      var box = IntRect.empty
      for y in 0..<80 {
        for x in 0..<520 where c[y * 520 + x] > 0 {
          let pixel = IntRect(x: x, y: y, width: 1, height: 1)
          box = box.isEmpty ? pixel : box.union(pixel)
        }
      }
      return box
    }
    let (left, top, right, bottom) = expected.ink
    let box = IntRect(x: left, y: top, width: right - left, height: bottom - top)
    // The same ink box as Pillow's: the same baseline and pen positions.
    #expect(inkBox(b) == box)
    #expect(inkBox(a) == box)
    #expect(text.inkBounds.offsetBy(dx: 10, dy: 60 - line.baseline) == box)
    let psnr = ImageMetrics.psnr(a, b)
    let differing = zip(a, b).filter { $0 != $1 }.count
    let largest = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    print("TextTests: \(expected.fixture) against Pillow: PSNR \(psnr) dB, \(differing) of \(a.count) pixels differ, "
      + "by at most \(largest)")
    // ∞ with Debian bookworm's FreeType 2.12 (no pixel differs); 40 dB leaves room for another FreeType.
    #expect(psnr >= 40)
  }

  // MARK: - Lines

  @Test func wrapsAtTheWidthAsAGreedyPillowWrap() throws {
    // The lines a greedy wrap by Pillow's getlength (raqm) gives at 300 px, DejaVu Sans 24 px, with their widths.
    let paragraph = "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun by the old "
      + "stone wall."
    let text = Text(paragraph, font: Font(file: Self.dejaVu, size: 24), maxWidth: 300)
    #expect(text.lines.map(\.text) == ["The quick brown fox", "jumps over the lazy dog,", "then naps in the warm",
      "afternoon sun by the old", "stone wall."])
    #expect(text.lines.map(\.width) == [242.46875, 297.375, 271.203125, 295.03125, 129.5])
    #expect(text.layoutBox == IntRect(x: 0, y: 0, width: 300, height: Int((5 * 1.2 * 24).rounded(.up))))
    // The j of "jumps" starting a line reaches a pixel left of the box: drawn, so in the extent.
    #expect(text.extent == text.layoutBox.union(text.inkBounds) && text.extent.minX == -1)
    // Baselines lineHeight × size apart (rounded), all lines at the start.
    let pitches = zip(text.lines.dropFirst(), text.lines).map { $0.baseline - $1.baseline }
    #expect(pitches.allSatisfy { abs(Double($0) - 28.8) < 1 })
    #expect(text.lines.allSatisfy { $0.x == 0 })

    let centred = Text(paragraph, font: Font(file: Self.dejaVu, size: 24), maxWidth: 300, alignment: .center)
    // The room left, in 1/64 pixel, halved for the centre, rounded to whole pixels.
    func room(_ line: TextLine) -> Int { 300 * 64 - Int(line.width * 64) }
    #expect(centred.lines.map(\.x) == text.lines.map { (room($0) / 2 + 32) >> 6 })
    let ended = Text(paragraph, font: Font(file: Self.dejaVu, size: 24), maxWidth: 300, alignment: .end)
    #expect(ended.lines.map(\.x) == text.lines.map { (room($0) + 32) >> 6 })
  }

  @Test func hardBreaksAndParagraphDirection() throws {
    let text = Text("Hello\nمرحبا بالعالم\r\n\nשלום", font: Font(file: Self.dejaVu, size: 20), maxWidth: 400)
    #expect(text.parameterError == nil)
    #expect(text.lines.map(\.text) == ["Hello", "مرحبا بالعالم", "", "שלום"])
    #expect(text.lines.map(\.isRightToLeft) == [false, true, false, true])
    // Start is the right edge for a right-to-left paragraph.
    #expect(text.lines[0].x == 0)
    #expect(text.lines[1].x == Int((400 - text.lines[1].width).rounded()))
    // A word wider than the width overflows rather than breaking.
    let long = Text("Supercalifragilistic yes", font: Font(file: Self.dejaVu, size: 20), maxWidth: 50)
    #expect(long.lines.map(\.text) == ["Supercalifragilistic", "yes"])
  }

  @Test func letterSpacingAddsAfterEachCharacterAndDropsLigatures() throws {
    let plain = Text("office", font: Font(file: Self.dejaVu, size: 48))
    let spaced = Text("office", font: Font(file: Self.dejaVu, size: 48), letterSpacing: 2)
    // Without the ligature, f f i are three glyphs: 6 characters, 6 spacings. hb-shape --font-size=3072
    // --features="liga=0,clig=0" DejaVuSans.ttf office: advances 1880 1082 1082 854 1689 1890 (8477 in 26.6).
    let unligated: Double = 8477
    #expect(spaced.lines[0].width == unligated / 64 + 12)
    let ligated: Double = 1880 + 2970 + 1689 + 1890
    #expect(plain.lines[0].width == ligated / 64)
    #expect(plain.lines[0].width < spaced.lines[0].width)
  }

  // MARK: - Fonts

  @Test func familiesResolveWithTheirStyle() throws {
    let regular = try Font(family: "DejaVu Sans", size: 12).resolved()
    #expect(regular.path.hasSuffix("/DejaVuSans.ttf"))
    let bold = try Font(family: "DejaVu Sans Bold", size: 12).resolved()
    #expect(bold.path.hasSuffix("/DejaVuSans-Bold.ttf") && bold.family == "DejaVu Sans")
    let oblique = try Font(family: "dejavu sans bold italic", size: 12).resolved()
    #expect(oblique.path.hasSuffix("/DejaVuSans-BoldOblique.ttf"))
    let condensed = try Font(family: "DejaVu Sans Condensed Bold", size: 12).resolved()
    #expect(condensed.path.hasSuffix("/DejaVuSansCondensed-Bold.ttf"))
    let text = Text("Bold", font: Font(family: "DejaVu Sans Bold", size: 30))
    #expect(text.fontFile?.path.hasSuffix("/DejaVuSans-Bold.ttf") == true)
  }

  @Test func aMissingFamilyOrStyleIsNeverAnotherFont() throws {
    #expect {
      try Font(family: "DejaVu Sanz", size: 12).resolved()
    } throws: { error in
      guard case FontError.familyNotFound(let requested, let closest)? = error as? FontError else { return false }
      return requested == "DejaVu Sanz" && closest.first == "DejaVu Sans"
    }
    #expect {
      try Font(family: "DejaVu Sans Heavy", size: 12).resolved()
    } throws: { error in
      guard case FontError.styleNotFound(let family, let style, let available)? = error as? FontError else {
        return false
      }
      return family == "DejaVu Sans" && style == "Heavy" && available.contains("Bold")
    }
    let text = Text("x", font: Font(family: "No Such Family 12345", size: 20))
    #expect(text.extent.isEmpty)
    #expect(text.parameterError?.description.contains("is not installed") == true)
  }

  @Test func aFileThatIsNotAFontIsATypedError() throws {
    let notAFont = Fixtures.root.appendingPathComponent("Text/make.py").path
    let text = Text("x", font: Font(file: notAFont, size: 20))
    guard case .notAFont(let path, _)? = text.fontError else {
      Issue.record("\(String(describing: text.fontError))")
      return
    }
    #expect(path == notAFont)
    #expect(text.extent.isEmpty)
    #expect(throws: RenderError.self) { try text.rendered(IntRect(x: 0, y: 0, width: 4, height: 4)) }
    let missing = Text("x", font: Font(file: "/nonexistent/font.ttf", size: 20))
    guard case .unreadable? = missing.fontError else {
      Issue.record("\(String(describing: missing.fontError))")
      return
    }
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let emptyFile = folder.appendingPathComponent("empty.ttf")
    _ = FileManager.default.createFile(atPath: emptyFile.path, contents: Data())
    // A few bytes of text: FreeType reads past their end trying each format, which is said in words.
    let shortFile = folder.appendingPathComponent("short.ttf")
    _ = FileManager.default.createFile(atPath: shortFile.path, contents: Data("hello\n".utf8))
    guard case .notAFont(_, let reason)? = Text("x", font: Font(file: shortFile.path, size: 20)).fontError else {
      Issue.record("a short text file opened as a font")
      return
    }
    #expect(reason == "too short to be a font, or cut off")
    guard case .notAFont? = Text("x", font: Font(file: emptyFile.path, size: 20)).fontError else {
      Issue.record("an empty file opened as a font")
      return
    }
  }

  @Test func theCheckWithoutLayoutGivesTheTextsOwnError() {
    // What the text step checks when parsed (no layout) is what the text it builds refuses.
    let file = Font(file: Self.dejaVu, size: 20)
    let cases: [(String, Font, Double, Double, Double?)] = [
      ("fine", file, 1.2, 0, 300), ("", file, 1.2, 0, nil), ("a\u{1}b", file, 1.2, 0, nil),
      ("a", file.withSize(0), 1.2, 0, nil), ("a", file.withSize(.nan), 1.2, 0, nil), ("a", file, -1, 0, nil),
      ("a", file, 1.2, .infinity, nil), ("a", file, 1.2, 0, -5), ("a", Font(family: "Nope Sans", size: 20), 1.2, 0, nil),
      ("a", Font(family: "DejaVu Sans Wobbly", size: 20), 1.2, 0, nil), ("a", Font(file: "/etc/hostname", size: 20),
        1.2, 0, nil), ("a", Font(file: "/nonexistent.ttf", size: 20), 1.2, 0, nil),
    ]
    for (string, font, lineHeight, letterSpacing, width) in cases {
      let built = Text(string, font: font, lineHeight: lineHeight, letterSpacing: letterSpacing, maxWidth: width)
      #expect(Text.parameterProblem(string, font: font, lineHeight: lineHeight, letterSpacing: letterSpacing,
        maxWidth: width) == built.parameterError, "\(string) \(font)")
      #expect((built.parameterError == nil) == (string == "fine"), "\(string) \(font)")
    }
  }

  // MARK: - Tiles and threads

  @Test func tilesAndThreadsGiveTheSameBytes() throws {
    // Seeded words, Latin and Arabic mixed, wrapped and centred.
    var random = SplitMix64(seed: 24)
    let words = ["office", "AVATAR", "Wafer", "مرحبا", "بالعالم", "typography", "kerning", "שלום", "jumps", "fox"]
    let string = (0..<40).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
    let text = Text(string, font: Font(family: "DejaVu Sans", size: 22), color: Color(red: 0.9, green: 0.3,
      blue: 0.1, alpha: 0.8), maxWidth: 320, alignment: .center)
    #expect(text.parameterError == nil && text.lines.count > 3)
    let one = try Self.expectSameBytesInTiles(text)
    // Premultiplied: no channel above alpha.
    let bytes = one.bytes
    let premultiplied = stride(from: 0, to: bytes.count, by: 4).allSatisfy { (i: Int) -> Bool in
      let alpha = bytes[i + 3]
      return bytes[i] <= alpha && bytes[i + 1] <= alpha && bytes[i + 2] <= alpha
    }
    #expect(premultiplied)
  }

  /// `text` around its extent rendered whole on one thread, in tiles of 16 on 4 threads and of 37 on 2: the same
  /// bytes, some of them drawn. Returns the whole.
  static func expectSameBytesInTiles(_ text: Text, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Raster
  {
    let region = text.extent.insetBy(dx: -3, dy: -3)
    let one = try text.rendered(region, renderer: Renderer(tileSize: 1 << 14, threads: 1))
    #expect(try text.rendered(region, renderer: Renderer(tileSize: 16, threads: 4)) == one,
      sourceLocation: sourceLocation)
    #expect(try text.rendered(region, renderer: Renderer(tileSize: 37, threads: 2)) == one,
      sourceLocation: sourceLocation)
    #expect(one.bytes.contains { $0 != 0 }, sourceLocation: sourceLocation)
    return one
  }

  @Test func largeGlyphsRenderedByPartsHaveTheWholeGlyphsBytes() throws {
    // Over GlyphRendering.largeGlyphArea, each tile renders only its rows of a glyph.
    let text = Text("W&g", font: Font(file: Self.dejaVu, size: 400), color: .black)
    let whole = try text.rendered(renderer: Renderer(tileSize: 1 << 14, threads: 1))
    #expect(try text.rendered(renderer: Renderer(tileSize: 64, threads: 2)) == whole)
    #expect(try text.rendered(renderer: Renderer(tileSize: 37, threads: 4)) == whole)
    // The parts equal FreeType's whole bitmap of the glyph.
    let data = try FontData(path: Self.dejaVu, faceIndex: 0)
    let same = try data.withFace(size: 400) { face -> Bool in
      let id = FT_Get_Char_Index(face, 87)  // W
      let full = GlyphRendering.render(face, id)
      let glyph = PlacedGlyph(id: id, x: 0, y: 0)
      let rect = IntRect(x: full.left, y: -full.top, width: full.width, height: full.height)
      let clipped = GlyphRendering.renderClipped(face, glyph, rect)
      guard full.width * full.height > GlyphRendering.largeGlyphArea, clipped == full.pixels
      else { return false }
      // Rows 50..<95, the glyph's whole width.
      let part = IntRect(x: rect.x, y: rect.y + 50, width: rect.width, height: 45)
      let crop = Array(full.pixels[(50 * full.width)..<(95 * full.width)])
      return GlyphRendering.renderClipped(face, glyph, part) == crop
    }.get()
    #expect(same)
  }

  @Test func composesWithDecorators() throws {
    // A shadowed, rotated title in a group over a colour: renders the same in tiles as whole.
    let title = Text("Summer sale", font: Font(family: "DejaVu Sans Bold", size: 40), color: .white)
      .addingDropShadow(offset: Point(0, 2), sigma: 4)
      .rotated(by: .degrees(-8))
    let card = Group([Layer(SolidColor(Color(red: 0.1, green: 0.2, blue: 0.4)).cropped(to: title.extent)),
      Layer(title)])
    let whole = try card.rendered(renderer: Renderer(tileSize: 1 << 14, threads: 1))
    #expect(try card.rendered(renderer: Renderer(tileSize: 32, threads: 4)) == whole)
    #expect(whole.isOpaque)
  }

  // MARK: - Bad input

  @Test func badInputIsAnErrorOrADefinedResultNeverATrap() throws {
    let font = Font(file: Self.dejaVu, size: 20)
    func refused(_ text: Text, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(text.extent.isEmpty, sourceLocation: sourceLocation)
      #expect(text.parameterError?.description.contains(words) == true, "\(String(describing: text.parameterError))",
        sourceLocation: sourceLocation)
    }
    refused(Text("", font: font), "must not be empty")
    refused(Text("a\u{7}b", font: font), "control character U+0007 at character 1")
    refused(Text("a\u{0}", font: font), "U+0000")
    for size in [0, -1, Double.nan, .infinity] {
      refused(Text("a", font: font.withSize(size)), "font size")
    }
    refused(Text("a", font: font, lineHeight: .nan), "line height")
    refused(Text("a", font: font, letterSpacing: .infinity), "letter spacing")
    refused(Text("a", font: font, maxWidth: -1), "maximum width")
    // A tiny size is raised to Font.minSize (1/64 px): laid out, nothing to see.
    let tiny = Text("a", font: font.withSize(1e-9))
    #expect(tiny.parameterError == nil)
    // A huge size is clamped to Font.maxSize.
    let huge = Text("a", font: font.withSize(1e12))
    #expect(huge.parameterError == nil)
    #expect(huge.extent.height == Int((Font.maxSize * 1.2).rounded(.up)))
    // Tabs are spaces; a line of spaces has a box and no ink.
    let spaces = Text(" \t ", font: font)
    #expect(spaces.parameterError == nil && spaces.inkBounds.isEmpty)
    #expect(try spaces.rendered(IntRect(x: 0, y: 0, width: 4, height: 4)).bytes.allSatisfy { $0 == 0 })
    // 100 000 characters: laid out, a corner drawn.
    var random = SplitMix64(seed: 100_000)
    let letters = Array("abcdefghij klmnopqrstuvwxyz")
    let long = String((0..<100_000).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
    let paragraph = Text(long, font: font, maxWidth: 800)
    #expect(paragraph.parameterError == nil && paragraph.lines.count > 100)
    let corner = try paragraph.rendered(IntRect(x: 0, y: 0, width: 64, height: 64))
    #expect(corner.bytes.contains { $0 != 0 })
    refused(Text(String(repeating: "a", count: Text.maxCharacters + 1), font: font), "at most")
    // Lone surrogates cannot be in a Swift string; unassigned code points and .notdef draw without trapping.
    let odd = Text("\u{E000}\u{10FFFD}\u{FFFF}", font: font)
    #expect(odd.parameterError == nil)
    _ = try odd.rendered()
  }
}

/// Text at 16 bits: over a 16-bit image the render stays at 16 bits, the same on any threads and tiles, and the
/// glyphs are the 8-bit render's coverage times the colour at 16-bit precision.
@Suite struct DeepTextTests {
  @Test func textOverASixteenBitImageRendersAtSixteenBits() throws {
    let source = SixteenBitSource(width: 120, height: 40) { x, y in
      RGBA16(r: UInt16(x * 500), g: UInt16(y * 1500), b: 40000, a: UInt16(30000 + x * 200))
    }
    let colour = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)
    let text = Text("Hg 16", font: Font(file: TextTests.dejaVu, size: 28), color: colour)
    let group = Group([Layer(StreamedImage(source)), Layer(text, x: 4, y: 2)])
    let one = try DeepBands.render(group, threads: 1, tileSize: 16, bandHeight: 16, format: .rgba16)
    let many = try DeepBands.render(group, threads: 3, tileSize: 256, format: .rgba16)
    #expect(one.format == .rgba16 && one.pixels == many.pixels)
    // The text alone at 16 bits: each pixel is the colour (16-bit premultiplied) times the coverage over 255,
    // whose 8-bit rendering is the colour at 8 bits times the same coverage.
    let clear = SixteenBitSource(width: 120, height: 40) { _, _ in RGBA16(r: 0, g: 0, b: 0, a: 0) }
    let alone = Group([Layer(StreamedImage(clear)), Layer(text, x: 4, y: 2)])
    let deep = try DeepBands.render(alone, threads: 2, tileSize: 64, format: .rgba16).pixels
    let eight = try Renderer(threads: 2).render(alone)
    var covered = 0
    var worst = 0
    for (i, pixel) in deep.enumerated() {
      let narrow = eight[i % 120, i / 120]
      if narrow.a > 0 { covered += 1 }
      let rounded = pixel.premultiplied8
      worst = max(worst, abs(Int(rounded.a) - Int(narrow.a)), abs(Int(rounded.r) - Int(narrow.r)))
    }
    #expect(covered > 200, "the text covers \(covered) pixels")
    #expect(worst <= 1, "\(worst) levels from the 8-bit text")
  }
}
