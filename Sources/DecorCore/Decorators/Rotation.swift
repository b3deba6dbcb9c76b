/// The input rotated about the centre of its extent. Positive angles turn clockwise on screen.
///
/// The extent grows to the rotated bounding box (plus the interpolation's reach); outside the input is
/// transparent, and the edges are antialiased by the interpolation. Multiples of 90° are exact pixel copies; when
/// the rotated extent would sit on half pixels (a quarter turn of an image whose width and height differ by an odd
/// number) it is moved up-left by half a pixel so that the copy stays exact.
///
/// Parameters (see `ParameterCheck`): any finite angle, reduced modulo 360°; NaN or ±∞ is an invalid parameter
/// (empty extent; rendering throws `RenderError.invalidParameter`).
public struct Rotation: WarpDecorator, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The angle as used: reduced modulo 360° (as given when it is not finite).
  public let angle: Angle
  public let interpolation: Interpolation
  let warp: AffineWarp
  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, angle: Angle, interpolation: Interpolation = .bilinear) {
    self.input = input
    var check = ParameterValidation("rotate")
    self.angle = check.check(angle) { () throws(ParameterError) in try ParameterCheck.angle(angle) }
    problem = check.error
    self.interpolation = interpolation
    let turn = problem == nil ? self.angle : .degrees(0)
    var transform = AffineTransform.rotation(turn).about(input.extent.centerPoint)
    if turn.quarterTurns != nil, !input.extent.isInfinite {
      let box = transform.boundingBox(of: input.extent.rect)
      transform = transform.concatenating(
        .translation(box.minX.rounded(.down) - box.minX, box.minY.rounded(.down) - box.minY))
    }
    let center = turn.quarterTurns == nil && !input.extent.isInfinite ? input.extent.centerPoint : nil
    warp = AffineWarp(transform, interpolation: interpolation, center: center)
    extent = problem == nil ? warp.extent(of: input.extent) : .empty
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [self.angle, interpolation])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  public var description: String { "rotate \(angle.degrees) \(interpolation)" }
}

extension ImageComponent {
  /// This component rotated about its centre by `angle` (clockwise on screen for positive angles; any finite
  /// angle, reduced modulo 360°; NaN or ±∞ makes an invalid component, see `Rotation`).
  public func rotated(by angle: Angle, interpolation: Interpolation = .bilinear) -> Rotation {
    Rotation(self, angle: angle, interpolation: interpolation)
  }
}
