/// The input sheared about the centre of its extent: x moves by tan(ax)·y and y by tan(ay)·x (relative to the
/// centre, y down), so a positive `x` leans the bottom to the right and a positive `y` lowers the right side. The
/// extent grows to the sheared bounding box; outside is transparent.
///
/// - The reference is CSS: `Skew(image, x: ax, y: ay)` is `transform: skew(ax, ay)`, the matrix
///   (1, tan ay, tan ax, 1), with the default `transform-origin: center`; with one angle, `skewX(ax)` or
///   `skewY(ay)`. Checked against Chromium: same direction and size on both axes.
/// - ImageMagick's `-shear` leans the other way on x and the same way on y: `-shear AX` is `x: -AX` here and
///   `-shear 0xAY` is `y: AY`. `-shear AXxAY` shears x first, then y, so it is two skews, `x: -AX` and then
///   `y: AY` (`'skew -AX | skew 0 AY'`), not one skew with both angles. Checked with ImageMagick 6.9.11
///   (`-background none -shear …`) on a 200-pixel-wide photo, over ImageMagick's canvas: 39 dB for `-shear 20`
///   against `skew -20` (12 dB against `skew 20`), 42 dB for `-shear 0x15` against `skew 0 15`, 40 dB for
///   `-shear 20x10` against the two skews (19 dB against `skew -20 10`). ImageMagick's canvas is a pixel or two
///   smaller (with both angles it is also cut shorter) and its interpolation differs.
///
/// Parameters (see `ParameterCheck.skew(x:y:)`): each angle finite and strictly within ±90°, and the two not
/// making a singular shear (ax + ay = ±90°). Anything else is an invalid parameter: the extent is empty and
/// rendering throws `RenderError.invalidParameter`.
public struct Skew: WarpDecorator, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  public let x: Angle
  public let y: Angle
  public let interpolation: Interpolation
  let warp: AffineWarp
  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

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
    extent = problem == nil ? warp.extent(of: input.extent) : .empty
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [x, y, interpolation])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  public var description: String { "skew \(x.degrees) \(y.degrees) \(interpolation)" }
}

extension ImageComponent {
  /// This component sheared by the angles `x` (horizontal) and `y` (vertical) about its centre, as CSS
  /// `transform: skew(x, y)` does (ImageMagick's `-shear AX` is `skewed(x: .degrees(-AX))`; see `Skew`).
  public func skewed(x: Angle, y: Angle = .degrees(0), interpolation: Interpolation = .bilinear) -> Skew {
    Skew(self, x: x, y: y, interpolation: interpolation)
  }
}
