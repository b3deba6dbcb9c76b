/// The input sheared about the centre of its extent: x moves by tan(ax)·y and y by tan(ay)·x (relative to the
/// centre), as ImageMagick's `-shear`. The extent grows to the sheared bounding box; outside is transparent.
///
/// Parameters (see `ParameterCheck.skew(x:y:)`): each angle finite and strictly within ±90°, and the two not
/// making a singular shear (ax + ay = ±90°). Anything else is an invalid parameter: the extent is empty and
/// rendering throws `RenderError.invalidParameter`.
public struct Skew: WarpDecorator, CustomStringConvertible {
  public let input: any ImageComponent
  public let x: Angle
  public let y: Angle
  public let interpolation: Interpolation
  let warp: AffineWarp
  let problem: RenderError?

  public init(_ input: any ImageComponent, x: Angle, y: Angle = .degrees(0), interpolation: Interpolation = .bilinear)
  {
    self.input = input
    self.x = x
    self.y = y
    self.interpolation = interpolation
    var check = ParameterValidation("skew")
    let angles = check.check((x: Angle.degrees(0), y: Angle.degrees(0))) { () throws(ParameterError) in
      try ParameterCheck.skew(x: x, y: y)
    }
    problem = check.error
    let center = input.extent.centerPoint
    warp = AffineWarp(AffineTransform.shear(angles.x, angles.y).about(center), interpolation: interpolation,
      center: input.extent.isInfinite ? nil : center)
  }

  public var description: String { "skew \(x.degrees) \(y.degrees) \(interpolation)" }
}

extension ImageComponent {
  /// This component sheared by the angles `x` (horizontal) and `y` (vertical) about its centre; each within ±90°
  /// (see `Skew`).
  public func skewed(x: Angle, y: Angle = .degrees(0), interpolation: Interpolation = .bilinear) -> Skew {
    Skew(self, x: x, y: y, interpolation: interpolation)
  }
}
