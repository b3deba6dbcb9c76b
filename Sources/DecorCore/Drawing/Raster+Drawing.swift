/// The seeds' drawing calls (`drawAtPoint:`, `drawInRect:`, … with a blend mode and an alpha, `drawAsPattern`),
/// drawing components onto a raster used as a canvas.
///
/// Each call renders only the part of the component that falls on the canvas, in tiles on all cores, and blends
/// it in. Fractional positions and sizes resample the component (bilinear for positions, bicubic for sizes).
///
/// Where the component lands, for each call:
/// - `draw(_:at:)`: unscaled, the top-left of its extent at the point (a fractional point resamples it).
/// - `draw(_:in:)`: its extent scaled to fill the rectangle (each side independently, to whole pixels).
/// - `drawAsPattern(_:in:)`: unscaled and repeated, its extent's top-left at the rectangle's top-left, the
///   rectangle filled and nothing outside it.
///
/// A component with an infinite extent (a gradient, a solid colour, a checkerboard) has no size to scale and no
/// cell to repeat, so `draw(_:in:)` and `drawAsPattern(_:in:)` treat it alike: it is neither moved nor scaled, its
/// own coordinates are the canvas's, and the rectangle only clips it (as filling a path with a gradient does in
/// Core Graphics or canvas). `draw(_:at:)` has no top-left to place and throws `RenderError.infiniteExtent`. To
/// move a generator, translate it first (`gradient.translated(by:)`); to fit one to a rectangle, give it the
/// rectangle's coordinates.
///
/// Parameters (see `ParameterCheck`): points and rectangle origins are clamped to ±2^30 and rectangle sizes to
/// 2^30; `alpha` above 1 counts as 1. A point or rectangle that is not finite, a rectangle of negative size, or an
/// alpha that is NaN, ±∞ or negative throws `RenderError.invalidParameter(component: "draw", …)`, and so does a
/// component whose `parameterError` is set; the canvas is then untouched.
extension Raster {
  /// Draws `component` unscaled, with the top-left of its extent at `point`; only the part on the canvas is
  /// rendered.
  ///
  /// - Throws: `RenderError.invalidParameter` (see above), `RenderError.infiniteExtent` for a component without a
  ///   top-left (draw it `in:` a rectangle instead), or a rendering error of the component.
  public mutating func draw(
    _ component: any ImageComponent, at point: Point, blendMode: BlendMode = .normal, alpha: Double = 1,
    renderer: Renderer = Renderer()
  ) throws(RenderError) {
    let (point, alpha) = try Raster.check { () throws(ParameterError) in
      (try ParameterCheck.offset(point, "point"), try ParameterCheck.opacity(alpha, "alpha"))
    }
    if let problem = component.parameterError { throw problem }
    let e = component.extent
    if e.isEmpty { return }
    if e.isInfinite { throw .infiniteExtent(component: String(describing: component)) }
    try composite(Translation(component, placingBy: Point(point.x - Double(e.minX), point.y - Double(e.minY))),
      blendMode: blendMode, alpha: alpha, renderer: renderer)
  }

  /// Draws `component` with its extent scaled to fill `rect`: each side independently, the rectangle's size
  /// rounded to whole pixels (at least one), its origin possibly fractional. An infinite component is not scaled
  /// but clipped to `rect` in its own coordinates (see above).
  ///
  /// - Throws: `RenderError.invalidParameter` (see above), or a rendering error of the component.
  public mutating func draw(
    _ component: any ImageComponent, in rect: Rect, blendMode: BlendMode = .normal, alpha: Double = 1,
    renderer: Renderer = Renderer()
  ) throws(RenderError) {
    let (rect, alpha) = try Raster.check(rect, alpha, component)
    let width = max(1, Int(rect.width.rounded()))
    let height = max(1, Int(rect.height.rounded()))
    if component.extent.isInfinite {
      try clip(component, to: rect, blendMode: blendMode, alpha: alpha, renderer: renderer)
      return
    }
    try draw(component.resized(width: width, height: height), at: rect.origin, blendMode: blendMode, alpha: alpha,
      renderer: renderer)
  }

  /// Fills `rect` with `component` repeated, unscaled: its extent is the pattern's cell, the cell's top-left at
  /// the rectangle's top-left, and nothing is drawn outside the rectangle (rounded out to whole pixels). An
  /// infinite component is not repeated but clipped to `rect` in its own coordinates (see above), as
  /// `draw(_:in:)` draws it.
  ///
  /// - Throws: `RenderError.invalidParameter` (see above), or a rendering error of the component.
  public mutating func drawAsPattern(
    _ component: any ImageComponent, in rect: Rect, blendMode: BlendMode = .normal, alpha: Double = 1,
    renderer: Renderer = Renderer()
  ) throws(RenderError) {
    let (rect, alpha) = try Raster.check(rect, alpha, component)
    if component.extent.isInfinite {
      try clip(component, to: rect, blendMode: blendMode, alpha: alpha, renderer: renderer)
      return
    }
    let area = IntRect(covering: rect)
    guard !area.isEmpty else { return }
    try draw(component.tiled(width: area.width, height: area.height), at: rect.origin, blendMode: blendMode,
      alpha: alpha, renderer: renderer)
  }

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

  /// Draws an infinite component where it is, cut to `rect` rounded out to whole pixels: the one rule both
  /// rectangle calls follow for components without a size.
  mutating func clip(
    _ component: any ImageComponent, to rect: Rect, blendMode: BlendMode, alpha: Double, renderer: Renderer
  ) throws(RenderError) {
    try composite(component.cropped(to: IntRect(covering: rect)), blendMode: blendMode, alpha: alpha,
      renderer: renderer)
  }

  mutating func composite(_ component: any ImageComponent, blendMode: BlendMode, alpha: Double, renderer: Renderer)
    throws(RenderError)
  {
    let region = component.extent.intersection(bounds)
    guard !region.isEmpty else { return }
    var pixels = try renderer.render(component, region: region)
    // The render's depth (its precision's) may not be this raster's: drawn at this raster's.
    if pixels.format != format {
      do {
        pixels = try pixels.converted(to: format)
      } catch {
        throw .raster(error)
      }
    }
    Compositor.composite(pixels, at: region, onto: &self, mode: blendMode, opacity: alpha)
  }
}
