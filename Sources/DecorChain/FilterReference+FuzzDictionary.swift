import DecorCore

extension FilterReference {
  /// The words of the chain language's syntax that no filter declares: separators, quotes, escapes, a template step,
  /// the forms of colours, sizes and percentages.
  static let syntaxTokens = ["|", "\"", "'", "\\", "=", "@", "deg", "#", "%", "rgb(", "rgba(", "hsl(", "hsla(",
    "transparent", "none", "_", "x", ","]

  /// The dictionary of the chain fuzzer (`Fuzz/chain.dict`, libFuzzer's format: one quoted token a line), made from a
  /// registry: the syntax tokens, then for every filter its name, aliases, option keys (`blur=`), flags, choices and
  /// example values. `decor filters --fuzz-dictionary` prints it; `Scripts/filter-reference.sh` writes it; a test
  /// fails when the file differs. Ends with a newline.
  public static func fuzzDictionary(for registry: FilterRegistry = .standard) -> String {
    var tokens: [String] = []
    var seen: Set<String> = []
    func add(_ token: String) {
      if !token.isEmpty, seen.insert(token).inserted { tokens.append(token) }
    }
    syntaxTokens.forEach(add)
    for filter in registry.filters {
      add(filter.name)
      filter.aliases.forEach(add)
      for argument in filter.arguments {
        switch argument.kind {
        case .flag: add(argument.name)
        default: if argument.isOption { add(argument.name + "=") }
        }
        if case .choice(let words) = argument.kind { words.forEach(add) }
        argument.examples.forEach(add)
        if let value = argument.defaultValue { add(value) }
      }
    }
    return tokens.map(dictionaryEntry).joined(separator: "\n") + "\n"
  }

  /// A token in libFuzzer's dictionary syntax: in double quotes, with `"` and `\` escaped and every byte outside
  /// printable ASCII written as `\xNN`.
  package static func dictionaryEntry(_ token: String) -> String {
    var entry = "\""
    for byte in token.utf8 {
      switch byte {
      case UInt8(ascii: "\""): entry += "\\\""
      case UInt8(ascii: "\\"): entry += "\\\\"
      case 0x20..<0x7F: entry.append(Character(Unicode.Scalar(byte)))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        entry += "\\x" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return entry + "\""
  }
}
