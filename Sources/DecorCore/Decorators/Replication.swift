/// A grid of `columns` × `rows` copies of the input, as libvips' `replicate`: the result is columns·w × rows·h
/// pixels, its top-left at the input's, each copy's pixels exactly the input's.
///
/// Built on `Tiling` (the same machinery as the `tile` step, which fills a given W × H area instead): a tiling of
/// exactly the grid's size. Checked byte for byte against pyvips' `replicate` (libvips 8.14; `ShapeTests`).
///
/// - An input with an infinite extent has no size to repeat and is returned unchanged; an empty one stays empty.
/// - The result's sides are clamped to 2^30 pixels (the grid is cut there); rendering more than the renderer's pixel
///   limit is `RenderError.raster(.tooLarge)`, and the `replicate` step refuses a result over the limit.
///
/// Parameters (see `ParameterCheck.size(_:_:)`): `columns` and `rows` are at least 1 (below, an invalid parameter:
/// empty extent; rendering throws `RenderError.invalidParameter`), clamped to 2^30.
public struct Replication: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The number of copies across and down, as used: clamped to 2^30 (0 when refused).
  public let columns: Int
  public let rows: Int
  let graph: any ImageComponent
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, columns: Int, rows: Int) {
    self.input = input
    var check = ParameterValidation("replicate")
    self.columns = check.check(0) { () throws(ParameterError) in try ParameterCheck.size(columns, "columns") }
    self.rows = check.check(0) { () throws(ParameterError) in try ParameterCheck.size(rows, "rows") }
    problem = check.error
    let e = input.extent
    if e.isInfinite || e.isEmpty || problem != nil {
      graph = input
    } else {
      func side(_ count: Int, _ size: Int) -> Int {
        let (product, overflow) = count.multipliedReportingOverflow(by: size)
        return overflow ? ParameterCheck.maxLength : min(product, ParameterCheck.maxLength)
      }
      graph = Tiling(input, filling: IntRect(x: e.minX, y: e.minY, width: side(self.columns, e.width),
        height: side(self.rows, e.height)))
    }
    extent = problem == nil ? graph.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [graph], parameters: [])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input, graph])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public var inputs: [any ImageComponent] { [graph] }

  public func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(graph, region)] }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try context.render(graph, region)
  }

  public var description: String { "replicate \(columns)x\(rows)" }
}

extension ImageComponent {
  /// A grid of `columns` × `rows` copies of this component (libvips' `replicate`): columns·w × rows·h pixels. Each
  /// count is at least 1 (below, an invalid component), clamped to 2^30; see `Replication`.
  public func replicated(columns: Int, rows: Int) -> Replication { Replication(self, columns: columns, rows: rows) }
}

extension Replication: DeepRendering {
  /// A `Tiling`: it copies pixels, at any depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { true }
}
