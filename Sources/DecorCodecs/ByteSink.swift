import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an encoder puts a file's bytes as it makes them: a file being written (the temporary file of
/// `ImageFile.write(toPath:_:)`), or memory.
///
/// An encoder that streams (the PNG encoder) writes its chunks as they are compressed, so a large output is never
/// held in memory. `restart()` throws away everything written so far, for an encoder that must
/// begin again (the PNG encoder switching from RGB to RGBA); only sinks that can do that are handed out: a
/// temporary file is truncated, memory emptied. A device or FIFO, which cannot take back what it was sent, gets a
/// memory sink whose bytes are written once the encoder has finished.
public final class ByteSink {
  /// The file descriptor written to, or `nil` for memory.
  let descriptor: Int32?
  /// The name errors report.
  let path: String
  /// The bytes, for a memory sink.
  public private(set) var bytes: [UInt8] = []
  /// How many bytes were written since the start (or the last restart).
  public private(set) var count = 0

  /// A sink that keeps the bytes in memory (`bytes`).
  public init() {
    descriptor = nil
    path = "<memory>"
  }

  package init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  /// Appends `data`.
  ///
  /// - Throws: `CodecError.io` if the file cannot be written.
  public func write(_ data: [UInt8]) throws(CodecError) {
    count += data.count
    guard let descriptor else {
      bytes += data
      return
    }
    try ImageFile.writeAll(data, to: descriptor, path: path)
  }

  /// Discards everything written so far.
  ///
  /// - Throws: `CodecError.io` if the file cannot be truncated.
  public func restart() throws(CodecError) {
    count = 0
    guard let descriptor else {
      bytes = []
      return
    }
    guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw .io(path: path, detail: "cannot write: \(ImageFile.systemError())")
    }
  }
}
