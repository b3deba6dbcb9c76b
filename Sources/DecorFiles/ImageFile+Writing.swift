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

  /// Follows symbolic links one at a time to the path a write should go to. Not `realpath`, which fails on a
  /// dangling link whose target the write should create.
  static func resolve(_ path: String) throws(CodecError) -> (path: String, destination: Destination) {
    var current = path
    for _ in 0..<40 {  // Linux's own limit on links followed in one lookup
      var info = stat()
      guard lstat(current, &info) == 0 else {
        guard errno == ENOENT else { throw .io(path: path, detail: "cannot write: \(systemError())") }
        return (current, .newFile)
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        // A rename needs only the folder's permission; `cp` and a shell redirect need the file's. Refuse what they
        // refuse, so a read-only file is never replaced behind its owner's back.
        guard access(current, W_OK) == 0 else {
          let through = current == path ? "" : " (the symbolic link's target \(current))"
          throw .io(path: path, detail: "cannot write: \(systemError())\(through)")
        }
        return (current, .regularFile(permissions: info.st_mode & 0o777))
      case S_IFCHR, S_IFIFO: return (current, .stream)
      case S_IFLNK: current = try linkTarget(current, reportedAs: path)
      case S_IFBLK: throw .io(path: path, detail: "refusing to write to a block device")
      case S_IFDIR: throw .io(path: path, detail: "cannot write: Is a directory")
      default: throw .io(path: path, detail: "cannot write: not a file, character device or FIFO")
      }
    }
    throw .io(path: path, detail: "cannot write: \(String(cString: strerror(ELOOP)))")
  }

  /// The path a symbolic link points to; a relative target is relative to the link's folder.
  static func linkTarget(_ link: String, reportedAs path: String) throws(CodecError) -> String {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
    let count = buffer.withUnsafeMutableBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { readlink(link, $0.baseAddress!, $0.count) }
    }
    guard count >= 0 else { throw .io(path: path, detail: "cannot read the symbolic link \(link): \(systemError())") }
    let target = String(decoding: buffer[..<count], as: UTF8.self)
    return target.hasPrefix("/") ? target : split(link).directory + target
  }

  /// A path's folder (with its final slash, or empty for the current folder) and file name.
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[...slash]), String(path[path.index(after: slash)...]))
  }

  /// Writes what `produce` hands its sink to a temporary file beside `target`, and renames it over `target` once
  /// `produce` has returned. `permissions` are those of the file being replaced, or `nil` for a new one.
  static func replace(
    _ target: String, permissions: mode_t?, reportedAs path: String, cancellation: RenderCancellation?,
    _ produce: (ByteSink) throws -> Void
  ) throws {
    let (directory, name) = split(target)
    guard !name.isEmpty else { throw CodecError.io(path: path, detail: "cannot write: not a file name") }
    let through = target == path ? "" : " (writing through the symbolic link to \(target))"
    var fd: Int32 = -1
    var temporary = ""
    var slot: Int?
    // Not mkstemp: it creates files 0600, and reading the umask to undo that means setting it, which races with
    // other threads creating files. `open` applies the umask itself.
    removeStaleTemporaryFiles(directory: directory, name: name)
    for _ in 0..<100 {
      temporary = temporaryName(directory: directory, name: name, process: getpid(), suffix: randomSuffix())
      // Registered before the file exists, so there is no moment when a signal would leave it behind.
      slot = TemporaryFileCleanup.register(temporary)
      fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if fd >= 0 { break }
      let reason = errno
      if let slot { TemporaryFileCleanup.unregister(slot) }
      slot = nil
      guard reason == EEXIST else {
        throw CodecError.io(path: path, detail: "cannot create a file in its folder: \(systemError(reason))\(through)")
      }
    }
    guard fd >= 0 else { throw CodecError.io(path: path, detail: "cannot create a file in its folder: \(systemError())") }
    defer { if let slot { TemporaryFileCleanup.unregister(slot) } }
    var open = true
    do {
      if let permissions { fchmod(fd, permissions) }
      try produce(ByteSink(descriptor: fd, path: path, cancellation: cancellation))
      open = false
      guard close(fd) == 0 else { throw CodecError.io(path: path, detail: "cannot write: \(systemError())\(through)") }
      guard rename(temporary, target) == 0 else {
        throw CodecError.io(path: path, detail: "cannot replace: \(systemError())\(through)")
      }
    } catch {
      if open { close(fd) }
      unlink(temporary)
      throw error
    }
  }

  /// Writes to a device or FIFO that is already there. No `O_CREAT`: if the node went away since it was looked
  /// at, nothing is created in its place. `O_NOCTTY`: a terminal given as the output must not become the
  /// process's controlling terminal.
  static func writeThrough(_ target: String, _ bytes: [UInt8], reportedAs path: String) throws(CodecError) {
    let fd = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw .io(path: path, detail: "cannot open for writing: \(systemError())") }
    var open = true
    defer { if open { close(fd) } }
    try writeAll(bytes, to: fd, path: path)
    open = false
    guard close(fd) == 0 else { throw .io(path: path, detail: "cannot write: \(systemError())") }
  }

  /// The temporary file a write to `directory + name` goes through: `.NAME.decor-tmp-PID-XXXXXX`. The process id
  /// lets a later write of the same output tell a file whose writer died (`kill -9`, a power cut) from one another
  /// process is still writing.
  package static func temporaryName(directory: String, name: String, process: pid_t, suffix: String) -> String {
    "\(directory).\(name).decor-tmp-\(process)-\(suffix)"
  }

  /// Removes the temporary files of earlier writes of `directory + name` whose process has ended: what a killed
  /// run left behind is cleaned by the next run that writes the same output. A file whose process still runs (or
  /// whose owner cannot be told, such as a name from another host on a shared folder with a live PID here) is left
  /// alone; so is anything not named exactly as `temporaryName` names files.
  package static func removeStaleTemporaryFiles(directory: String, name: String) {
    guard let folder = opendir(directory.isEmpty ? "." : directory) else { return }
    defer { closedir(folder) }
    let prefix = ".\(name).decor-tmp-"
    while let entry = readdir(folder) {
      let found = entryName(of: entry)
      guard found.hasPrefix(prefix) else { continue }
      let parts = found.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 2, parts[1].count == 6, let process = pid_t(parts[0]), process > 0 else { continue }
      guard process != getpid(), hasEnded(process) else { continue }
      unlink(directory + found)
    }
  }

  /// The name of a directory entry `readdir` returned, read in place up to its NUL: an entry is only as long as
  /// its name, so copying the 256-byte `d_name` field out of it would read past its end.
  static func entryName(of entry: UnsafeMutablePointer<dirent>) -> String {
    guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return "" }
    return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
  }

  /// Whether no process `process` runs: none exists, or only its zombie does (killed, not yet reaped by its
  /// parent, which for an orphan may take a while).
  static func hasEnded(_ process: pid_t) -> Bool {
    if kill(process, 0) != 0 { return errno == ESRCH }
    #if os(Linux)
      // /proc/PID/stat: "PID (NAME) STATE …"; the name may hold spaces and parentheses, so the state follows the
      // last ")".
      guard let file = fopen("/proc/\(process)/stat", "r") else { return false }
      defer { fclose(file) }
      var buffer = [UInt8](repeating: 0, count: 512)
      let count = fread(&buffer, 1, buffer.count, file)
      guard let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")), close + 2 < count else { return false }
      return buffer[close + 2] == UInt8(ascii: "Z")
    #else
      return false
    #endif
  }

  /// Six letters or digits, as mkstemp would use.
  static func randomSuffix() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    return String((0..<6).map { _ in alphabet.randomElement()! })
  }

  /// Makes SIGINT, SIGTERM and SIGHUP remove the temporary file of a write under way, then end the process as the
  /// signal would have (same exit status). For programs such as the `decor` command; a library should not take
  /// over signals on its own, so nothing else installs these handlers.
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
