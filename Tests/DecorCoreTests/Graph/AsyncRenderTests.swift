#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization
import Testing

import Decor
import DecorTestSupport

/// The `async` render: the same pixels as the blocking one, cancellation honoured between tiles, and a
/// component's own error handed on as `RenderError.failed`.
@Suite struct AsyncRenderTests {
  /// Counts the tiles it renders (shared by the test, never by two tests) and sleeps in each, so that a render
  /// of many tiles takes long enough to be cancelled part-way.
  final class TileCounter: Sendable {
    let count = Atomic<Int>(0)
  }

  struct SlowTiles: ImageComponent, CustomStringConvertible {
    let counter: TileCounter
    let extent = IntRect(x: 0, y: 0, width: 64, height: 64)
    var description: String { "slow tiles" }

    func render(_ region: IntRect, context: RenderContext) throws -> Raster {
      counter.count.wrappingAdd(1, ordering: .relaxed)
      usleep(2_000)
      return try Raster(width: region.width, height: region.height, fill: .white)
    }
  }

  struct Unlucky: Error, CustomStringConvertible {
    var description: String { "no luck today" }
  }

  struct Failing: ImageComponent, CustomStringConvertible {
    let extent = IntRect(x: 0, y: 0, width: 8, height: 8)
    var description: String { "failing" }
    func render(_ region: IntRect, context: RenderContext) throws -> Raster { throw Unlucky() }
  }

  @Test func asyncRenderGivesTheBlockingRendersPixels() async throws {
    let chain = try Chain(parsing: ["rotate 20 | shadow 4 4 blur=5 | blur 3"])
    let image = try Raster(width: 40, height: 30, fill: RGBA8(r: 200, g: 40, b: 40, a: 255))
    let component = try chain.apply(to: image)
    let blocking: Raster = try { () throws(RenderError) in try component.rendered() }()
    let awaited = try await component.renderedAsync(renderer: Renderer(tileSize: 16, threads: 2))
    #expect(awaited == blocking)
  }

  /// Cancels the task it is given when a render of its own reaches its fourth tile: cancellation at a known
  /// point of the render, whatever the machine's load.
  final class CancelAtTile: Sendable {
    let task = Mutex<Task<Raster, any Error>?>(nil)
    let count = Atomic<Int>(0)
  }

  struct CancellingTiles: ImageComponent, CustomStringConvertible {
    let control: CancelAtTile
    let extent = IntRect(x: 0, y: 0, width: 64, height: 64)
    var description: String { "cancelling tiles" }

    func render(_ region: IntRect, context: RenderContext) throws -> Raster {
      if control.count.wrappingAdd(1, ordering: .relaxed).newValue == 4 {
        control.task.withLock { $0?.cancel() }
      }
      usleep(200)  // long beside the time a cancellation takes to reach the flag
      return try Raster(width: region.width, height: region.height, fill: .white)
    }
  }

  /// A render of `CancellingTiles` from a task whose handle the component holds before the render starts.
  static func cancelledRender(threads: Int) async -> (Result<Raster, any Error>, tiles: Int) {
    let control = CancelAtTile()
    let task = Task {
      // Rendering waits until the handle is stored, so that the fourth tile can always cancel.
      while control.task.withLock({ $0 == nil }) { await Task.yield() }
      return try await CancellingTiles(control: control).renderedAsync(renderer: Renderer(tileSize: 2, threads: threads))
    }
    control.task.withLock { $0 = task }
    return (await task.result, control.count.load(ordering: .relaxed))
  }

  @Test func cancellingTheTaskStopsTheRenderBetweenTiles() async throws {
    // 1024 tiles of 2×2. On one thread the fourth cancels the task, so no fifth starts.
    let (alone, tiles) = await Self.cancelledRender(threads: 1)
    #expect(throws: RenderError.cancelled) { try alone.get() }
    #expect(tiles == 4)
    // On two threads each stops before its next tile: a few tiles more at most, far from all 1024.
    let (shared, sharedTiles) = await Self.cancelledRender(threads: 2)
    #expect(throws: RenderError.cancelled) { try shared.get() }
    #expect(sharedTiles >= 4 && sharedTiles < 64, "\(sharedTiles) tiles")
  }

  @Test func aTaskCancelledBeforeItStartsRendersNothing() async throws {
    let counter = TileCounter()
    let slow = SlowTiles(counter: counter)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await slow.renderedAsync(renderer: Renderer(tileSize: 4, threads: 2))
    }
    await #expect(throws: RenderError.cancelled) { try await task.value }
    #expect(counter.count.load(ordering: .relaxed) == 0)
  }

  @Test func aComponentsOwnErrorComesBackAsFailedNamingIt() throws {
    for threads in [1, 2] {
      let renderer = Renderer(tileSize: 4, threads: threads)
      for component: any ImageComponent in [Failing(), Failing().padded(by: 2)] {
        do {
          _ = try component.rendered(renderer: renderer)
          Issue.record("rendered")
        } catch {
          guard case .failed(let component, let underlying) = error else {
            Issue.record("\(error)")
            continue
          }
          #expect(component == "failing" && underlying is Unlucky)
          #expect(error.description == "failing: no luck today")
        }
      }
    }
  }

  @Test func anAsyncRenderHandsOnAComponentsOwnErrorToo() async throws {
    await #expect(throws: RenderError.failed(component: "failing", error: Unlucky())) {
      try await Failing().renderedAsync()
    }
  }
}
