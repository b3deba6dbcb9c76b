/// Any component, behind one concrete type: for a chain whose steps depend on a condition, a stored property or
/// an array of components, where each chaining method's own return type (`Rotation`, `Padding`, …) would differ.
///
///     var card = AnyImageComponent(photo.resized(width: 240))
///     if tilted { card = AnyImageComponent(card.rotated(by: .degrees(-6))) }
///     let result = card.padded(by: 8, color: .white).erased()    // or `.erased()` at each step
///
/// `any ImageComponent` does the same job as a variable's type (`var card: any ImageComponent = photo`); this
/// struct is for where a concrete type is wanted (a generic parameter, `some ImageComponent`, a conditional
/// expression). It costs nothing at render time: the renderer, the plan and `RenderContext` see through it to the
/// component inside, so that a raster or a large blur keeps every optimisation it has unwrapped.
public struct AnyImageComponent: ImageComponent, CustomStringConvertible {
  /// The component inside (never itself an `AnyImageComponent`).
  public let base: any ImageComponent

  public init(_ component: any ImageComponent) {
    base = (component as? AnyImageComponent)?.base ?? component
  }

  public var extent: IntRect { base.extent }
  public var parameterError: RenderError? { base.parameterError }
  public var inputs: [any ImageComponent] { base.inputs }
  public var identity: ComponentIdentity { base.identity }
  public func inputDemands(for region: IntRect) -> [InputDemand] { base.inputDemands(for: region) }
  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    try base.render(region, context: context)
  }
  public var description: String { String(describing: base) }
}

extension ImageComponent {
  /// This component as an `AnyImageComponent`, for a conditional chain: `flag ? a.erased() : b.erased()`.
  public func erased() -> AnyImageComponent { AnyImageComponent(self) }

  /// The component a render works with: the one inside an `AnyImageComponent`, else this one.
  package var unwrapped: any ImageComponent { (self as? AnyImageComponent)?.base ?? self }
}
