#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization
import Testing

import Decor

/// Cancelling the task awaiting an `async` encode stops the render before its next tile, for every encoder that
/// takes the image band by band (PNG, JPEG, WebP): the bands not yet rendered are never computed, and the call
/// throws `CodecError.render(.cancelled)`.
@Suite struct AsyncEncodingCancellationTests {
  /// Cancels the task it is given when a render of its own reaches its fourth tile: cancellation at a known point
  /// of the render, whatever the machine's load.
  final class CancelAtTile: Sendable {
    let task = Mutex<Task<[UInt8], any Error>?>(nil)
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

  /// An encode into `encoder` of `CancellingTiles`, from a task whose handle the component holds before the render
  /// starts: its result, and how many tiles were rendered.
  static func cancelledEncode(_ encoder: some ImageEncoder) async -> (Result<[UInt8], any Error>, tiles: Int) {
    let control = CancelAtTile()
    let task = Task {
      // Encoding waits until the handle is stored, so that the fourth tile can always cancel.
      while control.task.withLock({ $0 == nil }) { await Task.yield() }
      return try await CancellingTiles(control: control).encoded(as: encoder,
        renderer: Renderer(tileSize: 8, threads: 2))
    }
    control.task.withLock { $0 = task }
    return (await task.result, control.count.load(ordering: .relaxed))
  }

  /// 1024 tiles of 8×8 on two threads: each thread stops before its next tile, far from all 1024.
  static func expectStopped(_ result: Result<[UInt8], any Error>, tiles: Int) {
    #expect(throws: CodecError.render(.cancelled)) { try result.get() }
    #expect(tiles >= 4 && tiles < 64, "\(tiles) tiles")
  }

  @Test func cancellingStopsAPNGEncode() async {
    let (result, tiles) = await Self.cancelledEncode(.png())
    Self.expectStopped(result, tiles: tiles)
  }

  @Test func cancellingStopsAJPEGEncode() async throws {
    let (result, tiles) = await Self.cancelledEncode(try .jpeg(quality: 90))
    Self.expectStopped(result, tiles: tiles)
  }

  @Test func cancellingStopsAWebPEncode() async throws {
    let (result, tiles) = await Self.cancelledEncode(try .webp(quality: 90))
    Self.expectStopped(result, tiles: tiles)
  }
}
