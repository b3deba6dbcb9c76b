#if CLI
import Foundation
import Testing
import DecorTestSupport

#if canImport(Glibc)
  import Glibc  // openpty
#endif

/// Where `decor apply -o` puts its output: links, devices, FIFOs, terminals, and signals during the write.
@Suite final class OutputCLITests: ScratchFolder {
  static let input = CLITests.pngSuite.appendingPathComponent("basn6a08.png").path
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-output") }
  deinit { removeDirectory() }

  @Test func aSymbolicLinkStaysALinkAndItsTargetIsWritten() throws {
    try Data([1]).write(to: URL(fileURLWithPath: file("target.png")))
    try FileManager.default.createSymbolicLink(atPath: file("link.png"), withDestinationPath: "target.png")
    let result = try Decor.run(["apply", Self.input, "pad 1", "-o", file("link.png")])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file("link.png")) == "target.png")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file("target.png"))).starts(with: Self.pngSignature))
    #expect(try contents() == ["link.png", "target.png"])
  }

  @Test func devNullStaysADevice() throws {
    let result = try Decor.run(["apply", Self.input, "-o", "/dev/null"])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    var info = stat()
    #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
  }

  @Test func aFIFOIsWrittenStraightThrough() throws {
    #expect(mkfifo(file("pipe"), 0o600) == 0)
    let process = Process()
    process.executableURL = Decor.executable
    process.arguments = ["apply", Self.input, "-o", file("pipe")]
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Opening the reading end waits for `decor` to open the writing end, and the read ends when it closes it.
    let reader = try #require(FileHandle(forReadingAtPath: file("pipe")))
    let bytes = reader.readDataToEndOfFile()
    try reader.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(bytes.starts(with: Self.pngSignature) && bytes.count > 100)
    var info = stat()
    #expect(lstat(file("pipe"), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(try contents() == ["pipe"])
  }

  /// `-o -` on a terminal is refused, as gzip does, and nothing reaches the terminal. The terminal is a
  /// pseudo-terminal whose other end the test holds.
  #if canImport(Glibc)
    @Test func binaryOutputToATerminalIsRefused() throws {
      var master: Int32 = -1
      var terminal: Int32 = -1
      #expect(openpty(&master, &terminal, nil, nil, nil) == 0)
      defer { close(master) }
      let cases = [
        (["apply", Self.input, "-o", "-"], "-o FILE"),
        (["diff", Self.input, Self.input, "--diff-image", "-"], "--diff-image FILE"),
      ]
      for (arguments, option) in cases {
        let process = Process()
        process.executableURL = Decor.executable
        process.arguments = arguments
        process.standardOutput = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(arguments)")
        #expect(stderr == "decor: refusing to write binary PNG data to a terminal; redirect it or give \(option)\n")
      }
      // Nothing was written to the terminal: a non-blocking read on the other end finds no data.
      #expect(fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK) == 0)
      var byte: UInt8 = 0
      #expect(read(master, &byte, 1) == -1 && errno == EAGAIN)
      close(terminal)
    }
  #endif

  /// A signal while the output is being written removes the temporary file, then ends `decor` as the signal
  /// does. To catch the write, the output is large and incompressible (a wide strip of noise, tiled: rows repeat
  /// only farther apart than deflate looks back), and the test polls the folder and signals as soon as the
  /// temporary file appears.
  @Test(arguments: [SIGTERM, SIGINT]) func aSignalDuringTheWriteLeavesNoTemporaryFile(signal: Int32) throws {
    defer { try? FileManager.default.removeItem(at: directory) }  // tens of megabytes if the write was never caught
    let noise = file("noise.png")
    try Data(noisePNG(width: 8200, height: 16)).write(to: URL(fileURLWithPath: noise))
    var caught = false
    for _ in 0..<3 where !caught {
      let process: Process
      (process, caught) = try runAndSignal(
        ["apply", noise, "tile 8200x2000", "-o", file("out.png"), "--compression", "fast"], signal,
        watching: directory.path
      ) { entries in entries.contains { $0.contains(".decor-tmp-") } }
      if caught {
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
          "\(process.terminationReason) \(process.terminationStatus)")
        #expect(try contents() == ["noise.png"])
      } else {
        // The write finished before the poll saw it; try again without the output.
        try? FileManager.default.removeItem(atPath: file("out.png"))
      }
    }
    #expect(caught, "never caught decor while it was writing")
  }
}

/// Outputs in folders others share, and limits on what a file may be.
extension OutputCLITests {
  @Test func aDanglingLinkIsRefused() throws {
    try FileManager.default.createSymbolicLink(atPath: file("link.png"), withDestinationPath: "missing.png")
    let result = try Decor.run(["apply", Self.input, "pad 1", "-o", file("link.png")])
    ResourceLimitCLITests.expectOneLineFailure(result, containing: "\(file("link.png")): not writing through a "
      + "dangling symbolic link (its target \(directory.path)/missing.png does not exist)")
    #expect(try contents() == ["link.png"])
  }

  /// Root writing into a sticky folder everyone may write does not follow another user's link there to a file
  /// only root may write (run as root: the link is given to user 65534 with `lchown`).
  @Test(.enabled(if: geteuid() == 0, "another user's link needs root to be made"))
  func anotherUsersLinkInASharedFolderIsRefused() throws {
    let shared = file("shared")
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
    #expect(chmod(shared, 0o1777) == 0)
    try Data("root only".utf8).write(to: URL(fileURLWithPath: file("secret")))
    #expect(chmod(file("secret"), 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: shared + "/out.png", withDestinationPath: file("secret"))
    #expect(lchown(shared + "/out.png", 65534, 65534) == 0)
    let result = try Decor.run(["apply", Self.input, "pad 1", "-o", shared + "/out.png"])
    ResourceLimitCLITests.expectOneLineFailure(result, containing: "not following the symbolic link")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file("secret"))) == Data("root only".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared) == ["out.png"])
  }

  /// The longest names a folder takes are written; the temporary file's name is shortened to fit.
  @Test func aNameOf249BytesIsWritten() throws {
    let name = String(repeating: "n", count: 245) + ".png"
    let result = try Decor.run(["apply", Self.input, "pad 1", "-o", file(name)])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file(name))).starts(with: Self.pngSignature))
    #expect(try contents() == [name])
  }

  /// A write past `ulimit -f` fails with one line (SIGXFSZ, which would end decor and leave the temporary file, is
  /// ignored), and leaves no file.
  @Test(.enabled(if: SanitizerRun.kind != "thread", "ThreadSanitizer's runtime faults (SIGBUS) under ulimit -f"))
  func aWritePastTheFileSizeLimitFailsInOneLine() throws {
    try Data(noisePNG(width: 1000, height: 16)).write(to: URL(fileURLWithPath: file("noise.png")))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    let decor: URL = try #require(Decor.executable, "the decor executable was not built beside the tests")
    process.arguments = ["-c", #"ulimit -f 10; exec "$0" apply noise.png "pad 1" -o out.png"#, decor.path]
    process.currentDirectoryURL = directory
    let errors = Pipe()
    process.standardError = errors
    try runWithSignalsUnblocked(process)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 1,
      "\(process.terminationReason) \(process.terminationStatus)")
    #expect(stderr == "decor: out.png: file too large: the limit on a file's size was reached\n")
    #expect(try contents() == ["noise.png"])
  }
}

/// Runs `decor arguments` (output discarded) and sends it `signal` as soon as `ready` holds of the entries of
/// `folder`, polled, within two minutes; returns the ended process and whether the signal was sent.
func runAndSignal(
  _ arguments: [String], _ signal: Int32, watching folder: String, when ready: ([String]) -> Bool
) throws -> (process: Process, signalled: Bool) {
  let process = Process()
  process.executableURL = Decor.executable
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try runWithSignalsUnblocked(process)
  var signalled = false
  let deadline = Date().addingTimeInterval(120)
  while process.isRunning && Date() < deadline {
    if ready((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []) {
      kill(process.processIdentifier, signal)
      signalled = true
      break
    }
    usleep(100)
  }
  process.waitUntilExit()
  return (process, signalled)
}

/// Starts `process` with SIGINT, SIGTERM and SIGXFSZ deliverable. A child inherits the signal mask of the thread
/// that starts it, and the threads tests run on block most signals, which would make `kill` a no-op (and hide what
/// SIGXFSZ does to a write past `ulimit -f`).
func runWithSignalsUnblocked(_ process: Process) throws {
  var signals = sigset_t()
  var previous = sigset_t()
  sigemptyset(&signals)
  sigaddset(&signals, SIGINT)
  sigaddset(&signals, SIGTERM)
  sigaddset(&signals, SIGXFSZ)
  pthread_sigmask(SIG_UNBLOCK, &signals, &previous)
  defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
  try process.run()
}

/// An RGB PNG of random pixels, stored without compression (zlib's "stored" blocks) so the test needs no zlib.
func noisePNG(width: Int, height: Int) -> [UInt8] {
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  var raw: [UInt8] = []
  raw.reserveCapacity(height * (1 + width * 3))
  for _ in 0..<height {
    raw.append(0)  // filter: none
    for _ in 0..<width * 3 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      raw.append(UInt8(truncatingIfNeeded: state >> 32))
    }
  }
  var zlib: [UInt8] = [0x78, 0x01]
  var offset = 0
  while offset < raw.count {
    let count = min(65535, raw.count - offset)
    let last: UInt8 = offset + count == raw.count ? 1 : 0
    zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
    zlib += raw[offset..<offset + count]
    offset += count
  }
  var a: UInt32 = 1
  var b: UInt32 = 0
  for byte in raw {
    a = (a + UInt32(byte)) % 65521
    b = (b + a) % 65521
  }
  zlib += [UInt8(b >> 8), UInt8(b & 0xFF), UInt8(a >> 8), UInt8(a & 0xFF)]
  func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
  func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    bigEndian(data.count) + Array(type.utf8) + data + crc32(Array(type.utf8) + data)
  }
  let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]  // 8-bit RGB
  return OutputCLITests.pngSignature + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
}

extension OutputCLITests {
  /// A signal while a batch writes several outputs at once removes every one of their temporary files (each write
  /// holds its own slot for the signal handler). The test waits until two temporary files exist together.
  @Test func aSignalDuringABatchLeavesNoTemporaryFile() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = file("in")
    try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
    let noise = Data(noisePNG(width: 8200, height: 16))
    for name in ["a", "b", "c"] { try noise.write(to: URL(fileURLWithPath: "\(inputs)/\(name).png")) }
    let out = file("out")
    var caught = false
    for _ in 0..<3 where !caught {
      let process: Process
      (process, caught) = try runAndSignal(
        ["batch", "--chain", "tile 8200x2000", "--output-dir", out, inputs, "--jobs", "3", "--compression", "fast"],
        SIGINT, watching: out
      ) { entries in entries.filter { $0.contains(".decor-tmp-") }.count >= 2 }
      if caught {
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        let left = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.contains(".decor-tmp-") }
        #expect(left.isEmpty, "\(left)")
      } else {
        try? FileManager.default.removeItem(atPath: out)
      }
    }
    #expect(caught, "never caught two writes under way at once")
  }
}
#endif
