#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and writing whole files, with `-` meaning standard input or output.
///
/// Writes are atomic: the bytes go to a temporary file beside the target, which is renamed over the target only
/// once everything has been written, so a failure never leaves a partial or truncated file behind.
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

  /// Writes `bytes` to `path` atomically (see the type's notes), or to standard output for `-`.
  ///
  /// A new file gets the usual permissions (0666 less the umask); an existing one is replaced.
  /// - Throws: `CodecError.io` with the system's reason; the target is then untouched.
  public static func writeAtomically(_ bytes: [UInt8], toPath path: String) throws(CodecError) {
    if path == standardStream {
      try writeAll(bytes, to: STDOUT_FILENO, path: displayName(path, input: false))
      return
    }
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty else { throw .io(path: path, detail: "cannot write: not a file name") }
    var template = Array("\(directory).\(name).decor-tmp-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw .io(path: path, detail: "cannot create a file in its folder: \(systemError())") }
    let temporary = String(cString: template)
    var open = true
    do throws(CodecError) {
      let mask = umask(0)
      umask(mask)
      fchmod(fd, 0o666 & ~mask)
      try writeAll(bytes, to: fd, path: path)
      open = false
      guard close(fd) == 0 else { throw .io(path: path, detail: "cannot write: \(systemError())") }
      guard rename(temporary, path) == 0 else {
        throw .io(path: path, detail: "cannot replace: \(systemError())")
      }
    } catch {
      if open { close(fd) }
      unlink(temporary)
      throw error
    }
  }

  static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(CodecError) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .io(path: path, detail: "cannot write: \(systemError())")
      }
      offset += n
    }
  }

  /// How a path appears in messages: `<stdin>` and `<stdout>` for `-`.
  public static func displayName(_ path: String, input: Bool) -> String {
    path == standardStream ? (input ? "<stdin>" : "<stdout>") : path
  }

  static func systemError() -> String { String(cString: strerror(errno)) }
}

extension Raster {
  /// Reads an image file (`-` for standard input), with the decoder that recognises it.
  ///
  /// - Throws: `CodecError`: `.io` if the file cannot be read, `.unsupportedFormat`, `.corrupt`, `.tooLarge`.
  public init(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    let bytes = try ImageFile.readBytes(atPath: path)
    self = try decoders.decode(bytes, source: ImageFile.displayName(path, input: true), pixelLimit: pixelLimit)
  }

  /// Writes the raster as a PNG file (`-` for standard output), atomically.
  ///
  /// - Throws: `CodecError.encodingFailed` or `.io`; on error no file is left at `path`.
  public func writePNG(toFile path: String, compression: PNGCompression = .default) throws(CodecError) {
    let data = try PNGCodec.encode(self, compression: compression, destination: ImageFile.displayName(path, input: false))
    try ImageFile.writeAtomically(data, toPath: path)
  }
}
