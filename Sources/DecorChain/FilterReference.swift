import DecorCore

/// The reference of the chain language, generated from a registry so it cannot go stale: the chain syntax and
/// quoting, every registered filter with its arguments, the blend modes and the colour forms.
///
/// `decor filters --markdown` prints `markdown(for: .standard)`, and Documentation/Filters.md holds that text between
/// two marker comments (`Scripts/filter-reference.sh` rewrites it; a test fails when it differs). Everything it says
/// about a filter comes from the `Filter` and its `FilterArgument`s, so a newly registered filter, argument or choice
/// appears without an edit here.
public enum FilterReference {
  /// The comment before the generated section in Documentation/Filters.md.
  public static let beginMarker = "<!-- BEGIN decor filters --markdown (bash Scripts/filter-reference.sh) -->"
  /// The comment after it.
  public static let endMarker = "<!-- END decor filters --markdown -->"

  /// Example step arguments, as the shell passes them to `decor apply` (each one argument): the reference shows
  /// them quoted for the shell, and a test parses each as a chain.
  public static let chainExamples: [[String]] = [
    ["rotate 30", "shadow 6 6 blur=8"],
    ["rotate 30 | shadow blur=8 color=#336699"],
    ["blend multiply \"my overlay.png\" opacity=0.5 at=10,20"],
    ["pad 10 color=\"rgb(51 102 153)\"", "background white"],
  ]

  /// What an argument's help says where it takes an image file: replaced by the formats the decoder registry holds
  /// (`markdown(for:decoders:)`, a layer up, in `Codecs`), so that the reference never names a stale list.
  public static let imageFormatsPhrase = "in a format Decor reads"

  /// The whole reference as Markdown (level-3 headings, to sit under a level-2 one), ending with a newline.
  public static func markdown(for registry: FilterRegistry = .standard) -> String {
    var lines: [String] = []
    lines += chainSection()
    lines += [""]
    lines += filterSection(registry)
    lines += [""]
    lines += blendModeSection()
    lines += [""]
    lines += colorSection()
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Sections

  static func chainSection() -> [String] {
    [
      "### Chains",
      "",
      "`decor apply INPUT STEP... -o OUTPUT` applies the steps in order. Each `STEP` argument holds one step, or "
        + "several separated by `|`. Steps are numbered from 1 across all the arguments, and an error names the "
        + "step by number and text: `step 2 \"rotate abc\": angle expected, got \"abc\"`.",
      "",
      "- A step is a filter's name (or an alias), its positional values in order, then `key=value` options and "
        + "flags, separated by spaces: `shadow 6 6 blur=8 only`. Names, options and their choices ignore case, as "
        + "colour names do (`Rotate`, `blend Multiply`); `colour=` is `color=`. Numbers are decimal (`0.5`, `-3`, "
        + "`1e3`; not `0x10`). A name, option or choice that is almost right gets a suggestion.",
      "- Inside a step, double or single quotes keep spaces and `|` in one word: `blend multiply \"my overlay.png\"`, "
        + "`color=\"rgb(51 102 153)\"`. Inside parentheses spaces do not separate words either, so a colour "
        + "function needs no quotes: `pad 4 color=rgb(10, 20, 30)`. Outside quotes and inside double "
        + "quotes a backslash takes the next character as it is (`my\\ overlay.png`, `\\\"`, `\\\\`), except `\\n`, "
        + "a line break, as ImageMagick's `-annotate` reads it (`text \"Line one\\nLine two\"` draws two lines); no "
        + "other letter is an escape (`\\t` is `t`). Inside single quotes a backslash is an ordinary character, as "
        + "in a shell (`'C:\\new'`). A quote left open and an empty step (`rotate 30 |`) are errors.",
      "- A step that is one word starting with `@` (`@card.json`) stands for the steps of a template saved with "
        + "`--save-chain`, in its place among the others.",
      "- The shell removes one level of quotes before `decor` sees a step, so put each step argument in single "
        + "quotes and quote inside it with double quotes:",
      "",
      "```sh",
    ] + chainExamples.map { "decor apply in.png " + $0.map(shellQuoted).joined(separator: " ") + " -o out.png" } + [
      "```",
      "",
      "`decor filters` lists the filters, `decor filters NAME` describes one, and `decor filters --markdown` prints "
        + "this reference.",
    ]
  }

  static func filterSection(_ registry: FilterRegistry) -> [String] {
    var lines = [
      "### Filters",
      "",
      "Lengths are in pixels; angles in degrees, positive clockwise on screen (an optional `deg` suffix is "
        + "accepted). A **range** says which values a step accepts: a value that breaks its `≥`, `>`, `≠` or "
        + "\"strictly between\" makes the step an error, named by its number; a value beyond \"clamped to\" is "
        + "taken as that limit.",
    ]
    for filter in registry.filters {
      lines += ["", "#### `\(filter.name)`", ""]
      var about = "`\(filter.usage)`: \(sentence(filter.summary))"
      if !filter.aliases.isEmpty {
        about += " Also `\(filter.aliases.joined(separator: "`, `"))`."
      }
      lines.append(about)
      guard !filter.arguments.isEmpty else { continue }
      lines += ["", "| argument | meaning | default | range |", "| --- | --- | --- | --- |"]
      for argument in filter.arguments {
        let fallback = argument.defaultValue.map { "`\($0)`" } ?? (argument.isRequired ? "required" : "optional")
        lines.append(row(["`\(label(of: argument))`", argument.help, fallback, values(of: argument)]))
      }
    }
    return lines
  }

  static func blendModeSection() -> [String] {
    var lines = [
      "### Blend modes",
      "",
      "`blend MODE IMAGE` draws the source (`IMAGE`) onto the backdrop (the image so far) with one of the "
        + "\(BlendMode.allCases.count) modes of Core Graphics' `CGBlendMode`, by the formulas of W3C *Compositing "
        + "and Blending Level 1*; a mode acts only where the source is drawn.",
      "",
      "| mode | what it does |",
      "| --- | --- |",
    ]
    for mode in BlendMode.allCases {
      let aliases = aliases(of: mode).map { " (also `\($0)`)" }.joined()
      lines.append(row(["`\(mode.rawValue)`" + aliases, mode.summary]))
    }
    return lines
  }

  static func colorSection() -> [String] {
    var lines = [
      "### Colours",
      "",
      "Wherever a step takes a colour (`color=`, `background COLOR`). Case does not matter; a colour written "
        + "with spaces is quoted inside its step.",
      "",
      "| form | meaning | examples |",
      "| --- | --- | --- |",
    ]
    for form in Color.acceptedForms {
      lines.append(row(["`\(form.syntax)`", form.meaning, form.examples.map { "`\($0)`" }.joined(separator: ", ")]))
    }
    return lines
  }

  // MARK: - Pieces shared with `decor filters`

  /// How an argument is named in descriptions: `DEG` for a positional value, `color=` for an option, `only` for a
  /// flag.
  public static func label(of argument: FilterArgument) -> String {
    guard argument.isOption else { return argument.name.uppercased() }
    if case .flag = argument.kind { return argument.name }
    return argument.name + "="
  }

  /// The values an argument accepts: its `range` (and its unit), or what its kind allows (the choices, a colour, a
  /// flag).
  public static func values(of argument: FilterArgument) -> String {
    if let range = argument.range { return range + (argument.unit.map { "; in \($0)" } ?? "") }
    if isBlendMode(argument) { return "a blend mode (see Blend modes)" }
    switch argument.kind {
    case .choice(let words): return words.map { "`\($0)`" }.joined(separator: ", ")
    case .color: return "a colour (see Colours)"
    case .flag: return "a flag: present or not"
    case .image: return "a file name"
    case .text: return "any text"
    case .number: return "any number"
    case .integer: return "any whole number"
    case .angle: return "any angle"
    case .size(let keep):
      return keep ? "`WxH`, `W` or `H` may be `_` or left out (`256x`, `x256`, `256`); or percentages (`50%`, `50%x25%`)" : "`WxH`"
    case .point: return "`X,Y`"
    }
  }

  /// Whether the argument's choices are blend modes (its description then points to the blend modes' list, and
  /// `decor filters` lists them with what each does).
  public static func isBlendMode(_ argument: FilterArgument) -> Bool {
    guard case .choice(let words) = argument.kind, !words.isEmpty else { return false }
    return words.allSatisfy { BlendMode(name: $0) != nil }
  }

  /// A mode's name with its aliases: `normal (also over)`.
  public static func modeName(_ mode: BlendMode) -> String {
    ([mode.rawValue] + aliases(of: mode).map { "(also \($0))" }).joined(separator: " ")
  }

  static func aliases(of mode: BlendMode) -> [String] {
    BlendMode.aliases.filter { $0.value == mode }.keys.sorted()
  }

  // MARK: - Markdown helpers

  /// A table row; `|` in a cell is escaped so it does not end the cell (GitHub requires it inside code too).
  static func row(_ cells: [String]) -> String {
    "| " + cells.map { escaped($0) }.joined(separator: " | ") + " |"
  }

  package static func escaped(_ cell: String) -> String {
    var result = ""
    for character in cell {
      if character == "|" { result += "\\" }
      result.append(character)
    }
    return result
  }

  /// A summary as a sentence: capitalised, with a full stop.
  static func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    let capitalised = first.uppercased() + text.dropFirst()
    return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
  }

  /// One argument quoted for a POSIX shell: in single quotes, a single quote written as `'\''`.
  package static func shellQuoted(_ argument: String) -> String {
    var result = "'"
    for character in argument {
      result += character == "'" ? "'\\''" : String(character)
    }
    return result + "'"
  }
}
