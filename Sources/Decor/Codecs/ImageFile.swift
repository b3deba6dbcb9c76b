#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// The system's `write`, which `ImageFile.write(toPath:_:)` hides inside the type.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }

/// Reading and writing whole files, with `-` meaning standard input or output.
///
/// What a write does depends on what is at the path, looked at with `lstat` so nothing is followed blindly:
/// - nothing yet, or a regular file: the bytes go to a temporary file beside it (`.NAME.decor-tmp-XXXXXX`), which is
///   renamed over it only once everything has been written, so a failure never leaves a partial or truncated file
///   behind. A replaced file keeps its permission bits; a new one gets 0666 less the umask.
/// - a symbolic link: the links are followed one at a time to the last path of the chain, which is then written as
///   above (the temporary file goes beside that target); the links stay links. A dangling link has its target
///   created.
/// - a character device (`/dev/null`, a terminal) or a FIFO: opened for writing and written straight through; it
///   is never replaced by a regular file.
/// - a block device, a directory or a socket: refused. Writing an image over the start of a disk is never what was
///   meant, so block devices are refused rather than written through.
///
/// A temporary file still exists while its bytes are written; ``removeTemporaryFilesOnSignals()`` makes SIGINT,
/// SIGTERM and SIGHUP remove it before the process ends.
public enum ImageFile {
  /// The path that stands for standard input or output.
  public static let standardStream = "-"

  /// The whole content of the file at `path`, or of standard input for `-`.
  ///
  /// - Throws: `CodecError.io` with the system's reason.
  public static func readBytes(atPath path: String) throws(CodecError) -> [UInt8] {
    let fd = path == standardStream ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .io(path: path, detail: "cannot open: \(systemError())") }
    defer { if fd != STDIN_FILENO { close(fd) } }
    var bytes: [UInt8] = []
    var info = stat()
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR { continue }
        throw .io(path: displayName(path, input: true), detail: "cannot read: \(systemError())")
      }
      bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
  }

  /// The first `DecoderRegistry.sniffLength` bytes (or fewer) of the regular file at `path`, or `nil` if it is not
  /// a regular file or cannot be read (the caller then reads it whole and reports any error).
  /// The first `length` bytes of the regular file at `path` (fewer if it is shorter), or `nil` when it is not a
  /// regular file or cannot be read.
  static func prefix(ofRegularFile path: String, length: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: Swift.min(length, Int(info.st_size)))
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, $0.count - done, off_t(done)) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      done += n
    }
    return Array(bytes[0..<done])
  }

  static func leadingBytesOfRegularFile(atPath path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: DecoderRegistry.sniffLength)
    let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard n >= 0 else { return nil }
    return Array(bytes[..<n])
  }

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
  /// - Throws: `CodecError.io` naming `path`, or what `produce` throws; a file is then left as it was.
  static func write(toPath path: String, _ produce: (ByteSink) throws -> Void) throws {
    func buffered(_ send: ([UInt8]) throws(CodecError) -> Void) throws {
      let sink = ByteSink()
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
    case .newFile: try replace(target, permissions: nil, reportedAs: path, produce)
    case .regularFile(let permissions): try replace(target, permissions: permissions, reportedAs: path, produce)
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
      case S_IFREG: return (current, .regularFile(permissions: info.st_mode & 0o777))
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
    _ target: String, permissions: mode_t?, reportedAs path: String, _ produce: (ByteSink) throws -> Void
  ) throws {
    let (directory, name) = split(target)
    guard !name.isEmpty else { throw CodecError.io(path: path, detail: "cannot write: not a file name") }
    let through = target == path ? "" : " (writing through the symbolic link to \(target))"
    var fd: Int32 = -1
    var temporary = ""
    var slot: Int?
    // Not mkstemp: it creates files 0600, and reading the umask to undo that means setting it, which races with
    // other threads creating files. `open` applies the umask itself.
    for _ in 0..<100 {
      temporary = "\(directory).\(name).decor-tmp-\(randomSuffix())"
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
      try produce(ByteSink(descriptor: fd, path: path))
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

  static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(CodecError) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .io(path: path, detail: "cannot write: \(systemError())")
      }
      offset += n
    }
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

  /// The registry's decoder for the file at `path`, the file's name for messages, and the file's bytes when it
  /// must be decoded from memory. A regular file is shown to the registry by its first bytes only (`bytes` is `nil`)
  /// and handed to the decoder by path, so that a decoder that reads as it decodes (PNG's) never holds the whole
  /// file; standard input or a FIFO is read whole, once.
  static func decoderInput(_ path: String, decoders: DecoderRegistry) throws(CodecError)
    -> (decoder: any ImageDecoder, source: String, bytes: [UInt8]?)
  {
    let source = displayName(path, input: true)
    if path != standardStream, let leading = leadingBytesOfRegularFile(atPath: path) {
      return (try decoders.decoder(for: leading, source: source), source, nil)
    }
    let bytes = try readBytes(atPath: path)
    return (try decoders.decoder(for: bytes, source: source), source, bytes)
  }

  /// How a path appears in messages: `<stdin>` and `<stdout>` for `-`.
  public static func displayName(_ path: String, input: Bool) -> String {
    path == standardStream ? (input ? "<stdin>" : "<stdout>") : path
  }

  static func systemError(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}

/// The temporary files the writes under way have, kept where a signal handler can read them: one slot per write,
/// up to 64 at once (`decor batch` writes one file per job). A handler may only call async-signal-safe functions
/// (no allocation, no locks), so the paths live in buffers allocated once, and two atomic masks say which slots a
/// writer holds and which hold a complete path; the handler itself only calls `unlink` and `raise`.
enum TemporaryFileCleanup {
  static let capacity = Int(PATH_MAX) + 1
  static let slots = 64
  // Slot i's path is written only by the writer that set bit i of `claimed`, and read by the handler only while
  // bit i of `armed` is set, after the releasing store that ends the filling.
  nonisolated(unsafe) static let paths: UnsafeMutablePointer<CChar> = {
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * slots)
    buffer.initialize(repeating: 0, count: capacity * slots)
    return buffer
  }()
  static let claimed = Atomic<UInt64>(0)
  static let armed = Atomic<UInt64>(0)
  static let signals = [SIGINT, SIGTERM, SIGHUP]

  /// Makes `temporary` a file a signal removes and returns its slot; `nil` when every slot is taken (or the path
  /// does not fit), and the caller then goes unprotected.
  static func register(_ temporary: String) -> Int? {
    let bytes = temporary.utf8CString
    guard bytes.count <= capacity else { return nil }
    var held = claimed.load(ordering: .relaxed)
    while true {
      guard held != .max else { return nil }
      let slot = (~held).trailingZeroBitCount
      let (exchanged, now) = claimed.compareExchange(
        expected: held, desired: held | (1 << UInt64(slot)), ordering: .acquiring)
      if exchanged {
        bytes.withUnsafeBufferPointer { (paths + slot * capacity).update(from: $0.baseAddress!, count: $0.count) }
        armed.bitwiseOr(1 << UInt64(slot), ordering: .releasing)
        return slot
      }
      held = now
    }
  }

  static func unregister(_ slot: Int) {
    armed.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
    claimed.bitwiseAnd(~(1 << UInt64(slot)), ordering: .releasing)
  }

  static func install() {
    // Both globals are initialised lazily; touch them now so that a handler never runs their initialisers.
    _ = paths
    _ = armed.load(ordering: .relaxed)
    for signal in signals {
      var current = sigaction()
      guard sigaction(signal, nil, &current) == 0, current.isDefault else { continue }
      var action = sigaction()
      action.handler = { signal in
        var armed = TemporaryFileCleanup.armed.load(ordering: .acquiring)
        while armed != 0 {
          let slot = armed.trailingZeroBitCount
          unlink(TemporaryFileCleanup.paths + slot * TemporaryFileCleanup.capacity)
          armed &= armed - 1
        }
        // SA_RESETHAND has already restored the default action, so this ends the process as the signal would
        // have (once the handler returns, if the signal is blocked meanwhile).
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      for other in signals { sigaddset(&action.sa_mask, other) }
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)  // 0x80000000 on Linux
      sigaction(signal, &action, nil)
    }
  }
}

extension sigaction {
  /// The plain (one-argument) handler, whose field has a different name on each C library.
  fileprivate var handler: (@convention(c) (Int32) -> Void)? {
    get {
      #if canImport(Darwin)
        __sigaction_u.__sa_handler
      #elseif canImport(Musl)
        __sa_handler.sa_handler
      #else
        __sigaction_handler.sa_handler
      #endif
    }
    set {
      #if canImport(Darwin)
        __sigaction_u.__sa_handler = newValue
      #elseif canImport(Musl)
        __sa_handler.sa_handler = newValue
      #else
        __sigaction_handler.sa_handler = newValue
      #endif
    }
  }

  /// SIG_DFL: no handler (a null pointer) and no three-argument one either.
  fileprivate var isDefault: Bool {
    sa_flags & Int32(truncatingIfNeeded: SA_SIGINFO) == 0 && handler == nil
  }
}
