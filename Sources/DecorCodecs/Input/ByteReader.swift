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

/// One sequential reading of a `ByteSource`, from byte 0: a file opened for this reader alone, an offset into bytes
/// in memory or into a spooled file. What a format's reader pulls its compressed bytes from.
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

  init(_ source: ByteSource) throws(CodecError) {
    name = source.name
    switch source.storage {
    case .file(let path):
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { throw .io(path: source.name, detail: "cannot open: \(ImageFile.systemError())") }
      input = .descriptor(fd)
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

  /// What a C source's read function (libjpeg's, `decor_jpeg_read_function`) returns for this reader, given as its
  /// context: the bytes read, 0 at the end, −1 on an error kept in `failure`.
  package static func read(context: UnsafeMutableRawPointer?, buffer: UnsafeMutablePointer<UInt8>?, capacity: Int)
    -> Int
  {
    guard let context, let buffer else { return -1 }
    let reader = Unmanaged<ByteReader>.fromOpaque(context).takeUnretainedValue()
    return (try? reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))) ?? -1
  }
}
