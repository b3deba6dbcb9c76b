import DecorCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an encoder puts a file's bytes as it makes them: a file being written (the temporary file of
/// `ImageFile.write(toPath:_:)`), or memory. The stream target of the writing calls
/// (`ImageComponent.write(into:as:metadata:region:renderer:trace:)`): a memory sink is read once the write has
/// returned.
///
/// An encoder that streams (the PNG encoder) writes its chunks as they are compressed, so a large output is never
/// held in memory. `restart()` throws away everything written so far, for an encoder that must
/// begin again (the PNG encoder switching from RGB to RGBA); only sinks that can do that are handed out: a
/// temporary file is truncated, memory emptied. A device or FIFO, which cannot take back what it was sent, gets a
/// memory sink whose bytes are written once the encoder has finished.
///
/// Sendable, so that an `async` write can be handed one: its state is behind a lock, taken once a write (a PNG part,
/// a JPEG band's bytes), and one write at a time is all a sink is meant to take.
public final class ByteSink: Sendable {
  /// The file descriptor written to, or `nil` for memory (or a forwarding sink).
  let descriptor: Int32?
  /// The name errors report.
  let path: String
  /// The sink this one hands its bytes to, for a sink made for one `async` write into a caller's sink.
  let target: ByteSink?
  /// The flag of the `async` call this sink is written for: once it is set, `write` throws
  /// `CodecError.render(.cancelled)`, so that an encoder working from a whole raster stops at its next write, and
  /// encoders that can stop inside their library (WebP's progress hook) read it there.
  package let cancellation: RenderCancellation?

  private struct State {
    var bytes: [UInt8] = []
    var count = 0
  }
  private let state = Mutex(State())

  /// The bytes, for a memory sink.
  public var bytes: [UInt8] { state.withLock { $0.bytes } }
  /// How many bytes were written since the start (or the last restart).
  public var count: Int { state.withLock { $0.count } }

  /// A sink that keeps the bytes in memory (`bytes`).
  public convenience init() {
    self.init(cancellation: nil)
  }

  /// A memory sink whose writes stop once `cancellation` is set.
  package init(cancellation: RenderCancellation?) {
    descriptor = nil
    path = "<memory>"
    target = nil
    self.cancellation = cancellation
  }

  package init(descriptor: Int32, path: String, cancellation: RenderCancellation? = nil) {
    self.descriptor = descriptor
    self.path = path
    target = nil
    self.cancellation = cancellation
  }

  /// A sink that passes everything on to `target` (writes and restarts), stopping once `cancellation` is set: what
  /// an `async` write into a caller's sink writes to, so that the caller's sink is never marked.
  package init(forwardingTo target: ByteSink, cancellation: RenderCancellation?) {
    descriptor = nil
    path = target.path
    self.target = target
    self.cancellation = cancellation
  }

  /// Throws `CodecError.render(.cancelled)` once the sink's cancellation is set.
  package func checkCancellation() throws(CodecError) {
    if cancellation?.isCancelled == true { throw .render(.cancelled) }
  }

  /// Appends `data`.
  ///
  /// - Throws: `CodecError.io` if the file cannot be written; `.render(.cancelled)` once the `async` call the sink
  ///   is written for is cancelled.
  public func write(_ data: [UInt8]) throws(CodecError) {
    try checkCancellation()
    if let target {
      try target.write(data)
      state.withLock { $0.count += data.count }
      return
    }
    guard let descriptor else {
      state.withLock {
        $0.count += data.count
        $0.bytes += data
      }
      return
    }
    state.withLock { $0.count += data.count }
    try ImageFile.writeAll(data, to: descriptor, path: path)
  }

  /// Discards everything written so far.
  ///
  /// - Throws: `CodecError.io` if the file cannot be truncated.
  public func restart() throws(CodecError) {
    state.withLock { $0 = State() }
    if let target {
      try target.restart()
      return
    }
    guard let descriptor else { return }
    guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw .io(path: path, detail: "cannot write: \(ImageFile.systemError())")
    }
  }
}
