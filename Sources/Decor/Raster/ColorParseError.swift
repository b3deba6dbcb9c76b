/// Why a piece of text is not a colour (see `Color.init(parsing:)`).
public enum ColorParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is none of the accepted colour syntaxes. Holds the text exactly as given.
  case invalidSyntax(String)

  /// The text that was refused.
  public var text: String {
    switch self {
    case .invalidSyntax(let text): return text
    }
  }

  /// The colour name closest to the refused text, if one is within two edits (insertions, deletions or
  /// substitutions of a character, compared case-insensitively) and fewer edits than the text has characters, so
  /// that `bleu` suggests `blue` but `x` suggests nothing. Ties go to the alphabetically first name.
  public var suggestion: String? {
    let typed = Array(Color.trimmed(text).lowercased().unicodeScalars)
    guard !typed.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for name in cssColorNames.keys.sorted() + ["transparent"] {
      let candidate = Array(name.unicodeScalars)
      // The distance is at least the difference in length: skip the table without computing it.
      guard abs(candidate.count - typed.count) <= 2 else { continue }
      let distance = ColorParseError.editDistance(typed, candidate)
      guard distance <= 2, distance < typed.count, distance > 0 else { continue }
      if let current = best, (current.distance, current.name) <= (distance, name) { continue }
      best = (name, distance)
    }
    return best?.name
  }

  /// One line for the user, e.g. `colour expected (#rgb, #rrggbb, #rrggbbaa or a CSS name), got "bleu"; did you
  /// mean "blue"?`.
  public var description: String {
    let message = "colour expected (#rgb, #rrggbb, #rrggbbaa or a CSS name), got \"\(text)\""
    guard let suggestion else { return message }
    return message + "; did you mean \"\(suggestion)\"?"
  }

  /// The Levenshtein distance: the fewest single-element insertions, deletions and substitutions turning `a` into
  /// `b`. Quadratic time, linear memory; meant for short words.
  static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
