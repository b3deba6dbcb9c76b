#if CLI
import ArgumentParser
import Decor

struct Info: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print each image's size, colour type, bit depth and alpha (and interlacing, or orientation); reads \(FormatNames.read).",
    discussion: "A file that cannot be read gets one line on stderr; the others are still listed, and the exit "
      + "status is 1.")

  @Argument(help: ArgumentHelp("Image files (\(FormatNames.read)), or - for standard input."))
  var files: [String]

  func run() throws {
    var failed = false
    for file in files {
      do {
        print("\(file): \(try ImageFile.headerDescription(atPath: file))")
      } catch {
        printError("\(error)")
        failed = true
      }
    }
    if failed { throw ExitCode(1) }
  }
}
#endif
