import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's `write`, which `ImageFile.write(toPath:_:)` hides inside the type.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }

/// Reading and writing whole files, with `-` meaning standard input or output.
///
/// What a write does depends on what is at the path, looked at with `lstat` so nothing is followed blindly:
/// - nothing yet, or a regular file: the bytes go to a temporary file beside it (`.NAME.decor-tmp-HOST-XXXXXXXXXX`,
///   `NAME` shortened so that the whole name fits in 255 bytes), which is renamed over it only once everything has
///   been written, so a failure never leaves a partial or truncated file behind. A replaced file keeps its
///   permission bits; a new one gets 0666 less the umask. An existing file the process may not write (`access(2)`:
///   a read-only file, unless the process is root) is refused, as `cp` and a shell redirect refuse it, though the
///   rename would only need the folder. The writer holds a lock on its temporary file while it writes; temporary
///   files of the same output that nobody holds (their writer was killed before it could remove them) are removed
///   before the write, whichever process, PID namespace or container wrote them.
/// - a symbolic link: the links are followed one at a time to the last path of the chain, which is then written as
///   above (the temporary file goes beside that target); the links stay links. A dangling link is refused, as `cp`
///   refuses it, and so is a link the kernel's `protected_symlinks` rule would not follow: one in a sticky folder
///   that everyone may write (`/tmp`, a shared output folder) owned by neither the writing user nor the folder's
///   owner.
/// - a character device (`/dev/null`, a terminal) or a FIFO: opened for writing and written straight through; it
///   is never replaced by a regular file.
/// - a block device, a directory or a socket: refused. Writing an image over the start of a disk is never what was
///   meant, so block devices are refused rather than written through.
///
/// A temporary file still exists while its bytes are written; ``removeTemporaryFilesOnSignals()`` makes SIGINT,
/// SIGTERM and SIGHUP remove it before the process ends, and has a write past `ulimit -f` fail ("file too large")
/// and remove it rather than be ended by SIGXFSZ.
///
/// A path holding a NUL character, which the system would read as ending there, is refused by every read and write
/// (`CodecError.io`, "the path contains a NUL character").
public enum ImageFile {
  /// The path that stands for standard input or output.
  public static let standardStream = "-"

  /// The whole content of the file at `path`, or of standard input for `-`, up to `byteLimit` bytes.
  ///
  /// Standard input, a FIFO or a character device may never end (`/dev/zero`), so nothing is read past the limit:
  /// a regular file larger than it is refused before it is read, any other input as soon as it passes it.
  ///
  /// - Throws: `CodecError.io` with the system's reason; `.inputTooLarge` past `byteLimit`.
  public static func readBytes(atPath path: String, byteLimit: Int) throws(CodecError) -> [UInt8] {
    try readBytes(atPath: path, byteLimit: byteLimit, recognisedBy: nil).bytes
  }

  /// As `readBytes(atPath:byteLimit:)` with `DecoderRegistry.defaultByteLimit`, the limit of every input.
  public static func readBytes(atPath path: String) throws(CodecError) -> [UInt8] {
    try readBytes(atPath: path, byteLimit: DecoderRegistry.defaultByteLimit)
  }

  /// The whole input at `path` within `decoders.byteLimit`, and the decoder that recognised its first bytes.
  package static func readRecognised(atPath path: String, decoders: DecoderRegistry) throws(CodecError)
    -> (bytes: [UInt8], decoder: any ImageDecoder)
  {
    let (bytes, decoder) = try readBytes(atPath: path, byteLimit: decoders.byteLimit, recognisedBy: decoders)
    // Set whenever a registry is given: it was found, or finding it threw.
    guard let decoder else {
      throw .unsupportedFormat(source: displayName(path, input: true), leadingBytes: Array(bytes.prefix(8)))
    }
    return (bytes, decoder)
  }

  /// As `readBytes(atPath:byteLimit:)`; with `decoders`, the first `DecoderRegistry.sniffLength` bytes are shown to
  /// the registry as soon as they are in, so input no decoder recognises (the zeros of `/dev/zero`) fails after a
  /// few bytes instead of at the limit. The decoder found is returned with the bytes.
  /// Under `readPolicy` (by default the registry's, else anywhere), a file outside its folders is refused before it
  /// is opened, and the file opened is checked again.
  package static func readBytes(atPath path: String, byteLimit: Int, recognisedBy decoders: DecoderRegistry?,
    readPolicy: ReadPolicy? = nil) throws(CodecError) -> (bytes: [UInt8], decoder: (any ImageDecoder)?)
  {
    let source = displayName(path, input: true)
    let policy = readPolicy ?? decoders?.readPolicy ?? .anywhere
    try policy.check(path, name: source)
    let fd = path == standardStream ? STDIN_FILENO : try SystemPath.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .io(path: path, detail: "cannot open: \(systemError())") }
    defer { if fd != STDIN_FILENO { close(fd) } }
    try policy.check(descriptor: fd, openedFrom: path, name: source)
    var bytes: [UInt8] = []
    var info = stat()
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
      guard Int(info.st_size) <= byteLimit else { throw .inputTooLarge(source: source, limit: byteLimit) }
      bytes.reserveCapacity(Int(info.st_size))
    }
    var decoder: (any ImageDecoder)?
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      // Until the format is known, read no more than the registry looks at.
      let wanted = decoders != nil && decoder == nil ? DecoderRegistry.sniffLength - bytes.count : chunk.count
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR { continue }
        throw .io(path: source, detail: "cannot read: \(systemError())")
      }
      guard bytes.count + n <= byteLimit else { throw .inputTooLarge(source: source, limit: byteLimit) }
      bytes.append(contentsOf: chunk[0..<n])
      if let decoders, decoder == nil, bytes.count >= DecoderRegistry.sniffLength {
        decoder = try decoders.decoder(for: bytes, source: source)
      }
    }
    if let decoders, decoder == nil { decoder = try decoders.decoder(for: bytes, source: source) }
    return (bytes, decoder)
  }

  /// The first `length` bytes of the regular file at `path` (fewer if it is shorter), or `nil` when it is not a
  /// regular file or cannot be read.
  static func prefix(ofRegularFile path: String, length: Int, readPolicy: ReadPolicy = .anywhere) -> [UInt8]? {
    guard isRegularFile(path), readPolicy.problem(readingFileAt: path) == nil else { return nil }
    guard let fd = try? SystemPath.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), fd >= 0 else { return nil }
    defer { close(fd) }
    guard (try? readPolicy.check(descriptor: fd, openedFrom: path, name: path)) != nil else { return nil }
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
    regularFileStart(atPath: path)?.leading
  }

  /// The first `DecoderRegistry.sniffLength` bytes (or fewer) of the regular file at `path` and the file's size, or
  /// `nil` when it is not a regular file or cannot be read (or, under `readPolicy`, may not be).
  static func regularFileStart(atPath path: String, readPolicy: ReadPolicy = .anywhere)
    -> (leading: [UInt8], size: Int)?
  {
    guard isRegularFile(path) else { return nil }
    guard let fd = try? SystemPath.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), fd >= 0 else { return nil }
    defer { close(fd) }
    guard (try? readPolicy.check(descriptor: fd, openedFrom: path, name: path)) != nil else { return nil }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: DecoderRegistry.sniffLength)
    let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard n >= 0 else { return nil }
    return (Array(bytes[..<n]), Int(info.st_size))
  }

  /// Whether `path` names a regular file (after symbolic links), looked at without opening it: opening a FIFO,
  /// even without blocking, would pair with its writer, and the writer, finding no reader once this closed it,
  /// would end before the real read opens it (which would then wait for a writer forever). The callers check the
  /// descriptor they then open again, so a file swapped in between is still seen for what it is.
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return (try? SystemPath.stat(path, &info)) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  package static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(CodecError) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 {
        if errno == EINTR { continue }
        // Past the process's file size limit (`ulimit -f`, with SIGXFSZ ignored) or the file system's largest file.
        if errno == EFBIG { throw .io(path: path, detail: "file too large: the limit on a file's size was reached") }
        throw .io(path: path, detail: "cannot write: \(systemError())")
      }
      offset += n
    }
  }

  /// The registry's decoder for the input at `path` (`-` for standard input), the input's name for messages, and its
  /// bytes as a `ByteSource`: a regular file is shown to the registry by its first bytes only and read by the decoder
  /// as it decodes, so it is never held whole; standard input or a FIFO is read once, into memory or a spooled
  /// temporary file (see `ByteSource`).
  package static func decoderInput(_ path: String, decoders: DecoderRegistry) throws(CodecError)
    -> (decoder: any ImageDecoder, source: String, bytes: ByteSource)
  {
    let (bytes, decoder) = try ByteSource.input(atPath: path, decoders: decoders)
    return (decoder, bytes.name, bytes)
  }

  /// How a path appears in messages: `<stdin>` and `<stdout>` for `-`.
  public static func displayName(_ path: String, input: Bool) -> String {
    path == standardStream ? (input ? "<stdin>" : "<stdout>") : path
  }

  package static func systemError(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}
