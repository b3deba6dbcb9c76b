/// The input with margins added around its extent, filled with a colour (transparent by default). The input's
/// own pixels are unchanged, including its transparent ones.
///
/// Parameters (see `ParameterCheck.margin(_:_:)`): margins are clamped to 2^30; a negative margin is an invalid
/// parameter (empty extent; rendering throws `RenderError.invalidParameter`).
public struct Padding: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The margins as used: clamped to 2^30 (as given when one is negative).
  public let top: Int
  public let right: Int
  public let bottom: Int
  public let left: Int
  public let color: Color
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// Margins of at least 0 (a negative one makes an invalid component), clamped to 2^30.
  public init(_ input: any ImageComponent, top: Int, right: Int, bottom: Int, left: Int, color: Color = .clear) {
    self.input = input
    var check = ParameterValidation("pad")
    self.top = check.check(top) { () throws(ParameterError) in try ParameterCheck.margin(top) }
    self.right = check.check(right) { () throws(ParameterError) in try ParameterCheck.margin(right) }
    self.bottom = check.check(bottom) { () throws(ParameterError) in try ParameterCheck.margin(bottom) }
    self.left = check.check(left) { () throws(ParameterError) in try ParameterCheck.margin(left) }
    problem = check.error
    self.color = color
    extent = Self.extent(of: input.extent, top: self.top, right: self.right, bottom: self.bottom, left: self.left,
      problem: problem)
    identity = ComponentIdentity(Self.self, inputs: [input],
      parameters: [self.top, self.right, self.bottom, self.left, color])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// `e` grown by the margins.
  private static func extent(of e: IntRect, top: Int, right: Int, bottom: Int, left: Int, problem: RenderError?)
    -> IntRect
  {
    if problem != nil { return .empty }
    if e.isInfinite || e.isEmpty { return e }
    return IntRect(x: e.minX - left, y: e.minY - top, width: e.width + left + right, height: e.height + top + bottom)
  }

  public var inputs: [any ImageComponent] { [input] }

  /// The part of `region` the input covers.
  public func inputDemands(for region: IntRect) -> [InputDemand] {
    let inside = region.intersection(input.extent)
    return inside.isEmpty ? [] : [InputDemand(input, inside)]
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    var output = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    let margin = region.intersection(extent)
    if color.premultiplied != .clear && !margin.isEmpty {
      output.fill(color, in: margin.offsetBy(dx: -region.minX, dy: -region.minY))
    }
    if let inner = try context.renderClipped(input, region) {
      output.copy(inner.raster, from: inner.raster.bounds, toX: inner.rect.minX - region.minX,
        y: inner.rect.minY - region.minY)
    }
    return output
  }

  public var description: String { "pad \(top) \(right) \(bottom) \(left) color=\(color)" }
}

extension Padding: DeepRendering {
  /// Padding copies pixels, at any depth (the margin's colour at the render's precision).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { true }
}

extension ImageComponent {
  /// This component with margins (top, right, bottom, left) of `color` added around its extent (each at least 0,
  /// clamped to 2^30; see `Padding`).
  public func padded(top: Int, right: Int, bottom: Int, left: Int, color: Color = .clear) -> Padding {
    Padding(self, top: top, right: right, bottom: bottom, left: left, color: color)
  }

  /// This component with a margin of `amount` pixels on every side.
  public func padded(by amount: Int, color: Color = .clear) -> Padding {
    Padding(self, top: amount, right: amount, bottom: amount, left: amount, color: color)
  }
}
