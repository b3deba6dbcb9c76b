#if CLI
import Decor

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A first argument that is neither a subcommand nor a file: a mistyped subcommand (`decor fitlers`). Without this
/// check the default subcommand, `apply`, takes it for its input and asks for `--output`, which says nothing of
/// the mistake. swift-argument-parser suggests near names for options only, so the nearest subcommand is found here
/// by edit distance, as a step's mistyped filter name is.
///
/// `apply`'s shortcut is kept: a first argument that is a file (or `-`, or looks like a path: it has a `/` or a
/// `.`) goes to `apply` as before, whether or not it is near a subcommand's name.
struct UnknownSubcommand: Error, CustomStringConvertible {
  var word: String
  /// The subcommand nearest to `word`, when one is near enough to be what was meant.
  var suggestion: String?
  var subcommands: [String]

  var description: String {
    let quoted = "'\(Quoting.shown(word))'"
    if let suggestion { return "\(quoted) is neither a subcommand nor a file; did you mean '\(suggestion)'?" }
    return "\(quoted) is neither a subcommand nor a file (the subcommands: \(subcommands.joined(separator: ", ")))"
  }

  /// The error for `arguments` (the command line without the program's name), or `nil` when its first argument is
  /// a subcommand, an option, a file or what looks like a path.
  static func check(_ arguments: [String], subcommands: [String]) -> UnknownSubcommand? {
    guard let word = arguments.first, !word.isEmpty, !word.hasPrefix("-"), word != "help",
      !subcommands.contains(word), !word.contains("/"), !word.contains(".")
    else { return nil }
    var info = stat()
    guard stat(word, &info) != 0 else { return nil }
    // As near as a mistyped filter name must be to be suggested (`RegistryError.unknown`).
    let limit = max(2, word.count / 3)
    let lowercased = word.lowercased()
    var nearest: (name: String, distance: Int)?
    for name in subcommands {
      let distance: Int = editDistance(name, lowercased)
      guard distance <= limit else { continue }
      if let best = nearest, best.distance < distance || best.distance == distance && best.name <= name { continue }
      nearest = (name, distance)
    }
    return UnknownSubcommand(word: word, suggestion: nearest?.name, subcommands: subcommands)
  }
}
#endif
