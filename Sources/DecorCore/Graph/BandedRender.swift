import Dispatch
import Synchronization

/// A render prepared by `Renderer.prepareBands`: planned, and rendered band by band (horizontal strips of whole
/// tiles) when asked, as libvips renders regions on demand.
///
/// It is how an encoder receives a large image without the whole of it in memory at once: the PNG encoder filters each
/// band into its compressor's input and drops it, the JPEG encoder compresses each band through libjpeg's scanline API.
/// The stages computed once per render (`Materialising`: large blurs) are computed as the bands need them, top to
/// bottom, keeping only the rows this band and later ones read (`BandSchedule`), so a render in band order holds a few
/// bands of each, not whole images. A band is a pure function of the chain and its rows, so rendering one twice gives
/// the same bytes; bands together give exactly what `Renderer.render` gives. Bands may be asked in any order, as often
/// as asked: a band above what a stage still keeps starts that stage again from its top (correct, but slower than band
/// order). It holds the rows kept until it is released.
public struct BandedRender: Sendable {
  let component: any ImageComponent
  /// The rectangle rendered, in the component's coordinates.
  public let region: IntRect
  /// The rows of every band but perhaps the last: a multiple of the tile side, or fewer rows than a tile when the
  /// stages computed once would otherwise keep more than `Renderer.keptBytesPerBand` (a strong downscale of a
  /// streamed input reads many input rows for each output row).
  public let bandHeight: Int
  let tileSide: Int
  let threads: Int
  let context: RenderContext
  package let plan: RenderPlan
  let schedule: BandSchedule
  package let stages: StageRows

  init(
    component: any ImageComponent, region: IntRect, bandHeight: Int, tileSide: Int, threads: Int,
    context: RenderContext, plan: RenderPlan, schedule: BandSchedule? = nil
  ) {
    self.component = component
    self.region = region
    self.bandHeight = bandHeight
    self.tileSide = tileSide
    self.threads = threads
    self.context = context
    self.plan = plan
    self.schedule = schedule ?? Self.schedule(plan, region: region, bandHeight: bandHeight, tileSide: tileSide)
    stages = StageRows()
  }

  /// The schedule of `plan` over `region` in bands of `bandHeight` rows.
  ///
  /// Beyond `Renderer.maximumPlanRequests` tiles in all (billions of pixels), each band is scheduled as one
  /// rectangle rather than its tiles, as the plan is made from larger squares there: a band then asks of each stage
  /// the union of its tiles' demands or more, so the schedule stays sound and its cost proportional to the bands.
  static func schedule(_ plan: RenderPlan, region: IntRect, bandHeight: Int, tileSide: Int) -> BandSchedule {
    let bandCount = (region.height + bandHeight - 1) / bandHeight
    let wholeBands = Renderer.exceedsPlanRequests(region, tileSide: tileSide)
    let tiles = (0..<bandCount).map { band in
      let rows = band * bandHeight..<Swift.min(region.height, (band + 1) * bandHeight)
      if wholeBands {
        return [IntRect(x: region.x, y: region.y + rows.lowerBound, width: region.width, height: rows.count)]
      }
      return Self.tiles(region: region, rows: rows, tileSide: tileSide)
    }
    return BandSchedule(plan, bands: tiles)
  }

  /// How many bands cover the region.
  public var bandCount: Int { (region.height + bandHeight - 1) / bandHeight }

  /// The rows of band `index`, `0 ..< bandCount`, relative to the region's top (empty for any other index).
  public func rows(ofBand index: Int) -> Range<Int> {
    guard (0..<bandCount).contains(index) else { return 0..<0 }
    let top = index * bandHeight
    return top..<Swift.min(region.height, top + bandHeight)
  }

  /// The tiles of `rows` (relative to the region's top), row by row.
  static func tiles(region: IntRect, rows: Range<Int>, tileSide: Int) -> [IntRect] {
    let columns = (region.width + tileSide - 1) / tileSide
    let tileRows = (rows.count + tileSide - 1) / tileSide
    let top = region.y + rows.lowerBound
    let band = IntRect(x: region.x, y: top, width: region.width, height: rows.count)
    return (0..<columns * tileRows).map { tile in
      IntRect(x: region.x + (tile % columns) * tileSide, y: top + (tile / columns) * tileSide,
        width: tileSide, height: tileSide).intersection(band)
    }
  }

  /// Renders band `index` into `buffer`: `region.width × rows(ofBand: index).count` premultiplied pixels, row by
  /// row. The stages computed once are brought down to what the band needs first, then the band's tiles render on
  /// the renderer's threads.
  ///
  /// - Throws: the first error a stage or a tile met; nothing is rendered for a `buffer` of the wrong size or a band
  ///   outside `0 ..< bandCount` (`RenderError.invalidParameter`).
  public func render(band index: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws(RenderError) {
    try checkBand(index, count: buffer.count)
    try render(band: index, at: UnsafeMutableRawPointer(buffer.baseAddress!), count: buffer.count, format: .rgba8)
  }

  /// Renders band `index` into `buffer` at 16 bits, in `format` (`rgba16` or `rgba16Straight`): the render's own
  /// pixels when it works in that format (`RenderPlan.format`), else converted (`PixelConversion`: from 8 bits
  /// exact).
  ///
  /// - Throws: as `render(band:into:)`.
  package func render(
    band index: Int, intoDeep buffer: UnsafeMutableBufferPointer<RGBA16>, format: PixelFormat = .rgba16
  ) throws(RenderError) {
    precondition(format.depth == 16, "a 16-bit band in \(format)")
    try checkBand(index, count: buffer.count)
    try render(band: index, at: UnsafeMutableRawPointer(buffer.baseAddress!), count: buffer.count, format: format)
  }

  /// Renders band `index` into `buffer` in `P`'s premultiplied format, at either depth: `render(band:into:)` or
  /// `render(band:intoDeep:)`, for code written once over `StoredPixel` (an analysis of the input).
  package func render<P: StoredPixel>(band index: Int, into buffer: UnsafeMutableBufferPointer<P>)
    throws(RenderError)
  {
    try checkBand(index, count: buffer.count)
    try render(band: index, at: UnsafeMutableRawPointer(buffer.baseAddress!), count: buffer.count, format: P.format)
  }

  /// Renders band `index` (checked) at `base`, `count` pixels in `format`: rendered there when it is the render's
  /// format, else rendered into scratch and converted.
  private func render(band index: Int, at base: UnsafeMutableRawPointer, count: Int, format: PixelFormat)
    throws(RenderError)
  {
    guard plan.format != format else {
      try render(band: index, at: base)
      return
    }
    try checkScratch(count * plan.format.bytesPerPixel)
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: count * plan.format.bytesPerPixel, alignment: 16)
    defer { scratch.deallocate() }
    try render(band: index, at: scratch)
    PixelConversion.convert(scratch, plan.format, into: base, format, count: count)
  }

  /// Throws when `bytes` of scratch for a band cannot be had (see `Raster.checkAllocation`).
  private func checkScratch(_ bytes: Int) throws(RenderError) {
    do {
      try Raster.checkAllocation(bytes, width: region.width, height: bandHeight)
    } catch {
      throw .raster(error)
    }
  }

  /// Throws unless `count` pixels is band `index`'s size.
  private func checkBand(_ index: Int, count: Int) throws(RenderError) {
    let rows = rows(ofBand: index)
    guard (0..<bandCount).contains(index), count == region.width * rows.count, count > 0 else {
      throw RenderError.invalidParameter(component: String(describing: component),
        reason: "band \(index) of \(bandCount) into \(count) pixels (\(region.width) × \(rows.count) expected)")
    }
  }

  /// Renders band `index` (checked) at `base`, in the render's format.
  private func render(band index: Int, at base: UnsafeMutableRawPointer) throws(RenderError) {
    let rows = rows(ofBand: index)
    let width = region.width
    let pixelBytes = plan.format.bytesPerPixel
    let tiles = Self.tiles(region: region, rows: rows, tileSide: tileSide)
    let top = region.y + rows.lowerBound
    // As in `Renderer.render`: tiles write disjoint pixels of the band, whose address crosses into the jobs as a
    // number and does not outlive this call.
    let address = Int(bitPattern: base)
    let (component, threads, regionX) = (component, threads, region.x)
    do {
      try stages.withRows(for: index, of: self) { context in
        try context.parallel(count: tiles.count, threads: threads) { index, context in
          let tile = tiles[index]
          let destination = UnsafeMutableRawPointer(bitPattern: address)!
            + ((tile.y - top) * width + tile.x - regionX) * pixelBytes
          try Renderer.render(component, tile, into: destination, stride: width, context: context)
        }
      }
    } catch {
      throw .wrapping(error, in: String(describing: component))
    }
  }
}

/// The rows a banded render keeps of its stages computed once, and their producers: the render's own state, one
/// band at a time (the lock is held while a band renders, so a band's tiles read rows nothing moves).
package final class StageRows: Sendable {
  /// One stage's producer and the rows kept: `first ..< produced` of its planned region, in `buffer`.
  struct Kept {
    var producer: ProducerBox?
    var buffer: RowBuffer?
    var first: Int
    var produced: Int
  }

  /// The streamed inputs' rows being read for the next band: the job, and where each stage's rows will end.
  struct Ahead {
    let job: ReadAhead
    let targets: [(stage: Int, to: Int)]
  }

  struct State {
    var kept: [Int: Kept] = [:]
    var ahead: Ahead?
  }

  private let state = Mutex(State())

  /// The rows each stage's buffer holds room for now, by stage (what the tests bound).
  package var bufferRows: [Int: Int] { state.withLock { $0.kept.compactMapValues { $0.buffer?.rows } } }

  /// Waits for a read-ahead still running (the caller stopped asking for bands), so that no work of the render
  /// outlives it.
  deinit { try? state.withLock { $0.ahead }?.job.finish() }

  /// Brings every stage computed once to what band `band` needs (deepest first, each seeing the rows of those below
  /// it), lets go of the rows no later band reads, and runs `body` with the context that sees them.
  ///
  /// The streamed inputs (stages without inputs, whose producers read nothing of this render's) are brought to this
  /// band first; then their rows for the next band are read on another thread while this band's other stages, its
  /// tiles and whatever the caller does with the band (an encoder compressing it) run, as libvips' sequential
  /// loaders read ahead. The next call waits for them.
  func withRows(
    for band: Int, of render: BandedRender, _ body: (RenderContext) throws -> Void
  ) throws {
    try state.withLock { state in
      if let ahead = state.ahead {
        state.ahead = nil
        try ahead.job.finish()
        for (stage, target) in ahead.targets { state.kept[stage]?.produced = target }
      }
      var rows: [Int: Intermediate] = [:]
      let plan = render.plan
      let stages = plan.stages.reversed().filter(\.materialised)
      let inputs = stages.filter(\.inputs.isEmpty)
      for stage in inputs { try Self.bring(stage, to: band, of: render, kept: &state.kept, seeing: rows) }
      let job = ReadAhead()
      var targets: [(stage: Int, to: Int)] = []
      if band + 1 < render.schedule.frontiers.count {
        for stage in inputs {
          guard var stream = state.kept[stage.id], let producer = stream.producer, stream.buffer != nil else {
            continue
          }
          let whole = stage.region.intersection(stage.extent)
          let target = Swift.min(render.schedule.frontiers[band + 1][stage.id], whole.maxY)
          guard target > stream.produced else { continue }
          let elementBytes = Self.elementBytes(of: stage.node, format: plan.format)
          try Self.reserve(&stream, over: whole, to: target, pixelBytes: elementBytes,
            pixelLimit: render.context.pixelLimit)
          state.kept[stage.id] = stream
          job.start(producer, stream.produced..<target, into: stream.buffer!,
            at: (stream.produced - stream.first) * whole.width * elementBytes, stride: whole.width,
            context: render.context.with(stage: stage.id, materialised: [:]))
          targets.append((stage.id, target))
        }
      }
      // Set before anything else can fail, so that the next band (or the end of the render) waits for the job.
      if !targets.isEmpty { state.ahead = Ahead(job: job, targets: targets) }
      for stage in inputs { rows[stage.id] = Self.intermediate(of: stage, state.kept[stage.id], format: plan.format) }
      for stage in stages where !stage.inputs.isEmpty {
        try Self.bring(stage, to: band, of: render, kept: &state.kept, seeing: rows)
        rows[stage.id] = Self.intermediate(of: stage, state.kept[stage.id], format: plan.format)
      }
      try body(render.context.with(stage: nil, materialised: rows))
    }
  }

  /// Brings `stage` to what band `band` needs, its producer seeing `rows` of the stages below it.
  static func bring(
    _ stage: RenderPlan.Stage, to band: Int, of render: BandedRender, kept: inout [Int: Kept],
    seeing rows: [Int: Intermediate]
  ) throws {
    try render.context.cancellation?.check()
    let whole = stage.region.intersection(stage.extent)
    let reads = render.schedule.reads[band][stage.id]
    var target = render.schedule.frontiers[band][stage.id]
    var stream = kept[stage.id] ?? Kept(first: whole.minY, produced: whole.minY)
    if let reads {
      target = Swift.max(target, reads.upperBound)
      if reads.lowerBound < stream.first {
        // Rows let go of are asked again (bands out of order): compute the stage again from its top.
        stream = Kept(buffer: stream.buffer, first: whole.minY, produced: whole.minY)
      }
    }
    let context = render.context.with(stage: stage.id, materialised: rows)
    do {
      try advance(&stream, of: stage.node, over: whole, to: Swift.min(target, whole.maxY),
        keepingFrom: render.schedule.floors[band][stage.id], pixelLimit: render.context.pixelLimit,
        context: context)
    } catch RasterError.tooLarge(let width, let height, let limit) {
      // Named by the stage: the region, or the stage's working buffer, is not the size of any image the user
      // gave or asked for.
      throw RenderError.stageTooLarge(component: "\(stage.node)", width: width, height: height, limit: limit)
    }
    kept[stage.id] = stream
  }

  /// The bytes of an element of the rows a stage keeps: a pixel of the render's format, or the `Float` of a
  /// shadow's coverage (at either depth).
  static func elementBytes(of node: any ImageComponent, format: PixelFormat) -> Int {
    keepsPixels(node) ? format.bytesPerPixel : 4
  }

  /// Whether the rows a stage keeps are pixels of the render's format (not a shadow's coverage): what a request may
  /// be served from, and what sizes their elements.
  static func keepsPixels(_ node: any ImageComponent) -> Bool {
    (node as? any Materialising).map { !$0.materialises || $0.rowsArePixels } ?? true
  }

  /// The rows `stream` keeps of `stage`, as its consumers see them, or `nil` when it keeps none.
  static func intermediate(of stage: RenderPlan.Stage, _ stream: Kept?, format: PixelFormat) -> Intermediate? {
    guard let stream, let buffer = stream.buffer, stream.produced > stream.first else { return nil }
    let whole = stage.region.intersection(stage.extent)
    return Intermediate(
      rect: IntRect(x: whole.minX, y: stream.first, width: whole.width, height: stream.produced - stream.first),
      buffer: buffer,
      isPixels: keepsPixels(stage.node),
      format: format)
  }

  /// Lets go of the rows above `floor`, then computes the rows down to `target`, growing the buffer if need be.
  static func advance(
    _ stream: inout Kept, of node: any ImageComponent, over whole: IntRect, to target: Int, keepingFrom floor: Int,
    pixelLimit: Int, context: RenderContext
  ) throws {
    let elementBytes = Self.elementBytes(of: node, format: context.format)
    let rowBytes = whole.width * elementBytes
    let first = Swift.min(Swift.max(stream.first, floor), stream.produced)
    if first > stream.first, let buffer = stream.buffer {
      let kept = stream.produced - first
      if kept > 0 {
        buffer.base.copyMemory(from: buffer.base + (first - stream.first) * rowBytes, byteCount: kept * rowBytes)
      }
    }
    stream.first = first
    guard target > stream.produced else { return }
    let needed = target - stream.first
    if stream.buffer == nil || stream.buffer!.rows < needed {
      // An eighth more than needed, so that bands a few rows taller than the last do not move the rows each time.
      let rows = Swift.min(whole.height, needed + needed / 8)
      _ = try Raster.byteCount(width: whole.width, height: rows, pixelLimit: pixelLimit)
      let grown = try RowBuffer(rowBytes: rowBytes, rows: rows, pixelBytes: elementBytes)
      if let old = stream.buffer, stream.produced > stream.first {
        grown.base.copyMemory(from: old.base, byteCount: (stream.produced - stream.first) * rowBytes)
      }
      stream.buffer = grown
    }
    if stream.produced == whole.minY || stream.producer == nil {
      // A stage worth computing once on its own opens its producer; one computed once because several consumers
      // read it renders its rows itself.
      if let node = node as? any Materialising, node.materialises {
        stream.producer = ProducerBox(try node.openRows(whole, context: context))
      } else {
        stream.producer = ProducerBox(RenderedRows(node, region: whole))
      }
    }
    try stream.producer!.produce(stream.produced..<target,
      into: stream.buffer!.base + (stream.produced - stream.first) * rowBytes, stride: whole.width, context: context)
    stream.produced = target
  }

  /// Makes room in `stream` for the rows down to `target` without letting any go (the band's tiles are about to
  /// read the rows kept), so that they can be computed while the tiles render.
  static func reserve(_ stream: inout Kept, over whole: IntRect, to target: Int, pixelBytes: Int, pixelLimit: Int)
    throws
  {
    let needed = target - stream.first
    guard let old = stream.buffer, old.rows < needed else { return }
    let rows = Swift.min(whole.height, needed + needed / 8)
    _ = try Raster.byteCount(width: whole.width, height: rows, pixelLimit: pixelLimit)
    let grown = try RowBuffer(rowBytes: whole.width * pixelBytes, rows: rows, pixelBytes: pixelBytes)
    grown.base.copyMemory(from: old.base, byteCount: (stream.produced - stream.first) * whole.width * pixelBytes)
    stream.buffer = grown
  }
}

/// A stage's `RowProducer`, behind a lock so that the next band's rows of an input can be read on another thread
/// while this band's tiles render (the lock is never contended: one band at a time uses it).
final class ProducerBox: Sendable {
  private let producer: Mutex<any RowProducer>

  init(_ producer: sending any RowProducer) { self.producer = Mutex(producer) }

  func produce(_ rows: Range<Int>, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext) throws {
    let address = Int(bitPattern: out)
    try producer.withLock { producer in
      try producer.produce(rows, into: UnsafeMutableRawPointer(bitPattern: address)!, stride: stride,
        context: context)
    }
  }
}

/// Rows of a streamed input computed on another thread while a band's tiles render (read ahead, as libvips'
/// sequential loaders do): the job, and its error.
final class ReadAhead: Sendable {
  let group = DispatchGroup()
  private let error = Mutex<(any Error)?>(nil)

  /// Starts computing `rows` of `producer` into `buffer`, from `offset` bytes on (rows `stride` elements apart).
  /// The job holds the buffer, so that it stays while the job writes even if the render lets go of it.
  func start(
    _ producer: ProducerBox, _ rows: Range<Int>, into buffer: RowBuffer, at offset: Int, stride: Int,
    context: RenderContext
  ) {
    DispatchQueue.global(qos: .userInitiated).async(group: group) {
      do {
        try producer.produce(rows, into: buffer.base + offset, stride: stride, context: context)
      } catch {
        self.error.withLock { $0 = error }
      }
    }
  }

  /// Waits for every job started, then throws the first error one met.
  func finish() throws {
    group.wait()
    if let error = error.withLock({ $0 }) { throw error }
  }
}
