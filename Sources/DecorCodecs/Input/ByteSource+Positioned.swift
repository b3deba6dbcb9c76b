import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ByteSource {
  /// Reads the source at offsets of the caller's choosing, without a reader and without reading what lies between:
  /// `body` gets the source's size and a function giving the `length` bytes at `offset` (`nil` when they cannot all
  /// be read). What walks a file's structure (a PNG's chunk headers) before a reader decodes it, from a file (opened
  /// once for the whole walk, read with `pread`), bytes in memory or spooled standard input alike.
  ///
  /// - Throws: `CodecError.io` naming the source when a file cannot be opened, or is not a regular file (a FIFO
  ///   named by path can be read only once, and every render reads its source again).
  package func withPositionedReads<T>(_ body: (_ count: Int, _ read: (_ offset: Int, _ length: Int) -> [UInt8]?) -> T)
    throws(CodecError) -> T
  {
    switch storage {
    case .bytes(let bytes):
      return body(bytes.count) { offset, length in
        guard offset >= 0, length >= 0, offset <= bytes.count - length else { return nil }
        return Array(bytes[offset..<offset + length])
      }
    case .file(let path):
      let fd = try openFile(path)
      defer { close(fd) }
      var info = stat()
      guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        throw .io(path: name, detail: "not a regular file (a streamed source is read again by every render)")
      }
      return body(Int(info.st_size)) { offset, length in
        Self.positionedRead(length) { pread(fd, $0.baseAddress, $0.count, off_t(offset + $1)) }
      }
    case .spooled(let file):
      var info = stat()
      guard fstat(file.descriptor, &info) == 0 else {
        throw .io(path: name, detail: "cannot read the temporary file: \(ImageFile.systemError())")
      }
      return body(Int(info.st_size)) { offset, length in
        Self.positionedRead(length) { file.read(into: $0, at: offset + $1) }
      }
    }
  }

  /// `length` bytes read by `read(buffer, done)` (which reads into `buffer` what follows the `done` bytes already
  /// read, returning how many, 0 at the end, −1 on an error), or `nil` when fewer could be read.
  private static func positionedRead(_ length: Int, _ read: (UnsafeMutableRawBufferPointer, Int) -> Int) -> [UInt8]? {
    guard length >= 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: length)
    var done = 0
    while done < length {
      let n = bytes.withUnsafeMutableBytes { read(UnsafeMutableRawBufferPointer(rebasing: $0[done...]), done) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return nil }
      done += n
    }
    return bytes
  }
}
