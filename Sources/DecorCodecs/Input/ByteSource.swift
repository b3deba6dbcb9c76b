import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an image file's bytes come from: a file, bytes in memory, or standard input (or a FIFO or a device) read
/// once into a spooled copy. A format's reader reads any of them the same way (`ByteReader`), so shrink-on-load, the
/// pixel limit and the metadata work alike from each, as image-rs's one `ImageDecoder` over `BufRead + Seek` does.
///
/// A source is an immutable description: every reader opened on it starts at byte 0 and reads on its own, so one
/// render may read it several times (a header, then the rows at a DCT scale chosen after planning). That is why
/// standard input, which can be read only once, is spooled: to an unlinked temporary file when it is larger than
/// `memoryLimit` (so the process holds none of it; libvips and ImageMagick keep a pipe's bytes the same way for
/// their loaders that go back), in memory when it is smaller or no temporary file can be made.
public struct ByteSource: Sendable, CustomStringConvertible {
  /// The storage of the bytes.
  enum Storage: Sendable {
    /// A regular file, opened anew by each reader (and checked by each for a changed header).
    case file(path: String)
    /// Bytes held in memory.
    case bytes([UInt8])
    /// An unlinked temporary file holding what standard input gave.
    case spooled(SpooledFile)
  }

  let storage: Storage
  /// The input's name in messages: the path, `<stdin>` or `<memory>`.
  public let name: String

  /// How much of standard input is kept in memory rather than spooled to a temporary file.
  public static let memoryLimit = 1 << 20

  /// Set for the decode of an `async` call, whose cancellation handler sets it: every read of every reader opened
  /// on the source checks it, so a decoder pulling its bytes (libjpeg, libpng, libwebp, libtiff) stops at its next
  /// read with `CodecError.render(.cancelled)`. `nil` for a blocking call.
  package var cancellation: RenderCancellation?

  /// The files a file source may be: each open of it checks the file opened (see `ReadPolicy`), so a file swapped
  /// between two readings is checked as well.
  package var readPolicy = ReadPolicy.anywhere

  /// This source, its reads stopping once `cancellation` is set.
  package func cancellable(by cancellation: RenderCancellation?) -> ByteSource {
    var source = self
    source.cancellation = cancellation
    return source
  }

  /// The regular file at `path`, named `name` (by default the path) in messages. Nothing is read yet.
  public init(contentsOfFile path: String, name: String? = nil) {
    storage = .file(path: path)
    self.name = name ?? path
  }

  /// Bytes held in memory (an HTTP request's body, a database blob), named `<memory>` in messages by default.
  public init(bytes: [UInt8], name: String = "<memory>") {
    storage = .bytes(bytes)
    self.name = name
  }

  init(spooled file: SpooledFile, name: String) {
    storage = .spooled(file)
    self.name = name
  }

  /// The path of a regular file source; `nil` for bytes in memory and spooled input.
  public var path: String? {
    if case .file(let path) = storage { return path }
    return nil
  }

  /// The bytes of a source held in memory; `nil` for a file or spooled input.
  public var bytesInMemory: [UInt8]? {
    if case .bytes(let bytes) = storage { return bytes }
    return nil
  }

  public var description: String { name }

  /// The file at `path` opened for reading, and checked against `readPolicy`.
  ///
  /// - Throws: `CodecError.io` naming the source when it cannot be opened or may not be read.
  func openFile(_ path: String) throws(CodecError) -> Int32 {
    let fd = try SystemPath.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .io(path: name, detail: "cannot open: \(ImageFile.systemError())") }
    do {
      try readPolicy.check(descriptor: fd, openedFrom: path, name: name)
    } catch {
      close(fd)
      throw error
    }
    return fd
  }

  /// A reader positioned at byte 0.
  ///
  /// - Throws: `CodecError.io` when a file cannot be opened.
  package func openReader() throws(CodecError) -> ByteReader { try ByteReader(self) }

  /// The first `length` bytes (fewer if the input is shorter), or `nil` when they cannot be read.
  package func prefix(_ length: Int) -> [UInt8]? {
    switch storage {
    case .file(let path): return ImageFile.prefix(ofRegularFile: path, length: length, readPolicy: readPolicy)
    case .bytes(let bytes): return Array(bytes.prefix(length))
    case .spooled(let file): return file.prefix(length)
    }
  }

  /// Every byte, for a decoder that needs the whole file at once.
  ///
  /// - Throws: `CodecError.io` when the input cannot be read.
  package func allBytes() throws(CodecError) -> [UInt8] {
    switch storage {
    case .file(let path):
      return try ImageFile.readBytes(atPath: path, byteLimit: DecoderRegistry.defaultByteLimit, recognisedBy: nil,
        readPolicy: readPolicy).bytes
    case .bytes(let bytes): return bytes
    case .spooled(let file): return try file.allBytes(name: name)
    }
  }

  /// What is at `path`: a regular file as itself (nothing read), standard input (`-`), a FIFO or a device read to its
  /// end within `byteLimit` (into memory or a spooled file, see the type's notes), the first
  /// `DecoderRegistry.sniffLength` bytes shown to `decoders` as soon as they are in, so input no decoder recognises
  /// (the zeros of `/dev/zero`) fails after a few bytes.
  ///
  /// - Throws: `CodecError.io` with the system's reason, `.inputTooLarge` past `byteLimit` (a regular file before
  ///   it is read), `.unsupportedFormat` or `.ambiguousFormat`.
  package static func input(atPath path: String, decoders: DecoderRegistry) throws(CodecError)
    -> (bytes: ByteSource, decoder: any ImageDecoder)
  {
    let name = ImageFile.displayName(path, input: true)
    let policy = decoders.readPolicy
    // Refused before anything is opened: a device or FIFO outside the allowed folders is never opened.
    try policy.check(path, name: name)
    if path != ImageFile.standardStream, let start = ImageFile.regularFileStart(atPath: path, readPolicy: policy) {
      guard start.size <= decoders.byteLimit else { throw .inputTooLarge(source: name, limit: decoders.byteLimit) }
      var source = ByteSource(contentsOfFile: path, name: name)
      source.readPolicy = policy
      return (source, try decoders.decoder(for: start.leading, source: name))
    }
    let fd = path == ImageFile.standardStream ? STDIN_FILENO : try SystemPath.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .io(path: path, detail: "cannot open: \(ImageFile.systemError())") }
    defer { if fd != STDIN_FILENO { close(fd) } }
    try policy.check(descriptor: fd, openedFrom: path, name: name)
    var leading: [UInt8] = []
    var decoder: (any ImageDecoder)?
    var spool: SpooledFile?
    var total = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      // Until the format is known, read no more than the registry looks at.
      let wanted = decoder == nil ? DecoderRegistry.sniffLength - leading.count : chunk.count
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR { continue }
        throw .io(path: name, detail: "cannot read: \(ImageFile.systemError())")
      }
      guard total + n <= decoders.byteLimit else { throw .inputTooLarge(source: name, limit: decoders.byteLimit) }
      total += n
      if let spool {
        try spool.append(chunk[0..<n], name: name)
      } else {
        leading.append(contentsOf: chunk[0..<n])
        if leading.count > memoryLimit, let file = SpooledFile() {
          try file.append(leading[...], name: name)
          leading = []
          spool = file
        }
      }
      if decoder == nil, leading.count >= DecoderRegistry.sniffLength {
        decoder = try decoders.decoder(for: leading, source: name)
      }
    }
    let found: any ImageDecoder
    if let decoder { found = decoder } else { found = try decoders.decoder(for: leading, source: name) }
    if let spool { return (ByteSource(spooled: spool, name: name), found) }
    return (ByteSource(bytes: leading, name: name), found)
  }
}
