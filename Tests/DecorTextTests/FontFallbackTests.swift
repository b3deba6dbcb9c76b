import Testing

import Decor
import DecorTestSupport

/// Font fallback: a character the font lacks is drawn from an installed face that has it, chosen
/// by fontconfig; one no face has draws the font's `.notdef`. The faces are Debian's fonts-dejavu-core and
/// fonts-noto-core, which the install script installs.
@Suite struct FontFallbackTests {
  static let dejaVu = TextTests.dejaVu
  static let notoDevanagari = TextTests.notoDevanagari

  @Test func devanagariInALatinFontIsDrawnFromNotoSansDevanagari() throws {
    let text = Text("हिन्दी Hindi", font: Font(file: Self.dejaVu, size: 48))
    #expect(text.parameterError == nil)
    #expect(text.fallbackFonts.map(\.family) == ["Noto Sans Devanagari"])
    #expect(text.fallbackFonts.first?.path == Self.notoDevanagari)
    // The word's glyphs are Noto's, as hb-shape gives them (TextTests.devanagariReordersAsHBShape); the space and
    // the Latin word are DejaVu's.
    let glyphs = text.layout.glyphs
    #expect(glyphs.prefix(5).map(\.id) == [607, 61, 202, 42, 653])
    #expect(glyphs.prefix(5).allSatisfy { $0.font == 1 })
    #expect(glyphs.dropFirst(5).allSatisfy { $0.font == 0 })
    #expect(!glyphs.contains { $0.id == 0 })
    // The line is as wide as the word in Noto (796 + 1631 + 949 + 1597 + 796 in 26.6, hb-shape's advances) and
    // " Hindi" in DejaVu.
    let latin = try TextTests.shaped(" Hindi", file: Self.dejaVu, size: 48).reduce(0) { $0 + $1.xAdvance }
    #expect(text.lines.first?.width == Double(5769 + latin) / 64)
  }

  @Test func theFallbackWordHasThePixelsOfItsFaceAlone() throws {
    // The word starts the line, so its glyphs sit at the same whole pixels as in Noto alone; only the baseline
    // differs (the line's is DejaVu's). Noto's top reaches above its own line box (cut there), so the rows
    // compared are those inside it.
    let mixed = Text("हिन्दी Hindi", font: Font(file: Self.dejaVu, size: 48))
    let alone = Text("हिन्दी", font: Font(file: Self.notoDevanagari, size: 48))
    let ink = alone.inkBounds.intersection(alone.extent)
    #expect(!ink.isEmpty && mixed.extent.contains(ink.offsetBy(dx: 0, dy: mixed.lines[0].baseline - alone.lines[0].baseline)))
    let shift = mixed.lines[0].baseline - alone.lines[0].baseline
    let fromMixed = try mixed.rendered(ink.offsetBy(dx: 0, dy: shift), renderer: Renderer(tileSize: 1 << 14,
      threads: 1))
    let fromAlone = try alone.rendered(ink, renderer: Renderer(tileSize: 1 << 14, threads: 1))
    #expect(fromMixed == fromAlone)
    #expect(fromAlone.bytes.contains { $0 != 0 })
  }

  @Test func aCharacterNoInstalledFaceHasDrawsTheNotdefGlyph() throws {
    // U+0378 is unassigned: no font has it.
    let text = Text("a\u{378}b", font: Font(file: Self.dejaVu, size: 30))
    #expect(text.parameterError == nil)
    #expect(text.fallbackFonts.isEmpty)
    #expect(text.layout.glyphs.map(\.id)[1] == 0)
    #expect(text.layout.glyphs.allSatisfy { $0.font == 0 })
    // .notdef has ink in DejaVu Sans (a box).
    #expect(text.layout.boxes[GlyphKey(font: 0, id: 0)].map { $0.width > 0 } == true)
  }

  @Test func aTextTheFontCoversHasNoFallback() {
    let text = Text("office AVATAR Wafer مرحبا שלום Ελληνικά", font: Font(file: Self.dejaVu, size: 20))
    #expect(text.fallbackFonts.isEmpty)
    #expect(text.layout.glyphs.allSatisfy { $0.font == 0 && $0.id != 0 })
  }

  @Test func invisibleCharactersStayWithTheirNeighbours() throws {
    // A zero-width joiner and a variation selector inside the Devanagari word do not split it into another face's
    // run, and draw no .notdef.
    let string = "हि\u{200D}न्दी\u{FE00} x"
    let text = Text(string, font: Font(file: Self.dejaVu, size: 30))
    #expect(text.fallbackFonts.map(\.family) == ["Noto Sans Devanagari"])
    let fonts = [try FontData(path: Self.dejaVu, faceIndex: 0), try FontData(path: Self.notoDevanagari, faceIndex: 0)]
    let faces = try FontData.withFaces(fonts[...], size: 30) { TextLayout.faces(of: string, among: $0) }.get()
    // हि (2 scalars), ZWJ, न्दी (4), VS1: Noto's; the space and x: DejaVu's.
    #expect(faces == [1, 1, 1, 1, 1, 1, 1, 1, 0, 0])
    #expect(!text.layout.glyphs.contains { $0.id == 0 })
    #expect(text.layout.glyphs.filter { $0.font == 1 }.count >= 5)
  }

  @Test func aFamilysStyleCarriesToItsFallback() {
    let text = Text("Bold हिन्दी", font: Font(family: "DejaVu Sans Bold", size: 20))
    #expect(text.fallbackFonts.map(\.family) == ["Noto Sans Devanagari"])
    #expect(text.fallbackFonts.first?.style == "Bold")
  }

  @Test func severalScriptsEachFindTheirFace() {
    // Devanagari, Bengali and Ethiopic in DejaVu Sans: three faces, each drawing its own script.
    let text = Text("हिन्दी বাংলা ፊደል", font: Font(file: Self.dejaVu, size: 24))
    let families = Set(text.fallbackFonts.map(\.family))
    #expect(families.isSuperset(of: ["Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Ethiopic"]))
    #expect(!text.layout.glyphs.contains { $0.id == 0 })
  }

  @Test func tilesAndThreadsGiveTheSameBytesWithFallbacks() throws {
    var random = SplitMix64(seed: 2424)
    let words = ["office", "हिन्दी", "বাংলা", "ፊደል", "مرحبا", "שלום", "kerning", "किताब"]
    let string = (0..<30).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
    let text = Text(string, font: Font(family: "DejaVu Sans", size: 22), color: Color(red: 0.2, green: 0.5,
      blue: 0.9, alpha: 0.9), maxWidth: 300, alignment: .center)
    #expect(text.parameterError == nil && text.lines.count > 3 && text.fallbackFonts.count >= 2)
    _ = try TextTests.expectSameBytesInTiles(text)
  }
}
