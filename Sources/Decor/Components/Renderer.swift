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
    let name = String(describing: component)
    if region == nil && target.isInfinite { throw RenderError.infiniteExtent(component: name) }
    if target.isEmpty { throw RenderError.emptyExtent(component: name) }
    var output = try Raster(width: target.width, height: target.height, pixelLimit: pixelLimit)
    let context = RenderContext(pixelLimit: pixelLimit, trace: trace)
    let columns = (target.width + tileSize - 1) / tileSize
    let rows = (target.height + tileSize - 1) / tileSize
    let tiles = columns * rows
    if tiles == 1 {
      return try context.renderRoot(component, target)
    }
    let next = Atomic<Int>(0)
    let failure = Mutex<(any Error)?>(nil)
    let stride = output.bytesPerRow
    output.withUnsafeMutableBytes { buffer in
      let base = UncheckedSendable(buffer.baseAddress!)
      let tileSize = tileSize
      DispatchQueue.concurrentPerform(iterations: min(threads, tiles)) { _ in
        while true {
          let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
          guard index < tiles, failure.withLock({ $0 == nil }) else { return }
          let tile = IntRect(x: target.x + (index % columns) * tileSize, y: target.y + (index / columns) * tileSize,
            width: tileSize, height: tileSize).intersection(target)
          do {
            let pixels = try context.renderRoot(component, tile)
            pixels.withUnsafeBytes { source in
              let rowBytes = tile.width * 4
              for row in 0..<tile.height {
                let destination = base.value + (tile.y - target.y + row) * stride + (tile.x - target.x) * 4
                destination.copyMemory(from: source.baseAddress! + row * rowBytes, byteCount: rowBytes)
              }
            }
          } catch {
            failure.withLock { if $0 == nil { $0 = error } }
          }
        }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
    return output
  }
}

/// A pointer shared by the renderer's threads, each writing its own disjoint tiles.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
