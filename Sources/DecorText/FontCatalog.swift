import DecorCore

import CFontconfig

/// The installed fonts, as fontconfig lists them, and a family name with a style resolved against them.
///
/// fontconfig's own matching (`FcFontMatch`) always answers with some font, whatever the family asked for; here a
/// family must be installed under that name (compared without case, spaces, hyphens or underscores), and otherwise
/// the error names the closest ones. fontconfig is thread-safe; each call lists the fonts afresh (about a
/// millisecond once fontconfig has loaded its cache, which it keeps for the process).
enum FontCatalog {
  /// One face fontconfig lists: every family and style name it gives (in every language), its file and numbers.
  struct Face {
    var families: [String]
    var styles: [String]
    var path: String
    var index: Int
    /// fontconfig's scales: weight 80 is Regular, 200 Bold; slant 0 upright, 100 italic, 110 oblique; width 100
    /// normal.
    var weight: Double
    var slant: Int
    var width: Int
  }

  /// Every scalable face installed.
  static func faces() -> [Face] {
    guard let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddBool(pattern, DECOR_FC_SCALABLE, 1)
    guard let objects = FcObjectSetCreate() else { return [] }
    defer { FcObjectSetDestroy(objects) }
    for name in [DECOR_FC_FAMILY, DECOR_FC_STYLE, DECOR_FC_FILE, DECOR_FC_INDEX, DECOR_FC_WEIGHT, DECOR_FC_SLANT,
      DECOR_FC_WIDTH]
    {
      FcObjectSetAdd(objects, name)
    }
    guard let list = FcFontList(nil, pattern, objects) else { return [] }
    defer { FcFontSetDestroy(list) }
    var faces: [Face] = []
    for i in 0..<Int(list.pointee.nfont) {
      guard let font = list.pointee.fonts[i] else { continue }
      func strings(_ object: UnsafePointer<CChar>) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(font, object, n, &value) == FcResultMatch, let value {
          values.append(String(cString: value))
          n += 1
        }
        return values
      }
      func integer(_ object: UnsafePointer<CChar>, _ fallback: Int32) -> Int32 {
        var value: Int32 = 0
        return FcPatternGetInteger(font, object, 0, &value) == FcResultMatch ? value : fallback
      }
      var weight = 80.0
      if FcPatternGetDouble(font, DECOR_FC_WEIGHT, 0, &weight) != FcResultMatch {
        weight = Double(integer(DECOR_FC_WEIGHT, 80))
      }
      guard let path = strings(DECOR_FC_FILE).first else { continue }
      let families = strings(DECOR_FC_FAMILY)
      guard !families.isEmpty else { continue }
      faces.append(Face(families: families, styles: strings(DECOR_FC_STYLE), path: path,
        index: Int(integer(DECOR_FC_INDEX, 0)), weight: weight, slant: Int(integer(DECOR_FC_SLANT, 0)),
        width: Int(integer(DECOR_FC_WIDTH, 100))))
    }
    // fontconfig's order depends on its cache; the file order does not.
    return faces.sorted { ($0.path, $0.index) < ($1.path, $1.index) }
  }

  /// Every installed family name (each face's first), sorted, once each.
  static func families(in faces: [Face]) -> [String] {
    Array(Set(faces.compactMap(\.families.first))).sorted()
  }

  /// A name compared without case, spaces, hyphens or underscores.
  static func key(_ name: String) -> String {
    String(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
  }

  /// A style compared as `key`, with "oblique" and "italic" one word.
  static func styleKey(_ style: String) -> String {
    key(style).replacing("oblique", with: "italic")
  }

  /// The face that "Family Style" names (see `Font`).
  static func resolve(_ request: String) throws(FontError) -> FontFile {
    let faces = faces()
    let words = request.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    var familyWords = words.count
    while familyWords > 0 {
      let family = key(words[0..<familyWords].joined(separator: " "))
      let members = faces.filter { $0.families.contains { key($0) == family } }
      if !members.isEmpty {
        let style = words[familyWords...].joined(separator: " ")
        let name = members.lazy.flatMap(\.families).first { key($0) == family } ?? family
        return try choose(style: style, among: members, family: name)
      }
      familyWords -= 1
    }
    let wanted = key(request)
    let closest = families(in: faces).map { (name: $0, distance: editDistance(key($0), wanted)) }
      .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(5).map(\.name)
    throw .familyNotFound(requested: request, closest: closest)
  }

  /// The face of `members` (the faces of one family) with `style`, or the regular one when `style` is empty.
  private static func choose(style: String, among members: [Face], family: String) throws(FontError) -> FontFile {
    // Nearest to Regular, upright, normal width; then the faces whose first family is the one asked for (DejaVu
    // Sans Condensed also calls itself DejaVu Sans); then the file order.
    func score(_ face: Face) -> Double {
      abs(face.weight - 80) + Double(face.slant) * 2 + Double(abs(face.width - 100)) * 3
        + (key(face.families[0]) == key(family) ? 0 : 0.5)
    }
    var candidates = members
    if !style.isEmpty {
      let wanted = styleKey(style)
      candidates = members.filter { $0.styles.contains { styleKey($0) == wanted } }
      if candidates.isEmpty {
        let available = Array(Set(members.compactMap(\.styles.first))).sorted()
        throw .styleNotFound(family: family, style: style, available: available)
      }
    }
    // `members` is in file order and `min` keeps the first of equals.
    let face = candidates.min { score($0) < score($1) }!
    return FontFile(path: face.path, faceIndex: face.index, family: face.families[0],
      style: face.styles.first ?? "")
  }

  /// The most faces a text falls back to.
  static let maxFallbacks = 16

  /// The installed faces to draw `missing` (characters `primary` has no glyph for) with, in the order to try them:
  /// fontconfig's `FcFontSort` for the primary's family and style with those characters as the charset it must
  /// cover (fontconfig ranks coverage above family, then the family, then style), as Pango asks it; of that order,
  /// each face that covers a character no earlier face does, at most `maxFallbacks`. A character no installed
  /// face covers is in none (and draws the primary's `.notdef`).
  static func fallbacks(for missing: Set<UInt32>, like primary: FontFile) -> [FontFile] {
    guard !missing.isEmpty, let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    guard let wanted = FcCharSetCreate() else { return [] }
    defer { FcCharSetDestroy(wanted) }
    for scalar in missing.sorted() { FcCharSetAddChar(wanted, scalar) }
    FcPatternAddCharSet(pattern, DECOR_FC_CHARSET, wanted)
    FcPatternAddBool(pattern, DECOR_FC_SCALABLE, 1)
    for (object, value) in [(DECOR_FC_FAMILY, primary.family), (DECOR_FC_STYLE, primary.style)] where !value.isEmpty {
      value.withCString { text in
        _ = text.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
          FcPatternAddString(pattern, object, $0)
        }
      }
    }
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    guard let sorted = FcFontSort(nil, pattern, 1, nil, &result) else { return [] }
    defer { FcFontSetDestroy(sorted) }
    var uncovered = missing
    var chosen: [FontFile] = []
    for i in 0..<Int(sorted.pointee.nfont) {
      guard !uncovered.isEmpty, chosen.count < maxFallbacks else { break }
      guard let font = sorted.pointee.fonts[i] else { continue }
      var charset: OpaquePointer?
      var file: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetCharSet(font, DECOR_FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
        FcPatternGetString(font, DECOR_FC_FILE, 0, &file) == FcResultMatch, let file
      else { continue }
      let covered = uncovered.filter { FcCharSetHasChar(charset, $0) != 0 }
      guard !covered.isEmpty else { continue }
      let path = String(cString: file)
      var index: Int32 = 0
      if FcPatternGetInteger(font, DECOR_FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
      guard path != primary.path || Int(index) != primary.faceIndex else { continue }
      var family: UnsafeMutablePointer<FcChar8>?
      var style: UnsafeMutablePointer<FcChar8>?
      _ = FcPatternGetString(font, DECOR_FC_FAMILY, 0, &family)
      _ = FcPatternGetString(font, DECOR_FC_STYLE, 0, &style)
      chosen.append(FontFile(path: path, faceIndex: Int(index), family: family.map { String(cString: $0) } ?? "",
        style: style.map { String(cString: $0) } ?? ""))
      uncovered.subtract(covered)
    }
    return chosen
  }
}
