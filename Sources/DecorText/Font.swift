import DecorCore

/// A font as a text asks for it: a family with an optional style, as people write it ("DejaVu Sans Bold"), or a
/// font file, at a size in pixels.
///
/// A family is resolved through fontconfig (`resolved()`): the longest leading words naming an installed family
/// are the family, the words after them its style ("Bold", "Bold Oblique", "Condensed Bold"; "Italic" and
/// "Oblique" stand for each other). Without a style the family's regular face is used (the weight nearest
/// Regular, upright, normal width). A family that is not installed is never replaced by another: it is
/// `FontError.familyNotFound`, naming the closest families installed; a style the family lacks is
/// `FontError.styleNotFound`, naming the styles it has.
///
/// Limits (`ParameterCheck` rules): the size must be finite and above 0; it is clamped into `minSize … maxSize`.
public struct Font: Hashable, Sendable, CustomStringConvertible {
  /// Where the glyphs come from.
  public enum Source: Hashable, Sendable {
    /// A family name, optionally followed by a style: "DejaVu Sans", "DejaVu Sans Bold".
    case family(String)
    /// A font file (TrueType, OpenType, a collection) and the face within it.
    case file(path: String, faceIndex: Int)
  }

  /// The largest size in pixels (a larger one is clamped to it): one glyph at this size is a bitmap of about 16
  /// megapixels.
  public static let maxSize = 4096.0
  /// The smallest size in pixels (a smaller positive one is raised to it): 1/64, FreeType's unit.
  public static let minSize = 1.0 / 64

  public let source: Source
  /// The size in pixels (the em square's height), as given.
  public let size: Double

  /// A family with an optional style, as people write it, at `size` pixels.
  public init(family: String, size: Double) {
    source = .family(family)
    self.size = size
  }

  /// The face `faceIndex` of the font file at `path`, at `size` pixels.
  public init(file path: String, faceIndex: Int = 0, size: Double) {
    source = .file(path: path, faceIndex: faceIndex)
    self.size = size
  }

  /// The scalable faces installed (as fontconfig lists them), each with its family's first name and its style,
  /// sorted by family then style; with `pattern`, only the families whose name contains it (ignoring case, spaces,
  /// hyphens and underscores). What `decor fonts` prints.
  public static func installed(matching pattern: String? = nil) -> [FontFile] {
    let key = pattern.map(FontCatalog.key)
    return FontCatalog.faces().compactMap { face -> FontFile? in
      guard let family = face.families.first else { return nil }
      if let key, !key.isEmpty, !FontCatalog.key(family).contains(key) { return nil }
      return FontFile(path: face.path, faceIndex: face.index, family: family, style: face.styles.first ?? "")
    }.sorted { ($0.family, $0.style, $0.path) < ($1.family, $1.style, $1.path) }
  }

  /// The same font at another size.
  public func withSize(_ size: Double) -> Font {
    switch source {
    case .family(let name): return Font(family: name, size: size)
    case .file(let path, let index): return Font(file: path, faceIndex: index, size: size)
    }
  }

  /// The font file and face this font names: fontconfig's for a family, the file itself for a path (which is then
  /// read and checked to be a font).
  /// - Throws: `FontError`.
  public func resolved() throws(FontError) -> FontFile {
    switch source {
    case .family(let name): return try FontCatalog.resolve(name)
    case .file(let path, let index):
      let data = try FontData(path: path, faceIndex: index, named: true)
      return data.file
    }
  }

  /// `DejaVu Sans Bold 48px` or `/path/to/font.ttf 48px`.
  public var description: String {
    switch source {
    case .family(let name): return "\(name) \(ParameterCheck.text(size))px"
    case .file(let path, let index): return "\(path)\(index == 0 ? "" : "#\(index)") \(ParameterCheck.text(size))px"
    }
  }
}

/// One face of an installed font file, as a family resolves to it.
public struct FontFile: Hashable, Sendable, CustomStringConvertible {
  /// The file's path.
  public let path: String
  /// The face within the file (0 except in collections).
  public let faceIndex: Int
  /// The family name the face gives (its first).
  public let family: String
  /// The style name the face gives (its first): "Book", "Bold", "Bold Oblique".
  public let style: String

  public var description: String { "\(family) \(style) (\(path)\(faceIndex == 0 ? "" : "#\(faceIndex)"))" }
}

/// Why a font could not be used.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No installed family is named by the leading words of `requested`; `closest` are the nearest installed family
  /// names (by edit distance), at most five.
  case familyNotFound(requested: String, closest: [String])
  /// The family is installed but has no face of that style; `available` lists the styles it has.
  case styleNotFound(family: String, style: String, available: [String])
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The file was read but is not a font FreeType can draw (`reason` says why: FreeType's error, or a font with
  /// bitmaps only).
  case notAFont(path: String, reason: String)

  public var description: String {
    switch self {
    case .familyNotFound(let requested, let closest):
      let hint = closest.isEmpty ? "no fonts are installed (fontconfig lists none)"
        : "the closest installed: \(closest.joined(separator: ", "))"
      return "font family \"\(requested)\" is not installed; \(hint)"
    case .styleNotFound(let family, let style, let available):
      return "font family \"\(family)\" has no style \"\(style)\"; it has \(available.joined(separator: ", "))"
    case .unreadable(let path, let reason):
      return "\(path): cannot read the font file: \(reason)"
    case .notAFont(let path, let reason):
      return "\(path): not a usable font file: \(reason)"
    }
  }
}

extension ParameterCheck {
  /// A font size in pixels: finite and above 0, clamped into `Font.minSize … Font.maxSize`.
  public static func fontSize(_ value: Double, _ name: String = "size") throws(ParameterError) -> Double {
    guard try finite(value, name) > 0 else { throw ParameterError(name, "must be above 0, got \(text(value))") }
    return max(Font.minSize, min(value, Font.maxSize))
  }
}
