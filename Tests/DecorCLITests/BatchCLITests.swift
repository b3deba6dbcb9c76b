#if CLI
import Foundation
import Testing

/// `decor batch` beyond the happy path: a summary line, a missing input failing alone, an interruption that says how
/// far it got, one line for an output folder nothing can be written into, the clash check on real output names,
/// and the split across machines (`--shard`, `--skip-existing`).
@Suite final class BatchCLITests: ScratchFolder {
  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-batch") }
  deinit { removeDirectory() }

  static let photos = ["photo-420.jpg", "photo-444.jpg", "photo-grey.jpg", "photo-progressive.jpg", "orientation-3.jpg"]

  /// Copies the photos into `in/` and returns that folder.
  func inputs() throws -> String {
    let folder = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in Self.photos {
      try FileManager.default.copyItem(atPath: FormatsCLITests.fixture("JPEG/" + name),
        toPath: folder.appendingPathComponent(name).path)
    }
    return folder.path
  }

  func outputs(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: file(folder)).sorted()
  }

  static let expected = photos.map { String($0.dropLast(4)) + ".png" }.sorted()

  @Test func aSummaryLineAndAMissingInputFailingAlone() throws {
    let run = try Decor.run(["batch", "--chain", "resize 16x_", "--output-dir", file("out"), try inputs(),
      file("missing.png")])
    #expect(run.status == 1)
    let summary = String(decoding: run.stdout, as: UTF8.self)
    #expect(summary.hasPrefix("5 written to \(file("out")) in ") && summary.hasSuffix(" s\n"), "\(summary)")
    #expect(run.stderr == "decor: \(file("missing.png")): cannot open: No such file or directory\n"
      + "decor: 5 written, 0 skipped, 1 failed\n", "\(run.stderr)")
    #expect(try outputs("out") == Self.expected)
  }

  /// Two shards of one batch, run as two machines would, write every output once between them; run again with
  /// `--skip-existing`, each leaves what is there.
  @Test func twoShardsMakeTheWholeBatchOnce() throws {
    let folder = try inputs()
    // The inputs given in two different orders: the split is of the sorted list, so the shards still agree.
    let first = try Decor.run(["batch", "--chain", "resize 16x_", "--output-dir", file("one"), "--shard", "1/2",
      folder])
    let reversed = Self.photos.reversed().map { folder + "/" + $0 }
    let second = try Decor.run(["batch", "--chain", "resize 16x_", "--output-dir", file("two"), "--shard", "2/2"]
      + reversed)
    #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
    let one = try outputs("one")
    let two = try outputs("two")
    #expect(Set(one).isDisjoint(with: two))
    #expect((one + two).sorted() == Self.expected)
    #expect(one.count == 3 && two.count == 2)
    // The same shard again into the same folder with --skip-existing writes nothing and says so.
    let again = try Decor.run(["batch", "--chain", "resize 16x_", "--output-dir", file("one"), "--shard", "1/2",
      "--skip-existing", folder])
    #expect(again.status == 0)
    let summary = String(decoding: again.stdout, as: UTF8.self)
    #expect(summary.hasPrefix("0 written to \(file("one")) in ") && summary.hasSuffix(", 3 already there\n"),
      "\(summary)")
    for shard in ["0/2", "3/2", "1/0", "a/b", "1", "1/2/3", "+1/2", "１/2"] {
      let refused = try Decor.run(["batch", "--chain", "invert", "--output-dir", file("x"), "--shard", shard, folder])
      #expect(refused.status != 0 && refused.stderr.contains("--shard expects K/N"), "\(shard): \(refused.stderr)")
    }
  }

  /// The inputs' folder may take outputs of other names; an output that would be an input is refused, before any
  /// work, unless `--overwrite`.
  @Test func theClashCheckComparesRealOutputNames() throws {
    let folder = try inputs()
    let webp = try Decor.run(["batch", "--chain", "resize 16x_", "--format", "webp", "--output-dir", folder, folder])
    #expect(webp.status == 0, "\(webp.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".webp") }.count == 5)
    let same = try Decor.run(["batch", "--chain", "invert", "--format", "same", "--output-dir", folder, folder])
    #expect(same.status == 1 && same.stderr.contains(": is an input: writing it would replace it"), "\(same.stderr)")
    #expect(same.stderr.split(separator: "\n").count == 1)
  }

  @Test func anOutputFolderThatTakesNoFileIsOneLine() throws {
    // Nothing can be created in /proc/self, not even by root.
    let run = try Decor.run(["batch", "--chain", "invert", "--output-dir", "/proc/self", try inputs()])
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("decor: /proc/self: cannot write into it: ")
      && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
  }

  /// A batch stopped by a signal says how many outputs it wrote. The second input is a FIFO nobody writes, so the
  /// batch (one job at a time) is sure to be waiting on it once the first output exists.
  @Test func anInterruptedBatchSaysHowFarItGot() throws {
    let folder = directory.appendingPathComponent("in").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: FormatsCLITests.fixture("JPEG/photo-420.jpg"), toPath: folder + "/a.jpg")
    #expect(mkfifo(folder + "/b.png", 0o600) == 0)
    let process = Process()
    process.executableURL = Decor.executable
    process.arguments = ["batch", "--chain", "resize 16x_", "--jobs", "1", "--output-dir", file("out"),
      folder + "/a.jpg", folder + "/b.png"]
    let errors = file("stderr.txt")
    #expect(FileManager.default.createFile(atPath: errors, contents: nil))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    process.standardOutput = FileHandle.nullDevice
    try runWithSignalsUnblocked(process)
    let watchdog = Watchdog(process, seconds: Decor.deadline)
    defer { watchdog.cancel() }
    let deadline = Date().addingTimeInterval(Decor.deadline)
    while !FileManager.default.fileExists(atPath: file("out/a.png")) && Date() < deadline { usleep(10_000) }
    // The first output is renamed into place before its report: give the report a moment.
    usleep(200_000)
    kill(process.processIdentifier, SIGTERM)
    // Under ThreadSanitizer a signal reaching a thread inside a call it does not intercept (here `open` of the FIFO)
    // waits until that call returns: opening the writing end lets it return. Without the sanitizer the process has
    // already ended and the open fails (no reader), which is as good.
    let writer = open(folder + "/b.png", O_WRONLY | O_NONBLOCK)
    if writer >= 0 { close(writer) }
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    let said = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(said == "decor: interrupted: 1 of 2 written to \(file("out"))\n", "\(said)")
    #expect(try outputs("out") == ["a.png"])
  }
}
#endif
