import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's `read`, which `ByteReader.read(into:)` hides inside the type.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }

/// The system's `pread`, which `ByteReader.read(into:at:)` hides inside the type.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, at offset: Int) -> Int {
  pread(fd, buffer, count, off_t(offset))
}

/// One sequential reading of a `ByteSource`, from byte 0: a file opened for this reader alone, an offset into bytes
/// in memory or into a spooled file. What a format's reader pulls its compressed bytes from. Every kind of source
/// can also be read at any offset (`read(into:at:)`, `size()`), for a format whose reader goes back and forth
/// (libtiff's, which follows the offsets of a TIFF's directories); that leaves the sequential offset alone.
///
/// Not `Sendable`: it belongs to the one reader that uses it. A file is closed when the reader goes.
package final class ByteReader {
  /// Where the bytes are read from.
  private enum Input {
    case descriptor(Int32)
    case bytes([UInt8])
    case spooled(SpooledFile)
  }

  private let input: Input
  /// The source's name, for messages.
  package let name: String
  /// How many bytes were read so far.
  package private(set) var offset = 0
  /// Why the last read failed, for the decoder to throw in place of its own words.
  package private(set) var failure: CodecError?

  /// Checked before every read (see `ByteSource.cancellation`).
  private let cancellation: RenderCancellation?

  init(_ source: ByteSource) throws(CodecError) {
    name = source.name
    cancellation = source.cancellation
    switch source.storage {
    case .file(let path): input = .descriptor(try source.openFile(path))
    case .bytes(let bytes): input = .bytes(bytes)
    case .spooled(let file): input = .spooled(file)
    }
  }

  deinit {
    if case .descriptor(let fd) = input { close(fd) }
  }

  /// Copies up to `buffer.count` of the next bytes into `buffer`: how many (0 at the end).
  ///
  /// - Throws: `CodecError.io` when the input cannot be read.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(CodecError) -> Int {
    try checkCancellation()
    let n: Int
    switch input {
    case .bytes(let bytes):
      n = Swift.min(buffer.count, bytes.count - offset)
      if n > 0 {
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
      }
    case .descriptor(let fd):
      var got = systemRead(fd, buffer.baseAddress, buffer.count)
      while got < 0 && errno == EINTR { got = systemRead(fd, buffer.baseAddress, buffer.count) }
      n = got
    case .spooled(let file):
      n = file.read(into: buffer, at: offset)
    }
    guard n >= 0 else {
      let error = CodecError.io(path: name, detail: "cannot read: \(ImageFile.systemError())")
      failure = error
      throw error
    }
    offset += n
    return n
  }

  /// Copies up to `bytes.count` of the next bytes into the start of `bytes`: how many (0 at the end).
  ///
  /// - Throws: `CodecError.io` when the input cannot be read.
  package func read(into bytes: inout [UInt8]) throws(CodecError) -> Int {
    let n = bytes.withUnsafeMutableBytes { buffer in Result { () throws(CodecError) in try read(into: buffer) } }
    return try n.get()
  }

  /// Copies up to `buffer.count` bytes from `position` into `buffer`: how many (0 at or past the end). The
  /// sequential `offset` is not moved.
  ///
  /// - Throws: `CodecError.io` when the input cannot be read.
  package func read(into buffer: UnsafeMutableRawBufferPointer, at position: Int) throws(CodecError) -> Int {
    try checkCancellation()
    guard position >= 0 else { return 0 }
    let n: Int
    switch input {
    case .bytes(let bytes):
      n = position >= bytes.count ? 0 : Swift.min(buffer.count, bytes.count - position)
      if n > 0 {
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: n) }
      }
    case .descriptor(let fd):
      var got = systemRead(fd, buffer.baseAddress, buffer.count, at: position)
      while got < 0 && errno == EINTR { got = systemRead(fd, buffer.baseAddress, buffer.count, at: position) }
      n = got
    case .spooled(let file):
      n = file.read(into: buffer, at: position)
    }
    guard n >= 0 else {
      let error = CodecError.io(path: name, detail: "cannot read: \(ImageFile.systemError())")
      failure = error
      throw error
    }
    return n
  }

  /// Throws `CodecError.render(.cancelled)`, kept as the reader's `failure` for the decoder to throw in place of its
  /// library's words, once the source's cancellation is set.
  private func checkCancellation() throws(CodecError) {
    guard let cancellation, cancellation.isCancelled else { return }
    failure = .render(.cancelled)
    throw .render(.cancelled)
  }

  /// How many bytes the input holds now.
  ///
  /// - Throws: `CodecError.io` when the size of a file cannot be read.
  package func size() throws(CodecError) -> Int {
    let fd: Int32
    switch input {
    case .bytes(let bytes): return bytes.count
    case .descriptor(let descriptor): fd = descriptor
    case .spooled(let file): fd = file.descriptor
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let error = CodecError.io(path: name, detail: "cannot read its size: \(ImageFile.systemError())")
      failure = error
      throw error
    }
    return Int(info.st_size)
  }

  /// What a C source's read function (libjpeg's, `decor_jpeg_read_function`) returns for this reader, given as its
  /// context: the bytes read, 0 at the end, −1 on an error kept in `failure`.
  package static func read(context: UnsafeMutableRawPointer?, buffer: UnsafeMutablePointer<UInt8>?, capacity: Int)
    -> Int
  {
    guard let context, let buffer else { return -1 }
    let reader = Unmanaged<ByteReader>.fromOpaque(context).takeUnretainedValue()
    return (try? reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))) ?? -1
  }

  /// As `read(context:buffer:capacity:)`, from `position` (libtiff's reads, `decor_tiff_io.source_read`).
  package static func read(context: UnsafeMutableRawPointer?, buffer: UnsafeMutableRawPointer?, capacity: Int,
    at position: UInt64) -> Int
  {
    guard let context, let buffer, position <= UInt64(Int.max) else { return -1 }
    let reader = Unmanaged<ByteReader>.fromOpaque(context).takeUnretainedValue()
    return (try? reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity), at: Int(position)))
      ?? -1
  }
}
