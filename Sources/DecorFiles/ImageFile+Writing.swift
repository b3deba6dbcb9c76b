import DecorChain
import DecorCodecs
import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ImageFile {
  /// Writes `bytes` to `path` (see the type's notes for how each kind of file is treated), or to standard output
  /// for `-`.
  ///
  /// - Throws: `CodecError.io` naming `path`, with the system's reason; a file is then left as it was.
  public static func writeBytes(_ bytes: [UInt8], toPath path: String) throws(CodecError) {
    do {
      try write(toPath: path) { sink in try sink.write(bytes) }
    } catch {
      throw .typed(error, destination: path)  // only the write's own `CodecError`s: the closure throws no other
    }
  }

  /// Writes to `path` what `produce` hands its sink, as `writeBytes` writes bytes: a regular or new file is
  /// written through a temporary file beside it, as the bytes come, and renamed into place only if `produce`
  /// returns; if it throws, the temporary file is removed and the error passed on. A device, a FIFO or standard
  /// output (`-`) is sent the bytes only once `produce` has returned, so a failure sends nothing.
  ///
  /// Internal: its `produce` may throw anything (a render into the sink), which a typed public API could not pass
  /// on; the public writes are `writeBytes(_:toPath:)`, the renderers' `toFile:` calls and `EncoderRegistry`.
  ///
  /// The sinks handed to `produce` stop with `CodecError.render(.cancelled)` once `cancellation` is set (an
  /// `async` write's), so that the temporary file is removed as for any other failure.
  ///
  /// - Throws: `CodecError.io` naming `path`, or what `produce` throws; a file is then left as it was.
  package static func write(
    toPath path: String, cancellation: RenderCancellation? = nil, _ produce: (ByteSink) throws -> Void
  ) throws {
    func buffered(_ send: ([UInt8]) throws(CodecError) -> Void) throws {
      let sink = ByteSink(cancellation: cancellation)
      try produce(sink)
      try send(sink.bytes)
    }
    if path == standardStream {
      try buffered { bytes throws(CodecError) in
        try writeAll(bytes, to: STDOUT_FILENO, path: displayName(path, input: false))
      }
      return
    }
    let (target, destination) = try resolve(path)
    switch destination {
    case .newFile: try replace(target, permissions: nil, reportedAs: path, cancellation: cancellation, produce)
    case .regularFile(let permissions):
      try replace(target, permissions: permissions, reportedAs: path, cancellation: cancellation, produce)
    case .stream: try buffered { bytes throws(CodecError) in try writeThrough(target, bytes, reportedAs: path) }
    }
  }

  /// What a write finds at the end of a path's chain of symbolic links.
  enum Destination: Equatable {
    case newFile
    case regularFile(permissions: mode_t)
    /// A character device or a FIFO.
    case stream
  }

  /// Follows symbolic links one at a time to the path a write should go to. Not `realpath`, which would follow
  /// links the rules below refuse. A link is followed only where `cp` and the kernel would follow it: never to a
  /// target that does not exist (a dangling link is refused, as `cp` refuses it, rather than having its target
  /// created), and never a link the kernel's `protected_symlinks` rule refuses (`mayFollow`).
  ///
  /// - Throws: `CodecError.io` naming `path`: a NUL in it, a dangling or protected link, a block device, a
  ///   directory, a socket, a regular file the process may not write.
  static func resolve(_ path: String) throws(CodecError) -> (path: String, destination: Destination) {
    var current = path
    for _ in 0..<40 {  // Linux's own limit on links followed in one lookup
      var info = stat()
      guard try SystemPath.lstat(current, &info) == 0 else {
        guard errno == ENOENT else { throw .io(path: path, detail: "cannot write: \(systemError())") }
        guard current == path else {
          throw .io(path: path, detail: "not writing through a dangling symbolic link (its target \(current) does "
            + "not exist)")
        }
        return (current, .newFile)
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        // A rename needs only the folder's permission; `cp` and a shell redirect need the file's. Refuse what they
        // refuse, so a read-only file is never replaced behind its owner's back.
        guard try SystemPath.access(current, W_OK) == 0 else {
          let through = current == path ? "" : " (the symbolic link's target \(current))"
          throw .io(path: path, detail: "cannot write: \(systemError())\(through)")
        }
        return (current, .regularFile(permissions: info.st_mode & 0o777))
      case S_IFCHR, S_IFIFO: return (current, .stream)
      case S_IFLNK:
        guard try mayFollow(current, owner: info.st_uid) else {
          throw .io(path: path, detail: "not following the symbolic link \(current): it is in a shared folder "
            + "(sticky and writable by all) and owned by neither this user nor the folder's owner")
        }
        current = try linkTarget(current, reportedAs: path)
      case S_IFBLK: throw .io(path: path, detail: "refusing to write to a block device")
      case S_IFDIR: throw .io(path: path, detail: "cannot write: Is a directory")
      default: throw .io(path: path, detail: "cannot write: not a file, character device or FIFO")
      }
    }
    throw .io(path: path, detail: "cannot write: \(String(cString: strerror(ELOOP)))")
  }

  /// Whether the kernel's `protected_symlinks` rule lets this process follow the symbolic link `link`, owned by
  /// `owner`: a link in a sticky folder that everyone may write (`/tmp`, a shared output folder) is followed only
  /// when its owner is the process's effective user or the folder's owner. Otherwise another user could plant a
  /// link where a write is expected and have it replace a file they may not touch. Checked whether or not the
  /// kernel's rule is on, since the links are followed here by hand, where the kernel does not look.
  static func mayFollow(_ link: String, owner: uid_t) throws(CodecError) -> Bool {
    let directory = split(link).directory
    var folder = stat()
    guard try SystemPath.stat(directory.isEmpty ? "." : directory, &folder) == 0 else { return false }
    let sticky: mode_t = 0o1000  // S_ISVTX
    let writableByAll: mode_t = 0o002  // S_IWOTH
    guard folder.st_mode & sticky != 0, folder.st_mode & writableByAll != 0 else { return true }
    return owner == geteuid() || owner == folder.st_uid
  }

  /// The path a symbolic link points to; a relative target is relative to the link's folder.
  static func linkTarget(_ link: String, reportedAs path: String) throws(CodecError) -> String {
    guard let bytes = try SystemPath.readlink(link) else {
      throw .io(path: path, detail: "cannot read the symbolic link \(link): \(systemError())")
    }
    let target = String(decoding: bytes, as: UTF8.self)
    return target.hasPrefix("/") ? target : split(link).directory + target
  }

  /// A path's folder (with its final slash, or empty for the current folder) and file name.
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[...slash]), String(path[path.index(after: slash)...]))
  }

  /// The longest file name the system takes (`NAME_MAX`, in bytes, on Linux and macOS).
  static let longestName = 255

  /// Writes what `produce` hands its sink to a temporary file beside `target`, and renames it over `target` once
  /// `produce` has returned. `permissions` are those of the file being replaced, or `nil` for a new one.
  ///
  /// The temporary file is locked (`TemporaryFileLock`) from just after it is created until it has been renamed
  /// or removed: that lock, not a process id, tells the cleanup of another writer that this one is alive.
  static func replace(
    _ target: String, permissions: mode_t?, reportedAs path: String, cancellation: RenderCancellation?,
    _ produce: (ByteSink) throws -> Void
  ) throws {
    let (directory, name) = split(target)
    guard !name.isEmpty else { throw CodecError.io(path: path, detail: "cannot write: not a file name") }
    let through = target == path ? "" : " (writing through the symbolic link to \(target))"
    // Refused before anything is made: the temporary name is kept short enough, and the rename would fail only
    // once the work is done.
    guard name.utf8.count <= longestName else {
      throw CodecError.io(path: path, detail: "cannot write: \(systemError(ENAMETOOLONG))\(through)")
    }
    var fd: Int32 = -1
    var lock: Int32 = -1
    var temporary = ""
    var slot: Int?
    // Not mkstemp: it creates files 0600, and reading the umask to undo that means setting it, which races with
    // other threads creating files. `open` applies the umask itself.
    removeStaleTemporaryFiles(directory: directory, name: name)
    for _ in 0..<100 {
      temporary = temporaryName(directory: directory, name: name, host: TemporaryFileLock.host,
        suffix: randomSuffix())
      // Registered before the file exists, so there is no moment when a signal would leave it behind.
      slot = TemporaryFileCleanup.register(temporary)
      fd = try SystemPath.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      var reason = errno
      if fd >= 0 {
        switch TemporaryFileLock.hold(fd, named: temporary) {
        case .held(let descriptor):
          lock = descriptor
        case .taken:
          // A cleanup took the file between its creation and the lock, and may remove it: another name.
          reason = EEXIST
        case .failed(let code):
          reason = code
          _ = try? SystemPath.unlink(temporary)
        }
        if lock >= 0 { break }
        close(fd)
        fd = -1
      }
      if let slot { TemporaryFileCleanup.unregister(slot) }
      slot = nil
      guard reason == EEXIST else {
        throw CodecError.io(path: path, detail: "cannot create a file in its folder: \(systemError(reason))\(through)")
      }
    }
    guard fd >= 0 else { throw CodecError.io(path: path, detail: "cannot create a file in its folder: \(systemError())") }
    defer {
      close(lock)
      if let slot { TemporaryFileCleanup.unregister(slot) }
    }
    var open = true
    do {
      if let permissions { fchmod(fd, permissions) }
      try produce(ByteSink(descriptor: fd, path: path, cancellation: cancellation))
      open = false
      // Closed before the rename, for the errors a file system reports only then (NFS); `lock`, a second
      // descriptor of the same open file, keeps the lock until the file has its final name.
      guard close(fd) == 0 else { throw CodecError.io(path: path, detail: "cannot write: \(systemError())\(through)") }
      guard try SystemPath.rename(temporary, target) == 0 else {
        throw CodecError.io(path: path, detail: "cannot replace: \(systemError())\(through)")
      }
    } catch {
      if open { close(fd) }
      _ = try? SystemPath.unlink(temporary)
      throw error
    }
  }

  /// Writes to a device or FIFO that is already there. No `O_CREAT`: if the node went away since it was looked
  /// at, nothing is created in its place. `O_NOCTTY`: a terminal given as the output must not become the
  /// process's controlling terminal.
  static func writeThrough(_ target: String, _ bytes: [UInt8], reportedAs path: String) throws(CodecError) {
    let fd = try SystemPath.open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw .io(path: path, detail: "cannot open for writing: \(systemError())") }
    var open = true
    defer { if open { close(fd) } }
    try writeAll(bytes, to: fd, path: path)
    open = false
    guard close(fd) == 0 else { throw .io(path: path, detail: "cannot write: \(systemError())") }
  }

  /// What every temporary file's name holds after the output's name.
  static let temporaryMarker = ".decor-tmp-"
  /// How many letters and digits `randomSuffix()` gives.
  static let suffixLength = 10

  /// The start of the name of every temporary file of a write to `name`: `.NAME.decor-tmp-`, with `NAME` cut (at a
  /// character's boundary) so that the whole temporary name stays within `longestName` bytes, however long the
  /// output's name is. Outputs whose long names start alike share the start, which only widens the cleanup to
  /// their temporary files, judged the same way.
  static func temporaryPrefix(name: String) -> String {
    let room = longestName - 1 - temporaryMarker.utf8.count - TemporaryFileLock.hostLength - 1 - suffixLength
    var stem = ""
    var used = 0
    for scalar in name.unicodeScalars {
      used += String(scalar).utf8.count
      guard used <= room else { break }
      stem.unicodeScalars.append(scalar)
    }
    return "." + stem + temporaryMarker
  }

  /// The temporary file a write to `directory + name` goes through: `.NAME.decor-tmp-HOST-XXXXXXXXXX`, `HOST` the
  /// running kernel's (`TemporaryFileLock.host`), the suffix `suffixLength` random letters and digits.
  package static func temporaryName(directory: String, name: String, host: String, suffix: String) -> String {
    "\(directory)\(temporaryPrefix(name: name))\(host)-\(suffix)"
  }

  /// Removes the temporary files of earlier writes of `directory + name` whose writer has ended: what a killed run
  /// left behind is cleaned by the next run that writes the same output. Whether a writer is alive is told by the
  /// lock it holds on its file (`TemporaryFileLock`), which every process on the same kernel sees, whatever its PID
  /// namespace; see `TemporaryFileLock.removeIfAbandoned` for a file from another kernel. Anything not named
  /// exactly as `temporaryName` names files (an earlier release's names among them) is left alone.
  package static func removeStaleTemporaryFiles(directory: String, name: String) {
    guard let folder = try? SystemPath.opendir(directory.isEmpty ? "." : directory) else { return }
    defer { closedir(folder) }
    let prefix = Array(temporaryPrefix(name: name).utf8)
    while let entry = readdir(folder) {
      let found = entryBytes(of: entry)
      guard found.count == prefix.count + TemporaryFileLock.hostLength + 1 + suffixLength,
        found.starts(with: prefix), found[prefix.count + TemporaryFileLock.hostLength] == UInt8(ascii: "-")
      else { continue }
      let host = found[prefix.count..<prefix.count + TemporaryFileLock.hostLength]
      let suffix = found[(prefix.count + TemporaryFileLock.hostLength + 1)...]
      guard host.allSatisfy(isHexDigit), suffix.allSatisfy(isLetterOrDigit) else { continue }
      TemporaryFileLock.removeIfAbandoned(directory + String(decoding: found, as: UTF8.self),
        fromThisKernel: host.elementsEqual(TemporaryFileLock.host.utf8))
    }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }

  private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  /// The name of a directory entry `readdir` returned (invalid UTF-8 repaired, for a message or a path to build).
  static func entryName(of entry: UnsafeMutablePointer<dirent>) -> String {
    String(decoding: entryBytes(of: entry), as: UTF8.self)
  }

  /// The bytes of the name of a directory entry `readdir` returned, read in place up to its NUL: an entry is only
  /// as long as its name, so copying the 256-byte `d_name` field out of it would read past its end.
  static func entryBytes(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return [] }
    let name = (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: UInt8.self)
    return Array(UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))))
  }

  /// `suffixLength` letters or digits, as mkstemp would use.
  static func randomSuffix() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    return String((0..<suffixLength).map { _ in alphabet.randomElement()! })
  }

  /// Makes SIGINT, SIGTERM and SIGHUP remove the temporary file of a write under way, then end the process as the
  /// signal would have (same exit status), and ignores SIGXFSZ, so that a write past the process's file size limit
  /// (`ulimit -f`) fails with `CodecError.io` ("file too large") and removes its temporary file instead of ending
  /// the process. For programs such as the `decor` command; a library should not take over signals on its own, so
  /// nothing else installs these handlers (a program that does not call this and sets a file size limit should
  /// ignore SIGXFSZ itself).
  ///
  /// Only signals whose action is still the default are handled: one ignored (as under `nohup`) stays ignored,
  /// and a handler the program installed stays in place. One write at a time is covered; a write that starts while
  /// another is under way in the same process goes without this protection.
  public static func removeTemporaryFilesOnSignals() {
    TemporaryFileCleanup.install()
  }

  /// What to write to standard error when one of the signals `removeTemporaryFilesOnSignals()` handles ends the
  /// process, once the temporary files are removed: how far the work got (`decor batch` says how many outputs were
  /// written). Replace it as the work goes on; an empty message says nothing. Up to 1024 bytes of UTF-8 are kept.
  ///
  /// Limits: call it from one thread at a time; a signal arriving while it runs writes the message before it.
  public static func setSignalMessage(_ message: String) {
    TemporaryFileCleanup.setMessage(message)
  }

}
