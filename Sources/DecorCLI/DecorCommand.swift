import ArgumentParser
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
