import ArgumentParser
import Decor

struct Info: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print each PNG's size, colour type, bit depth, alpha and interlacing.",
    discussion: "A file that cannot be read gets one line on stderr; the others are still listed, and the exit "
      + "status is 1.")

  @Argument(help: "PNG files, or - for standard input.")
  var files: [String]

  func run() throws {
    var failed = false
    for file in files {
      do {
        let header = try PNGHeader(contentsOfFile: file)
        print("\(file): \(header)")
      } catch {
        printError("\(error)")
        failed = true
      }
    }
    if failed { throw ExitCode(1) }
  }
}
