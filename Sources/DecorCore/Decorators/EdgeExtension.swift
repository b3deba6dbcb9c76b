/// The input with its edges extended outward by `margin` pixels on every side, the new pixels taken from the input
/// as `mode` says (repeating the edge, mirrored or wrapped; see `EdgeMode`): what a filter that reads around each
/// pixel sees beyond the edges, as Skia's tile modes and libvips' `embed` give it. `blurred(sigma:edge:)` is built on
/// it: this, then the Gaussian, cut back to the input's extent.
///
/// - The extent is the input's grown by `margin` (an input with an empty or infinite extent is unchanged: there is
///   no edge to extend). Outside it the component is transparent, like any other.
/// - Rendering a region asks the input only for the pixels that region maps onto: for a region inside the input's
///   extent exactly that region; beyond an edge, the run of edge pixels it repeats or reflects (one region), or for
///   `wrap` across a seam the two to four parts on either side of it.
///
/// Parameters (see `ParameterCheck.margin(_:_:)`): the margin is clamped to 2^30; a negative one is an invalid
/// parameter (empty extent; rendering throws `RenderError.invalidParameter`).
public struct EdgeExtension: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  public let mode: EdgeMode
  /// Pixels added on every side, as used: at least 0, clamped to 2^30.
  public let margin: Int
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, mode: EdgeMode, margin: Int) {
    self.input = input
    self.mode = mode
    var check = ParameterValidation("extend edges")
    self.margin = check.check(margin) { () throws(ParameterError) in try ParameterCheck.margin(margin) }
    problem = check.error
    extent = Self.extent(of: input.extent, margin: self.margin, problem: problem)
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [mode, self.margin])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// `e` grown by `margin` on every side.
  private static func extent(of e: IntRect, margin: Int, problem: RenderError?) -> IntRect {
    if problem != nil { return .empty }
    return e.isEmpty || e.isInfinite ? e : e.insetBy(dx: -margin, dy: -margin)
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  /// Where the pixels of `region` come from: the part of `region` inside the extent (`target`), and the runs of
  /// the input's columns and rows it maps onto (every column run with every row run is one region of the input).
  func sources(for region: IntRect) -> (target: IntRect, columns: [Range<Int>], rows: [Range<Int>])? {
    let target = region.intersection(extent)
    guard !target.isEmpty else { return nil }
    let e = input.extent
    if e.contains(target) { return (target, [target.minX..<target.maxX], [target.minY..<target.maxY]) }
    let columns = mode.sources(of: target.minX..<target.maxX, in: e.minX..<e.maxX)
    let rows = mode.sources(of: target.minY..<target.maxY, in: e.minY..<e.maxY)
    return columns.isEmpty || rows.isEmpty ? nil : (target, columns, rows)
  }

  /// The regions of the input `region` maps onto, or none (see the type's notes).
  func inputRegions(for region: IntRect) -> [IntRect] {
    guard let (_, columns, rows) = sources(for: region) else { return [] }
    return rows.flatMap { y in
      columns.map { x in IntRect(x: x.lowerBound, y: y.lowerBound, width: x.count, height: y.count) }
    }
  }

  public var inputs: [any ImageComponent] { [input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    inputRegions(for: region).map { InputDemand(input, $0) }
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    let format = context.format
    guard let (target, columns, rows) = sources(for: region) else {
      return try Raster(width: region.width, height: region.height, format: format, pixelLimit: context.pixelLimit)
    }
    // Inside the input: its pixels as they are.
    if target == region && input.extent.contains(region) { return try context.render(input, region) }
    if mode == .transparent {
      var output = try Raster(width: region.width, height: region.height, format: format,
        pixelLimit: context.pixelLimit)
      if let inner = try context.renderClipped(input, region) {
        output.copy(inner.raster, from: inner.raster.bounds, toX: inner.rect.minX - region.minX,
          y: inner.rect.minY - region.minY)
      }
      return output
    }
    // The runs the region needs, side by side in one raster (the common case, one run each way, is the input's own
    // raster, uncopied when it is one): `source` holds them, and a coordinate maps to a column (row) of it through
    // its run's place there.
    let source: (raster: Raster, columnOrigin: [Int], rowOrigin: [Int])
    if columns.count == 1 && rows.count == 1 {
      let asked = IntRect(x: columns[0].lowerBound, y: rows[0].lowerBound, width: columns[0].count,
        height: rows[0].count)
      guard let pixels = try context.renderClipped(input, asked) else {
        return try Raster(width: region.width, height: region.height, format: format, pixelLimit: context.pixelLimit)
      }
      source = (pixels.raster, [pixels.rect.minX], [pixels.rect.minY])
    } else {
      var packed = try Raster(width: columns.reduce(0) { $0 + $1.count }, height: rows.reduce(0) { $0 + $1.count },
        format: format, pixelLimit: context.pixelLimit)
      let columnPlaces = Self.places(columns)
      let rowPlaces = Self.places(rows)
      for (row, y) in rows.enumerated() {
        for (column, x) in columns.enumerated() {
          let asked = IntRect(x: x.lowerBound, y: y.lowerBound, width: x.count, height: y.count)
          guard let pixels = try context.renderClipped(input, asked) else { continue }
          packed.copy(pixels.raster, from: asked.offsetBy(dx: -pixels.rect.minX, dy: -pixels.rect.minY),
            toX: columnPlaces[column], y: rowPlaces[row])
        }
      }
      source = (packed, zip(columns, columnPlaces).map { $0.lowerBound - $1 }, zip(rows, rowPlaces).map { $0.lowerBound - $1 })
    }
    let e = input.extent
    /// The column (row) of `source` that coordinate `v` of the target reads.
    func index(_ v: Int, _ range: Range<Int>, _ runs: [Range<Int>], _ origins: [Int]) -> Int {
      let s = mode.source(v, in: range) ?? range.lowerBound
      let run = runs.firstIndex { $0.contains(s) } ?? 0
      return s - origins[run]
    }
    let columnIndex = (target.minX..<target.maxX).map { index($0, e.minX..<e.maxX, columns, source.columnOrigin) }
    let rowIndex = (target.minY..<target.maxY).map { index($0, e.minY..<e.maxY, rows, source.rowOrigin) }
    // Runs of consecutive source columns (the whole inside of the input, for one) are copied as blocks.
    var spans: [(start: Int, count: Int)] = []
    var start = 0
    for i in 1...columnIndex.count where i == columnIndex.count || columnIndex[i] != columnIndex[i - 1] + 1 {
      spans.append((start, i - start))
      start = i
    }
    var output = try Raster(width: region.width, height: region.height, format: format,
      pixelLimit: context.pixelLimit)
    let sourceWidth = source.raster.width
    let outputWidth = region.width
    /// The copy, for pixels of one width (4 or 8 bytes).
    func copyRows<Pixel>(_ src: UnsafePointer<Pixel>, _ out: UnsafeMutablePointer<Pixel>) {
      for (row, sourceRow) in rowIndex.enumerated() {
        let line = src + sourceRow * sourceWidth
        let destination = out + (target.minY - region.minY + row) * outputWidth + (target.minX - region.minX)
        for span in spans {
          (destination + span.start).update(from: line + columnIndex[span.start], count: span.count)
        }
      }
    }
    source.raster.withUnsafeBytes { sourceBytes in
      output.withUnsafeMutableBytes { outputBytes in
        if format.bytesPerPixel == 4 {
          copyRows(sourceBytes.baseAddress!.assumingMemoryBound(to: UInt32.self),
            outputBytes.baseAddress!.assumingMemoryBound(to: UInt32.self))
        } else {
          copyRows(sourceBytes.baseAddress!.assumingMemoryBound(to: UInt64.self),
            outputBytes.baseAddress!.assumingMemoryBound(to: UInt64.self))
        }
      }
    }
    return output
  }

  /// Where each run starts when the runs are laid side by side.
  static func places(_ runs: [Range<Int>]) -> [Int] {
    var places: [Int] = []
    var next = 0
    for run in runs {
      places.append(next)
      next += run.count
    }
    return places
  }

  public var description: String { "extend edges \(mode) by \(margin)" }
}

extension ImageComponent {
  /// This component with its edges extended by `margin` pixels on every side as `mode` says (see `EdgeExtension`;
  /// the margin is at least 0, clamped to 2^30).
  public func extendingEdges(_ mode: EdgeMode, by margin: Int) -> EdgeExtension {
    EdgeExtension(self, mode: mode, margin: margin)
  }
}

extension EdgeExtension: DeepRendering {
  /// Extending an edge copies pixels, at any depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { true }
}
