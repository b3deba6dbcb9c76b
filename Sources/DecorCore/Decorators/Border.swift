/// A border of `width` pixels of `color` on every side, as ImageMagick's `-border`: the input flattened onto the
/// colour (source-over, so its transparent pixels show the colour, as ImageMagick composes it by default), then
/// margins of the colour added. The extent grows by `width` on each side.
///
/// Built as a small graph of primitives: a `Background` of the colour under a `Padding` of the colour. `decor apply
/// --explain` shows that graph. Checked against ImageMagick 6.9's `convert IN -bordercolor C -border N` on a
/// translucent cut-out (within one level, premultiplied; `ShapeTests`).
///
/// - The default colour is ImageMagick's default `-bordercolor`, #DFDFDF (a light grey).
/// - A width of 0 still flattens the input onto the colour, as `-border 0` does.
///
/// Parameters (see `ParameterCheck.margin(_:_:)`): the width is clamped to 2^30; a negative width is an invalid
/// parameter (empty extent; rendering throws `RenderError.invalidParameter`).
public struct Border: ImageComponent, CustomStringConvertible, LinkedComponent {
  /// ImageMagick's default `-bordercolor`: #DFDFDF.
  public static let defaultColor = Color(red: 223 / 255.0, green: 223 / 255.0, blue: 223 / 255.0)

  public let input: any ImageComponent
  /// The border's width on each side, as used: clamped to 2^30 (0 when it is refused).
  public let width: Int
  public let color: Color
  let graph: any ImageComponent
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, width: Int, color: Color = Border.defaultColor) {
    self.input = input
    var check = ParameterValidation("border")
    self.width = check.check(0) { () throws(ParameterError) in try ParameterCheck.margin(width, "width") }
    problem = check.error
    self.color = color
    graph = input.flattened(onto: color).padded(by: self.width, color: color)
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

  public var description: String { "border \(width) color=\(color)" }
}

extension ImageComponent {
  /// This component with a border of `width` pixels of `color` on every side, as ImageMagick's `-border`: flattened
  /// onto the colour, then framed by it (default #DFDFDF, ImageMagick's). The width is at least 0, clamped to 2^30
  /// (see `Border`).
  public func bordered(width: Int, color: Color = Border.defaultColor) -> Border {
    Border(self, width: width, color: color)
  }
}

extension Border: DeepRendering {
  /// Its graph (a background under a padding) renders at either depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
