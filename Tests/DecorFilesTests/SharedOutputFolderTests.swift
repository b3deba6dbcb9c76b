import Foundation
import Testing

import Decor
import DecorTestSupport

/// Writes into a folder other writers and other users share: another writer's temporary file is kept while it
/// writes, whatever PID namespace it runs in, and removed once it has ended; links other users planted are not
/// followed; any name the system takes can be written.
@Suite struct SharedOutputFolderTests {
  let folder: URL
  init() throws { folder = try Fixtures.temporaryDirectory() }

  func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
  func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }
  func remove() { try? FileManager.default.removeItem(at: folder) }

  /// The name a writer on this kernel would give its temporary file for `name`.
  func temporary(_ name: String, host: String = TemporaryFileLock.host, suffix: String = "abcdeFGHIJ") -> String {
    ImageFile.temporaryName(directory: "", name: name, host: host, suffix: suffix)
  }

  @Test("A writer's temporary file is kept while another process, in this or another PID namespace, holds its lock")
  func aLockedTemporaryFileIsKept() throws {
    defer { remove() }
    try Data().write(to: URL(fileURLWithPath: file("b.png")))
    for ownNamespace in [false, true] {
      if ownNamespace, let problem = LockHolder.pidNamespaceProblem {
        print("skipped: a holder in its own PID namespace: \(problem)")
        continue
      }
      let live = temporary("a.png", suffix: ownNamespace ? "namespace1" : "sameSpace1")
      try Data("partial".utf8).write(to: URL(fileURLWithPath: file(live)))
      let holder = try LockHolder(locking: file(live), inOwnPIDNamespace: ownNamespace)
      try ImageFile.writeBytes([1], toPath: file("a.png"))
      #expect(try contents().contains(live), "namespace: \(ownNamespace)")
      #expect(try ImageFile.readBytes(atPath: file(live)) == Array("partial".utf8))
      // Once the writer has ended (killed: its file left behind), the next write of the output removes the file.
      holder.end()
      try ImageFile.writeBytes([2], toPath: file("a.png"))
      #expect(try contents() == ["a.png", "b.png"], "namespace: \(ownNamespace)")
      #expect(try ImageFile.readBytes(atPath: file("a.png")) == [2])
    }
  }

  @Test("Unlocked files are removed by name: this output's from this kernel, from another once a day old")
  func whatTheCleanupRemoves() throws {
    defer { remove() }
    let other = TemporaryFileLock.host == "0123abcd" ? "fedc3210" : "0123abcd"
    let stale = temporary("a.png")
    let names = [
      stale,
      temporary("a.png", host: other),  // another host's, recent: its writer's lock may not reach here
      temporary("a.png", host: other, suffix: "0ldF11e000"),  // another host's, two days old
      temporary("b.png"),  // another output's
      ".a.png.decor-tmp-\(getpid())-abc123",  // an earlier release's names: not this code's to judge
      ".a.png.decor-tmp-abc123",
      temporary("a.png", suffix: "short"),  // not a name this code makes
    ]
    #expect(stale == ".a.png.decor-tmp-\(TemporaryFileLock.host)-abcdeFGHIJ")
    for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: file(name))) }
    let twoDaysAgo = Date().addingTimeInterval(-2 * 24 * 3600)
    try FileManager.default.setAttributes([.modificationDate: twoDaysAgo], ofItemAtPath: file(names[2]))
    // A link and a FIFO planted under such names are neither followed nor opened for long.
    let link = temporary("a.png", suffix: "symlink000")
    try FileManager.default.createSymbolicLink(atPath: file(link), withDestinationPath: file("b.png"))
    let fifo = temporary("a.png", suffix: "fifo000000")
    #expect(mkfifo(file(fifo), 0o600) == 0)
    ImageFile.removeStaleTemporaryFiles(directory: folder.path + "/", name: "a.png")
    #expect(try contents() == ([names[1]] + names[3...] + [link, fifo]).sorted())
  }

  /// The cleanup of a write that starts while another writes the same output, in the same process: the lock is
  /// the open file's, so it is seen even there.
  @Test func aWriteUnderWayKeepsItsFileFromAnotherWrite() throws {
    defer { remove() }
    try ImageFile.write(toPath: file("a.png")) { sink in
      try sink.write([1])
      let underWay = try contents().filter { $0.hasPrefix(".a.png.decor-tmp-") }
      #expect(underWay.count == 1)
      #expect(LockHolder.isLocked(file(underWay[0])))
      try ImageFile.writeBytes([9], toPath: file("a.png"))
      #expect(try contents().filter { $0.hasPrefix(".a.png.decor-tmp-") } == underWay)
      try sink.write([2])
    }
    #expect(try ImageFile.readBytes(atPath: file("a.png")) == [1, 2])
    #expect(try contents() == ["a.png"])
  }

  /// A cleanup that judged a file just created, before its writer locked it, has the writer make another.
  @Test func aFileTakenBeforeItIsLockedIsNotUsed() throws {
    defer { remove() }
    let path = file(temporary("a.png"))
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    defer { close(fd) }
    // The cleanup's lock, on its own open file.
    let cleanup = open(path, O_RDONLY | O_CLOEXEC)
    #expect(flock(cleanup, LOCK_EX | LOCK_NB) == 0)
    guard case .taken = TemporaryFileLock.hold(fd, named: path) else {
      Issue.record("a file a cleanup holds was used")
      return
    }
    close(cleanup)
    // Removed by the cleanup before the writer locked it: the name no longer names the file.
    #expect(unlink(path) == 0)
    guard case .taken = TemporaryFileLock.hold(fd, named: path) else {
      Issue.record("a file removed by a cleanup was used")
      return
    }
    // A file nobody else holds is locked, by a second descriptor of it.
    let fresh = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard case .held(let lock) = TemporaryFileLock.hold(fresh, named: path) else {
      Issue.record("a file of its own was not locked")
      return
    }
    #expect(lock != fresh && LockHolder.isLocked(path))
    // The lock is the open file's: it goes once both descriptors of it are closed.
    close(lock)
    #expect(LockHolder.isLocked(path))
    close(fresh)
    #expect(!LockHolder.isLocked(path))
  }

  @Test("Any name the system takes is written: the temporary name is kept within 255 bytes")
  func longNames() throws {
    defer { remove() }
    let long = String(repeating: "n", count: 245) + ".png"
    #expect(long.utf8.count == 249)
    let longest = String(repeating: "é", count: 125) + ".png"
    #expect(longest.utf8.count == 254)
    for name in [long, longest, String(repeating: "x", count: 251) + ".png"] {
      try ImageFile.writeBytes([1], toPath: file(name))
      try ImageFile.writeBytes([2], toPath: file(name))
      #expect(try ImageFile.readBytes(atPath: file(name)) == [2])
      #expect(ImageFile.temporaryName(directory: "", name: name, host: "01234567", suffix: "abcdefghij").utf8.count
        <= 255)
    }
    #expect(try contents() == [long, String(repeating: "x", count: 251) + ".png", longest].sorted())
    // A name the system does not take is refused before anything is made.
    let tooLong = String(repeating: "x", count: 252) + ".png"
    #expect(throws: CodecError.io(path: file(tooLong), detail: "cannot write: File name too long")) {
      try ImageFile.writeBytes([1], toPath: file(tooLong))
    }
    #expect(try contents().count == 3)
  }

  /// A link in a sticky folder everyone may write is followed only when it is the writer's or the folder owner's,
  /// as the kernel's `protected_symlinks` rule has it: another user's link does not get the write to a file they
  /// may not touch. Run as root, the test makes that other user's link with `lchown`; otherwise it can only show
  /// the writer's own links are followed.
  @Test func anotherUsersLinkInASharedFolderIsNotFollowed() throws {
    defer { remove() }
    let shared = file("shared")
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
    #expect(chmod(shared, 0o1777) == 0)
    let secret = file("secret")
    try Data("root only".utf8).write(to: URL(fileURLWithPath: secret))
    #expect(chmod(secret, 0o600) == 0)
    // The writer's own link is followed.
    let own = shared + "/own.png"
    try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: file("mine.png"))
    try Data().write(to: URL(fileURLWithPath: file("mine.png")))
    try ImageFile.writeBytes([1], toPath: own)
    #expect(try ImageFile.readBytes(atPath: file("mine.png")) == [1])
    guard geteuid() == 0 else {
      print("skipped: another user's link needs root to be made (running as \(geteuid()))")
      return
    }
    let planted = shared + "/out.png"
    try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: secret)
    #expect(lchown(planted, 65534, 65534) == 0)
    #expect(throws: CodecError.io(path: planted, detail: "not following the symbolic link \(planted): it is in a "
      + "shared folder (sticky and writable by all) and owned by neither this user nor the folder's owner")) {
      try ImageFile.writeBytes([1], toPath: planted)
    }
    #expect(try ImageFile.readBytes(atPath: secret) == Array("root only".utf8))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted) == secret)
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared).sorted() == ["out.png", "own.png"])
    // The folder's owner's link is followed; so is any link once the folder is not sticky.
    #expect(chown(shared, 65534, 65534) == 0)
    try ImageFile.writeBytes([2], toPath: planted)
    #expect(try ImageFile.readBytes(atPath: secret) == [2])
    #expect(chown(shared, 0, 0) == 0 && chmod(shared, 0o777) == 0)
    try ImageFile.writeBytes([3], toPath: planted)
    #expect(try ImageFile.readBytes(atPath: secret) == [3])
  }
}
