#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization
import Testing

@testable import Decor

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
    let awaited = try await component.rendered(renderer: Renderer(tileSize: 16, threads: 2))
    #expect(awaited == blocking)
  }

  @Test func cancellingTheTaskStopsTheRenderBetweenTiles() async throws {
    let counter = TileCounter()
    // 1024 tiles of 2×2 on one thread, 2 ms each: two seconds if nothing stops it.
    let slow = SlowTiles(counter: counter)
    let task = Task { try await slow.rendered(renderer: Renderer(tileSize: 2, threads: 1)) }
    // Cancelled once the render is under way (on a loaded machine its thread may take a while to start).
    for _ in 0..<1000 where counter.count.load(ordering: .relaxed) < 4 { try await Task.sleep(for: .milliseconds(5)) }
    task.cancel()
    let result = await task.result
    #expect(throws: RenderError.cancelled) { try result.get() }
    let rendered = counter.count.load(ordering: .relaxed)
    #expect(rendered >= 4 && rendered < 1024, "\(rendered) tiles rendered")
  }

  @Test func aTaskCancelledBeforeItStartsRendersNothing() async throws {
    let counter = TileCounter()
    let slow = SlowTiles(counter: counter)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await slow.rendered(renderer: Renderer(tileSize: 4, threads: 2))
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
      try await Failing().rendered()
    }
  }
}
