import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An unlinked temporary file holding the bytes of an input that can be read only once (standard input, a FIFO), so
/// that readers can go back to its start without the process holding it (see `ByteSource`). Written once, while the
/// input is read, then only read with `pread`, each reader at its own offset; the descriptor is closed, and the
/// space freed, when the last source holding it goes.
final class SpooledFile: Sendable {
  /// The open descriptor of the unlinked file.
  let descriptor: Int32

  /// An empty file in `TMPDIR` (or `/tmp`), unlinked at once so that nothing is left behind whatever ends the
  /// process; `nil` when none can be made (the input is then kept in memory).
  init?() {
    let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((folder + "/.decor-input-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    descriptor = fd
  }

  deinit { close(descriptor) }

  /// Appends `bytes` at the end.
  ///
  /// - Throws: `CodecError.io` naming `name` (the input) when the temporary file cannot take them (a full disk).
  func append(_ bytes: ArraySlice<UInt8>, name: String) throws(CodecError) {
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .io(path: name, detail: "cannot keep the input in a temporary file: \(ImageFile.systemError())")
      }
      done += n
    }
  }

  /// Up to `buffer.count` bytes from `offset`; 0 at the end, −1 on an error (`errno` says which).
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
    while true {
      let n = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
      if n < 0 && errno == EINTR { continue }
      return n
    }
  }

  /// The first `length` bytes, or fewer.
  func prefix(_ length: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: length)
    var done = 0
    while done < length {
      let n = bytes.withUnsafeMutableBytes { read(into: UnsafeMutableRawBufferPointer(rebasing: $0[done...]), at: done) }
      if n < 0 { return nil }
      if n == 0 { break }
      done += n
    }
    return Array(bytes[..<done])
  }

  /// Every byte.
  func allBytes(name: String) throws(CodecError) -> [UInt8] {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .io(path: name, detail: "cannot read the temporary file: \(ImageFile.systemError())")
    }
    let size = Int(info.st_size)
    guard let bytes = prefix(size), bytes.count == size else {
      throw .io(path: name, detail: "cannot read the temporary file: \(ImageFile.systemError())")
    }
    return bytes
  }
}
