import Dispatch
import Foundation
import Synchronization
import Testing

import Decor
import DecorTestSupport

@Suite struct ImageFileTests {
  @Test func writesReplaceTheTargetAndLeaveNoTemporaryFiles() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.png").path
    try ImageFile.writeBytes([1, 2, 3], toPath: path)
    try ImageFile.writeBytes([4, 5], toPath: path)
    #expect(try ImageFile.readBytes(atPath: path) == [4, 5])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.png"])
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o044 } == 0o044, "readable like any new file")
  }

  @Test func aFailedWriteLeavesNothing() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("no/such/folder/out.png").path
    #expect {
      try ImageFile.writeBytes([1], toPath: missing)
    } throws: { error in
      guard case .io(let path, let detail) = error as? CodecError else { return false }
      return path == missing && detail.contains("No such file")
    }
    // A directory where the file should go: the rename fails after the bytes were written.
    let occupied = directory.appendingPathComponent("taken")
    try FileManager.default.createDirectory(at: occupied.appendingPathComponent("inside"),
      withIntermediateDirectories: true)
    #expect(throws: CodecError.self) { try ImageFile.writeBytes([1], toPath: occupied.path) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken"])
  }

  struct Interrupted: Error, Equatable {}

  /// Streamed writes (the PNG encoder's): bytes go to the temporary file as they come; a restart truncates it; a
  /// producer that fails half-way leaves the old file as it was and no temporary file; a FIFO or device is sent
  /// nothing until the producer has finished.
  @Test func streamedWritesAreAtomicToo() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.png").path
    try ImageFile.write(toPath: path) { sink in
      try sink.write([1, 2, 3])
      try sink.restart()
      try sink.write([4, 5])
      try sink.write([6])
      #expect(sink.count == 3)
    }
    #expect(try ImageFile.readBytes(atPath: path) == [4, 5, 6])
    #expect(throws: Interrupted()) {
      try ImageFile.write(toPath: path) { sink in
        try sink.write([7, 8, 9, 10])
        throw Interrupted()
      }
    }
    #expect(try ImageFile.readBytes(atPath: path) == [4, 5, 6])
    let fresh = directory.appendingPathComponent("never.png").path
    #expect(throws: Interrupted()) {
      try ImageFile.write(toPath: fresh) { sink in
        try sink.write([1])
        throw Interrupted()
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.png"])
    // /dev/null takes the bytes only at the end; a failing producer sends it nothing (nothing to observe there,
    // but it must not throw anything else or create a file).
    try ImageFile.write(toPath: "/dev/null") { sink in try sink.write([1, 2]) }
    #expect(throws: Interrupted()) { try ImageFile.write(toPath: "/dev/null") { _ in throw Interrupted() } }
  }

  @Test func aReplacedFileKeepsItsPermissions() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.png").path
    try ImageFile.writeBytes([1], toPath: path)
    #expect(chmod(path, 0o640) == 0)
    try ImageFile.writeBytes([2], toPath: path)
    #expect(try ImageFile.readBytes(atPath: path) == [2])
    #expect(kind(path).permissions == 0o640)
  }

  /// The links stay links and the file at the end of the chain gets the bytes, with its temporary file beside it:
  /// here in another folder, through a relative link to a relative link.
  @Test func writingThroughSymbolicLinksKeepsThem() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let target = folder.appendingPathComponent("target.png").path
    try ImageFile.writeBytes([1], toPath: target)
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("inner.png").path,
      withDestinationPath: "target.png")
    let link = directory.appendingPathComponent("link.png").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "images/inner.png")
    try ImageFile.writeBytes([2, 3], toPath: link)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "images/inner.png")
    #expect(kind(folder.appendingPathComponent("inner.png").path).type == S_IFLNK)
    #expect(kind(target).type == S_IFREG)
    #expect(try ImageFile.readBytes(atPath: target) == [2, 3])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["images", "link.png"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["inner.png", "target.png"])
  }

  /// A dangling link is refused, as `cp` refuses to write through one: its target is not created.
  @Test func aDanglingLinkIsRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("link.png").path
    let target = directory.appendingPathComponent("new.png").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(throws: CodecError.io(path: link, detail: "not writing through a dangling symbolic link (its target "
      + "\(target) does not exist)")) {
      try ImageFile.writeBytes([7], toPath: link)
    }
    // Through a chain of links, and to a folder that does not exist: the same.
    let chain = directory.appendingPathComponent("chain.png").path
    try FileManager.default.createSymbolicLink(atPath: chain, withDestinationPath: "link.png")
    let lost = directory.appendingPathComponent("lost.png").path
    try FileManager.default.createSymbolicLink(atPath: lost, withDestinationPath: "no/such/folder/x.png")
    #expect(throws: CodecError.io(path: chain, detail: "not writing through a dangling symbolic link (its target "
      + "\(target) does not exist)")) {
      try ImageFile.writeBytes([7], toPath: chain)
    }
    #expect(throws: CodecError.io(path: lost, detail: "not writing through a dangling symbolic link (its target "
      + "\(directory.path)/no/such/folder/x.png does not exist)")) {
      try ImageFile.writeBytes([7], toPath: lost)
    }
    #expect(kind(link).type == S_IFLNK)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      == ["chain.png", "link.png", "lost.png"])
  }

  @Test func aLoopOfLinksIsAnError() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let a = directory.appendingPathComponent("a.png").path
    try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: "b.png")
    try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("b.png").path,
      withDestinationPath: "a.png")
    #expect(throws: CodecError.io(path: a, detail: "cannot write: Too many levels of symbolic links")) {
      try ImageFile.writeBytes([1], toPath: a)
    }
  }

  /// A FIFO is written straight through to its reader and stays a FIFO.
  @Test func aFIFOGetsTheBytesAndStaysAFIFO() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }  // more than a pipe buffer holds
    let received = Mutex<[UInt8]?>(nil)
    let done = DispatchSemaphore(value: 0)
    // The reader runs on its own thread: opening a FIFO blocks until both ends are open.
    DispatchQueue.global().async {
      let read = try? ImageFile.readBytes(atPath: fifo)
      received.withLock { $0 = read }
      done.signal()
    }
    try ImageFile.writeBytes(bytes, toPath: fifo)
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(received.withLock { $0 } == bytes)
    #expect(kind(fifo).type == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pipe"])
  }

  /// A character device is written, not replaced by a regular file (which is what happened to `/dev/null` when
  /// root wrote to it), also when reached through a link.
  @Test func aCharacterDeviceStaysADevice() throws {
    let before = kind("/dev/null")
    #expect(before.type == S_IFCHR)
    try ImageFile.writeBytes([1, 2, 3], toPath: "/dev/null")
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("null.png").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
    try ImageFile.writeBytes([1, 2, 3], toPath: link)
    let after = kind("/dev/null")
    #expect(after.type == S_IFCHR && after.device == before.device && after.inode == before.inode)
    #expect(kind(link).type == S_IFLNK)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["null.png"])
  }

  /// Block devices, sockets and folders are refused before anything is written.
  @Test func otherKindsOfFileAreRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(throws: CodecError.io(path: directory.path, detail: "cannot write: Is a directory")) {
      try ImageFile.writeBytes([1], toPath: directory.path)
    }
    // A block device node of our own (device 0, no driver, so nothing could be written even if the refusal failed);
    // creating one needs privileges, so only where that works.
    let disk = directory.appendingPathComponent("disk").path
    if mknod(disk, S_IFBLK | 0o600, 0) == 0 {
      #expect(throws: CodecError.io(path: disk, detail: "refusing to write to a block device")) {
        try ImageFile.writeBytes([1], toPath: disk)
      }
      #expect(kind(disk).type == S_IFBLK)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { $0 == "disk" })
  }

  @Test func readErrorsNameTheFile() {
    #expect(throws: CodecError.io(path: "/nonexistent/x.png", detail: "cannot open: No such file or directory")) {
      try Raster(contentsOfFile: "/nonexistent/x.png")
    }
    #expect {
      try ImageFile.readBytes(atPath: Fixtures.root.path)
    } throws: { error in
      (error as? CodecError)?.description.contains("Is a directory") == true
    }
  }

  @Test func rastersSurviveAFileRoundTrip() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("round.png").path
    let source = try Raster(contentsOfFile: Fixtures.pngSuite.appendingPathComponent("basn6a08.png").path)
    try source.write(to: path, as: .png())
    #expect(try Raster(contentsOfFile: path) == source)
  }
}

/// What `lstat` says about a path (the link itself, not its target).
func kind(_ path: String) -> (type: mode_t, permissions: mode_t, device: UInt64, inode: UInt64) {
  var info = stat()
  guard lstat(path, &info) == 0 else { return (0, 0, 0, 0) }
  return (info.st_mode & S_IFMT, info.st_mode & 0o7777, UInt64(info.st_dev), UInt64(info.st_ino))
}
