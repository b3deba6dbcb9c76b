#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Synchronization
import Testing

import Decor
import DecorTestSupport

/// Cancelling the task awaiting an `async` write stops the render before its next tile, for every writing call (to
/// a file, to bytes, into a sink) and every encoder that takes the image band by band (PNG, JPEG, WebP): the bands
/// not yet rendered are never computed, the call throws `CodecError.render(.cancelled)`, and a file being written is
/// left as it was, with no temporary file beside it.
@Suite struct AsyncEncodingCancellationTests {
  /// Cancels the task it is given when a render of its own reaches its fourth tile: cancellation at a known point
  /// of the render, whatever the machine's load.
  final class CancelAtTile: Sendable {
    let task = Mutex<Task<Void, any Error>?>(nil)
    let count = Atomic<Int>(0)
  }

  struct CancellingTiles: ImageComponent, CustomStringConvertible {
    let control: CancelAtTile
    let extent = IntRect(x: 0, y: 0, width: 256, height: 256)
    var description: String { "cancelling tiles" }

    func render(_ region: IntRect, context: RenderContext) throws -> Raster {
      if control.count.wrappingAdd(1, ordering: .relaxed).newValue == 4 {
        control.task.withLock { $0?.cancel() }
      }
      usleep(200)  // long beside the time a cancellation takes to reach the flag
      return try Raster(width: region.width, height: region.height, fill: RGBA8(r: 90, g: 140, b: 30, a: 255))
    }
  }

  /// The renderer every write here uses: 1024 tiles of 8×8 on two threads.
  static let renderer = Renderer(tileSize: 8, threads: 2)

  /// Runs `write` on `CancellingTiles` from a task whose handle the component holds before the render starts: its
  /// result, and how many tiles were rendered.
  static func cancelled(_ write: @escaping @Sendable (CancellingTiles) async throws -> Void) async
    -> (Result<Void, any Error>, tiles: Int)
  {
    let control = CancelAtTile()
    let task = Task {
      // Writing waits until the handle is stored, so that the fourth tile can always cancel.
      while control.task.withLock({ $0 == nil }) { await Task.yield() }
      try await write(CancellingTiles(control: control))
    }
    control.task.withLock { $0 = task }
    return (await task.result, control.count.load(ordering: .relaxed))
  }

  /// Each thread stops before its next tile, far from all 1024.
  static func expectStopped(_ result: Result<Void, any Error>, tiles: Int, _ label: String) {
    #expect(throws: CodecError.render(.cancelled), "\(label)") { try result.get() }
    #expect(tiles >= 4 && tiles < 64, "\(label): \(tiles) tiles")
  }

  static func encoder(_ format: String) throws -> any ImageEncoder {
    switch format {
    case "png": PNGImageEncoder()
    case "jpeg": try .jpeg(quality: 90)
    default: try .webp(quality: 90)
    }
  }

  @Test(arguments: ["png", "jpeg", "webp"])
  func cancellingStopsEncodingToBytes(format: String) async throws {
    let encoder = try Self.encoder(format)
    let (result, tiles) = await Self.cancelled { image in
      _ = try await image.encodedAsync(as: encoder, renderer: Self.renderer)
    }
    Self.expectStopped(result, tiles: tiles, "\(format), bytes")
  }

  @Test(arguments: ["png", "jpeg", "webp"])
  func cancellingStopsWritingIntoASink(format: String) async throws {
    let encoder = try Self.encoder(format)
    let sink = ByteSink()
    let (result, tiles) = await Self.cancelled { image in
      try await image.writeAsync(into: sink, as: encoder, renderer: Self.renderer)
    }
    Self.expectStopped(result, tiles: tiles, "\(format), sink")
  }

  /// A new file is not created, an old one stays as it was, and no temporary file is left in the folder.
  @Test(arguments: ["png", "jpeg", "webp"])
  func cancellingStopsWritingAFileAndLeavesNothing(format: String) async throws {
    let encoder = try Self.encoder(format)
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out." + encoder.fileExtensions[0]).path
    let (result, tiles) = await Self.cancelled { image in
      try await image.writeAsync(to: path, as: encoder, renderer: Self.renderer)
    }
    Self.expectStopped(result, tiles: tiles, "\(format), new file")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    // Through the registry, over an existing file.
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
    let (replacing, replacingTiles) = await Self.cancelled { image in
      try await image.writeAsync(to: path, renderer: Self.renderer)
    }
    Self.expectStopped(replacing, tiles: replacingTiles, "\(format), old file")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [(path as NSString).lastPathComponent])
    #expect(try Fixtures.bytes(URL(fileURLWithPath: path)) == [1, 2, 3])
  }

  /// A task cancelled before the work starts does none of it.
  @Test func aTaskCancelledBeforehandRendersNothing() async throws {
    let control = CancelAtTile()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      _ = try await CancellingTiles(control: control).encodedAsync(as: .png(), renderer: Self.renderer)
    }
    await #expect(throws: CodecError.render(.cancelled)) { try await task.value }
    #expect(control.count.load(ordering: .relaxed) == 0)
  }

  /// A raster is encoded without a render: its encode stops at the encoder's next write (PNG, JPEG) or progress
  /// report (libwebp), long before it would end: into a sink, fewer bytes than the file's are written; to a file,
  /// nothing is left. (How soon, in milliseconds, is `decor-bench cancel`'s to measure: a test's clock includes the
  /// time the test waits for a thread of a loaded pool. `WebPCancellationTests` checks libwebp's hook itself.)
  @Test(arguments: ["png", "jpeg", "webp"])
  func cancellingStopsEncodingARaster(format: String) async throws {
    let encoder = try Self.encoder(format)
    // Noise, opaque: a second or more of work for each encoder, with nothing to render.
    var random = SplitMix64(seed: 7)
    let side = 2000
    var bytes = [UInt8](repeating: 255, count: side * side * 4)
    for pixel in 0..<side * side {
      let value = random.next()
      bytes[pixel * 4] = UInt8(truncatingIfNeeded: value)
      bytes[pixel * 4 + 1] = UInt8(truncatingIfNeeded: value >> 8)
      bytes[pixel * 4 + 2] = UInt8(truncatingIfNeeded: value >> 16)
    }
    let raster = try Raster(width: side, height: side, straightBytes: bytes)
    let whole = try await raster.encodedAsync(as: encoder).count
    // The cancellation is sent 20 ms in, but on a loaded machine (a sanitizer's run) the test's own task may wake
    // later than the encode ends: a write that ended first must then be whole, one cancelled must have stopped.
    var stopped = 0
    let sink = ByteSink()
    let streaming = Task { try await raster.writeAsync(into: sink, as: encoder) }
    try await Task.sleep(for: .milliseconds(20))
    streaming.cancel()
    switch await streaming.result {
    case .success:
      #expect(sink.count == whole, "\(format): a write that ended gave \(sink.count) of \(whole) bytes")
    case .failure(let error):
      #expect(error as? CodecError == .render(.cancelled), "\(format), sink: \(error)")
      #expect(sink.count < whole, "\(format): \(sink.count) of \(whole) bytes")
      stopped += 1
    }
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out." + encoder.fileExtensions[0]).path
    let writing = Task { try await raster.writeAsync(to: path, as: encoder) }
    try await Task.sleep(for: .milliseconds(20))
    writing.cancel()
    switch await writing.result {
    case .success:
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out." + encoder.fileExtensions[0]])
    case .failure(let error):
      #expect(error as? CodecError == .render(.cancelled), "\(format), file: \(error)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
      stopped += 1
    }
    // A task cancelled before it starts never writes: the cancellation reaches the encoder whatever the timing.
    let early = ByteSink()
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await raster.writeAsync(into: early, as: encoder)
    }
    await #expect(throws: CodecError.render(.cancelled)) { try await cancelled.value }
    #expect(early.count == 0)
    // On an idle machine both stop (what `decor-bench cancel` times); the count is printed for the record.
    print("\(format): \(stopped) of 2 raster writes stopped by a cancellation 20 ms in")
  }
}
