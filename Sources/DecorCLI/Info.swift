import ArgumentParser
import Decor
import Foundation

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
        FileHandle.standardError.write(Data("decor: \(error)\n".utf8))
        failed = true
      }
    }
    if failed { throw ExitCode(1) }
  }
}
