/// The input moved by (dx, dy) pixels.
///
/// Whole-pixel moves are free: the extent shifts and the input is asked for the shifted region, with no
/// resampling. Fractional moves resample with `interpolation`, so the edges become partly transparent.
///
/// Parameters (see `ParameterCheck.offset(_:)`): each coordinate of the offset is clamped to ±2^30; NaN or ±∞ is
/// an invalid parameter (empty extent; rendering throws `RenderError.invalidParameter`).
public struct Translation: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The offset as used: clamped to ±2^30 (as given when it is not finite).
  public let offset: Point
  public let interpolation: Interpolation
  let warp: AffineWarp?
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, by offset: Point, interpolation: Interpolation = .bilinear) {
    var check = ParameterValidation("translate")
    let used = check.check(offset) { () throws(ParameterError) in try ParameterCheck.offset(offset) }
    self.init(input, checked: used, problem: check.error, interpolation: interpolation)
  }

  /// A move computed by Decor itself (placing an extent at a point): any finite offset, kept within IntRect's
  /// limits rather than clamped to ±2^30, so that an extent anywhere can be brought anywhere.
  init(_ input: any ImageComponent, placingBy offset: Point, interpolation: Interpolation = .bilinear) {
    let limit = 4 * Double(IntRect.limit)
    let finite = offset.x.isFinite && offset.y.isFinite
    let used = finite ? Point(max(-limit, min(limit, offset.x)), max(-limit, min(limit, offset.y))) : offset
    let problem = finite ? nil
      : RenderError.invalidParameter(component: "translate", reason: "offset must be finite, got \(offset)")
    self.init(input, checked: used, problem: problem, interpolation: interpolation)
  }

  private init(_ input: any ImageComponent, checked offset: Point, problem: RenderError?,
    interpolation: Interpolation)
  {
    self.input = input
    self.offset = offset
    self.problem = problem
    self.interpolation = interpolation
    let whole = problem != nil || (offset.x == offset.x.rounded() && offset.y == offset.y.rounded())
    warp = whole ? nil : AffineWarp(.translation(offset.x, offset.y), interpolation: interpolation)
    extent = Self.extent(of: input.extent, offset: offset, warp: warp, problem: problem)
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [offset, interpolation])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  var integerOffset: (dx: Int, dy: Int) { problem == nil ? (Int(offset.x), Int(offset.y)) : (0, 0) }

  /// The extent of an input covering `input` moved by `offset` (whole pixels unless `warp` resamples).
  private static func extent(of input: IntRect, offset: Point, warp: AffineWarp?, problem: RenderError?) -> IntRect {
    if problem != nil { return .empty }
    if let warp { return warp.extent(of: input) }
    if input.isInfinite { return input }
    return input.offsetBy(dx: Int(offset.x), dy: Int(offset.y))
  }

  public var inputs: [any ImageComponent] { [input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    if let warp { return warp.inputDemands(for: region, input: input) }
    return [InputDemand(input, shifted(region))]
  }

  /// Where a region comes from, for whole-pixel moves.
  func shifted(_ region: IntRect) -> IntRect { region.offsetBy(dx: -integerOffset.dx, dy: -integerOffset.dy) }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    if let warp { return try warp.render(region, input: input, context: context) }
    return try context.render(input, shifted(region))
  }

  public var description: String { "translate \(offset.x) \(offset.y)" }
}

extension Translation: DeepRendering {
  /// A whole-pixel move copies pixels, at any depth; a fractional one resamples, premultiplied at 16 bits.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { warp.map { $0.interpolation == .nearest } ?? true }
}

extension ImageComponent {
  /// This component moved by `offset` pixels (right and down for positive values; clamped to ±2^30, see
  /// `Translation`).
  public func translated(by offset: Point, interpolation: Interpolation = .bilinear) -> Translation {
    Translation(self, by: offset, interpolation: interpolation)
  }
}
