import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Renders a component by cutting the output into square tiles and rendering them concurrently.
///
/// Every tile goes through the whole chain on its own (each decorator asking its input only for what that tile
/// needs), so memory stays proportional to the tile size times the chain's footprints rather than to the image,
/// and the output is the same whatever the tile size or thread count.
public struct Renderer: Sendable {
  /// The side of a square tile in pixels. 256 by measurement: see `Benchmarks/README.md`.
  public var tileSize: Int
  /// How many threads render tiles; by default one per online processor.
  public var threads: Int
  /// The most pixels the output, or any region a stage asks for, may have.
  public var pixelLimit: Int

  public init(tileSize: Int = 256, threads: Int? = nil, pixelLimit: Int = Raster.defaultPixelLimit) {
    self.tileSize = max(1, tileSize)
    self.threads = max(1, threads ?? Renderer.processorCount)
    self.pixelLimit = pixelLimit
  }

  /// The number of online processors.
  public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// Renders `region` of `component` (by default its extent), recording each stage's requests in `trace`.
  ///
  /// - Throws: `RenderError.infiniteExtent` or `.emptyExtent` when no region is given and the extent is unusable,
  ///   `RasterError` when a region is over the pixel limit, or the first error any tile met.
  public func render(_ component: any ImageComponent, region: IntRect? = nil, trace: RenderTrace? = nil) throws
    -> Raster
  {
    let target = region ?? component.extent
    if region == nil && target.isInfinite {
      throw RenderError.infiniteExtent(component: String(describing: component))
    }
    if target.isEmpty { throw RenderError.emptyExtent(component: String(describing: component)) }
    let context = RenderContext(pixelLimit: pixelLimit, trace: trace)
    let columns = (target.width + tileSize - 1) / tileSize
    let rows = (target.height + tileSize - 1) / tileSize
    let tiles = columns * rows
    if tiles == 1 && !(component is any DirectRendering) {
      _ = try Raster.byteCount(width: target.width, height: target.height, pixelLimit: pixelLimit)
      return try context.renderRoot(component, target)
    }
    let next = Atomic<Int>(0)
    let failure = Mutex<(any Error)?>(nil)
    let tileSize = tileSize
    let workers = min(threads, tiles)
    // Every tile writes every one of its pixels, so the output starts uninitialised (no memset of the image).
    let output = try Raster(width: target.width, height: target.height, pixelLimit: pixelLimit) { buffer in
      let base = UncheckedSendable(buffer.baseAddress!.assumingMemoryBound(to: UInt32.self))
      DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
          let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
          guard index < tiles else { return }
          let tile = IntRect(x: target.x + (index % columns) * tileSize, y: target.y + (index / columns) * tileSize,
            width: tileSize, height: tileSize).intersection(target)
          let destination = base.value + ((tile.y - target.y) * target.width + (tile.x - target.x))
          do {
            guard failure.withLock({ $0 == nil }) else { throw CancellationError() }
            try Self.render(component, tile, into: destination, stride: target.width, context: context)
          } catch {
            failure.withLock { if $0 == nil, !(error is CancellationError) { $0 = error } }
            // Leave no uninitialised pixels behind, even though the raster is about to be discarded.
            for row in 0..<tile.height { (destination + row * target.width).update(repeating: 0, count: tile.width) }
          }
        }
      }
      if let error = failure.withLock({ $0 }) { throw error }
    }
    return output
  }

  /// Renders one tile of the root into the output, directly when the component can.
  static func render(
    _ component: any ImageComponent, _ tile: IntRect, into destination: UnsafeMutablePointer<UInt32>, stride: Int,
    context: RenderContext
  ) throws {
    if let direct = component as? any DirectRendering {
      context.trace?.record(path: [], component: component, region: tile)
      try direct.render(tile, into: destination, stride: stride, context: context)
      return
    }
    let pixels = try context.renderRoot(component, tile)
    pixels.withUnsafeBytes { source in
      let src = source.baseAddress!.assumingMemoryBound(to: UInt32.self)
      for row in 0..<tile.height {
        (destination + row * stride).update(from: src + row * tile.width, count: tile.width)
      }
    }
  }
}

/// A pointer shared by the renderer's threads, each writing its own disjoint tiles.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
