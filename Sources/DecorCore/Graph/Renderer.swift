import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Renders a component by cutting the output into square tiles and rendering them concurrently, band by band.
///
/// A render is a pure function of the component graph and the region: first a `RenderPlan` gives every node the
/// region this render will ask of it (a component reached by several paths is one node); stages computed once
/// (large blurs) are computed top to bottom as the bands need them, keeping only the rows later bands read; then
/// every tile of a band goes through the graph on its own (each decorator asking its input only for what that tile
/// needs). Nothing is kept in the components, so one graph can be rendered by any number of renders at once, and the
/// output is the same whatever the tile size, band height or thread count. ARCHITECTURE.md describes the steps.
public struct Renderer: Sendable {
  /// The side of a square tile in pixels, used within 1 … 2^16. 256 by measurement: see `Benchmarks/README.md`.
  public var tileSize: Int
  /// How many threads render tiles (at least one); by default one per online processor.
  public var threads: Int
  /// The most pixels the output, or any region a stage asks for, may have.
  public var pixelLimit: Int
  /// Set for the renders of an `async` call, whose cancellation handler sets it; `nil` for a blocking call.
  package var cancellation: RenderCancellation?
  /// The image its renders give the graph's `ImageSlot` (see `binding(_:to:)`).
  package var boundImage: ImageSlot.Binding?
  /// How many bits a channel its renders compute in: 16 where a source needs them and the output can take them
  /// (`automatic`, the default), always (`sixteenBits`: the rasters it returns are then 16-bit), or never
  /// (`eightBits`). See `RenderPrecision`.
  public var precision: RenderPrecision = .automatic
  /// Whether the output can take 16-bit pixels, so that an `automatic` render may work at 16 bits where its sources
  /// hold more than 8-bit premultiplied pixels keep and every component can (`RenderPlan.format`): set by a writer
  /// whose encoder takes 16-bit rows. The rasters the renderer returns are 8-bit unless `precision` is
  /// `sixteenBits`.
  package var allowsDeep = false

  public init(tileSize: Int = 256, threads: Int? = nil, pixelLimit: Int = Raster.defaultPixelLimit) {
    self.tileSize = tileSize
    self.threads = threads ?? Renderer.processorCount
    self.pixelLimit = pixelLimit
  }

  /// This renderer with `slot` bound to `raster` for its renders: a graph built once over the slot renders
  /// `raster` in its place.
  ///
  /// - Throws: `RenderError.failed` naming the slot when `raster` is not of its size.
  package func binding(_ slot: ImageSlot, to raster: Raster) throws(RenderError) -> Renderer {
    var renderer = self
    renderer.boundImage = try slot.binding(to: raster)
    return renderer
  }

  /// The tile side used: `tileSize` kept within 1 … 2^16, so that no tile arithmetic can overflow.
  var tileSide: Int { max(1, min(1 << 16, tileSize)) }
  /// The threads used: at least one, at most 2^16 (so that no count of jobs per thread can overflow).
  package var threadCount: Int { max(1, min(threads, 1 << 16)) }

  /// The number of online processors.
  public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// The region a render of `component` covers: `region`, or the extent when it is `nil`.
  package func target(_ component: any ImageComponent, _ region: IntRect?) throws(RenderError) -> IntRect {
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

  /// The most requests a plan is made from (see `tiles(of:)`).
  package static let maximumPlanRequests = 1 << 16

  /// Whether tiles of `tileSide` covering `target` are more than a plan is made from (`maximumPlanRequests`): the
  /// one test behind both the plan's coarser squares and the band schedule's whole-band rectangles.
  static func exceedsPlanRequests(_ target: IntRect, tileSide: Int) -> Bool {
    let columns = (target.width + tileSide - 1) / tileSide
    let count = columns.multipliedReportingOverflow(by: (target.height + tileSide - 1) / tileSide)
    return count.overflow || count.partialValue > maximumPlanRequests
  }

  /// The requests a plan is made from: the tiles of `target`, row by row; or, when there would be more than
  /// `maximumPlanRequests` of them (over four billion pixels at the default tile size), squares of whole tiles
  /// covering the same area, so that planning stays proportional to the graph rather than the image. A stage is
  /// then asked for the union of larger rectangles, which holds the union of the tiles' (each demand grows with
  /// its region); the bytes rendered do not depend on it, as they do not depend on the tile size.
  func tiles(of target: IntRect) -> [IntRect] {
    var tileSize = tileSide
    while Self.exceedsPlanRequests(target, tileSide: tileSize) {
      tileSize *= 2
    }
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
    return RenderPlan(component, requests: tiles(of: try target(component, region)), deep: allowsDeep,
      precision: precision)
  }

  /// Renders `region` of `component` (by default its extent), recording each stage's requests in `trace`,
  /// blocking the calling thread until it is done (its tiles render on `threads` threads).
  ///
  /// - Parameters:
  ///   - component: what to render.
  ///   - region: the rectangle to render, in the component's coordinates; its extent when `nil`.
  ///   - trace: where to record what each stage was asked for, if anywhere.
  /// - Throws: `RenderError.invalidParameter` (the component's `parameterError`), `.infiniteExtent` or
  ///   `.emptyExtent` when no region is given and the extent is unusable, `.raster` when the region is over the
  ///   pixel limit, `.stageTooLarge` (naming the component asked) when one a stage asks for is, or the first error
  ///   any tile met (a component's own error as `.failed`).
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
  ///
  /// A name of its own rather than an `async` overload of `render`, which top-level code would resolve to the
  /// blocking form (see `ImageComponent.renderedAsync(_:renderer:)`).
  ///
  /// - Throws: as the blocking `render`, and `.cancelled`.
  public func renderAsync(_ component: any ImageComponent, region: IntRect? = nil, trace: RenderTrace? = nil) async
    throws(RenderError) -> Raster
  {
    try await OffThePool.run { (cancellation) throws(RenderError) in
      var renderer = self
      renderer.cancellation = cancellation
      try cancellation.check()
      return try renderer.render(component, region: region, trace: trace)
    }
  }

  /// The `async` render under the blocking form's name, which top-level code resolves to the blocking one.
  @available(*, deprecated, renamed: "renderAsync(_:region:trace:)")
  public func render(_ component: any ImageComponent, region: IntRect? = nil, trace: RenderTrace? = nil) async
    throws(RenderError) -> Raster
  {
    try await renderAsync(component, region: region, trace: trace)
  }

  func renderUntyped(_ component: any ImageComponent, region: IntRect?, trace: RenderTrace?) throws -> Raster {
    let component = component.unwrapped
    let target = try target(component, region)
    return try raster(of: try prepareBands(component, region: target, trace: trace))
  }

  /// The whole of a prepared render as one raster: what `render` returns. 8-bit, or 16-bit premultiplied when the
  /// precision is `sixteenBits`.
  package func raster(of banded: BandedRender) throws -> Raster {
    let (component, target) = (banded.component, banded.region)
    let format: PixelFormat = precision == .sixteenBits ? .rgba16 : .rgba8
    if target.width <= tileSide && target.height <= tileSide && !banded.plan.stages.contains(where: \.materialised)
      && !(component is any DirectRendering)
    {
      return try banded.context.renderRoot(component, target).converted(to: format)
    }
    let width = target.width
    // Every band writes every one of its pixels, so the output starts uninitialised (no memset of the image).
    return try Raster(width: target.width, height: target.height, format: format, pixelLimit: pixelLimit) { buffer in
      for band in 0..<banded.bandCount {
        let rows = banded.rows(ofBand: band)
        if format == .rgba16 {
          try banded.render(band: band, intoDeep: UnsafeMutableBufferPointer(
            start: buffer.baseAddress!.assumingMemoryBound(to: RGBA16.self) + rows.lowerBound * width,
            count: rows.count * width))
        } else {
          try banded.render(band: band, into: UnsafeMutableBufferPointer(
            start: buffer.baseAddress!.assumingMemoryBound(to: UInt32.self) + rows.lowerBound * width,
            count: rows.count * width))
        }
      }
    }
  }

  /// Prepares `region` of `component` (by default its extent) to be rendered band by band: plans it, and what each
  /// band will ask of the stages computed once; nothing is computed until a band is rendered, but for the
  /// statistics of analysis stages (`normalize`'s histogram), which every band needs and which are computed here.
  ///
  /// - Parameters:
  ///   - component: what to render.
  ///   - region: the rectangle to render, in the component's coordinates; its extent when `nil`.
  ///   - bandHeight: the rows of one band, rounded up to whole rows of tiles (by default enough rows of tiles for
  ///     four tiles per thread, up to about 2 MiB of pixels (half a million at 8 bits), and fewer, down to 16 rows,
  ///     while the stages computed once would keep more than 32 MiB for a band: a strong downscale of a streamed
  ///     input).
  ///   - trace: where to record what each stage was asked for, if anywhere.
  /// - Throws: as `render`.
  public func prepareBands(
    _ component: any ImageComponent, region: IntRect? = nil, bandHeight: Int? = nil, trace: RenderTrace? = nil
  ) throws(RenderError) -> BandedRender {
    let component = component.unwrapped
    let target = try target(component, region)
    let side = tileSide
    let plan = RenderPlan(component, requests: tiles(of: target), deep: allowsDeep, precision: precision)
    let context = try context(plan, trace: trace)
    if let bandHeight {
      return BandedRender(component: component, region: target, bandHeight: (Swift.max(1, bandHeight) + side - 1)
        / side * side, tileSide: side, threads: threadCount, context: context, plan: plan)
    }
    let columns = (target.width + side - 1) / side
    let tileRows = (4 * threadCount + columns - 1) / columns
    // Enough rows of tiles for four tiles a thread, but at most about 2 MiB of pixels a band (half a million 8-bit
    // pixels, half as many 16-bit ones; a band of a wide image is then shorter than a tile: the band, its filtered
    // rows and an input's rows kept grow with it); then halved, down to 16 rows (or one tile's, if less), while the
    // stages computed once would keep more than `keptBytesPerBand` for a band.
    let shortest = Swift.min(16, side)
    let bandPixels = (1 << 21) / plan.format.bytesPerPixel
    var rows = Swift.max(shortest, Swift.min(Swift.max(1, tileRows) * side, bandPixels / target.width / 16 * 16))
    var schedule = BandedRender.schedule(plan, region: target, bandHeight: rows, tileSide: side)
    while rows > shortest, schedule.keptBytes(plan) > Self.keptBytesPerBand {
      rows = Swift.max(shortest, rows / 2)
      schedule = BandedRender.schedule(plan, region: target, bandHeight: rows, tileSide: side)
    }
    return BandedRender(component: component, region: target, bandHeight: rows, tileSide: side,
      threads: threadCount, context: context, plan: plan, schedule: schedule)
  }

  /// The most bytes the stages computed once should keep for one band (a blur's rows, a streamed input's): the
  /// default band height is lowered until they fit, when it can be.
  static let keptBytesPerBand = 32 << 20

  /// The context the root's tiles render with, holding the statistics of the plan's analysis stages (computed here:
  /// see `Analysing`).
  func context(_ plan: RenderPlan, trace: RenderTrace?) throws(RenderError) -> RenderContext {
    var context = RenderContext(pixelLimit: pixelLimit, trace: trace, plan: plan,
      stage: plan.stages.isEmpty ? nil : plan.root, threads: threadCount, materialised: [:],
      cancellation: cancellation, boundImage: boundImage)
    if plan.stages.contains(where: { $0.node is any Analysing }) {
      context.analyses = try analyses(plan, context: context)
    }
    return context
  }

  /// Renders one tile of the root into the output, directly when the component can.
  static func render(
    _ component: any ImageComponent, _ tile: IntRect, into destination: UnsafeMutableRawPointer, stride: Int,
    context: RenderContext
  ) throws {
    // A root computed once (a streamed input written as it is read, a large blur) is served from its rows kept.
    let inside = tile.intersection(component.extent)
    if let rows = context.intermediate, rows.servesPixels(inside) {
      context.trace?.record(at: .root, component: component, region: tile)
      rows.copy(tile, inside: inside, into: destination, stride: stride)
      return
    }
    if let direct = component as? any DirectRendering, context.format == .rgba8 {
      context.trace?.record(at: .root, component: component, region: tile)
      try direct.render(tile, into: destination.assumingMemoryBound(to: UInt32.self), stride: stride,
        context: context.rendering(tile))
      return
    }
    var pixels = try context.renderRoot(component, tile)
    pixels = try pixels.converted(to: context.format)
    let rowBytes = tile.width * context.format.bytesPerPixel
    let strideBytes = stride * context.format.bytesPerPixel
    pixels.withUnsafeBytes { source in
      for row in 0..<tile.height {
        (destination + row * strideBytes).copyMemory(from: source.baseAddress! + row * rowBytes, byteCount: rowBytes)
      }
    }
  }
}
