/// The input with its extent's corners rounded, as CSS `border-radius` rounds a box: each corner is a quarter
/// ellipse of radii (rx, ry), and each pixel is multiplied (premultiplied, so colour and alpha alike) by the exact
/// area of it inside the rounded rectangle.
///
/// - Geometry (CSS Backgrounds and Borders 3, §5.1 and §5.5): a length gives rx = ry = R; a percentage P gives
///   rx = P% of the width and ry = P% of the height, so 50% is the ellipse inscribed in the extent. Where the radii
///   of two corners along a side add up to more than the side, all radii are scaled by the same factor
///   f = min(width / 2rx, height / 2ry), as CSS does, so a radius of 1000 on a 40 × 30 image gives a stadium of
///   radius 15.
/// - Antialiasing is the exact area coverage: the area of each pixel's square inside the shape, in closed form
///   (`RoundedRectCoverage`), rounded once to the render's depth when it multiplies the pixel. It agrees with a
///   1024 × 1024 supersampled coverage within one level (the tests' reference).
/// - An input with an infinite extent has no corners and is returned unchanged; the extent never changes.
///
/// Parameters (see `ParameterCheck.cornerRadius(_:)`): NaN, ±∞ or a negative radius is an invalid parameter (empty
/// extent; rendering throws `RenderError.invalidParameter`); a length is clamped to 2^30, a percentage to 100 (any
/// percentage from 50 up is the ellipse).
public struct RoundedCorners: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The radius as used: clamped to 2^30 pixels or 100% (as given when it is refused).
  public let radius: CornerRadius
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, radius: CornerRadius) {
    self.input = input
    var check = ParameterValidation("round")
    self.radius = check.check(radius) { () throws(ParameterError) in try ParameterCheck.cornerRadius(radius) }
    problem = check.error
    extent = problem != nil ? .empty : input.extent
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [self.radius])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public var inputs: [any ImageComponent] { [input] }

  /// Pixel by pixel: the same region.
  public func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }

  /// The radii (rx, ry) used on an extent of `width` × `height`, scaled down as CSS scales overlapping radii.
  public static func radii(_ radius: CornerRadius, width: Int, height: Int) -> (rx: Double, ry: Double) {
    let w = Double(width)
    let h = Double(height)
    var (rx, ry): (Double, Double)
    switch radius {
    case .pixels(let r): (rx, ry) = (r, r)
    case .percent(let p): (rx, ry) = (p / 100 * w, p / 100 * h)
    }
    guard rx > 0, ry > 0, w > 0, h > 0 else { return (0, 0) }
    let f = min(1, w / (2 * rx), h / (2 * ry))
    if f < 1 {
      rx = min(rx * f, w / 2)
      ry = min(ry * f, h / 2)
    }
    return (rx, ry)
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    var pixels = try context.render(input, region)
    let e = input.extent
    if e.isInfinite || e.isEmpty { return pixels }
    let (rx, ry) = Self.radii(radius, width: e.width, height: e.height)
    let shape = RoundedRectCoverage(width: e.width, height: e.height, rx: rx, ry: ry)
    shape.apply(to: &pixels, region: region.offsetBy(dx: -e.minX, dy: -e.minY))
    return pixels
  }

  public var description: String { "round \(radius)" }
}

extension ImageComponent {
  /// This component with its corners rounded by `radius` pixels, as CSS `border-radius: R` (antialiased by exact
  /// area coverage; overlapping radii scaled down as CSS does). NaN, ±∞ or a negative radius makes an invalid
  /// component; the radius is clamped to 2^30 (see `RoundedCorners`).
  public func roundingCorners(radius: Double) -> RoundedCorners { RoundedCorners(self, radius: .pixels(radius)) }

  /// This component with its corners rounded by `radius`: `.pixels(R)` or `.percent(P)` (rx = P% of the width,
  /// ry = P% of the height; `.percent(50)` is an ellipse), as CSS `border-radius` (see `RoundedCorners`).
  public func roundingCorners(radius: CornerRadius) -> RoundedCorners {
    RoundedCorners(self, radius: radius)
  }
}

extension RoundedCorners: DeepRendering {
  /// The coverage multiplies in floats at either depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
