import DecorCore

/// One argument a filter takes: positional (in order after the filter's name) or an option (`key=value`), with
/// its kind, which decides how the text is parsed and what errors say.
public struct FilterArgument: Sendable {
  /// What kind of value the text must be.
  public enum Kind: Sendable {
    /// A finite number, optionally limited to a range.
    case number(ClosedRange<Double>? = nil)
    /// A whole number, optionally limited to a range.
    case integer(ClosedRange<Int>? = nil)
    /// Degrees, clockwise on screen; an optional `deg` suffix is accepted.
    case angle
    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(…)`, `rgba(…)`, `hsl(…)`, `hsla(…)`, a CSS colour name,
    /// `transparent` or `none` (see `Color.init(parsing:)`).
    case color
    /// `WxH` in whole pixels (at least 1, clamped to 2^30 as `ParameterCheck.size` does); with `allowsKeep`, one
    /// side may be `_` or left out (`256x`, `x256`, or `256` alone as ImageMagick reads it: a width), sides may be
    /// percentages of the input's (`50%`, `50%x_`), read as `ArgumentValue.fractionalSize`, and a size in pixels may
    /// end in ImageMagick's geometry flags (`256x256>`), read as `ArgumentValue.geometry`.
    case size(allowsKeep: Bool)
    /// `X,Y` in pixels.
    case point
    /// One of fixed words.
    case choice([String])
    /// A word that is either present or not (options only).
    case flag
    /// Any text.
    case text
    /// The name of an image, such as a file path: the chain loads it when it is applied (`Chain.apply(to:images:)`),
    /// and the filter reads it with `FilterArguments.image(_:)`.
    case image
  }

  public var name: String
  public var kind: Kind
  /// `true` for `key=value` options (and flags); `false` for positional values.
  public var isOption: Bool
  /// Whether the step must give it.
  public var isRequired: Bool
  /// The value used when the step does not give it, as it would be written in a step.
  public var defaultValue: String?
  /// Which values are accepted and which are clamped, as `decor filters` and Documentation/Filters.md show it
  /// (`≥ 0, clamped to 2000`). Numbers are checked by `ParameterCheck` in a filter's `validate`, not by the `Kind`,
  /// so the range is stated here, written from the same constants (`ParameterRange`) so the documentation and
  /// the error messages agree; `nil` when the kind says it all (a choice, a colour, a flag).
  public var range: String?
  public var help: String
  /// The unit of a number (`pixels`, `degrees`), as its rule states it; `nil` for a plain number or another kind.
  public var unit: String?
  /// Values typical of a number, an integer or an angle (all accepted): what examples and the tests' random chains
  /// are drawn from. `nil` for other kinds, and for an argument declared without a rule.
  public var typical: ClosedRange<Double>?
  /// Example values of a text argument as a step writes them (`2x3`, `10%`), for the same use.
  public var examples: [String] = []
  /// Whether a number may be written as a percentage (`50%`, read as 0.5), as its rule says
  /// (`ParameterRule.takesPercentage`): a fraction's.
  public var takesPercentage = false
  /// The rule's check of a parsed value (a `StepParameter`'s): run when the step is parsed, after the filter's
  /// `validate`, a refusal being the step's error.
  var check: (@Sendable (ArgumentValue) throws(ParameterError) -> Void)?

  public init(
    _ name: String, _ kind: Kind, option: Bool = false, required: Bool = false, default defaultValue: String? = nil,
    range: String? = nil, help: String
  ) {
    self.name = name
    self.kind = kind
    isOption = option
    isRequired = required
    self.defaultValue = defaultValue
    self.range = range
    self.help = help
  }

  /// How the argument is written in a usage line: `DEG`, `[SY]`, `[interpolation=nearest|bilinear|bicubic|lanczos]`.
  public var usage: String {
    let value: String
    switch kind {
    case .choice(let words): value = words.joined(separator: "|")
    case .flag: value = ""
    case .size: value = "WxH"
    default: value = name.uppercased()
    }
    let text = isOption ? (value.isEmpty ? name : "\(name)=\(value)") : value
    return isRequired ? text : "[\(text)]"
  }

  /// What a value of this kind looks like, for "… expected" messages.
  var expectation: String {
    switch kind {
    case .number(let range):
      let number = range.map { "number from \(format($0.lowerBound)) to \(format($0.upperBound))" } ?? "number"
      return takesPercentage ? number + " or percentage (0.5 or 50%)" : number
    case .integer(let range):
      return range.map { "whole number from \($0.lowerBound) to \($0.upperBound)" } ?? "whole number"
    case .angle: return "angle"
    case .color: return "colour (\(ColorParseError.acceptedForms))"
    case .size(let keep):
      return keep
        ? "size WxH (W or H may be _ or left out, as 256x; percentages, as 50%; or ImageMagick's suffixes > < ^ !, "
          + "as 256x256>)" : "size WxH"
    case .point: return "point X,Y"
    case .choice(let words): return listing(words)
    case .flag: return "no value"
    case .text: return "text"
    case .image: return "image (a file name)"
    }
  }
}

/// `"a", "b" or "c"`.
func listing(_ words: [String]) -> String {
  let quoted = words.map { "\"\($0)\"" }
  guard quoted.count > 1 else { return quoted.first ?? "" }
  return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
}
