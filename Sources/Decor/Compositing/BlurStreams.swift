import Synchronization

/// The state a large-σ blur keeps between requests (see `BlurEngine`), so that tiles share work instead of each
/// filtering its whole 3σ neighbourhood.
///
/// - **Rows**: the horizontal passes of whole rows of the extent, computed once in blocks of `blockRows` rows by
///   whichever request needs them first (requests that need the same blocks at the same time split them), and
///   dropped once the strips have moved `slack` rows past them.
/// - **Strips**: the extent is cut into columns of `stripElements` elements, aligned to the first request (so that
///   the renderer's tiles cover whole strips). Each strip carries its vertical passes (`BoxColumns`) down the image;
///   a request covering a strip's whole width gets its rows written straight into its pixels, and a request
///   covering part of one leaves the other rows in the strip's kept rows for its neighbour. A tile that continues
///   where the strip's previous tile ended costs only its own rows.
///
/// A request that the state cannot serve cheaply — rows above what a strip kept, or needing rows already dropped —
/// is returned to the engine, which renders it on its own. A request at or above the topmost row seen starts a new
/// sweep (the renderer drawing the image again): strips restart there.
///
/// Memory: at most about `stateBytes` (measured on a 4096² image: 40 MB at σ = 8, 100 MB at σ = 100; `BlurEngine`
/// does not use the streams beyond 512 MiB). It stays allocated between renders — the strips' pipelines and the
/// storage of dropped rows are reused, since fresh memory costs a page fault and a cleared page per 4 KiB (a sixth
/// of a σ = 100 blur's time when it was freed after each render) — and is freed with the blur.
final class BlurStreams: @unchecked Sendable {
  // Safety: every mutable field is reached through `state` or a strip's lock; row blocks are written once under
  // their own lock and only read afterwards, while pinned.

  static let blockShift = 5
  /// Strip width in elements (64 RGBA pixels, 256 coverage values): narrow enough that a strip's two rings
  /// (2r + 3 rows each) stay in a 512 KiB L2 cache up to σ ≈ 120, wide enough that the per-row bookkeeping is a few
  /// percent. (32 measured the same.)
  static let stripElements = 64
  static let blockRows = 1 << blockShift

  let plan: BoxBlur.Plan
  let lanes: Int
  let extent: IntRect
  let source: any BlurSource
  /// Pixels per stored row: the extent's width, rounded up to a multiple of 4 for coverage.
  let rowWidth: Int
  /// `SIMD4` elements per stored row.
  let rowElements: Int
  /// Rows of the source that can be non-zero.
  let sourceRows: Range<Int>
  private let zeroRow: UnsafeMutablePointer<SIMD4<Int32>>
  /// Rows of horizontal passes computed so far (for tests and tuning).
  let computedRows = Atomic<Int>(0)
  private let state = Mutex(State())

  /// A block of horizontal-pass rows.
  final class Block: @unchecked Sendable {
    let start: Int
    /// Written once while `computed` is locked, then read-only.
    var rows: UnsafeMutablePointer<SIMD4<Int32>>?
    let computed = Mutex(false)
    /// Requests using the block; guarded by the streams' `state`.
    var pins = 0
    init(start: Int) { self.start = start }
    deinit { rows?.deallocate() }
  }

  /// One strip of columns and its vertical pipeline. The variables are only touched while `lock` is held.
  final class Strip: @unchecked Sendable {
    let index: Int
    /// Absolute pixel columns, inside the extent.
    let columns: Range<Int>
    /// Where its columns start in a stored row, and how many elements it covers.
    let elementOffset: Int
    let elements: Int
    let lock = Mutex(())
    var pipeline: BoxColumns?
    /// Output rows kept, `capacity` slots of a row each (slot = row mod capacity).
    var kept: UnsafeMutableRawPointer?
    var capacity = 0
    /// Rows `keptStart ..< keptEnd` are in `kept`.
    var keptStart = 0
    var keptEnd = 0
    /// The sweep the strip belongs to, and the row it started at in it.
    var sweep = -1
    var top = Int.max

    init(index: Int, columns: Range<Int>, elementOffset: Int, elements: Int) {
      self.index = index
      self.columns = columns
      self.elementOffset = elementOffset
      self.elements = elements
    }

    deinit { kept?.deallocate() }
  }

  struct State {
    var gridOrigin: Int?
    var gridWidth = 0
    var strips: [Int: Strip] = [:]
    var blocks: [Int: Block] = [:]
    var sweep = 0
    /// The topmost row any request started at.
    var sweepTop = Int.max
    var tallestRequest = 1
    /// The lowest input row still needed by the strip furthest down, in the current sweep.
    var leaderNeed = Int.min
    /// Rows below this were dropped in the current sweep.
    var droppedBelow = Int.min
    /// The strips of the current sweep that have not reached the bottom of the extent.
    var active: Set<Int> = []
    /// Storage of dropped blocks, reused by the next ones, also in the next sweep; freed with the streams.
    var spare: [UnsafeMutablePointer<SIMD4<Int32>>] = []

    /// Drops a block, keeping its storage for reuse.
    mutating func drop(_ index: Int) {
      guard let block = blocks.removeValue(forKey: index) else { return }
      if let rows = block.rows {
        block.rows = nil
        spare.append(rows)
      }
    }

    mutating func freeSpare() {
      for rows in spare { rows.deallocate() }
      spare = []
    }
  }

  init(plan: BoxBlur.Plan, lanes: Int, extent: IntRect, source: any BlurSource) {
    self.plan = plan
    self.lanes = lanes
    self.extent = extent
    self.source = source
    rowWidth = lanes == 4 ? extent.width : (extent.width + 3) / 4 * 4
    rowElements = lanes == 4 ? rowWidth : rowWidth / 4
    let s = source.extent
    sourceRows = s.isEmpty ? 0..<0 : s.minY..<s.maxY
    zeroRow = .allocate(capacity: rowElements)
    zeroRow.initialize(repeating: .zero, count: rowElements)
  }

  deinit {
    zeroRow.deallocate()
    state.withLock { $0.freeSpare() }
  }

  /// The memory the streams hold at most, about: every strip's two rings, and the rows of horizontal passes kept
  /// (the tallest request, taken as 256, twice, the slack and the passes' reach).
  static func stateBytes(plan: BoxBlur.Plan, lanes: Int, width: Int) -> Int {
    var ring = 4
    while ring < 2 * plan.lead + 1 { ring *= 2 }
    let elements = lanes == 4 ? width : (width + 3) / 4
    let rows = 2 * ring + 3 * 256 + 4 * plan.lead + 2 * blockRows
    return rows.multipliedReportingOverflow(by: elements * 16).overflow ? Int.max : rows * elements * 16
  }

  /// How far behind the leading strip's needs rows are kept: a tile row and a pass's reach, so that the strips a
  /// tile row behind, and strips started late in the first tile row, still find theirs.
  private func slack(_ s: State) -> Int { s.tallestRequest + plan.lead }

  /// Bytes per kept output row of a strip (4 per pixel, whole elements).
  private func keptRowBytes(_ strip: Strip) -> Int { strip.elements * (lanes == 4 ? 4 : 16) }

  /// Serves what it can of `region` (inside the extent) into `out` (rows `stride` pixels apart, 4 bytes a pixel,
  /// starting at the region's top-left) and returns the parts it left for the engine to render on its own.
  func render(_ region: IntRect, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext) throws
    -> [IntRect]
  {
    let strips = state.withLock { s -> [Strip] in
      s.tallestRequest = Swift.max(s.tallestRequest, Swift.min(region.height, 1024))
      if s.gridOrigin == nil {
        // Aligned to the first request (and, for coverage, to whole elements), so that tiles cover whole strips.
        s.gridWidth = BlurStreams.stripElements * 4 / lanes
        s.gridOrigin = extent.minX + (region.minX - extent.minX) / 4 * 4
      }
      let origin = s.gridOrigin!
      let width = s.gridWidth
      let first = floorDivide(region.minX - origin, width)
      let last = floorDivide(region.maxX - 1 - origin, width)
      return (first...last).map { index in
        if let strip = s.strips[index] { return strip }
        let lower = Swift.max(extent.minX, origin + index * width)
        let upper = Swift.min(extent.maxX, origin + (index + 1) * width)
        let offset = (lower - extent.minX) * lanes / 4
        let elements = lanes == 4 ? upper - lower : (upper - lower + 3) / 4
        let strip = Strip(index: index, columns: lower..<upper, elementOffset: offset, elements: elements)
        s.strips[index] = strip
        return strip
      }
    }
    var rest: [IntRect] = []
    for strip in strips {
      let part = IntRect(x: strip.columns.lowerBound, y: region.minY, width: strip.columns.count,
        height: region.height).intersection(region)
      guard !part.isEmpty else { continue }
      let served = try strip.lock.withLock { _ -> Bool in
        try serve(strip, part, into: out + (part.minX - region.minX) * 4, stride: stride, context: context)
      }
      if !served { rest.append(part) }
    }
    return rest
  }

  /// Writes `part` (the strip's columns, or some of them) into `out` from the strip, if that is cheap; `false`
  /// leaves it to the engine.
  private func serve(
    _ strip: Strip, _ part: IntRect, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext
  ) throws -> Bool {
    let lead = plan.lead
    let rows = part.minY..<part.maxY
    if rows.lowerBound >= strip.keptStart, rows.upperBound <= strip.keptEnd {
      copy(strip, part, rows: rows, into: out, stride: stride)
      return true
    }
    // A request covering the strip's whole width gets its rows written straight into its pixels; others go
    // through the strip's kept rows, where a neighbouring request will find the rest.
    let whole = part.width == strip.columns.count && (lanes == 4 || part.width % 4 == 0)
    let tallest = state.withLock { $0.tallestRequest }
    var capacity = 64
    while capacity < Swift.max(2 * tallest, rows.count) { capacity *= 2 }
    if !whole && capacity > strip.capacity {
      strip.kept?.deallocate()
      strip.kept = .allocate(byteCount: capacity * keptRowBytes(strip), alignment: 16)
      strip.capacity = capacity
      strip.keptStart = strip.keptEnd
    }
    if let pipeline = strip.pipeline, rows.lowerBound >= strip.keptStart, rows.lowerBound <= pipeline.row + 4 * lead {
      // Continues (or skips a little past) where the strip is.
      let held = rows.lowerBound..<Swift.max(rows.lowerBound, Swift.min(rows.upperBound, pipeline.row))
      copy(strip, part, rows: held, into: out, stride: stride)
      try advance(strip, to: rows.upperBound, writing: whole ? (out, stride, rows) : nil, context: context)
      if !whole { copy(strip, part, rows: held.upperBound..<rows.upperBound, into: out, stride: stride) }
      return true
    }
    // Restarting: at the top of a sweep, or where the rows it needs are still held.
    let allowed = state.withLock { s -> Bool in
      if rows.lowerBound <= s.sweepTop {
        if strip.sweep == s.sweep && strip.top < Int.max {
          // A strip of this sweep asked for its top again: the image is being drawn anew.
          s.sweep += 1
          s.leaderNeed = Int.min
          s.droppedBelow = Int.min
          s.active = []
          for (index, block) in s.blocks where block.pins == 0 { s.drop(index) }
        }
        s.sweepTop = Swift.min(s.sweepTop, rows.lowerBound)
      } else if rows.lowerBound - plan.reach < s.droppedBelow || s.leaderNeed == Int.min
        || rows.lowerBound > s.leaderNeed + slack(s)
      {
        // Away from where the other strips are: restarting would compute whole rows for this one request.
        return false
      }
      strip.sweep = s.sweep
      s.active.insert(strip.index)
      return true
    }
    guard allowed else { return false }
    if strip.pipeline == nil {
      strip.pipeline = BoxColumns(plan: plan, elements: strip.elements)
    }
    strip.pipeline!.restart(at: rows.lowerBound)
    strip.top = rows.lowerBound
    strip.keptStart = rows.lowerBound
    strip.keptEnd = rows.lowerBound
    try advance(strip, to: rows.upperBound, writing: whole ? (out, stride, rows) : nil, context: context)
    if !whole { copy(strip, part, rows: rows, into: out, stride: stride) }
    return true
  }

  /// Runs the strip's pipeline down to `target`. Rows in `writing.rows` go to `writing.out` (the first of those
  /// rows, `stride` pixels apart), the others to the strip's kept rows.
  private func advance(
    _ strip: Strip, to target: Int, writing: (out: UnsafeMutableRawPointer, stride: Int, rows: Range<Int>)?,
    context: RenderContext
  ) throws {
    guard let pipeline = strip.pipeline else { return }
    let kept = strip.kept
    let needed = pipeline.lowestInputRow..<(target + plan.reach)
    let blocks: [Block]
    do {
      blocks = try acquire(needed, context: context)
    } catch {
      // The strip's rows are unknown now: start over next time.
      strip.pipeline = nil
      throw error
    }
    let rowElements = rowElements
    let zero = UnsafePointer(zeroRow)
    let offset = strip.elementOffset
    let sourceRows = sourceRows
    let first = blocks.first.map { $0.start >> BlurStreams.blockShift } ?? 0
    let bases = blocks.map { UnsafePointer($0.rows!) + offset }
    let mask = strip.capacity - 1
    let rowBytes = keptRowBytes(strip)
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: rowBytes, alignment: 16)
    defer { scratch.deallocate() }
    let elements = strip.elements
    let plan = plan
    let lanes = lanes
    let direct = writing?.rows ?? 0..<0
    let directOut = writing?.out
    let directStride = (writing?.stride ?? 0) * 4
    pipeline.advance(to: target, input: { y in
      guard sourceRows.contains(y) else { return zero }
      return bases[(y >> BlurStreams.blockShift) - first] + (y & (BlurStreams.blockRows - 1)) * rowElements
    }) { y, sum, low, high, leaving in
      let slot: UnsafeMutableRawPointer
      if direct.contains(y) {
        slot = directOut! + (y - direct.lowerBound) * directStride
      } else if let kept {
        slot = kept + (y & mask) * rowBytes
      } else {
        // A row skipped on the way to the request's first, with nowhere to keep it.
        slot = scratch
      }
      if lanes == 4 {
        BoxBlur.lastStep(sum: sum, low: low, high: high, leaving: leaving,
          into: slot.assumingMemoryBound(to: UInt32.self), count: elements, plan: plan)
      } else {
        BoxBlur.lastStep(sum: sum, low: low, high: high, leaving: leaving,
          into: slot.assumingMemoryBound(to: SIMD4<Float>.self), count: elements, plan: plan)
      }
    }
    // Rows written straight out are not kept.
    strip.keptStart = writing == nil ? Swift.max(strip.keptStart, pipeline.row - strip.capacity) : pipeline.row
    strip.keptEnd = pipeline.row
    let finished = pipeline.row >= extent.maxY
    release(blocks, strip: strip.index, need: finished ? nil : pipeline.lowestInputRow, sweep: strip.sweep)
  }

  /// Copies the strip's kept `rows` of `part`'s columns into `out` (the part's top-left).
  private func copy(_ strip: Strip, _ part: IntRect, rows: Range<Int>, into out: UnsafeMutableRawPointer, stride: Int)
  {
    guard let kept = strip.kept, !rows.isEmpty else { return }
    let rowBytes = keptRowBytes(strip)
    let mask = strip.capacity - 1
    let skip = (part.minX - strip.columns.lowerBound) * 4
    for y in rows {
      (out + (y - part.minY) * stride * 4).copyMemory(from: kept + (y & mask) * rowBytes + skip,
        byteCount: part.width * 4)
    }
  }

  /// Pins (and computes, if need be) the row blocks that hold `rows`.
  private func acquire(_ rows: Range<Int>, context: RenderContext) throws -> [Block] {
    let clipped = rows.clamped(to: sourceRows)
    guard !clipped.isEmpty else { return [] }
    let first = clipped.lowerBound >> BlurStreams.blockShift
    let last = (clipped.upperBound - 1) >> BlurStreams.blockShift
    let blocks = state.withLock { s -> [Block] in
      (first...last).map { index in
        let block = s.blocks[index] ?? Block(start: index * BlurStreams.blockRows)
        s.blocks[index] = block
        block.pins += 1
        return block
      }
    }
    do {
      // First the blocks nobody is computing, then wait for the rest: requests that arrive together share the work.
      for block in blocks {
        try block.computed.withLockIfAvailable { done in
          if !done {
            try compute(block, context: context)
            done = true
          }
        }
      }
      for block in blocks {
        try block.computed.withLock { done in
          if !done {
            try compute(block, context: context)
            done = true
          }
        }
      }
    } catch {
      state.withLock { _ in for block in blocks { block.pins -= 1 } }
      throw error
    }
    return blocks
  }

  /// The horizontal passes of a block's rows, over the whole extent's width.
  private func compute(_ block: Block, context: RenderContext) throws {
    let reach = plan.reach
    let rows = block.start..<(block.start + BlurStreams.blockRows)
    let needed = IntRect(x: extent.minX - reach, y: rows.lowerBound, width: rowWidth + 2 * reach,
      height: rows.count)
    _ = try Raster.byteCount(width: needed.width, height: needed.height, pixelLimit: context.pixelLimit)
    let plane = try source.render(needed.intersection(source.extent), context: context)
    let storage = state.withLock { $0.spare.popLast() }
      ?? UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: rows.count * rowElements)
    let rowElements = rowElements
    BlurRows.horizontalBoxes(plane, rows: rows, x0: extent.minX, width: rowWidth, lanes: lanes, plan: plan) { y in
      storage + (y - rows.lowerBound) * rowElements
    }
    block.rows = storage
    computedRows.add(rows.clamped(to: sourceRows).count, ordering: .relaxed)
  }

  /// Unpins blocks, records how far the strip has gone (`nil`: to the bottom), and drops the rows every strip has
  /// left behind.
  private func release(_ blocks: [Block], strip: Int, need: Int?, sweep: Int) {
    state.withLock { s in
      for block in blocks { block.pins -= 1 }
      guard sweep == s.sweep else { return }
      if let need {
        s.leaderNeed = Swift.max(s.leaderNeed, need)
      } else {
        s.active.remove(strip)
      }
      let limit = s.leaderNeed == Int.min ? Int.min : s.leaderNeed - slack(s)
      let finished = s.active.isEmpty
      for (index, block) in s.blocks where block.pins == 0 {
        let end = block.start + BlurStreams.blockRows
        if finished || end <= limit {
          s.drop(index)
          if !finished { s.droppedBelow = Swift.max(s.droppedBelow, end) }
        }
      }
    }
  }
}

/// ⌊a / b⌋ for b > 0.
@inline(__always)
func floorDivide(_ a: Int, _ b: Int) -> Int {
  a >= 0 ? a / b : -((-a + b - 1) / b)
}
