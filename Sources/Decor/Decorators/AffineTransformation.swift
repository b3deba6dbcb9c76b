/// The input mapped through any affine matrix (x' = a·x + c·y + tx, y' = b·x + d·y + ty), about the origin of
/// the coordinate space (not the image centre). The extent becomes the mapped bounding box; outside is
/// transparent. A singular matrix draws nothing (the extent is empty).
public struct AffineTransformation: WarpDecorator, CustomStringConvertible {
  public let input: any ImageComponent
  public let transform: AffineTransform
  public let interpolation: Interpolation
  let warp: AffineWarp

  public init(_ input: any ImageComponent, transform: AffineTransform, interpolation: Interpolation = .bilinear) {
    self.input = input
    self.transform = transform
    self.interpolation = interpolation
    warp = AffineWarp(transform, interpolation: interpolation)
  }

  public var description: String {
    "transform \(transform.a) \(transform.b) \(transform.c) \(transform.d) \(transform.tx) \(transform.ty) "
      + "\(interpolation)"
  }
}

extension ImageComponent {
  /// This component mapped through `transform` (about the coordinate origin).
  public func transformed(by transform: AffineTransform, interpolation: Interpolation = .bilinear)
    -> AffineTransformation
  {
    AffineTransformation(self, transform: transform, interpolation: interpolation)
  }
}
