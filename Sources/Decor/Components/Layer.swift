/// One child of a `Group`: a component placed at a whole-pixel position, drawn with a blend mode and an opacity.
///
/// For a fractional position, translate the component first (`component.translated(by:)`).
public struct Layer: Sendable {
  public var component: any ImageComponent
  /// Added to the component's coordinates.
  public var x: Int
  public var y: Int
  public var blendMode: BlendMode
  /// 0…1.
  public var opacity: Double

  public init(_ component: any ImageComponent, x: Int = 0, y: Int = 0, blendMode: BlendMode = .normal,
    opacity: Double = 1)
  {
    self.component = component
    self.x = x
    self.y = y
    self.blendMode = blendMode
    self.opacity = opacity
  }

  /// Where the layer's pixels lie in the group.
  public var extent: IntRect {
    let e = component.extent
    return e.isInfinite || e.isEmpty ? e : e.offsetBy(dx: x, dy: y)
  }
}
