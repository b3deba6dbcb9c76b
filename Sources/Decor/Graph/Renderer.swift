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
/// A render is a pure function of the component tree and the region: first a `RenderPlan` gives every stage the
/// region this render will ask of it; stages that materialise (large blurs) are computed once over that region,
/// in parallel, into the render's own context; then every tile goes through the chain on its own (each decorator
/// asking its input only for what that tile needs). Nothing is kept in the components, so one tree can be rendered
/// by any number of renders at once, and the output is the same whatever the tile size or thread count.
public struct Renderer: Sendable {
  /// The side of a square tile in pixels, used within 1 … 2^16. 256 by measurement: see `Benchmarks/README.md`.
  public var tileSize: Int
  /// How many threads render tiles (at least one); by default one per online processor.
  public var threads: Int
  /// The most pixels the output, or any region a stage asks for, may have.
  public var pixelLimit: Int
  /// Set for the renders of an `async` call, whose cancellation handler sets it; `nil` for a blocking call.
  var cancellation: RenderCancellation?
  /// Whether a component's request outside what it declared to the plan fails the render (the tests set it).
  var checksDemands = false

  public init(tileSize: Int = 256, threads: Int? = nil, pixelLimit: Int = Raster.defaultPixelLimit) {
    self.tileSize = tileSize
    self.threads = threads ?? Renderer.processorCount
    self.pixelLimit = pixelLimit
  }

  /// The tile side used: `tileSize` kept within 1 … 2^16, so that no tile arithmetic can overflow.
  var tileSide: Int { max(1, min(1 << 16, tileSize)) }
  /// The threads used: at least one.
  var threadCount: Int { max(1, threads) }

  /// The number of online processors.
  public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// The region a render of `component` covers: `region`, or the extent when it is `nil`.
  func target(_ component: any ImageComponent, _ region: IntRect?) throws(RenderError) -> IntRect {
    if let problem = component.parameterError { throw problem }
    let target = region ?? component.extent
    if region == nil && target.isInfinite {
      throw .infiniteExtent(component: String(describing: component))
    }
    if target.isEmpty { throw .emptyExtent(component: String(describing: component)) }
    do {
      _ = try Raster.byteCount(width: target.width, height: target.height, pixelLimit: pixelLimit)
    } catch {
      throw .raster(error)
    }
    return target
  }

  /// The tiles of `target`, row by row.
  func tiles(of target: IntRect) -> [IntRect] {
    let tileSize = tileSide
    let columns = (target.width + tileSize - 1) / tileSize
    let rows = (target.height + tileSize - 1) / tileSize
    return (0..<columns * rows).map { index in
      IntRect(x: target.x + (index % columns) * tileSize, y: target.y + (index / columns) * tileSize,
        width: tileSize, height: tileSize).intersection(target)
    }
  }

  /// What rendering `region` of `component` (by default its extent) will ask of every stage; nothing is rendered.
  ///
  /// - Throws: as `render`, for an unusable region.
  public func plan(_ component: any ImageComponent, region: IntRect? = nil) throws(RenderError) -> RenderPlan {
    let component = component.unwrapped
    return RenderPlan(component, requests: tiles(of: try target(component, region)))
  }

  /// Renders `region` of `component` (by default its extent), recording each stage's requests in `trace`,
  /// blocking the calling thread until it is done (its tiles render on `threads` threads).
  ///
  /// - Parameters:
  ///   - component: what to render.
  ///   - region: the rectangle to render, in the component's coordinates; its extent when `nil`.
  ///   - trace: where to record what each stage was asked for, if anywhere.
  /// - Throws: `RenderError.invalidParameter` (the component's `parameterError`), `.infiniteExtent` or
  ///   `.emptyExtent` when no region is given and the extent is unusable, `.raster` when the region or one a
  ///   stage asks for is over the pixel limit, `.stageTooLarge`, or the first error any tile met (a component's
  ///   own error as `.failed`).
  public func render(_ component: any ImageComponent, region: IntRect? = nil, trace: RenderTrace? = nil)
    throws(RenderError) -> Raster
  {
    do {
      return try renderUntyped(component, region: region, trace: trace)
    } catch {
      throw .wrapping(error, in: String(describing: component))
    }
  }

  /// Renders as the blocking `render` does, on a thread of its own rather than the caller's, so that awaiting it
  /// holds no thread of Swift's concurrency pool. Cancelling the awaiting task stops the render before its next
  /// tile (or stage) and throws `RenderError.cancelled`; the tiles under way finish first.
  ///
  /// - Throws: as the blocking `render`, and `.cancelled`.
  public func render(_ component: any ImageComponent, region: IntRect? = nil, trace: RenderTrace? = nil) async
    throws(RenderError) -> Raster
  {
    let cancellation = RenderCancellation()
    let renderer = { var renderer = self; renderer.cancellation = cancellation; return renderer }()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Result<Raster, RenderError>, Never>) in
        // A thread outside the concurrency pool: the render blocks it until the tiles are done.
        DispatchQueue.global(qos: .userInitiated).async {
          continuation.resume(returning: Result { () throws(RenderError) in
            try cancellation.check()
            return try renderer.render(component, region: region, trace: trace)
          })
        }
      }
    } onCancel: {
      cancellation.cancel()
    }
    return try result.get()
  }

  func renderUntyped(_ component: any ImageComponent, region: IntRect?, trace: RenderTrace?) throws -> Raster {
    let component = component.unwrapped
    let target = try target(component, region)
    let tiles = tiles(of: target)
    let plan = RenderPlan(component, requests: tiles)
    let materialised = try materialise(plan, trace: trace)
    // A root computed once over exactly the target is the output: no tiles to copy it into.
    if case .pixels(let rect, let raster)? = materialised[plan.root], rect == target {
      trace?.record(path: [], component: component, region: target)
      return raster
    }
    let context = context(plan, trace: trace, materialised: materialised)
    if tiles.count == 1 && !(component is any DirectRendering) {
      return try context.renderRoot(component, target)
    }
    let width = target.width
    // Every tile writes every one of its pixels, so the output starts uninitialised (no memset of the image).
    return try Raster(width: target.width, height: target.height, pixelLimit: pixelLimit) { buffer in
      // Tiles write disjoint pixels of this buffer from several threads; its address crosses into the jobs as a
      // number because a pointer is not `Sendable`, and it does not outlive this closure.
      let address = Int(bitPattern: buffer.baseAddress!)
      try context.parallel(count: tiles.count, threads: threadCount) { index, context in
        let tile = tiles[index]
        let base = UnsafeMutablePointer<UInt32>(bitPattern: address)!
        let destination = base + ((tile.y - target.y) * width + (tile.x - target.x))
        try Self.render(component, tile, into: destination, stride: width, context: context)
      }
    }
  }

  /// Prepares `region` of `component` (by default its extent) to be rendered band by band: plans it and computes
  /// its once-per-render stages now; the bands are rendered when asked, in any order, as often as asked.
  ///
  /// - Parameters:
  ///   - component: what to render.
  ///   - region: the rectangle to render, in the component's coordinates; its extent when `nil`.
  ///   - bandHeight: the rows of one band, rounded up to whole rows of tiles (by default enough rows of tiles for
  ///     four tiles per thread, up to about four million pixels).
  ///   - trace: where to record what each stage was asked for, if anywhere.
  /// - Throws: as `render`.
  public func prepareBands(
    _ component: any ImageComponent, region: IntRect? = nil, bandHeight: Int? = nil, trace: RenderTrace? = nil
  ) throws(RenderError) -> BandedRender {
    let component = component.unwrapped
    let target = try target(component, region)
    let side = tileSide
    let columns = (target.width + side - 1) / side
    let tileRows = bandHeight.map { ($0 + side - 1) / side }
      ?? Swift.min((4 * threadCount + columns - 1) / columns, Swift.max(1, (1 << 22) / (target.width * side)))
    let plan = RenderPlan(component, requests: tiles(of: target))
    let materialised: [Int: Intermediate]
    do {
      materialised = try materialise(plan, trace: trace)
    } catch {
      throw .wrapping(error, in: String(describing: component))
    }
    let context = context(plan, trace: trace, materialised: materialised)
    return BandedRender(component: component, region: target, bandHeight: Swift.max(1, tileRows) * side,
      tileSide: side, threads: threadCount, context: context)
  }

  /// The context the root's tiles render with: the plan, and what was computed before them.
  func context(_ plan: RenderPlan, trace: RenderTrace?, materialised: [Int: Intermediate], stage: Int = 0)
    -> RenderContext
  {
    RenderContext(pixelLimit: pixelLimit, trace: trace, plan: plan, stage: plan.stages.isEmpty ? nil : stage,
      threads: threadCount, materialised: materialised, cancellation: cancellation, checksDemands: checksDemands)
  }

  /// Computes the plan's materialising stages, deepest first (the reversed plan puts every stage after all its
  /// inputs), each seeing those computed before it; a stage several consumers use is computed once, for all.
  func materialise(_ plan: RenderPlan, trace: RenderTrace?) throws -> [Int: Intermediate] {
    var materialised: [Int: Intermediate] = [:]
    for stage in plan.stages.reversed() where stage.materialised {
      guard let node = stage.node as? any Materialising else { continue }
      try cancellation?.check()
      let context = context(plan, trace: trace, materialised: materialised, stage: stage.id)
      let region = stage.region.intersection(stage.extent)
      do {
        _ = try Raster.byteCount(width: region.width, height: region.height, pixelLimit: pixelLimit)
        materialised[stage.id] = try node.materialise(region, context: context)
      } catch RasterError.tooLarge(let width, let height, let limit) {
        // Named by the stage: the region, or the stage's working buffer, is not the size of any image the user
        // gave or asked for.
        throw RenderError.stageTooLarge(component: "\(stage.node)", width: width, height: height, limit: limit)
      }
    }
    return materialised
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
