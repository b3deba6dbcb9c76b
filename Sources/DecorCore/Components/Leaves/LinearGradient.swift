/// A linear gradient covering the whole plane, like CSS `linear-gradient` and SVG's `<linearGradient>`.
///
/// Each pixel is sampled at its centre (x + 0.5, y + 0.5) and projected onto the axis from `from` to `to`, giving
/// `t` (0 at `from`, 1 at `to`); lines perpendicular to the axis share one colour. Colours are interpolated between
/// the stops around `t` in premultiplied space, as CSS gradients are, so a fade to transparent keeps its hue; beyond
/// the ends the end colours continue (padding: no repeat or reflect).
///
/// Limits: no stops is an invalid parameter (as in CSS and scene files); with one stop it is that colour everywhere. When `from` and
/// `to` coincide there is no axis, and the last stop's colour fills the plane, as SVG specifies. Stop locations lie
/// in 0…1 (see `GradientStop`). No dithering: a long, gentle ramp shows 8-bit bands.
///
/// Parameters (see `ParameterCheck.offset(_:_:)`): coordinates are clamped to ±2^30; a point that is not finite is
/// an invalid parameter (empty extent; rendering throws `RenderError.invalidParameter`).
public struct LinearGradient: ImageComponent, CustomStringConvertible {
  /// Where `t` = 0, as used: clamped to ±2^30 (as given when refused).
  public let from: Point
  /// Where `t` = 1, as used: clamped to ±2^30 (as given when refused).
  public let to: Point
  /// The stops, sorted by location (stops at the same location keep their given order).
  public var stops: [GradientStop] { ramp.stops }

  private let ramp: GradientRamp
  /// `t` = (px − from.x)·kx + (py − from.y)·ky, or `nil` when there is no axis.
  private let slope: (kx: Double, ky: Double)?
  let problem: RenderError?

  /// A gradient from `from` to `to` through `stops` (in any order; they are sorted by location).
  public init(from: Point, to: Point, stops: [GradientStop]) {
    var check = ParameterValidation("linear-gradient")
    self.from = check.check(from) { () throws(ParameterError) in try ParameterCheck.offset(from, "start point") }
    self.to = check.check(to) { () throws(ParameterError) in try ParameterCheck.offset(to, "end point") }
    _ = check.check(stops) { () throws(ParameterError) in try ParameterCheck.stops(stops) }
    problem = check.error
    let from = self.from
    let to = self.to
    ramp = GradientRamp(stops)
    let dx = to.x - from.x
    let dy = to.y - from.y
    let lengthSquared = dx * dx + dy * dy
    let kx = dx / lengthSquared
    let ky = dy / lengthSquared
    let finite = [from.x, from.y, kx, ky].allSatisfy(\.isFinite)
    slope = lengthSquared > 0 && lengthSquared.isFinite && finite ? (kx, ky) : nil
  }

  /// `IntRect.infinite`: a gradient covers the plane (empty when a parameter is invalid).
  public var extent: IntRect { problem == nil ? .infinite : .empty }

  public var parameterError: RenderError? { problem }

  public var identity: ComponentIdentity { ComponentIdentity(Self.self, parameters: [from, to, stops]) }

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
    let from = from
    let slope = slope
    raster.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress?.assumingMemoryBound(to: P.self) else { return }
      ramp.withEvaluator(P.self) { ramp in
        guard let (kx, ky) = slope else {
          // No axis: the last colour everywhere.
          for i in 0..<width * region.height { base[i] = ramp.last }
          return
        }
        // Evaluating t the same way for every pixel (not by stepping) keeps results independent of the tiling.
        func fillRow(_ row: Int) {
          let line = base + row * width
          let ty = (Double(region.y + row) + 0.5 - from.y) * ky
          if kx == 0 {
            let pixel = ramp.pixel(at: ty)
            for i in 0..<width { line[i] = pixel }
          } else {
            for i in 0..<width {
              let tx = (Double(region.x + i) + 0.5 - from.x) * kx
              line[i] = ramp.pixel(at: tx + ty)
            }
          }
        }
        if ky == 0 {
          // A horizontal axis: every row is the same.
          fillRow(0)
          for row in 1..<region.height { (base + row * width).update(from: base, count: width) }
        } else {
          for row in 0..<region.height { fillRow(row) }
        }
      }
    }
  }

  /// `linear-gradient (x0, y0) → (x1, y1): #rrggbb 0.0%, …`.
  public var description: String { "linear-gradient \(from) → \(to): \(ramp.description)" }
}

extension LinearGradient: GradientFilling {}

extension LinearGradient: DeepRendering {
  /// Its colours are interpolated in floats and rounded once to the render's depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
