import ArgumentParser
import Decor
import Foundation

@main
struct DecorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "decor",
    abstract: "Render PNG images through chains of decorators.",
    subcommands: [Apply.self, Info.self, Filters.self, Diff.self],
    defaultSubcommand: Apply.self)

  /// Every failure, usage errors included, exits 1 with one line on stderr; help and version exit 0 as usual.
  static func main() {
    ImageFile.removeTemporaryFilesOnSignals()
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      // Help, version, and subcommands that already reported their failures (`throw ExitCode(1)`).
      if exitCode(for: error) == .success || error is ExitCode { exit(withError: error) }
      printError(message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)")
      Foundation.exit(1)
    }
  }
}

/// One line on standard error, prefixed with the command's name.
func printError(_ line: String) {
  FileHandle.standardError.write(Data("decor: \(line)\n".utf8))
}

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
