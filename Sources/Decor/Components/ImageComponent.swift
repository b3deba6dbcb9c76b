/// Anything that can be drawn: an image, a generator, or a decorator wrapping another component.
///
/// A component covers its `extent` and is transparent outside it; it renders any requested pixel region on demand.
/// Decorators hold their input component and ask it, through the `RenderContext`, only for the region they need
/// (a crop asks for the cropped area, a rotation for the inverse-mapped box plus its interpolation footprint), so
/// the renderer can cut the output into tiles and render them concurrently.
///
/// Conforming types must be values that can be shared across threads (`Sendable`), and `render` must be safe to
/// call concurrently for different regions. Everything else (`rendered()`, drawing, the chaining methods) is built
/// on these two requirements in extensions.
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
  /// Renders `region` (by default the whole extent) into a raster, in tiles on all cores.
  ///
  /// - Throws: `RenderError.infiniteExtent` for an unbounded component without a region, `.emptyExtent`, or a
  ///   `RasterError` if the region exceeds the renderer's pixel limit.
  public func rendered(_ region: IntRect? = nil, renderer: Renderer = Renderer()) throws -> Raster {
    try renderer.render(self, region: region)
  }
}

/// The part of a region that an input actually covers, and its pixels.
public struct RenderedRegion: Sendable {
  /// Where the pixels are, in the input's coordinates.
  public var rect: IntRect
  /// The pixels of `rect`.
  public var raster: Raster
}
