/// The input sheared about the centre of its extent: x moves by tan(ax)·y and y by tan(ay)·x (relative to the
/// centre), as ImageMagick's `-shear`. The extent grows to the sheared bounding box; outside is transparent.
/// Angles must stay within ±90° (exclusive); a shear whose matrix is singular (ax + ay = ±90°) draws nothing.
public struct Skew: WarpDecorator, CustomStringConvertible {
  public let input: any ImageComponent
  public let x: Angle
  public let y: Angle
  public let interpolation: Interpolation
  let warp: AffineWarp

  public init(_ input: any ImageComponent, x: Angle, y: Angle = .degrees(0), interpolation: Interpolation = .bilinear)
  {
    self.input = input
    self.x = x
    self.y = y
    self.interpolation = interpolation
    let center = input.extent.centerPoint
    warp = AffineWarp(AffineTransform.shear(x, y).about(center), interpolation: interpolation,
      center: input.extent.isInfinite ? nil : center)
  }

  public var description: String { "skew \(x.degrees) \(y.degrees) \(interpolation)" }
}

extension ImageComponent {
  /// This component sheared by the angles `x` (horizontal) and `y` (vertical) about its centre.
  public func skewed(x: Angle, y: Angle = .degrees(0), interpolation: Interpolation = .bilinear) -> Skew {
    Skew(self, x: x, y: y, interpolation: interpolation)
  }
}
