/// The seeds' drawing calls (`drawAtPoint:`, `drawInRect:`, … with a blend mode and an alpha, `drawAsPattern`),
/// drawing components onto a raster used as a canvas.
///
/// Each call renders only the part of the component that falls on the canvas, in tiles on all cores, and blends
/// it in. Fractional positions and sizes resample the component (bilinear for positions, bicubic for sizes).
///
/// Parameters (see `ParameterCheck`): points and rectangle origins are clamped to ±2^30 and rectangle sizes to
/// 2^30; `alpha` above 1 counts as 1. A point or rectangle that is not finite, a rectangle of negative size, or an
/// alpha that is NaN, ±∞ or negative throws `RenderError.invalidParameter(component: "draw", …)`, and so does a
/// component whose `parameterError` is set; the canvas is then untouched.
extension Raster {
  /// Draws `component` with the top-left of its extent at `point`.
  ///
  /// - Throws: `RenderError.invalidParameter` (see above), `RenderError.infiniteExtent` for a component without a
  ///   top-left (draw it `in:` a rectangle instead), or a rendering error of the component.
  public mutating func draw(
    _ component: any ImageComponent, at point: Point, blendMode: BlendMode = .normal, alpha: Double = 1,
    renderer: Renderer = Renderer()
  ) throws {
    let (point, alpha) = try Raster.check { () throws(ParameterError) in
      (try ParameterCheck.offset(point, "point"), try ParameterCheck.opacity(alpha, "alpha"))
    }
    if let problem = component.parameterError { throw problem }
    let e = component.extent
    if e.isEmpty { return }
    if e.isInfinite { throw RenderError.infiniteExtent(component: String(describing: component)) }
    try composite(Translation(component, placingBy: Point(point.x - Double(e.minX), point.y - Double(e.minY))),
      blendMode: blendMode, alpha: alpha, renderer: renderer)
  }

  /// Draws `component` scaled to fill `rect` (its size rounded to whole pixels, at least one).
  ///
  /// - Throws: `RenderError.invalidParameter` (see above), or a rendering error of the component.
  public mutating func draw(
    _ component: any ImageComponent, in rect: Rect, blendMode: BlendMode = .normal, alpha: Double = 1,
    renderer: Renderer = Renderer()
  ) throws {
    let (rect, alpha) = try Raster.check(rect, alpha, component)
    let width = max(1, Int(rect.width.rounded()))
    let height = max(1, Int(rect.height.rounded()))
    if component.extent.isInfinite {
      try composite(component.cropped(to: IntRect(covering: rect)), blendMode: blendMode, alpha: alpha,
        renderer: renderer)
      return
    }
    try draw(component.resized(width: width, height: height), at: rect.origin, blendMode: blendMode, alpha: alpha,
      renderer: renderer)
  }

  /// Fills `rect` with `component` repeated, the pattern's cell starting at the rectangle's top-left.
  ///
  /// - Throws: `RenderError.invalidParameter` (see above), or a rendering error of the component.
  public mutating func drawAsPattern(
    _ component: any ImageComponent, in rect: Rect, blendMode: BlendMode = .normal, alpha: Double = 1,
    renderer: Renderer = Renderer()
  ) throws {
    let (rect, alpha) = try Raster.check(rect, alpha, component)
    let area = IntRect(covering: rect)
    guard !area.isEmpty else { return }
    try draw(component.tiled(width: area.width, height: area.height), at: rect.origin, blendMode: blendMode,
      alpha: alpha, renderer: renderer)
  }

  /// The checked arguments of a draw call, or its refusal as `RenderError.invalidParameter`.
  /// The checked rectangle and alpha of a draw call into a rectangle, once `component` has no problem either.
  static func check(_ rect: Rect, _ alpha: Double, _ component: any ImageComponent) throws(RenderError)
    -> (Rect, Double)
  {
    let checked = try check { () throws(ParameterError) in
      (try ParameterCheck.rect(rect), try ParameterCheck.opacity(alpha, "alpha"))
    }
    if let problem = component.parameterError { throw problem }
    return checked
  }

  static func check<T>(_ body: () throws(ParameterError) -> T) throws(RenderError) -> T {
    do {
      return try body()
    } catch {
      throw .invalidParameter(component: "draw", reason: error.reason)
    }
  }

  mutating func composite(_ component: any ImageComponent, blendMode: BlendMode, alpha: Double, renderer: Renderer)
    throws
  {
    let region = component.extent.intersection(bounds)
    guard !region.isEmpty else { return }
    let pixels = try renderer.render(component, region: region)
    Compositor.composite(pixels, at: region, onto: &self, mode: blendMode, opacity: alpha)
  }
}
