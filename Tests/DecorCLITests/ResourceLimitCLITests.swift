#if CLI
import Foundation
import Testing
import DecorTestSupport

import Decor

/// Hostile input from the command line: inputs that never end, memory that runs out, text chunks that inflate to
/// gigabytes, metadata an output cannot carry, outputs the user may not write, and what a killed run leaves behind.
/// Each must end in exit 0 with a readable file, or exit 1 with one short line and nothing left behind; never a
/// signal.
@Suite(.tags(.slow)) final class ResourceLimitCLITests: ScratchFolder {
  let directory: URL
  init() throws { directory = try Self.makeDirectory("decor-limits") }
  deinit { removeDirectory() }

  static let chelsea = CLITests.repository.appendingPathComponent("SampleImages/chelsea.png").path

  /// Whether a sanitizer runs this suite: its runtime reserves terabytes of address space, so `ulimit -v` cannot
  /// be set under it.
  static let sanitized = SanitizerRun.isActive

  /// Records an issue unless `result` is exit 1 with one line under 1,000 bytes that contains `expected`.
  static func expectOneLineFailure(
    _ result: Decor.Result, containing expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 1, "\(result.status): \(result.stderr)", sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1 && result.stderr.utf8.count < 1000, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.contains(expected), "\(result.stderr)", sourceLocation: sourceLocation)
  }

  /// Runs `script` with `/bin/sh -c`, `$0` being the `decor` executable: for pipes, FIFOs and `ulimit`.
  static func shell(
    _ script: String, _ arguments: [String] = [], directory: URL, environment: [String: String] = [:]
  ) throws -> Decor.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let decor: URL = try #require(Decor.executable, "the decor executable was not built beside the tests")
    process.arguments = ["-c", script, decor.path] + arguments
    process.currentDirectoryURL = directory
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let watchdog = Watchdog(process, seconds: Decor.deadline)
    defer { watchdog.cancel() }
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return Decor.Result(status: status, stdout: Data(), stderr: stderr)
  }

  /// An 8×8 grey PNG with `chunks` between its header and its image data, written by Decor's own encoder and
  /// chunk writer.
  static func png(with chunks: [(type: String, data: [UInt8])]) throws -> [UInt8] {
    let plain = try PNGCodec.encode(try Raster(width: 8, height: 8, fill: RGBA8(r: 128, g: 128, b: 128, a: 255)))
    let ihdrEnd = 8 + 25  // the signature, then IHDR: length, type, 13 bytes, CRC
    var file = Array(plain[..<ihdrEnd])
    for chunk in chunks { PNGEncoder.appendChunk(chunk.type, chunk.data, to: &file) }
    return file + plain[ihdrEnd...]
  }

  // MARK: - Inputs that never end

  @Test("/dev/zero as the input, on standard input, in a FIFO, in info, as a scene, a scene layer, mask and blend")
  func endlessZeros() throws {
    let cases: [[String]] = [
      ["apply", "/dev/zero", "-o", file("a.png")],
      ["info", "/dev/zero"],
      ["apply", Self.chelsea, "mask /dev/zero", "-o", file("b.png")],
      ["apply", Self.chelsea, "blend multiply /dev/zero", "-o", file("c.png")],
    ]
    for arguments in cases {
      Self.expectOneLineFailure(try Decor.run(arguments), containing: "/dev/zero: unsupported format")
    }
    try Data(#"{"width": 40, "height": 30, "layers": [{"image": "/dev/zero"}]}"#.utf8).write(to: directory.appendingPathComponent("s.json"))
    Self.expectOneLineFailure(try Decor.run(["compose", file("s.json"), "-o", file("d.png")]),
      containing: "/dev/zero: unsupported format")
    Self.expectOneLineFailure(try Decor.run(["compose", "/dev/zero", "-o", file("e.png")]),
      containing: "larger than the limit of 67108864 bytes")
    let piped = try Self.shell(#"head -c 5000000 /dev/zero 2>/dev/null | "$0" apply - -o out.png"#,
      directory: directory)
    Self.expectOneLineFailure(piped, containing: "<stdin>: unsupported format")
    #expect(try contents() == ["s.json"])
  }

  @Test("A stream that starts as a PNG and never ends stops at --max-bytes; a regular file past it is not read")
  func byteLimit() throws {
    // A FIFO fed a real PNG followed by endless zeros: the format is recognised, so only the limit stops it.
    let fifo = file("endless")
    #expect(mkfifo(fifo, 0o600) == 0)
    let streamed = try Self.shell(
      #"(cat "$1" /dev/zero > endless 2>/dev/null &) ; exec "$0" apply endless --max-bytes 2M -o out.png"#,
      [Self.chelsea], directory: directory)
    Self.expectOneLineFailure(streamed, containing: "endless: the input is larger than the limit of 2097152 bytes")
    let piped = try Self.shell(#"cat "$1" /dev/zero 2>/dev/null | "$0" apply - --max-bytes 1M -o out.png"#,
      [Self.chelsea], directory: directory)
    Self.expectOneLineFailure(piped, containing: "<stdin>: the input is larger than the limit of 1048576 bytes")
    // chelsea.png is about 220 KB.
    Self.expectOneLineFailure(try Decor.run(["apply", Self.chelsea, "--max-bytes", "100K", "-o", file("o.png")]),
      containing: "chelsea.png: the input is larger than the limit of 102400 bytes")
    Self.expectOneLineFailure(
      try Decor.run(["apply", Self.chelsea, "mask \(Self.chelsea)", "--max-bytes", "100K", "-o", file("o.png")]),
      containing: "the input is larger than the limit of 102400 bytes")
    #expect(try Decor.run(["apply", Self.chelsea, "--max-bytes", "1M", "-o", file("o.png")]).status == 0)
    for bad in ["0", "-5", "12Q", "1e9", "99999999999999999999", "9999999999G"] {
      Self.expectOneLineFailure(try Decor.run(["apply", Self.chelsea, "--max-bytes", bad, "-o", file("x.png")]),
        containing: "--max-bytes must be")
    }
    #expect(try contents() == ["endless", "o.png"])
  }

  // MARK: - Memory that runs out

  /// A GIF of 30 bytes whose logical screen is `width × height`: the decoder allocates the whole canvas.
  static func gifScreen(width: Int, height: Int) -> [UInt8] {
    Array("GIF89a".utf8) + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
      + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]  // a global colour table of 2 entries
      + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B]  // one 1×1 image, then the trailer
  }

  @Test(
    "Under ulimit -v, every decoder and encoder that needs a 6000² raster fails with one line, never a signal",
    .enabled(if: !sanitized, "a sanitizer's runtime cannot run under ulimit -v"))
  func memoryRunsOut() throws {
    // Made without a limit: each holds a 6000×6000 image (144 MB of pixels), in a small file. The PNG is put
    // together here (its rows compressed by libdeflate), as the encoder is slow in a debug build.
    let rows = [UInt8](repeating: 0, count: 6000 * (1 + 6000 * 3))
    var png = Array(try PNGCodec.encode(try Raster(width: 1, height: 1, fill: .white)).prefix(8))
    PNGEncoder.appendChunk("IHDR", [0, 0, 0x17, 0x70, 0, 0, 0x17, 0x70, 8, 2, 0, 0, 0], to: &png)
    PNGEncoder.appendChunk("IDAT", try #require(PNGEncoder.zlibCompressed(rows)), to: &png)
    PNGEncoder.appendChunk("IEND", [], to: &png)
    try Data(png).write(to: directory.appendingPathComponent("big.png"))
    #expect(try Decor.run(["info", file("big.png")]).stdout.starts(with: Data("\(file("big.png")): 6000x6000".utf8)))
    for name in ["big.jpg", "big.tif", "big.webp"] {
      let made = try Decor.run(["apply", Self.chelsea, "canvas 6000 6000 color=#c81e1e", "-o", file(name)])
      #expect(made.status == 0, "\(made.stderr)")
    }
    try Data(Self.gifScreen(width: 6000, height: 6000)).write(to: directory.appendingPathComponent("big.gif"))
    // 180 MB of address space: enough for decor itself (about 100 MB), not for a 144 MB raster beside it. Only
    // the buffers that are checked are driven to fail here: a render that needs no whole image (a file read and
    // written by rows) may fit, or may run out in a small allocation of its own, which Swift's allocator makes a
    // trap; that case is not what this test can make happen deterministically.
    let limit = "ulimit -v 180000; "
    for name in ["big.webp", "big.gif"] {
      // From standard input, GIF makes a raster of the whole image, and WebP's reader maps one for libwebp's output
      // (address space, though only the rows not yet served stay resident).
      let piped = try Self.shell(limit + #"exec "$0" apply - 'flip horizontal' -o out.png < "$1""#, [name],
        directory: directory)
      Self.expectOneLineFailure(piped, containing: "<stdin>: cannot allocate 144000000 bytes")
    }
    // JPEG, PNG and TIFF are read by rows from standard input as from a file: the same render fits in 240 MB of
    // address space (its resident memory is about 35 MB), room for decor, its threads and its bands but not for the
    // whole raster beside them; written as JPEG, also by rows (a debug build takes a minute to write it as PNG).
    // glibc gives each thread that allocates an arena of its own, reserving 64 MB of address space each, and how many threads a run starts depends on the machine's load: MALLOC_ARENA_MAX=2 keeps
    // the address space this run needs from depending on it (without it, a small allocation could run out on a
    // loaded machine).
    for name in ["big.jpg", "big.png", "big.tif"] {
      let streamed = try Self.shell("export MALLOC_ARENA_MAX=2; ulimit -v 240000; "
        + #"exec "$0" apply - 'flip horizontal' -o out.jpg < "$1""#, [name], directory: directory)
      #expect(streamed.status == 0, "\(name): \(streamed.stderr)")
    }
    for name in ["o.tif", "o.webp", "o.avif"] {
      let written = try Self.shell(limit + #"exec "$0" apply "$1" 'canvas 6000 6000 color=red' -o "$2""#,
        [Self.chelsea, name], directory: directory)
      Self.expectOneLineFailure(written, containing: "\(name): cannot allocate 144000000 bytes")
    }
    #expect(try contents().filter { $0.contains("decor-tmp") }.isEmpty)
  }

  // MARK: - Text chunks

  @Test(
    "A PNG whose 250 zTXt chunks inflate to 250 MB is read by info and from standard input in 100 MB",
    .enabled(if: !sanitized, "a sanitizer's runtime cannot run under ulimit -v"))
  func compressedTextIsNotInflated() throws {
    let text = try #require(PNGEncoder.zlibCompressed([UInt8](repeating: 0x41, count: 1 << 20)))
    let chunks = [(type: String, data: [UInt8])](repeating: ("zTXt", Array("Comment".utf8) + [0, 0] + text), count: 250)
    try Data(Self.png(with: chunks)).write(to: directory.appendingPathComponent("text.png"))
    // libpng would keep every inflated chunk: 250 MB, past this limit.
    let limit = "ulimit -v 200000; "
    let info = try Self.shell(limit + #"exec "$0" info text.png"#, directory: directory)
    #expect(info.status == 0, "\(info.stderr)")
    let piped = try Self.shell(limit + #"exec "$0" apply - 'flip horizontal' -o out.png < text.png"#,
      directory: directory)
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(try Raster(contentsOfFile: file("out.png")).width == 8)
  }

  // MARK: - Metadata an output cannot carry

  @Test("An unreadable ICC profile and an EXIF larger than JPEG holds are left out with one notice each")
  func metadataLeftOut() throws {
    // An 8×8 PNG with a 200 KB ICC profile of garbage and a 100 KB EXIF.
    let garbage = [UInt8](repeating: 0x5A, count: 200_000)
    let profile = try #require(PNGEncoder.zlibCompressed(garbage))
    let exif: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 100_000)
    let bytes = try Self.png(with: [("iCCP", Array("junk".utf8) + [0, 0] + profile), ("eXIf", exif)])
    try Data(bytes).write(to: directory.appendingPathComponent("meta.png"))
    let read = try DecodedImage(contentsOfFile: file("meta.png")).metadata
    #expect(read.iccProfile == garbage)
    let exifCount = try #require(read.exif?.count)
    #expect(exifCount > 65_527)
    let jpeg = try Decor.run(["apply", file("meta.png"), "flip horizontal", "-o", file("out.jpg")])
    #expect(jpeg.status == 0)
    #expect(jpeg.stderr.split(separator: "\n").sorted() == [
      "decor: \(file("out.jpg")): not written: the EXIF (\(exifCount) bytes), more than JPEG holds (65527)",
      "decor: \(file("out.jpg")): not written: the ICC profile (200000 bytes), which Little CMS cannot read",
    ])
    let png2 = try Decor.run(["apply", file("meta.png"), "flip horizontal", "-o", file("out.png")])
    #expect(png2.stderr == "decor: \(file("out.png")): not written: the ICC profile (200000 bytes), which Little CMS cannot read\n")
    let written = try DecodedImage(contentsOfFile: file("out.png"))
    #expect(written.metadata.iccProfile == nil && written.metadata.exif?.count == exifCount)
  }

  // MARK: - Outputs

  @Test("A read-only output is refused for a user who may not write it, and left untouched")
  func readOnlyOutput() throws {
    let output = file("ro.png")
    #expect(try Decor.run(["apply", Self.chelsea, "resize 20x_", "-o", output]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: output))
    #expect(chmod(output, 0o444) == 0)
    // As root every file is writable (`cp` overwrites it too); the refusal is for anyone else, so as root the
    // command runs as nobody, in a folder nobody may write.
    #expect(chmod(directory.path, 0o777) == 0)
    // The input, and decor itself, copied where that user may read them: the checkout may be in a folder only its
    // owner can enter.
    let input = file("in.png")
    try FileManager.default.copyItem(atPath: Self.chelsea, toPath: input)
    #expect(chmod(input, 0o644) == 0)
    let decor = file("decor")
    try FileManager.default.copyItem(atPath: try #require(Decor.executable).path, toPath: decor)
    #expect(chmod(decor, 0o755) == 0)
    let asUser = getuid() == 0 ? #"exec setpriv --reuid=65534 --regid=65534 --clear-groups "$@""# : #"exec "$@""#
    // Under a sanitizer, that user cannot write reports where the run collects them: they go to this folder, where
    // the check of its contents below finds any.
    var environment: [String: String] = [:]
    for name in ["ASAN_OPTIONS", "TSAN_OPTIONS"] {
      if let options = ProcessInfo.processInfo.environment[name] { environment[name] = options + ":log_path=\(file("report"))" }
    }
    let result = try Self.shell(asUser, [decor, "apply", input, "flip horizontal", "-o", output], directory: directory,
      environment: environment)
    Self.expectOneLineFailure(result, containing: "ro.png: cannot write: Permission denied")
    #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before)
    #expect(try contents() == ["decor", "in.png", "ro.png"])
  }

  /// Whether a writer is alive is told by the lock it holds on its temporary file, which a writer in another PID
  /// namespace (another container or pod sharing the folder) holds as visibly as one beside it: here `flock`
  /// holding the file in a PID namespace of its own, where a process id would have said nothing.
  @Test("A temporary file whose writer has died is removed by the next write of that output; a live one is kept")
  func staleTemporaryFiles() throws {
    let stale = ImageFile.temporaryName(directory: "", name: "out.png", host: TemporaryFileLock.host,
      suffix: "abcdef1234")
    let live = ImageFile.temporaryName(directory: "", name: "out.png", host: TemporaryFileLock.host,
      suffix: "xyz7890000")
    let other = ImageFile.temporaryName(directory: "", name: "other.png", host: TemporaryFileLock.host,
      suffix: "abcdef1234")
    for name in [stale, live, other] { try Data("partial".utf8).write(to: directory.appendingPathComponent(name)) }
    if let problem = LockHolder.pidNamespaceProblem { print("the live writer runs in this PID namespace: \(problem)") }
    let writer = try LockHolder(locking: file(live), inOwnPIDNamespace: LockHolder.pidNamespaceProblem == nil)
    #expect(try Decor.run(["apply", Self.chelsea, "resize 20x_", "-o", file("out.png")]).status == 0)
    #expect(try contents() == [live, other, "out.png"].sorted())
    #expect(try Data(contentsOf: directory.appendingPathComponent(live)) == Data("partial".utf8))
    writer.end()
    #expect(try Decor.run(["apply", Self.chelsea, "resize 20x_", "-o", file("out.png")]).status == 0)
    #expect(try contents() == [other, "out.png"].sorted())
  }

  @Test("kill -9 during a batch, then --skip-existing: every output complete, no temporary file left")
  func killedBatch() throws {
    let inputs = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    // Large enough that a debug `decor` is still on its first images 0.7 s in (each takes seconds); under a
    // sanitizer, whose `decor` is many times slower, smaller inputs do.
    let width = SanitizerRun.isActive ? 300 : 480
    for index in 0..<6 {
      let made = try Decor.run(["apply", Self.chelsea, "resize \(width)x_", "-o", inputs.appendingPathComponent("p\(index).png").path])
      #expect(made.status == 0)
    }
    let batch = ["batch", "--chain", "rotate 7 | blur 2", "--jobs", "2", "--output-dir", file("out"), inputs.path]
    let process = Process()
    let decor: URL = try #require(Decor.executable, "the decor executable was not built beside the tests")
    process.executableURL = decor
    process.arguments = batch
    process.standardError = FileHandle.nullDevice
    try process.run()
    usleep(700_000)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let rerun = try Decor.run(batch + ["--skip-existing"])
    #expect(rerun.status == 0, "\(rerun.stderr)")
    let written = try FileManager.default.contentsOfDirectory(atPath: file("out")).sorted()
    #expect(written == (0..<6).map { "p\($0).png" })
    for name in written { #expect(try Raster(contentsOfFile: file("out/\(name)")).width > width) }
  }
}
#endif
