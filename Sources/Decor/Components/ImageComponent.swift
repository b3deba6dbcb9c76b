/// Anything that can be drawn: an image, a generator, or a decorator wrapping another component.
///
/// A component covers its `extent` and is transparent outside it; it renders any requested pixel region on demand.
/// Decorators hold their input component and ask it, through the `RenderContext`, only for the region they need
/// (a crop asks for the cropped area, a rotation for the inverse-mapped box plus its interpolation footprint), so
/// the renderer can cut the output into tiles and render them concurrently.
///
/// Conforming types must be values that can be shared across threads (`Sendable`), and `render` must be safe to
/// call concurrently for different regions. Everything else (`rendered()`, drawing, the chaining methods) is built
/// on these two requirements in extensions; a third, `parameterError`, has a default.
///
/// Initialisers and chaining methods never throw: a component built with a meaningless parameter (NaN, a negative
/// size, …) keeps the problem as its `parameterError` and has an empty extent, and rendering or drawing it throws
/// that error (see `ParameterCheck` for the rule and the limits large values are clamped to).
public protocol ImageComponent: Sendable {
  /// The pixel rectangle outside which the component is fully transparent. It may start at negative coordinates,
  /// and is `IntRect.infinite` for generators that cover the plane.
  var extent: IntRect { get }

  /// Renders the pixels of `region` (which may reach outside `extent`; those pixels are transparent) into a new
  /// raster of exactly `region`'s size, pixel (0, 0) being the region's top-left.
  ///
  /// Ask inputs for pixels with `context.render(_:_:)` or `context.renderClipped(_:_:)`, never with their `render`
  /// directly, so that tracing and limits apply.
  /// - Throws: `RenderError`, or an error of an input (a `RasterError` when a region exceeds the pixel limit).
  func render(_ region: IntRect, context: RenderContext) throws -> Raster

  /// The first meaningless parameter of this component or of any component it is built on, as
  /// `RenderError.invalidParameter`; `nil` when every parameter is usable. `rendered(…)` and the draw calls throw
  /// it before rendering anything.
  ///
  /// The default is `nil`. A decorator reports its own problem, else its inputs': `problem ?? input.parameterError`.
  var parameterError: RenderError? { get }
}

/// Why rendering failed.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The whole of a component with an infinite extent was asked for; give a region (or crop it first).
  case infiniteExtent(component: String)
  /// The component covers no pixels, so there is nothing to render.
  case emptyExtent(component: String)
  /// A parameter that makes the component meaningless (a singular matrix, a zero scale, …).
  case invalidParameter(component: String, reason: String)

  public var description: String {
    switch self {
    case .infiniteExtent(let component):
      return "\(component) covers the whole plane: crop it or give a region to render"
    case .emptyExtent(let component):
      return "\(component) covers no pixels"
    case .invalidParameter(let component, let reason):
      return "\(component): \(reason)"
    }
  }
}

extension ImageComponent {
  /// `nil`: a component without parameters of its own, or whose initialiser refuses nothing, has no problem.
  public var parameterError: RenderError? { nil }

  /// Renders `region` (by default the whole extent) into a raster, in tiles on all cores.
  ///
  /// - Throws: `RenderError.invalidParameter` (the component's `parameterError`), `.infiniteExtent` for an
  ///   unbounded component without a region, `.emptyExtent`, or a `RasterError` if the region exceeds the
  ///   renderer's pixel limit.
  public func rendered(_ region: IntRect? = nil, renderer: Renderer = Renderer()) throws -> Raster {
    if let problem = parameterError { throw problem }
    let renderer = renderer.withinLimits
    // Sizes are checked before the renderer counts its tiles, so that no count can overflow.
    let target = region ?? extent
    if !target.isEmpty && (region != nil || !target.isInfinite) {
      _ = try Raster.byteCount(width: target.width, height: target.height, pixelLimit: renderer.pixelLimit)
    }
    return try renderer.render(self, region: region)
  }
}

extension Renderer {
  /// The renderer with its settable counts kept where its arithmetic cannot overflow: tiles of 1 to 2^16 pixels a
  /// side, at least one thread.
  var withinLimits: Renderer {
    var renderer = self
    renderer.tileSize = Swift.max(1, Swift.min(1 << 16, tileSize))
    renderer.threads = Swift.max(1, threads)
    return renderer
  }
}

/// The part of a region that an input actually covers, and its pixels.
public struct RenderedRegion: Sendable {
  /// Where the pixels are, in the input's coordinates.
  public var rect: IntRect
  /// The pixels of `rect`.
  public var raster: Raster
}
