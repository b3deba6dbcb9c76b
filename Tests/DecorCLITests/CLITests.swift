#if CLI
import Foundation
import Testing

/// Runs the `decor` executable that `swift test` built beside the test bundle.
struct Decor {
  struct Result {
    var status: Int32
    var stdout: Data
    var stderr: String
  }

  static let executable: URL? = {
    // The test runner lives in the build products folder (Linux: …/debug/DecorPackageTests.xctest; macOS: inside
    // the .xctest bundle), next to `decor`.
    var folder = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("decor")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder.deleteLastPathComponent()
    }
    return nil
  }()

  /// The longest a `decor` process a test starts may run: a hung process is killed and the test fails, rather than
  /// the suite never ending (CI has a time limit, and a sanitizer build is many times slower than a debug one).
  static let deadline: TimeInterval = 600

  /// Runs `decor` with `arguments`, in `directory` when given (else the test runner's folder); `environment` changes
  /// the inherited environment (a `nil` value removes the variable). A process still running after `deadline` is
  /// killed, and its status is then SIGKILL's.
  static func run(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String?] = [:], directory: URL? = nil
  ) throws -> Result {
    let process = Process()
    let url: URL = try #require(executable, "the decor executable was not built beside the tests")
    process.executableURL = url
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty {
      var inherited = ProcessInfo.processInfo.environment
      for (name, value) in environment { inherited[name] = value }
      process.environment = inherited
    }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    let watchdog = Watchdog(process, seconds: deadline)
    defer { watchdog.cancel() }
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
  }
}

/// Kills a process that outlives its deadline, so a test waiting on it fails (its status is SIGKILL's) instead of
/// hanging the suite.
struct Watchdog {
  private let work: DispatchWorkItem

  init(_ process: Process, seconds: TimeInterval) {
    let pid = process.processIdentifier
    work = DispatchWorkItem {
      FileHandle.standardError.write(Data("decor (pid \(pid)) still ran after \(Int(seconds)) s: killed\n".utf8))
      kill(pid, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
  }

  func cancel() { work.cancel() }
}

@Suite final class CLITests: ScratchFolder {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let pngSuite = repository.appendingPathComponent("Tests/Fixtures/PngSuite")

  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-cli") }
  deinit { removeDirectory() }

  @Test func applyWithoutStepsReencodesTheImage() throws {
    let input = Self.pngSuite.appendingPathComponent("basn6a08.png").path
    let result = try Decor.run(["apply", input, "-o", file("out.png")])
    #expect(result.status == 0 && result.stderr.isEmpty)
    let info = try Decor.run(["info", file("out.png")])
    #expect(String(decoding: info.stdout, as: UTF8.self) == "\(file("out.png")): 32x32, PNG, RGBA, 8-bit, alpha, not interlaced, no ICC profile\n")
    // `apply` is the default subcommand.
    #expect(try Decor.run([input, "-o", file("again.png"), "--compression", "fast"]).status == 0)
    #expect(try contents() == ["again.png", "out.png"])
    // Every compression gives the same pixels; a level outside 0…12 is refused.
    for level in ["best", "0", "9"] {
      #expect(try Decor.run([input, "-o", file("level.png"), "--compression", level]).status == 0)
      #expect(try Decor.run(["diff", file("level.png"), file("out.png")]).status == 0, "\(level)")
    }
    #expect(try Decor.run(["diff", file("again.png"), file("out.png")]).status == 0)
    #expect(try Decor.run([input, "-o", file("bad.png"), "--compression", "13"]).status != 0)
    try FileManager.default.removeItem(atPath: file("level.png"))
  }

  @Test func standardInputAndOutput() throws {
    let png = try Data(contentsOf: Self.pngSuite.appendingPathComponent("basn2c08.png"))
    // Standard output has no extension to take a format from: PNG, as for a name without one.
    let unnamed = try Decor.run(["-", "-o", "-"], stdin: png)
    #expect(unnamed.status == 0 && unnamed.stderr.isEmpty, "\(unnamed.stderr)")
    #expect(unnamed.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let jpeg = try Decor.run(["-", "-o", "-", "--format", "jpg"], stdin: png)
    #expect(jpeg.status == 0 && jpeg.stdout.starts(with: [0xFF, 0xD8, 0xFF]), "\(jpeg.stderr)")
    let result = try Decor.run(["-", "-o", "-", "--format", "png"], stdin: png)
    #expect(result.status == 0)
    #expect(result.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let info = try Decor.run(["info", "-"], stdin: result.stdout)
    #expect(String(decoding: info.stdout, as: UTF8.self) == "-: 32x32, PNG, RGB, 8-bit, no alpha, not interlaced, no ICC profile\n")
  }

  @Test func infoDescribesEachFile() throws {
    let files = ["basn0g01.png", "basn3p08.png", "ibasn4a16.png"].map { Self.pngSuite.appendingPathComponent($0).path }
    let result = try Decor.run(["info"] + files)
    #expect(result.status == 0)
    #expect(String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map { $0.split(separator: ":")[1] }
      == [" 32x32, PNG, grayscale, 1-bit, no alpha, not interlaced, no ICC profile",
        " 32x32, PNG, palette, 8-bit, no alpha, not interlaced, no ICC profile",
        " 32x32, PNG, grayscale+alpha, 16-bit, alpha, interlaced, no ICC profile"])
  }

  /// Each bad input: exit 1, one line on stderr naming the file, and no output file (nor a temporary one) left.
  @Test func badInputsFailCleanly() throws {
    let valid = try [UInt8](Data(contentsOf: Self.pngSuite.appendingPathComponent("basn6a08.png")))
    var crc = valid
    crc[29] ^= 0xFF  // the IHDR checksum
    var huge = Array(valid[0..<8])
    let ihdr: [UInt8] = [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6, 0, 0, 0]  // 100000 x 100000
    huge += [0, 0, 0, 13] + Array("IHDR".utf8) + ihdr + crc32(Array("IHDR".utf8) + ihdr) + Array(valid[33...])
    let cases: [(String, [UInt8], String)] = [
      ("truncated.png", Array(valid.prefix(valid.count / 2)), "truncated"),
      ("crc.png", crc, "corrupt"),
      ("text.png", Array("hello, not an image\n".utf8), "unsupported format"),
      ("huge.png", huge, "100000x100000 pixels exceeds the limit"),
      ("empty.png", [], "the file is empty"),
    ]
    for (name, bytes, expected) in cases {
      let input = try write(name, bytes)
      let before = try contents()
      let result = try Decor.run(["apply", input, "-o", file("out-\(name)")])
      #expect(result.status == 1, "\(name)")
      #expect(result.stderr.hasPrefix("decor: \(input): "), "\(name): \(result.stderr)")
      #expect(result.stderr.contains(expected), "\(name): \(result.stderr)")
      #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(name): one line")
      #expect(try contents() == before, "\(name) left files behind")
      let info = try Decor.run(["info", input])
      if name == "huge.png" {  // `info` reads only the header, so it can describe what `apply` refuses to decode
        #expect(info.status == 0 && String(decoding: info.stdout, as: UTF8.self).contains("100000x100000"))
      } else {
        #expect(info.status == 1 && info.stderr.hasPrefix("decor: \(input): "), "info \(name): \(info.stderr)")
      }
    }
  }

  @Test func usageErrorsExitOneWithOneLine() throws {
    for arguments in [["apply", "in.png"], ["apply", "in.png", "-o", "x.png", "--compression", "slow"], ["info"]] {
      let result = try Decor.run(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr.hasPrefix("decor: ") && result.stderr.filter { $0 == "\n" }.count == 1,
        "\(arguments): \(result.stderr)")
    }
    #expect(try Decor.run(["--help"]).status == 0)
  }

  @Test func aMissingInputOrUnwritableOutputIsReported() throws {
    let missing = try Decor.run(["apply", file("nope.png"), "-o", file("out.png")])
    #expect(missing.status == 1 && missing.stderr.contains("nope.png: cannot open: No such file or directory"))
    let input = Self.pngSuite.appendingPathComponent("basn6a08.png").path
    let unwritable = try Decor.run(["apply", input, "-o", file("no/such/dir/out.png")])
    #expect(unwritable.status == 1 && unwritable.stderr.contains("no/such/dir/out.png"))
    #expect(try contents().isEmpty)
  }
}

/// CRC-32 of the PNG specification, for building a header by hand.
func crc32(_ bytes: [UInt8]) -> [UInt8] {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  crc = ~crc
  return [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
}
#endif
