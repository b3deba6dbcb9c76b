#if CLI
import ArgumentParser
import Decor

struct Filters: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the filters steps can use, or describe one.",
    discussion: "On a terminal the text fits its width; piped, at most \(TerminalWidth.piped) columns.")

  @Argument(help: "A filter to describe in full.")
  var name: String?

  @Flag(help: """
    Print the reference of the chain language (filters, blend modes, colours) as Markdown: Documentation/Filters.md's.
    """)
  var markdown = false

  @Flag(help: "Print the chain fuzzer's dictionary (Fuzz/chain.dict), made from the filters' declarations.")
  var fuzzDictionary = false

  func validate() throws {
    if markdown && name != nil { throw ValidationError("--markdown prints every filter; give no NAME") }
    if fuzzDictionary && (name != nil || markdown) {
      throw ValidationError("--fuzz-dictionary prints every filter's words; give no NAME and no --markdown")
    }
  }

  func run() throws {
    if fuzzDictionary {
      print(FilterReference.fuzzDictionary(for: .standard), terminator: "")
      return
    }
    if markdown {
      print(FilterReference.markdown(for: .standard, decoders: .standard), terminator: "")
      return
    }
    let width = TerminalWidth.current
    guard let name else {
      for line in Self.listing(FilterRegistry.standard.filters, width: width) { print(line) }
      return
    }
    let filter = try FilterRegistry.standard.filter(named: name)
    for line in Self.description(of: filter, width: width) { print(line) }
  }

  /// One entry per filter: its usage, then its summary in a column; a usage too wide for the column gets a line of
  /// its own (wrapped, indented under it), with the summary below in the column.
  static func listing(_ filters: [Filter], width: Int) -> [String] {
    let longest = filters.map(\.usage.count).max() ?? 0
    // Wide enough for most usages, narrow enough to leave the summary most of the line.
    let column = min(longest + 2, max(16, width * 3 / 10))
    return filters.flatMap { twoColumns($0.usage, $0.summary, column: column, width: width) }
  }

  /// The usage, the summary, the aliases, then each argument with its help, default and range, then for a blend
  /// mode argument every mode with what it does.
  static func description(of filter: Filter, width: Int) -> [String] {
    var lines = TextWrapper.wrap(filter.usage, width: width, indent: 4, start: 0)
    lines += labelled("  ", filter.summary, width: width, indent: 2)
    if !filter.aliases.isEmpty {
      lines += labelled("  aliases: ", filter.aliases.joined(separator: ", "), width: width, indent: 4)
    }
    for argument in filter.arguments {
      let notes = (argument.defaultValue.map { ["default: \($0)"] } ?? [])
        + (argument.range.map { ["range: \($0)"] } ?? [])
      let text = FilterReference.naming(.standard, in: argument.help) + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
      lines += labelled("  \(FilterReference.label(of: argument)): ", text, width: width, indent: 4)
    }
    for argument in filter.arguments where FilterReference.isBlendMode(argument) {
      lines += labelled("  ", "\(FilterReference.label(of: argument)) is one of:", width: width, indent: 4)
      let names = BlendMode.allCases.map(FilterReference.modeName)
      let column = min(4 + (names.map(\.count).max() ?? 0) + 2, max(16, width * 2 / 5))
      for (mode, name) in zip(BlendMode.allCases, names) {
        lines += twoColumns("    " + name, mode.summary, column: column, width: width)
      }
    }
    return lines
  }

  /// `left`, then `right` wrapped in the column from `column` to `width`: on the same line when `left` leaves two
  /// spaces before the column, else on the next.
  static func twoColumns(_ left: String, _ right: String, column: Int, width: Int) -> [String] {
    if left.count + 2 <= column {
      let right = TextWrapper.wrap(right, width: width, indent: column)
      return [left + String(repeating: " ", count: column - left.count) + right[0]] + right.dropFirst()
    }
    let leading = left.prefix { $0 == " " }.count
    let usage = TextWrapper.wrap(String(left.dropFirst(leading)), width: width - leading, indent: 4, start: 0)
      .map { String(repeating: " ", count: leading) + $0 }
    let summary = TextWrapper.wrap(right, width: width, indent: column)
    return usage + [String(repeating: " ", count: column) + summary[0]] + summary.dropFirst()
  }

  /// `label` followed by `text`, wrapped with a hanging indent; the label stands alone when not even the first
  /// word fits after it.
  static func labelled(_ label: String, _ text: String, width: Int, indent: Int) -> [String] {
    var lines = TextWrapper.wrap(text, width: width, indent: indent, start: label.count)
    lines[0] = lines[0].isEmpty ? String(label.reversed().drop { $0 == " " }.reversed()) : label + lines[0]
    return lines
  }
}
#endif
