/// One child of a `Group`: a component placed at a whole-pixel position, drawn with a blend mode and an opacity.
///
/// For a fractional position, translate the component first (`component.translated(by:)`).
///
/// Parameters (see `ParameterCheck`): `x` and `y` are clamped to ±2^30 (when set, too); an opacity above 1 counts
/// as 1, and one that is NaN, ±∞ or negative is an invalid parameter: the layer's extent is empty and its group
/// reports the problem as its `parameterError` (rendering throws `RenderError.invalidParameter`).
public struct Layer: Sendable {
  public var component: any ImageComponent
  /// Added to the component's coordinates; clamped to ±2^30.
  public var x: Int { didSet { x = ParameterCheck.position(x) } }
  /// Added to the component's coordinates; clamped to ±2^30.
  public var y: Int { didSet { y = ParameterCheck.position(y) } }
  public var blendMode: BlendMode
  /// 0…1; above 1 counts as 1; NaN, ±∞ or negative make the layer invalid (see `parameterError`).
  public var opacity: Double

  public init(_ component: any ImageComponent, x: Int = 0, y: Int = 0, blendMode: BlendMode = .normal,
    opacity: Double = 1)
  {
    self.component = component
    self.x = ParameterCheck.position(x)
    self.y = ParameterCheck.position(y)
    self.blendMode = blendMode
    self.opacity = opacity
  }

  /// The problem with the layer's opacity, else its component's; `nil` when both are usable.
  public var parameterError: RenderError? {
    do {
      _ = try ParameterCheck.opacity(opacity)
    } catch {
      return .invalidParameter(component: "layer", reason: error.reason)
    }
    return component.parameterError
  }

  /// Where the layer's pixels lie in the group; empty when the opacity is invalid.
  public var extent: IntRect {
    if !(opacity.isFinite && opacity >= 0) { return .empty }
    let e = component.extent
    return e.isInfinite || e.isEmpty ? e : e.offsetBy(dx: x, dy: y)
  }
}
