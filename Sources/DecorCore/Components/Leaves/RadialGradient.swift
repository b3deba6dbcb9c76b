/// A circular radial gradient covering the whole plane, like CSS `radial-gradient(circle r at x y, …)`.
///
/// Each pixel is sampled at its centre (x + 0.5, y + 0.5); `t` is its distance from `center` divided by `radius`
/// (0 at the centre, 1 on the circle). Colours are interpolated between the stops around `t` in premultiplied space,
/// as CSS gradients are; beyond the circle the last colour continues.
///
/// Limits: circles only (no ellipses, no separate focal point). No stops is an invalid parameter (as in CSS); with
/// one stop it is that colour everywhere. A radius of zero leaves no gradient and the last stop's colour fills the
/// plane, as CSS draws a degenerate radial gradient. Stop locations lie in 0…1 (see `GradientStop`).
///
/// Parameters (see `ParameterCheck`): the centre's coordinates and the radius are clamped to ±2^30 and 2^30; a
/// centre or radius that is not finite, or a negative radius (which CSS refuses too), is an invalid parameter
/// (empty extent; rendering throws `RenderError.invalidParameter`).
public struct RadialGradient: ImageComponent, CustomStringConvertible {
  /// Where `t` = 0, as used: clamped to ±2^30 (as given when refused).
  public let center: Point
  /// The distance at which `t` = 1, in pixels, as used: clamped to 2^30 (as given when refused).
  public let radius: Double
  /// The stops, sorted by location (stops at the same location keep their given order).
  public var stops: [GradientStop] { ramp.stops }

  private let ramp: GradientRamp
  private let isDegenerate: Bool
  let problem: RenderError?

  /// A gradient around `center` reaching its last location at `radius`, through `stops` (in any order).
  public init(center: Point, radius: Double, stops: [GradientStop]) {
    var check = ParameterValidation("radial-gradient")
    self.center = check.check(center) { () throws(ParameterError) in try ParameterCheck.offset(center, "centre") }
    self.radius = check.check(radius) { () throws(ParameterError) in try ParameterCheck.length(radius, "radius") }
    _ = check.check(stops) { () throws(ParameterError) in try ParameterCheck.stops(stops) }
    problem = check.error
    ramp = GradientRamp(stops)
    isDegenerate = !(self.radius > 0) || problem != nil
  }

  /// `IntRect.infinite`: a gradient covers the plane (empty when a parameter is invalid).
  public var extent: IntRect { problem == nil ? .infinite : .empty }

  public var parameterError: RenderError? { problem }

  public var identity: ComponentIdentity { ComponentIdentity(Self.self, parameters: [center, radius, stops]) }

  /// Renders `region`. Every pixel depends only on its own coordinates, so tiles of any size match.
  /// - Throws: `RenderError.invalidParameter`, or `RasterError` if `region` is empty or over the context's pixel
  ///   limit.
  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try renderFilled(region, context: context)
  }

  /// Fills `raster` (covering `region`) with the gradient in pixels of `P`, 8 or 16 bits.
  func fill<P: StoredPixel>(_ raster: inout Raster, _: P.Type, region: IntRect) {
    let width = region.width
    let center = center
    let radius = radius
    let degenerate = isDegenerate
    raster.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress?.assumingMemoryBound(to: P.self) else { return }
      ramp.withEvaluator(P.self) { ramp in
        if degenerate {
          for i in 0..<width * region.height { base[i] = ramp.last }
          return
        }
        for row in 0..<region.height {
          let line = base + row * width
          let dy = Double(region.y + row) + 0.5 - center.y
          let dy2 = dy * dy
          for i in 0..<width {
            let dx = Double(region.x + i) + 0.5 - center.x
            line[i] = ramp.pixel(at: (dx * dx + dy2).squareRoot() / radius)
          }
        }
      }
    }
  }

  /// `radial-gradient at (x, y) radius r: #rrggbb 0.0%, …`.
  public var description: String { "radial-gradient at \(center) radius \(radius): \(ramp.description)" }
}

extension RadialGradient: GradientFilling {}

extension RadialGradient: DeepRendering {
  /// Its colours are interpolated in floats and rounded once to the render's depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
