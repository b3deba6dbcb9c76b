#if CLI
import ArgumentParser
import Decor

// The C library, not Foundation: Foundation's internationalisation data adds about 7 MB to every command's
// resident memory (measured; Benchmarks/README.md), and `decor` needs only standard error and exit.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@main
struct DecorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "decor",
    abstract: "Render images (\(FormatNames.read) in, \(FormatNames.written) out) through chains of decorators.",
    version: LibraryVersion.current,
    subcommands: [Apply.self, BatchCommand.self, Compose.self, Info.self, Filters.self, Fonts.self, Diff.self],
    defaultSubcommand: Apply.self)

  /// Every failure, usage errors included, exits 1 with one line on stderr; help and version exit 0 as usual.
  static func main() {
    ImageFile.removeTemporaryFilesOnSignals()
    do {
      let names = configuration.subcommands.map { $0._commandName }
      if let unknown = UnknownSubcommand.check(Array(CommandLine.arguments.dropFirst()), subcommands: names) {
        throw unknown
      }
      var command = try parseAsRoot()
      try command.run()
    } catch {
      // Help, version, and subcommands that already reported their failures (`throw ExitCode(1)`).
      if exitCode(for: error) == .success || error is ExitCode { exit(withError: error) }
      let line = LimitHint.line(message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)",
        for: error)
      printError(filterListHint(line) + (negativeNumberHint(line).map { " (\($0))" } ?? ""))
      terminate(1)
    }
  }
}

/// `line` with `(decor filters lists them all)` after the library's list of the closest names, when a step names
/// no filter and none is close (the library's error says which names are closest, in its own terms; where the full
/// list is, is the command line's to say). It goes before a hint to quote the step, if there is one.
func filterListHint(_ line: String) -> String {
  // Where `text` first occurs in `line` at or after `start` (no Foundation here).
  func find(_ text: String, from start: String.Index) -> Range<String.Index>? {
    var index = start
    while index < line.endIndex {
      if line[index...].hasPrefix(text) { return index..<line.index(index, offsetBy: text.count) }
      index = line.index(after: index)
    }
    return nil
  }
  guard let unknown = find("unknown filter \"", from: line.startIndex),
    let closest = find("; the closest are ", from: unknown.upperBound)
  else { return line }
  let quoting = find(" (each step is one argument", from: closest.upperBound)
  var hinted = line
  hinted.insert(contentsOf: " (decor filters lists them all)", at: quoting?.lowerBound ?? line.endIndex)
  return hinted
}

/// ArgumentParser takes a negative number outside quotes (`decor apply in.png blur -5 -o out.png`) for an
/// option, and says `Unknown option '-5'`: when that number follows the words of a step, the hint to quote the step.
func negativeNumberHint(_ line: String) -> String? {
  let prefix = "Unknown option '"
  guard line.hasPrefix(prefix), line.hasSuffix("'") else { return nil }
  let option = String(line.dropFirst(prefix.count).dropLast())
  let arguments = Array(CommandLine.arguments.dropFirst())
  guard Double(option) != nil, let position = arguments.firstIndex(of: option) else { return nil }
  return Chain.quotingHint(arguments, at: position)
}

/// One line on standard error, prefixed with the command's name. An argument of the command line that the line
/// names and that is longer than `Quoting.pathLength` (a path, an option's value, as the library's errors or the
/// argument parser's quote them) is shown cut, as `Quoting` shows values.
func printError(_ line: String) {
  writeToStandardError("decor: \(Quoting.shortening(longArguments, in: line))\n")
}

/// The arguments `printError` shortens: those longer than `Quoting.pathLength`.
private let longArguments = CommandLine.arguments.dropFirst().filter { $0.unicodeScalars.count > Quoting.pathLength }

/// Text on standard error, in one `write` (file descriptor 2 is unbuffered; no global `FILE *` involved).
func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let n = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
      if n <= 0 { return }
      offset += n
    }
  }
}

/// The C library's `exit`, which `ParsableCommand.exit(withError:)` hides inside the command type.
func terminate(_ status: Int32) -> Never { exit(status) }

/// gzip's rule: PNG bytes sent to a terminal are never what was wanted, and they can leave it garbled.
struct BinaryOutputToTerminal: Error, CustomStringConvertible {
  /// How to name a file instead, as the command spells it (`-o FILE`).
  var option: String

  var description: String { "refusing to write binary PNG data to a terminal; redirect it or give \(option)" }
}

/// Refuses `-` (standard output) as an image's destination when standard output is a terminal. Checked before any
/// work is done, so the refusal is immediate.
func refuseTerminal(_ path: String, option: String) throws(BinaryOutputToTerminal) {
  if path == ImageFile.standardStream && isatty(STDOUT_FILENO) == 1 { throw BinaryOutputToTerminal(option: option) }
}
#endif
