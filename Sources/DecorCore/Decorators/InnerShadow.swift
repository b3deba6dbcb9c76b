/// A shadow inside the input's edges, as Figma, Sketch and CSS `box-shadow: inset` draw one: the shadow cast by
/// everything *outside* the shape (one minus its coverage), blurred by a Gaussian of standard deviation `sigma`,
/// moved by `offset`, filled with `color` at `opacity`, and drawn over the input only where the input is
/// (source-atop), so the extent and the alpha are the input's.
///
/// Built from primitives: an inverted `ShadowShape`, a `Translation` by the offset, cut to the input's extent
/// (`Crop`), drawn source-atop over the input in a `Group`.
///
/// An offset of (0, 4) darkens the top edge, as light from above would. Offsets are rounded to whole pixels; σ is
/// clamped to 0 … 2000 (a canvas, Core Graphics or CSS `box-shadow: inset` blur radius R is σ = R / 2); opacity to
/// 0 … 1.
public struct InnerShadow: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The offset as given; the shadow moves by this rounded to whole pixels.
  public let offset: Point
  /// The Gaussian's standard deviation σ in pixels, as used: clamped to 0 … 2000.
  public let sigma: Double
  /// The shadow's colour; its own alpha multiplies `opacity`.
  public let color: Color
  /// The shadow's opacity, as used: clamped to 0 … 1.
  public let opacity: Double
  /// The primitives that draw it: determined by the properties above, so that a graph compares them alone.
  let graph: any ImageComponent
  let shift: (dx: Int, dy: Int)
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// An inner shadow on `input`; the defaults are the `inner-shadow` step's (offset 5, 5; σ = 4; black at 0.5).
  ///
  /// The offset, σ and opacity must be finite, and σ and opacity at least 0; otherwise the shadow is an invalid
  /// parameter (its extent is empty and rendering throws `RenderError.invalidParameter`). The offset is clamped to
  /// ±2³⁰, σ to at most 2000 and the opacity to at most 1 (`ParameterCheck`).
  public init(
    _ input: any ImageComponent, offset: Point = Point(5, 5), sigma: Double = 4, color: Color = .black,
    opacity: Double = 0.5
  ) {
    self.input = input
    var check = ParameterValidation("inner-shadow")
    self.offset = check.check(.zero) { () throws(ParameterError) in try ParameterCheck.offset(offset) }
    let sigma = check.check(0) { () throws(ParameterError) in try ParameterCheck.sigma(sigma) }
    let opacity = check.check(0) { () throws(ParameterError) in try ParameterCheck.opacity(opacity) }
    problem = check.error
    let shape = ShadowShape(input, sigma: sigma, color: color, opacity: opacity, inverted: true)
    self.sigma = shape.sigma
    self.color = color
    self.opacity = shape.opacity
    shift = (DropShadow.whole(self.offset.x), DropShadow.whole(self.offset.y))
    let shadow = DropShadow.moved(shape, by: shift).cropped(to: input.extent)
    graph = Group([Layer(input), Layer(shadow, blendMode: .sourceAtop)])
    extent = problem == nil ? input.extent : .empty
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

  public var description: String {
    "inner-shadow \(shift.dx) \(shift.dy) blur=\(format(sigma)) color=\(color) opacity=\(format(opacity))"
  }
}

extension InnerShadow: DeepRendering {
  /// Its graph (the shadow's shape, moved, and a group) renders at either depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}

extension ImageComponent {
  /// This component with a shadow inside its edges (as design tools draw an inner shadow): the outside's coverage
  /// blurred by a Gaussian of standard deviation `sigma` pixels, moved by `offset`, in `color` at `opacity`, drawn
  /// over the component where it is opaque.
  public func addingInnerShadow(
    offset: Point = Point(5, 5), sigma: Double = 4, color: Color = .black, opacity: Double = 0.5
  ) -> InnerShadow {
    InnerShadow(self, offset: offset, sigma: sigma, color: color, opacity: opacity)
  }

  /// `addingInnerShadow(offset:sigma:…)` with the blur given as a *radius*, as CSS `box-shadow: inset` gives it:
  /// σ = `radius` / 2.
  public func addingInnerShadow(
    offset: Point = Point(5, 5), radius: Double, color: Color = .black, opacity: Double = 0.5
  ) -> InnerShadow {
    addingInnerShadow(offset: offset, sigma: radius / 2, color: color, opacity: opacity)
  }
}

extension ImageComponent {
  /// `addingInnerShadow(offset:sigma:…)` under its first name, a noun where the API names methods for their result.
  @available(*, deprecated, renamed: "addingInnerShadow(offset:sigma:color:opacity:)")
  public func innerShadow(
    offset: Point = Point(5, 5), sigma: Double = 4, color: Color = .black, opacity: Double = 0.5
  ) -> InnerShadow {
    addingInnerShadow(offset: offset, sigma: sigma, color: color, opacity: opacity)
  }

  /// `addingInnerShadow(offset:radius:…)` under its first name.
  @available(*, deprecated, renamed: "addingInnerShadow(offset:radius:color:opacity:)")
  public func innerShadow(
    offset: Point = Point(5, 5), radius: Double, color: Color = .black, opacity: Double = 0.5
  ) -> InnerShadow {
    addingInnerShadow(offset: offset, radius: radius, color: color, opacity: opacity)
  }

  /// `addingInnerShadow(offset:sigma:…)` under its first name, whose `blur` was the standard deviation.
  @available(*, deprecated, renamed: "addingInnerShadow(offset:sigma:color:opacity:)")
  public func innerShadow(
    offset: Point = Point(5, 5), blur: Double, color: Color = .black, opacity: Double = 0.5
  ) -> InnerShadow {
    addingInnerShadow(offset: offset, sigma: blur, color: color, opacity: opacity)
  }
}

extension InnerShadow {
  /// `init(_:offset:sigma:…)` under its first name, whose `blur` was the standard deviation.
  @available(*, deprecated, renamed: "init(_:offset:sigma:color:opacity:)")
  public init(
    _ input: any ImageComponent, offset: Point = Point(5, 5), blur: Double, color: Color = .black,
    opacity: Double = 0.5
  ) {
    self.init(input, offset: offset, sigma: blur, color: color, opacity: opacity)
  }
}
