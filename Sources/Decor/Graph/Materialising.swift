/// Components that, in a render, compute the whole region their consumers will demand once, before the tiles,
/// rather than tile by tile: a blur whose kernel spans many tiles would otherwise filter each tile's whole
/// neighbourhood again (11 times a 256² tile's area at σ = 100).
///
/// The renderer asks the plan which stages materialise, calls `materialise` for each over the bounding box of what
/// its consumers will ask (the deepest first, so a materialising stage below another is ready when the upper one
/// reads it) and keeps the results in the render's context; the component's `render` then copies its tiles from
/// `context.intermediate`. A request outside the materialised region (from a decorator that does not declare its
/// demand) is rendered on its own, with the same bytes.
protocol Materialising: ImageComponent {
  /// Whether this component materialises in a render (a small blur stays tile-local).
  var materialises: Bool { get }

  /// Computes `region` (inside the extent) once for this render, using up to `context.threads` threads.
  func materialise(_ region: IntRect, context: RenderContext) throws -> Intermediate
}
