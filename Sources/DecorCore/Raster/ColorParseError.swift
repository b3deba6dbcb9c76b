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
    for name in cssColorNames.keys.sorted() + ["none", "transparent"] {
      let candidate = Array(name.unicodeScalars)
      // The distance is at least the difference in length: skip the table without computing it.
      guard abs(candidate.count - typed.count) <= 2 else { continue }
      let distance = editDistance(typed, candidate)
      guard distance <= 2, distance < typed.count, distance > 0 else { continue }
      if let current = best, (current.distance, current.name) <= (distance, name) { continue }
      best = (name, distance)
    }
    return best?.name
  }

  /// Every form `Color(parsing:)` accepts, for messages: `colour (…) expected`.
  public static let acceptedForms =
    "#rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla(), a CSS name, transparent or none"

  /// One line for the user, e.g. `colour expected (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla(), a
  /// CSS name, transparent or none), got "bleu"; did you mean "blue"?`.
  public var description: String {
    let message = "colour expected (\(ColorParseError.acceptedForms)), got \"\(text)\""
    guard let suggestion else { return message }
    return message + "; did you mean \"\(suggestion)\"?"
  }
}
