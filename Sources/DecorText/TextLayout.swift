import DecorCore

import CFreeType
import CFriBiDi
import CHarfBuzz
import CUnibreak

/// Where a text's lines start within its box: at the paragraph's start edge (the left for left-to-right text, the
/// right for right-to-left), centred, or at its end edge, as CSS `text-align: start | center | end`.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
  case start, center, end
}

/// One laid-out line of a `Text`.
public struct TextLine: Sendable, Hashable {
  /// The line's text, without the spaces it ends with (which hang beyond the width, as in CSS) and without the
  /// line break.
  public let text: String
  /// The line's advance width in pixels (the sum of its glyphs' advances, letter spacing included), exact to 1/64.
  public let width: Double
  /// Where the line's first glyph (in visual order, left to right) starts, in whole pixels from the box's left.
  public let x: Int
  /// The line's baseline, in whole pixels from the box's top.
  public let baseline: Int
  /// Whether the line's paragraph runs right to left (its first strong character is Arabic, Hebrew, …).
  public let isRightToLeft: Bool
}

/// A glyph placed in the text's box: its pen position rounded to whole pixels (as Pillow places glyphs), so that a
/// glyph's bitmap depends only on its face and id.
package struct PlacedGlyph: Sendable, Hashable {
  package var id: UInt32
  var x: Int
  var y: Int
  /// The face it is from: 0 the text's font, 1… its fallbacks in order.
  package var font: Int = 0

  package init(id: UInt32, x: Int, y: Int, font: Int = 0) {
    self.id = id
    self.x = x
    self.y = y
    self.font = font
  }

  var key: GlyphKey { GlyphKey(font: font, id: id) }
}

/// A glyph of one of a text's faces.
package struct GlyphKey: Sendable, Hashable {
  var font: Int
  var id: UInt32

  package init(font: Int, id: UInt32) {
    self.font = font
    self.id = id
  }
}

/// A glyph's bitmap box in whole pixels relative to its origin on the baseline, y down.
package struct GlyphBox: Sendable, Hashable {
  var left: Int
  var top: Int
  package var width: Int
  var height: Int
}

/// One glyph as HarfBuzz positions it, in 26.6 fixed point (1/64 pixel), in visual order.
package struct ShapedGlyph: Sendable, Hashable {
  package var id: UInt32
  /// The face it is from (see `PlacedGlyph.font`).
  var font: Int = 0
  /// The index, in Unicode scalars of the shaped text, of the first character the glyph's cluster holds.
  package var cluster: Int
  package var xAdvance: Int
  package var yAdvance: Int
  package var xOffset: Int
  package var yOffset: Int
}

/// A text laid out: its lines broken, ordered and shaped, its glyphs placed in a box (origin at the top-left).
///
/// - Shaping: HarfBuzz over FreeType's font functions (hb-ft, unhinted advances in 26.6, as libraqm and so Pillow
///   use them), with the font's kerning and ligatures; with letter spacing, optional ligatures (`liga`, `clig`) are
///   off, as browsers do.
/// - Direction: FriBiDi's embedding levels per paragraph, the paragraph's direction from its first strong
///   character (left to right without one); each line's runs reordered by UAX #9's rule L2 and shaped in their
///   direction, with the paragraph around them as context (Arabic joins across a run's edge).
/// - Script: each run is one script (characters of Common and Inherited script take their neighbours').
/// - Pieces: a run of more than `maxMarksInARow` marks (general category Mn, Mc or Me, as HarfBuzz's Unicode data
///   has it) is shaped in pieces of `maxMarksInARow`, each in its own HarfBuzz buffer with the text around it as
///   context: the first with the character the marks follow, the others alone (their marks attach to nothing
///   before them, and each piece counts as a character for letter spacing). HarfBuzz looks back through a run of
///   marks for the base each one attaches to, in time quadratic in the run, and keeps the distance in 16 bits
///   (HarfBuzz 6 aborts the process on an assertion past 32 767); a CGJ does not stop it, since HarfBuzz skips one
///   that separates marks already in canonical order (as 31 acute accents are). `Text` puts its string in the
///   Stream-Safe Text Format first, so a run of non-starters is cut into 30 and a joiner, and the pieces start right
///   after each joiner; a run of marks of class 0 (Thai vowels, say) is cut here alone. No script has a letter with
///   anywhere near 31 marks: ordinary text is one piece a run.
/// - Fallback: each grapheme cluster is drawn from the first of the faces (the text's font, then its fallbacks)
///   that has a glyph for every character of it, else the first that has one for its first character, else the
///   font's `.notdef`; invisible characters (joiners, variation selectors, bidi marks) stay with the cluster
///   before them. A run is one face, shaped with that face's HarfBuzz font; every face has the size in pixels;
///   line heights and baselines are the text's font's alone.
/// - Lines: hard breaks at LF, CR, CR LF, VT, FF, NEL, U+2028 and U+2029; soft ones at libunibreak's UAX #14
///   opportunities, greedily, when the next word would pass `maxWidth` (trailing spaces hang); a word wider than
///   the width overflows rather than breaking, as CSS's `overflow-wrap: normal`. Each line is shaped again on its
///   own once broken.
/// - Line limit: with `maxLines`, lines past the limit are left out, as CSS's `-webkit-line-clamp` does, and the
///   last one kept ends in U+2026 HORIZONTAL ELLIPSIS: the line is cut after the longest run of its grapheme
///   clusters (in logical order, its trailing spaces dropped) that, with the ellipsis, fits `maxWidth`, the
///   ellipsis shaped after it in the same run of faces as any other character (the text's font, else a fallback).
///   In bidi text the line keeps its paragraph's direction, and the ellipsis (a neutral character) takes it at the
///   line's end, so it lands at the line's end edge: the right of left-to-right text, the left of right-to-left
///   text, after the logically last character kept, as browsers draw it. When not even the ellipsis fits, the line
///   is the ellipsis alone.
/// - Box: as wide as `maxWidth` when given, else the widest line (rounded up to whole pixels); each line
///   `lineHeight × size` tall with the font's ascent and descent (hhea) centred in it (CSS's half-leading), its
///   baseline rounded to a whole pixel.
package struct TextLayout: Sendable, Hashable {
  /// The most marks in a row that HarfBuzz shapes in one buffer (see "Pieces"): a Stream-Safe run of 30
  /// non-starters and its joiner.
  static let maxMarksInARow = Text.maxNonStarters + 1

  package var glyphs: [PlacedGlyph]
  package var boxes: [GlyphKey: GlyphBox]
  var lines: [TextLine]
  /// Each line's glyphs (a range of `glyphs`) and the rows its ink covers (`minY..<maxY` of the union of its glyphs'
  /// boxes), so that a render skips the lines above and below its region.
  var lineSpans: [(glyphs: Range<Int>, rows: Range<Int>)]
  var width: Int
  var height: Int
  /// The union of the glyphs' bitmap boxes (empty when nothing is drawn).
  var inkBounds: IntRect
  /// Whether lines were left out for `maxLines` (the last one kept then ends in an ellipsis).
  var isTruncated: Bool

  init(glyphs: [PlacedGlyph] = [], boxes: [GlyphKey: GlyphBox] = [:], lines: [TextLine] = [],
    lineSpans: [(glyphs: Range<Int>, rows: Range<Int>)] = [], width: Int = 0, height: Int = 0,
    inkBounds: IntRect = .empty, isTruncated: Bool = false)
  {
    self.isTruncated = isTruncated
    self.glyphs = glyphs
    self.boxes = boxes
    self.lines = lines
    self.lineSpans = lineSpans
    self.width = width
    self.height = height
    self.inkBounds = inkBounds
  }

  package static func == (a: TextLayout, b: TextLayout) -> Bool {
    a.glyphs == b.glyphs && a.boxes == b.boxes && a.lines == b.lines && a.width == b.width && a.height == b.height
      && a.inkBounds == b.inkBounds && a.isTruncated == b.isTruncated
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(glyphs)
    hasher.combine(lines)
  }

  /// A paragraph's characters and what the layout knows of each.
  private struct Paragraph {
    var scalars: [UInt32]
    /// In scalars of the whole text.
    var offset: Int
    var levels: [Int8]
    var scripts: [hb_script_t]
    /// The face of each character (see `faces(of:)`).
    var fonts: [Int]
    /// breaks[i]: may the line break after character i.
    var breaks: [CChar]
    /// continuesPiece[i]: character i is a mark that starts a piece of a long run of marks (see "Pieces"), shaped
    /// apart from what comes before it.
    var continuesPiece: [Bool]
    var isRightToLeft: Bool
  }

  /// Shapes one run: `range` of `scalars` (the rest is context), right to left when `rightToLeft`; `continuesPiece`
  /// when it starts with a piece of a run of marks (see "Pieces"), which then gets no dotted circle for a base.
  static func shape(_ scalars: [UInt32], range: Range<Int>, rightToLeft: Bool, script: hb_script_t,
    font: OpaquePointer, fontIndex: Int = 0, features: [hb_feature_t], continuesPiece: Bool = false) -> [ShapedGlyph]
  {
    guard let buffer = hb_buffer_create() else { return [] }
    defer { hb_buffer_destroy(buffer) }
    if continuesPiece { hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE) }
    scalars.withUnsafeBufferPointer { text in
      hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound),
        Int32(range.count))
    }
    hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, script)
    hb_buffer_guess_segment_properties(buffer)
    features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    return (0..<Int(count)).map { i in
      ShapedGlyph(id: infos[i].codepoint, font: fontIndex, cluster: Int(infos[i].cluster),
        xAdvance: Int(positions[i].x_advance), yAdvance: Int(positions[i].y_advance),
        xOffset: Int(positions[i].x_offset), yOffset: Int(positions[i].y_offset))
    }
  }

  /// Shapes `text` as one line in a HarfBuzz font over `face` (sized): the glyphs in visual order. What the tests
  /// compare with `hb-shape`.
  package static func shapeLine(_ text: String, face: FT_Face) -> [ShapedGlyph] {
    let scalars = text.unicodeScalars.map(\.value)
    guard let font = hb_ft_font_create_referenced(face) else { return [] }
    defer { hb_font_destroy(font) }
    let paragraph = analyse(scalars, offset: 0, fonts: [Int](repeating: 0, count: scalars.count))
    return shapeVisual(paragraph, range: 0..<scalars.count, fonts: [font], features: [], letterSpacing: 0)
  }

  /// Lays out `text` (whose characters `Text` has checked) in `faces` (the text's font first, then its fallbacks),
  /// each sized to `size` pixels.
  static func make(_ text: String, faces: [FT_Face], size: Double, lineHeight: Double, letterSpacing: Double,
    maxWidth: Double?, alignment: TextAlignment, maxLines: Int? = nil) -> TextLayout
  {
    guard let face = faces.first else { return TextLayout() }
    let scalars = text.unicodeScalars.map { $0.value == 9 ? 32 : $0.value }
    let fontOf = Self.faces(of: text, among: faces)
    let fonts = faces.compactMap { hb_ft_font_create_referenced($0) }
    defer { fonts.forEach { hb_font_destroy($0) } }
    guard fonts.count == faces.count else { return TextLayout() }
    let spacing = FontData.fixed(letterSpacing)
    var features: [hb_feature_t] = []
    if spacing != 0 {
      for tag in ["liga", "clig"] {
        var feature = hb_feature_t()
        if hb_feature_from_string("\(tag)=0", -1, &feature) != 0 { features.append(feature) }
      }
    }
    let limit = maxWidth.map { FontData.fixed($0) }

    // Lines, in 26.6: each with its glyphs (pen positions from 0), width, paragraph direction and the paragraph's
    // start (in scalars of the text).
    var shapedLines: [ShapedLine] = []
    var truncated = false
    paragraphs: for (start, end) in paragraphs(scalars) {
      if let maxLines, shapedLines.count >= maxLines {
        truncated = true
        break
      }
      let paragraph = analyse(Array(scalars[start..<end]), offset: start, fonts: Array(fontOf[start..<end]))
      let count = paragraph.scalars.count
      guard count > 0 else {
        shapedLines.append(ShapedLine(glyphs: [], width: 0, range: start..<start, rightToLeft: false,
          paragraphStart: start))
        continue
      }
      // Advances per character from the paragraph shaped whole, to choose the breaks.
      var advance = [Int](repeating: 0, count: count + 1)
      for glyph in shapeVisual(paragraph, range: 0..<count, fonts: fonts, features: features,
        letterSpacing: spacing)
      {
        advance[glyph.cluster] += glyph.xAdvance
      }
      var prefix = [Int](repeating: 0, count: count + 1)
      for i in 0..<count { prefix[i + 1] = prefix[i] + advance[i] }
      // spacesFrom[e]: where the spaces that end at e start (e itself after a character that is not a space), so
      // that a line's end without its trailing spaces takes constant time: walking back over them at each break
      // opportunity would be quadratic in a run of spaces that each allow a break (U+3000 IDEOGRAPHIC SPACE).
      var spacesFrom = [Int](repeating: 0, count: count + 1)
      for e in 0...count { spacesFrom[e] = e > 0 && isSpace(paragraph.scalars[e - 1]) ? spacesFrom[e - 1] : e }
      func trimmedEnd(_ s: Int, _ e: Int) -> Int { max(s, spacesFrom[e]) }
      var ranges: [Range<Int>] = []
      var lineStart = 0
      var previous: Int?
      var position = 0
      while position < count {
        let end = position + 1
        defer { position = end }
        guard end == count || paragraph.breaks[position] == DECOR_LINEBREAK_ALLOWBREAK
          || paragraph.breaks[position] == DECOR_LINEBREAK_MUSTBREAK
        else { continue }
        if let limit, let p = previous, p > lineStart, prefix[trimmedEnd(lineStart, end)] - prefix[lineStart] > limit {
          ranges.append(lineStart..<p)
          lineStart = p
        }
        previous = end
      }
      ranges.append(lineStart..<count)
      for range in ranges {
        if let maxLines, shapedLines.count >= maxLines {
          truncated = true
          break paragraphs
        }
        let trimmed = range.lowerBound..<trimmedEnd(range.lowerBound, range.upperBound)
        let glyphs = shapeVisual(paragraph, range: trimmed, fonts: fonts, features: features, letterSpacing: spacing)
        let width = glyphs.reduce(0) { $0 + $1.xAdvance }
        shapedLines.append(ShapedLine(glyphs: glyphs, width: width,
          range: (trimmed.lowerBound + start)..<(trimmed.upperBound + start), rightToLeft: paragraph.isRightToLeft,
          paragraphStart: start))
      }
    }
    if truncated, let last = shapedLines.popLast() {
      shapedLines.append(ellipsized(last, text: text, scalars: scalars, fontOf: fontOf, faces: faces, fonts: fonts,
        features: features, letterSpacing: spacing, limit: limit))
    }

    // The box and the lines in it.
    let boxWidth = limit ?? shapedLines.map(\.width).max() ?? 0
    let linePitch = lineHeight * size
    let metrics = face.pointee
    let unitsPerEm = Double(max(1, metrics.units_per_EM))
    let ascent = Double(metrics.ascender) * size / unitsPerEm
    let descent = -Double(metrics.descender) * size / unitsPerEm
    let halfLeading = (linePitch - (ascent + descent)) / 2
    var glyphs: [PlacedGlyph] = []
    var lines: [TextLine] = []
    var lineGlyphs: [Range<Int>] = []
    let characters = text.unicodeScalars.map(Character.init)
    for (index, line) in shapedLines.enumerated() {
      let room = max(0, boxWidth - line.width)
      let offset: Int
      switch (alignment, line.rightToLeft) {
      case (.start, false), (.end, true): offset = 0
      case (.start, true), (.end, false): offset = room
      case (.center, _): offset = room / 2
      }
      let x = (offset + 32) >> 6
      let baseline = Int((Double(index) * linePitch + halfLeading + ascent).rounded())
      var pen = 0
      lineGlyphs.append(glyphs.count..<(glyphs.count + line.glyphs.count))
      for glyph in line.glyphs {
        glyphs.append(PlacedGlyph(id: glyph.id, x: x + ((pen + glyph.xOffset + 32) >> 6),
          y: baseline - ((glyph.yOffset + 32) >> 6), font: glyph.font))
        pen += glyph.xAdvance
      }
      lines.append(TextLine(text: String(characters[line.range]) + (line.ellipsis ? "\u{2026}" : ""),
        width: Double(line.width) / 64, x: x, baseline: baseline, isRightToLeft: line.rightToLeft))
    }
    let limitSide = Double(ParameterCheck.maxLength)
    let width = Int(min(limitSide, (Double(boxWidth) / 64).rounded(.up)))
    let height = Int(min(limitSide, (Double(shapedLines.count) * linePitch).rounded(.up)))

    // Each glyph's box from its hinted outline, as FreeType will render it; each line's rows of ink.
    var boxes: [GlyphKey: GlyphBox] = [:]
    var ink = IntRect.empty
    var lineSpans: [(glyphs: Range<Int>, rows: Range<Int>)] = []
    for range in lineGlyphs {
      var rows: Range<Int>?
      for glyph in glyphs[range] {
        let box: GlyphBox
        if let known = boxes[glyph.key] {
          box = known
        } else {
          box = glyphBox(faces[glyph.font], glyph.id)
          boxes[glyph.key] = box
        }
        guard box.width > 0, box.height > 0 else { continue }
        let rect = IntRect(x: glyph.x + box.left, y: glyph.y - box.top, width: box.width, height: box.height)
        ink = ink.isEmpty ? rect : ink.union(rect)
        rows = rows.map { min($0.lowerBound, rect.minY)..<max($0.upperBound, rect.maxY) } ?? (rect.minY..<rect.maxY)
      }
      if let rows { lineSpans.append((range, rows)) }
    }
    return TextLayout(glyphs: glyphs, boxes: boxes, lines: lines, lineSpans: lineSpans, width: max(0, width),
      height: max(0, height), inkBounds: ink, isTruncated: truncated)
  }

  /// A line shaped, before it is placed: its glyphs in visual order (pen positions from 0) and width in 26.6, its
  /// characters (in scalars of the text, trailing spaces left out), its paragraph's direction and start, and whether
  /// an ellipsis follows the characters.
  private struct ShapedLine {
    var glyphs: [ShapedGlyph]
    var width: Int
    var range: Range<Int>
    var rightToLeft: Bool
    var paragraphStart: Int
    var ellipsis = false
  }

  /// U+2026 HORIZONTAL ELLIPSIS, which ends the last line kept under a line limit.
  static let ellipsis: UInt32 = 0x2026

  /// `line` cut to fit `limit` (26.6; `nil` for no width) with an ellipsis after it (see "Line limit"): the
  /// longest run of its grapheme clusters whose shaping with the ellipsis fits, found by bisection over the
  /// clusters' ends (the shaped width grows with the run, but for kerning and contextual forms, so each
  /// candidate is shaped, a few dozen at most). Each candidate is the paragraph up to the cut and the ellipsis,
  /// analysed in the paragraph's direction, with the line's part shaped.
  private static func ellipsized(_ line: ShapedLine, text: String, scalars: [UInt32], fontOf: [Int],
    faces: [FT_Face], fonts: [OpaquePointer], features: [hb_feature_t], letterSpacing: Int, limit: Int?)
    -> ShapedLine
  {
    let ellipsisFont = faces.indices.first { FT_Get_Char_Index(faces[$0], FT_ULong(ellipsis)) != 0 } ?? 0
    let start = line.paragraphStart
    func shaped(upTo cut: Int) -> ShapedLine {
      var end = cut
      while end > line.range.lowerBound, isSpace(scalars[end - 1]) { end -= 1 }
      let paragraph = analyse(Array(scalars[start..<end]) + [ellipsis], offset: start,
        fonts: Array(fontOf[start..<end]) + [ellipsisFont], rightToLeft: line.rightToLeft)
      let glyphs = shapeVisual(paragraph, range: (line.range.lowerBound - start)..<(end - start + 1), fonts: fonts,
        features: features, letterSpacing: letterSpacing)
      return ShapedLine(glyphs: glyphs, width: glyphs.reduce(0) { $0 + $1.xAdvance },
        range: line.range.lowerBound..<end, rightToLeft: line.rightToLeft, paragraphStart: start, ellipsis: true)
    }
    guard let limit else { return shaped(upTo: line.range.upperBound) }
    // The ends of the line's grapheme clusters, in scalars of the text: the cuts to choose from.
    var cuts: [Int] = []
    var position = 0
    for character in text {
      let next = position + character.unicodeScalars.count
      if next > line.range.lowerBound && next <= line.range.upperBound { cuts.append(next) }
      if next >= line.range.upperBound { break }
      position = next
    }
    var best = shaped(upTo: line.range.lowerBound)
    var low = 0
    var high = cuts.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let candidate = shaped(upTo: cuts[middle])
      if candidate.width <= limit {
        best = candidate
        low = middle + 1
      } else {
        high = middle - 1
      }
    }
    return best
  }

  /// The pixel box FreeType's renderer gives glyph `id`: its hinted outline's control box, out to whole pixels.
  static func glyphBox(_ face: FT_Face, _ id: UInt32) -> GlyphBox {
    guard FT_Load_Glyph(face, id, DECOR_FT_LOAD_DEFAULT | DECOR_FT_LOAD_NO_BITMAP) == 0,
      let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE,
      slot.pointee.outline.n_points > 0
    else { return GlyphBox(left: 0, top: 0, width: 0, height: 0) }
    var box = FT_BBox()
    FT_Outline_Get_CBox(&slot.pointee.outline, &box)
    let left = Int(box.xMin) >> 6
    let right = (Int(box.xMax) + 63) >> 6
    let bottom = Int(box.yMin) >> 6
    let top = (Int(box.yMax) + 63) >> 6
    return GlyphBox(left: left, top: top, width: right - left, height: top - bottom)
  }

  /// The face of each Unicode scalar of `text` (see "Fallback" above): an index into `faces`.
  package static func faces(of text: String, among faces: [FT_Face]) -> [Int] {
    // One face (no fallback: the common case) draws everything; `Text` has already looked for missing glyphs.
    guard faces.count > 1 else { return [Int](repeating: 0, count: text.unicodeScalars.count) }
    var result: [Int] = []
    result.reserveCapacity(text.unicodeScalars.count)
    var previous = 0
    for character in text {
      let needed = character.unicodeScalars.map(\.value).filter { !isInvisible($0) }
      var chosen = previous
      if let first = needed.first {
        func has(_ face: FT_Face, _ c: UInt32) -> Bool { FT_Get_Char_Index(face, FT_ULong(c)) != 0 }
        chosen = faces.indices.first { f in needed.allSatisfy { has(faces[f], $0) } }
          ?? faces.indices.first { has(faces[$0], first) } ?? 0
      }
      result += repeatElement(chosen, count: character.unicodeScalars.count)
      previous = chosen
    }
    return result
  }

  /// The characters of `text` that `face` has no glyph for (invisible ones aside).
  static func missing(in text: String, face: FT_Face) -> Set<UInt32> {
    Set(text.unicodeScalars.lazy.map(\.value).filter { !isInvisible($0) && FT_Get_Char_Index(face, FT_ULong($0)) == 0 })
  }

  /// Characters that draw nothing of their own and take their neighbour's face: line breaks and tabs, Unicode's
  /// default-ignorable code points (joiners, variation selectors, bidi controls, the soft hyphen, tags).
  static func isInvisible(_ c: UInt32) -> Bool {
    switch c {
    case 0x09...0x0D, 0x85, 0x2028, 0x2029, 0x00AD, 0x034F, 0x061C, 0x115F...0x1160, 0x17B4...0x17B5,
      0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0,
      0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
      return true
    default:
      return false
    }
  }

  /// libunibreak's tables, set up once.
  private static let unibreakReady: Void = init_linebreak()

  private static func isSpace(_ c: UInt32) -> Bool { c == 32 || c == 0x3000 || c == 0x1680 || (0x2000...0x200A).contains(c) }

  /// The paragraphs of `scalars` (start, end), between hard line breaks.
  private static func paragraphs(_ scalars: [UInt32]) -> [(Int, Int)] {
    var result: [(Int, Int)] = []
    var start = 0
    var i = 0
    while i < scalars.count {
      let c = scalars[i]
      if [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(c) {
        result.append((start, i))
        i += (c == 0x0D && i + 1 < scalars.count && scalars[i + 1] == 0x0A) ? 2 : 1
        start = i
      } else {
        i += 1
      }
    }
    result.append((start, scalars.count))
    return result
  }

  /// A paragraph's bidi levels, scripts and break opportunities; its direction from its first strong character, or
  /// `rightToLeft` when given (a paragraph cut short keeps the direction of the whole).
  private static func analyse(_ scalars: [UInt32], offset: Int, fonts: [Int], rightToLeft: Bool? = nil)
    -> Paragraph
  {
    _ = unibreakReady
    let count = scalars.count
    var levels = [Int8](repeating: 0, count: count)
    var direction = rightToLeft.map { $0 ? DECOR_FRIBIDI_PAR_RTL : DECOR_FRIBIDI_PAR_LTR } ?? DECOR_FRIBIDI_PAR_ON
    var breaks = [CChar](repeating: DECOR_LINEBREAK_NOBREAK, count: count)
    if count > 0 {
      var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
      var brackets = [FriBidiBracketType](repeating: 0, count: count)
      let length = FriBidiStrIndex(count)
      scalars.withUnsafeBufferPointer { text in
        fribidi_get_bidi_types(text.baseAddress, length, &types)
        fribidi_get_bracket_types(text.baseAddress, length, types, &brackets)
      }
      if fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, &levels) == 0 {
        levels = [Int8](repeating: 0, count: count)
        direction = DECOR_FRIBIDI_PAR_LTR
      }
      // libunibreak ends its input at U+FFFF (its end-of-string mark, which a noncharacter in the text would
      // fake): it reads U+FFFD there instead.
      let breakable = scalars.map { $0 == 0xFFFF ? 0xFFFD : $0 }
      breakable.withUnsafeBufferPointer { text in
        set_linebreaks_utf32(text.baseAddress, count, nil, &breaks)
      }
    }
    let unicode = hb_unicode_funcs_get_default()
    var scripts = scalars.map { hb_unicode_script(unicode, $0) }
    var continuesPiece = [Bool](repeating: false, count: count)
    var marks = 0
    for (i, c) in scalars.enumerated() {
      switch hb_unicode_general_category(unicode, c) {
      case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
        HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
        marks += 1
        if marks > maxMarksInARow {
          continuesPiece[i] = true
          marks = 1
        }
      default:
        marks = 0
      }
    }
    // Common and Inherited characters (spaces, digits, punctuation, marks) take the script before them, or the
    // first one after them at the start.
    func isReal(_ s: hb_script_t) -> Bool { s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN }
    if let first = scripts.firstIndex(where: isReal) {
      for i in 0..<first { scripts[i] = scripts[first] }
      for i in first..<count where !isReal(scripts[i]) { scripts[i] = scripts[i - 1] }
    }
    return Paragraph(scalars: scalars, offset: offset, levels: levels, scripts: scripts, fonts: fonts, breaks: breaks,
      continuesPiece: continuesPiece, isRightToLeft: direction == DECOR_FRIBIDI_PAR_RTL)
  }

  /// `range` of the paragraph in visual order: its runs (of one level, one script and one face, and within one piece
  /// of a long run of marks) reordered by UAX #9 L2, each shaped in its direction with its face's font of `fonts`,
  /// letter spacing added after each cluster. Clusters are indices into the paragraph.
  private static func shapeVisual(_ paragraph: Paragraph, range: Range<Int>, fonts: [OpaquePointer],
    features: [hb_feature_t], letterSpacing: Int) -> [ShapedGlyph]
  {
    guard !range.isEmpty else { return [] }
    var runs: [(range: Range<Int>, level: Int8)] = []
    var runStart = range.lowerBound
    for i in range.dropFirst() where paragraph.levels[i] != paragraph.levels[runStart]
      || paragraph.scripts[i] != paragraph.scripts[runStart] || paragraph.fonts[i] != paragraph.fonts[runStart]
      || paragraph.continuesPiece[i]
    {
      runs.append((runStart..<i, paragraph.levels[runStart]))
      runStart = i
    }
    runs.append((runStart..<range.upperBound, paragraph.levels[runStart]))
    // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
    let highest = runs.map(\.level).max() ?? 0
    let lowestOdd = runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? (highest + 1)
    var level = highest
    while level >= lowestOdd {
      var i = 0
      while i < runs.count {
        guard runs[i].level >= level else {
          i += 1
          continue
        }
        var j = i
        while j < runs.count, runs[j].level >= level { j += 1 }
        runs[i..<j].reverse()
        i = j
      }
      level -= 1
    }
    var result: [ShapedGlyph] = []
    for run in runs {
      let face = paragraph.fonts[run.range.lowerBound]
      var glyphs = shape(paragraph.scalars, range: run.range, rightToLeft: run.level % 2 == 1,
        script: paragraph.scripts[run.range.lowerBound], font: fonts[face], fontIndex: face, features: features,
        continuesPiece: paragraph.continuesPiece[run.range.lowerBound])
      if letterSpacing != 0 {
        for i in glyphs.indices where i + 1 == glyphs.count || glyphs[i + 1].cluster != glyphs[i].cluster {
          glyphs[i].xAdvance += letterSpacing
        }
      }
      result += glyphs
    }
    return result
  }
}
