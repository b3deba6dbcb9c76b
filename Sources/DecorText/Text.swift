import DecorCore

import CHarfBuzz

// Why the pieces: HarfBuzz 6's mark attachment takes time quadratic in a run of marks and aborts the process past
// 32 767 of them. Benchmarks/text.md has what a long run costs now, and what the layout and drawing cost.

/// Text drawn in one font and colour: a caption, a title, a watermark.
///
/// ```swift
/// let title = Text("Summer sale", font: Font(family: "DejaVu Sans Bold", size: 64), color: .white,
///   maxWidth: 900, alignment: .center)
/// ```
///
/// Laid out when built (`TextLayout` says how: HarfBuzz shaping with the font's kerning and ligatures, FriBiDi's
/// right-to-left runs with the paragraph's direction from its text, UAX #14 line breaks at `maxWidth`); drawn by
/// FreeType, antialiased, in `color` (see `GlyphRendering`). The font file is read once when the text is built, and
/// each render opens its own FreeType face from those bytes, so a text renders on any number of threads at once.
///
/// **Layout box and extent.** `layoutBox` is from (0, 0): as wide as `maxWidth` when given (else the widest line,
/// rounded up to whole pixels), and `lines.count × lineHeight × size` tall (rounded up); a step or a layer places
/// the text by it. Ink beyond the box (a vowel sign above a Devanagari headline or a descender under a small line
/// height, an italic's overhang) is drawn, as CSS draws overflowing ink and Pillow draws every glyph whole: the
/// extent is the layout box and `inkBounds` (where the glyphs' pixels are, in the same coordinates) together.
/// `lines` gives each line's text, width and baseline.
///
/// **Fallback.** A character the font has no glyph for is drawn from another installed face that has one, as
/// browsers and Pango do: fontconfig sorts the installed faces for the font's family and style with the missing
/// characters as the coverage wanted (`fallbackFonts` lists the ones used, in order), and each grapheme cluster is
/// drawn from the first face that has all its characters (`TextLayout` says how). A character no installed face
/// has draws the font's `.notdef` glyph (a box in most fonts). Fallback faces have the font's size in pixels; the
/// lines' height and baselines stay the font's own. Which faces are installed therefore changes such a text's
/// pixels (never one the font covers): a golden test of it depends on the machine's fonts, as one in a font family
/// does.
///
/// **Marks.** The text is put in the Stream-Safe Text Format of UAX #15 before shaping: no more than 30
/// non-starters (characters of canonical combining class other than 0, each counted by the non-starters of its
/// canonical decomposition) in a row; after 30, a U+034F COMBINING GRAPHEME JOINER goes in (it draws nothing), as the
/// standard says, and a run of more than 31 marks is shaped 31 at a time (`TextLayout`): a run of marks of any length
/// (one letter with 100 000 accents) is laid out in time linear in its length and stays within HarfBuzz's limits
/// on mark attachment. Ordinary text in any script has no such run and is unchanged. `lines` hold the text as laid
/// out, joiners included; `string` is as given.
///
/// Parameters (`ParameterCheck` rules; a refused one is the text's `parameterError`, with an empty extent):
/// - the string must not be empty, hold at most `maxCharacters` Unicode scalars, and no control character other
///   than the line breaks (LF, CR, VT, FF, NEL) and the tab (drawn as a space);
/// - `font`: its size finite and above 0 (clamped into `Font.minSize … Font.maxSize`); a family not installed, a
///   style it lacks or a file that is not a font is refused with the `FontError` (also in `fontError`);
/// - `lineHeight` (a multiple of the size, as CSS's unitless `line-height`): finite, at least 0, clamped to 100;
/// - `letterSpacing` (pixels added after each character, as CSS's `letter-spacing`): finite, clamped to ±10 000;
/// - `maxWidth` (pixels): finite and at least 0, clamped to 2^30;
/// - `maxLines`: at least 1, clamped to 2^30.
///
/// **Line limit.** With `maxLines`, the text keeps its first `maxLines` lines and the last one ends in an ellipsis
/// (…) cut to fit `maxWidth`, as CSS's `-webkit-line-clamp` does (`TextLayout` says how, bidi text included);
/// `isTruncated` says whether anything was left out, and `lines` holds the lines drawn.
///
/// ```swift
/// let title = Text(headline, font: Font(family: "DejaVu Sans Bold", size: 48), maxWidth: 900, maxLines: 2)
/// if title.isTruncated { print("cut to", title.lines.count, "lines") }
/// ```
public struct Text: ImageComponent, CustomStringConvertible {
  /// The most Unicode scalars a text holds (about 1 000 pages).
  public static let maxCharacters = 1 << 20

  /// The string as given (laid out in the Stream-Safe Text Format: see "Marks").
  public let string: String
  /// The font as given.
  public let font: Font
  public let color: Color
  /// The line height as a multiple of the font size, as used.
  public let lineHeight: Double
  /// Pixels added after each character (each cluster of glyphs), as used.
  public let letterSpacing: Double
  /// The width lines are broken at, as used; `nil` for no breaks other than the text's own.
  public let maxWidth: Double?
  public let alignment: TextAlignment
  /// The most lines drawn, as used (an ellipsis ends the last when there were more); `nil` for no limit.
  public let maxLines: Int?
  /// The face the font resolved to; `nil` when it did not.
  public let fontFile: FontFile?
  /// Why the font could not be used, when it could not.
  public let fontError: FontError?
  /// The installed faces that draw the characters the font has no glyph for, in the order they are tried; empty
  /// when the font has them all (or no installed face has the missing ones).
  public let fallbackFonts: [FontFile]

  private let data: FontData?
  private let fallbacks: [FontData]
  private let size: Double
  package let layout: TextLayout
  private let problem: RenderError?

  /// `string` in `font`, filled with `color`: lines `lineHeight` × the size apart, `letterSpacing` pixels added
  /// after each character, broken to fit `maxWidth` (when given), at most `maxLines` of them (the last ending in
  /// an ellipsis when more were cut: see "Line limit"), and aligned within the box by `alignment`.
  public init(_ string: String, font: Font, color: Color = .black, lineHeight: Double = 1.2,
    letterSpacing: Double = 0, maxWidth: Double? = nil, alignment: TextAlignment = .start, maxLines: Int? = nil)
  {
    self.string = string
    self.font = font
    self.color = color
    self.alignment = alignment
    let prepared = Self.prepare(string, font: font, lineHeight: lineHeight, letterSpacing: letterSpacing,
      maxWidth: maxWidth, maxLines: maxLines)
    self.maxLines = prepared.maxLines
    size = prepared.size
    self.lineHeight = prepared.lineHeight
    self.letterSpacing = prepared.letterSpacing
    self.maxWidth = prepared.maxWidth
    fontFile = prepared.fontFile
    data = prepared.data
    var check = prepared.check
    var fontError = prepared.fontError

    // A refused string is never laid out, so only an accepted one (at most `maxCharacters`) is rewritten.
    let shaped = check.error == nil ? Self.streamSafe(string) : string
    var fallbacks: [FontData] = []
    var fallbackFonts: [FontFile] = []
    if check.error == nil, let data, let fontFile = prepared.fontFile {
      // A line limit may draw an ellipsis, found as the text's own characters are.
      let drawn = prepared.maxLines == nil ? shaped : shaped + "\u{2026}"
      let missing = data.withFace(size: nil) { TextLayout.missing(in: drawn, face: $0) }
      if case .success(let missing) = missing, !missing.isEmpty {
        // A face fontconfig lists that cannot be read is passed over: the next one may cover the characters.
        for file in FontCatalog.fallbacks(for: missing, like: fontFile) {
          guard let read = try? FontData(path: file.path, faceIndex: file.faceIndex) else { continue }
          fallbacks.append(read)
          fallbackFonts.append(file)
        }
      }
    }
    self.fallbacks = fallbacks
    self.fallbackFonts = fallbackFonts

    var layout = TextLayout()
    if check.error == nil, let data {
      let (size, lineHeight, letterSpacing, maxWidth, alignment, maxLines) = (size, self.lineHeight,
        self.letterSpacing, self.maxWidth, alignment, self.maxLines)
      switch FontData.withFaces([data] + fallbacks, size: size, { faces in
        TextLayout.make(shaped, faces: faces, size: size, lineHeight: lineHeight, letterSpacing: letterSpacing,
          maxWidth: maxWidth, alignment: alignment, maxLines: maxLines)
      }) {
      case .success(let made): layout = made
      case .failure(let error):
        fontError = error
        _ = check.check(0) { () throws(ParameterError) in throw Self.fontProblem(error) }
      }
    }
    self.layout = layout
    self.fontError = fontError
    problem = check.error
  }

  /// What `init` finds before laying out: the parameters as used, the font read, and what was refused.
  private struct Prepared {
    var check = ParameterValidation("text")
    var size = 1.0
    var lineHeight = 1.2
    var letterSpacing = 0.0
    var maxWidth: Double?
    var maxLines: Int?
    var data: FontData?
    var fontFile: FontFile?
    var fontError: FontError?
  }

  /// The parameters checked and the font resolved and read, as `init` does before laying out.
  private static func prepare(_ string: String, font: Font, lineHeight: Double, letterSpacing: Double,
    maxWidth: Double?, maxLines: Int?) -> Prepared
  {
    var result = Prepared()
    var check = ParameterValidation("text")
    check.check(()) { () throws(ParameterError) in try checkString(string) }
    result.size = check.check(1) { () throws(ParameterError) in try ParameterCheck.fontSize(font.size, "font size") }
    result.lineHeight = check.check(1.2) { () throws(ParameterError) in
      try ParameterCheck.nonNegative(lineHeight, "line height", maximum: 100)
    }
    result.letterSpacing = check.check(0) { () throws(ParameterError) in
      max(-10_000, min(10_000, try ParameterCheck.finite(letterSpacing, "letter spacing")))
    }
    result.maxWidth = check.check(nil) { () throws(ParameterError) -> Double? in
      guard let maxWidth else { return nil }
      return try ParameterCheck.length(maxWidth, "maximum width")
    }
    result.maxLines = check.check(nil) { () throws(ParameterError) -> Int? in
      try maxLines.map { n throws(ParameterError) in try ParameterCheck.size(n, "maximum lines") }
    }
    do throws(FontError) {
      switch font.source {
      case .family(let name):
        let file = try FontCatalog.resolve(name)
        result.data = try FontData(path: file.path, faceIndex: file.faceIndex)
        result.fontFile = file
      case .file(let path, let index):
        let read = try FontData(path: path, faceIndex: index, named: true)
        result.fontFile = read.file
        result.data = read
      }
    } catch {
      result.fontError = error
      _ = check.check(0) { () throws(ParameterError) in throw fontProblem(error) }
    }
    result.check = check
    return result
  }

  /// The error `Text(string, font: …)` would have as its `parameterError`, found without laying the text out (the
  /// parameters checked and the font resolved and read): what a step checks when it is parsed, before it builds
  /// the text once.
  package static func parameterProblem(_ string: String, font: Font, lineHeight: Double = 1.2, letterSpacing: Double = 0,
    maxWidth: Double? = nil, maxLines: Int? = nil) -> RenderError?
  {
    prepare(string, font: font, lineHeight: lineHeight, letterSpacing: letterSpacing, maxWidth: maxWidth,
      maxLines: maxLines).check.error
  }

  /// A font that cannot be used as a parameter error whose sentence is the font error's own ("font family … is not
  /// installed; the closest installed: …").
  private static func fontProblem(_ error: FontError) -> ParameterError {
    var problem = ParameterError("font", "")
    problem.reason = "\(error)"
    return problem
  }

  /// The characters a text refuses, and the count.
  private static func checkString(_ string: String) throws(ParameterError) {
    var count = 0
    for scalar in string.unicodeScalars {
      count += 1
      guard count <= maxCharacters else {
        throw ParameterError("text", "must hold at most \(maxCharacters) characters")
      }
      let v = scalar.value
      if v < 0x20 || (0x7F...0x9F).contains(v), ![0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85].contains(v) {
        let code = String(v, radix: 16, uppercase: true)
        throw ParameterError("text", "holds the control character U+\(String(repeating: "0", count: 4 - code.count))"
          + "\(code) at character \(count - 1)")
      }
    }
    guard count > 0 else { throw ParameterError("text", "must not be empty") }
  }

  /// The layout box from (0, 0) (see "Layout box and extent"): what a step or a layer places the text by; empty
  /// when a parameter is refused.
  public var layoutBox: IntRect {
    problem == nil ? IntRect(x: 0, y: 0, width: layout.width, height: layout.height) : .empty
  }

  /// The layout box and the ink beyond it (see "Layout box and extent"); empty when a parameter is refused.
  public var extent: IntRect {
    let box = layoutBox
    guard problem == nil, !layout.inkBounds.isEmpty else { return box }
    return box.isEmpty ? layout.inkBounds : box.union(layout.inkBounds)
  }

  /// Where the glyphs' pixels are, in the extent's coordinates: it may reach beyond the extent (and those pixels
  /// are not drawn). Empty for a text of spaces, or when a parameter is refused.
  public var inkBounds: IntRect { problem == nil ? layout.inkBounds : .empty }

  /// The lines as laid out, top to bottom (at most `maxLines`).
  public var lines: [TextLine] { layout.lines }

  /// Whether `maxLines` left lines out: the last line drawn then ends in an ellipsis.
  public var isTruncated: Bool { layout.isTruncated }

  public var parameterError: RenderError? { problem }

  /// Made from everything the layout and the drawing read (the font data is the font file's).
  public var identity: ComponentIdentity {
    ComponentIdentity(Self.self, parameters: [string, font, color, lineHeight, letterSpacing, maxWidth, alignment,
      maxLines, fontFile, fallbackFonts])
  }

  /// Draws the glyphs touching `region`.
  /// - Throws: `RenderError.invalidParameter`, or `RasterError` if `region` is empty or over the pixel limit.
  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    var raster = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    let clip = region.intersection(extent)
    guard !clip.isEmpty, let data, !layout.glyphs.isEmpty else { return raster }
    let layout = layout
    let coverage = try FontData.withFaces([data] + fallbacks, size: size) { faces in
      GlyphRendering.coverage(layout, faces: faces, region: clip)
    }.get()
    // The colour at the render's precision, times the glyphs' 8-bit coverage.
    raster.visit(Painting(color: color, coverage: coverage, clip: clip, region: region))
    return raster
  }

  /// `paint` at the depth of the raster it visits, with the colour premultiplied at that depth.
  private struct Painting: StoredPixelVisitor {
    let color: Color
    let coverage: [UInt8]
    let clip: IntRect
    let region: IntRect

    func visit<Stored: StoredPixel>(_: Stored.Type, _ raster: inout Raster) {
      Text.paint(Stored.Channel.self, Stored.premultiplied(color), coverage: coverage, clip: clip, region: region,
        into: &raster)
    }
  }

  /// Writes `colour` (premultiplied, on the scale of `Channel`: 8 or 16 bits) times each pixel's coverage
  /// (0 … 255, for `clip`) over 255, rounded, into `raster` (covering `region`, blank).
  private static func paint<Channel: FixedWidthInteger & UnsignedInteger>(
    _: Channel.Type, _ colour: SIMD4<UInt32>, coverage: [UInt8], clip: IntRect, region: IntRect,
    into raster: inout Raster
  ) {
    let width = region.width
    raster.withUnsafeMutableBytes { bytes in
      let channels = bytes.bindMemory(to: Channel.self)
      for y in 0..<clip.height {
        let row = (clip.y - region.y + y) * width + (clip.x - region.x)
        for x in 0..<clip.width {
          let c = UInt32(coverage[y * clip.width + x])
          guard c > 0 else { continue }
          // colour × c / 255, rounded.
          let value = (colour &* c &+ 127) / 255
          let at = (row + x) * 4
          channels[at] = Channel(value.x)
          channels[at + 1] = Channel(value.y)
          channels[at + 2] = Channel(value.z)
          channels[at + 3] = Channel(value.w)
        }
      }
    }
  }

  /// `text "…" DejaVu Sans 48px #rrggbb`.
  public var description: String {
    let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
    return "text \"\(shown)\" \(font) \(color)"
  }
}

extension Text {
  /// The most non-starters in a row the Stream-Safe Text Format allows (UAX #15).
  package static let maxNonStarters = 30

  /// U+034F COMBINING GRAPHEME JOINER, which UAX #15 inserts to end a run of non-starters: it has canonical
  /// combining class 0, draws nothing, and changes no line break, script or direction around it.
  static let graphemeJoiner: Unicode.Scalar = "\u{034F}"

  /// `string` in UAX #15's Stream-Safe Text Format, by its Stream-Safe Text Process: a running count of the
  /// non-starters (canonical combining class ≠ 0) since the last starter, each character counted by the
  /// non-starters of its decomposition; where a character's leading non-starters would take the count past
  /// `maxNonStarters`, a `graphemeJoiner` goes before it and the count starts again. A character whose
  /// decomposition holds a starter sets the count to its trailing non-starters.
  ///
  /// The decomposition counted is the full canonical one, from HarfBuzz's Unicode data: the one HarfBuzz applies
  /// when it shapes, so that what it sees is bounded. (UAX #15 counts NFKD's; no library this package links has
  /// the compatibility mappings, and a character they alone give marks to, U+00A8 DIAERESIS or U+FF9E HALFWIDTH
  /// KATAKANA VOICED SOUND MARK, is a starter to HarfBuzz as it is here.)
  ///
  /// One pass, constant work a character: linear in the string. A string that needs no joiner is returned as it
  /// is (ordinary text in any script: no language has more than a handful of marks on a letter).
  package static func streamSafe(_ string: String) -> String {
    let unicode = hb_unicode_funcs_get_default()
    let scalars = string.unicodeScalars
    // The result is built only once a joiner is needed: the scalars before it copied in one piece, then each
    // stretch up to the next joiner. Appended as substrings, so it grows in place: `UnicodeScalarView`'s
    // `append(contentsOf:)` builds a new string each time, quadratic over a long run of joiners.
    let joiner = String(graphemeJoiner)
    var output = ""
    var joined = false
    var copied = scalars.startIndex
    var count = 0
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let run = nonStarters(scalars[index].value, unicode)
      if count + run.leading > maxNonStarters {
        output.append(contentsOf: Substring(scalars[copied..<index]))
        output.append(joiner)
        joined = true
        copied = index
        count = 0
      }
      count = run.leading == run.length ? count + run.length : run.trailing
      scalars.formIndex(after: &index)
    }
    guard joined else { return string }
    output.append(contentsOf: Substring(scalars[copied...]))
    return output
  }

  /// The non-starters that `scalar`'s full canonical decomposition begins with and ends with, and its length in
  /// characters (all non-starters when `leading == length`).
  static func nonStarters(_ scalar: UInt32, _ unicode: OpaquePointer?) -> (leading: Int, trailing: Int, length: Int)
  {
    // Below U+00C0 every character is a starter with no canonical decomposition: the common case skips HarfBuzz.
    guard scalar >= 0xC0 else { return (0, 0, 1) }
    var first: hb_codepoint_t = 0
    var second: hb_codepoint_t = 0
    guard hb_unicode_decompose(unicode, scalar, &first, &second) != 0 else {
      let isNonStarter = hb_unicode_combining_class(unicode, scalar).rawValue != 0
      return isNonStarter ? (1, 1, 1) : (0, 0, 1)
    }
    // HarfBuzz decomposes one step, into one or two characters; each may decompose again (at most a few levels).
    let a = nonStarters(first, unicode)
    guard second != 0 else { return a }
    let b = nonStarters(second, unicode)
    return (leading: a.leading == a.length ? a.length + b.leading : a.leading,
      trailing: b.trailing == b.length ? b.length + a.trailing : b.trailing, length: a.length + b.length)
  }
}

extension Text: DeepRendering {
  /// Its colour at the render's precision, times the glyphs' coverage (8 bits, FreeType's antialiasing).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
