/// The input mapped through any affine matrix (x' = a·x + c·y + tx, y' = b·x + d·y + ty), about the origin of
/// the coordinate space (not the image centre). The extent becomes the mapped bounding box; outside is
/// transparent.
///
/// Parameters (see `ParameterCheck.transform(_:)`): entries are clamped to ±2^30; an entry that is not finite, or
/// a singular matrix (A·D − B·C = 0), is an invalid parameter: the extent is empty and rendering throws
/// `RenderError.invalidParameter`.
public struct AffineTransformation: WarpDecorator, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The matrix as used: entries clamped to ±2^30 (as given when it is refused).
  public let transform: AffineTransform
  public let interpolation: Interpolation
  let warp: AffineWarp
  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, transform: AffineTransform, interpolation: Interpolation = .bilinear) {
    self.input = input
    var check = ParameterValidation("transform")
    self.transform = check.check(transform) { () throws(ParameterError) in try ParameterCheck.transform(transform) }
    problem = check.error
    self.interpolation = interpolation
    warp = AffineWarp(problem == nil ? self.transform : .identity, interpolation: interpolation)
    extent = problem == nil ? warp.extent(of: input.extent) : .empty
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [self.transform, interpolation])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  public var description: String {
    "transform \(transform.a) \(transform.b) \(transform.c) \(transform.d) \(transform.tx) \(transform.ty) "
      + "\(interpolation)"
  }
}

extension ImageComponent {
  /// This component mapped through `transform` (about the coordinate origin; see `AffineTransformation` for the
  /// limits).
  public func transformed(by transform: AffineTransform, interpolation: Interpolation = .bilinear)
    -> AffineTransformation
  {
    AffineTransformation(self, transform: transform, interpolation: interpolation)
  }
}
