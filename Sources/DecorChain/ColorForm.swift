import DecorCore

/// One way of writing a colour that `Color(parsing:)` reads: its syntax, what it means, and examples that parse.
///
/// `Color.acceptedForms` lists them all, and the colour reference (Documentation/Filters.md) is generated from that
/// list, so a form added to the parser is documented by adding it there (a test parses every example).
public struct ColorForm: Sendable, Equatable {
  /// How the form is written: `#rrggbb`, `rgb(R, G, B)`.
  public var syntax: String
  /// What it means, in one line.
  public var meaning: String
  /// Texts in this form that `Color(parsing:)` accepts.
  public var examples: [String]

  public init(syntax: String, meaning: String, examples: [String]) {
    self.syntax = syntax
    self.meaning = meaning
    self.examples = examples
  }
}
