/// Components that a render computes once, top to bottom, rather than tile by tile: a blur whose kernel spans many
/// tiles would otherwise filter each tile's whole neighbourhood again (11 times a 256² tile's area at σ = 100).
///
/// The plan marks such a stage (`RenderPlan.Stage.materialised`); the render opens one `RowProducer` for it over
/// the region its consumers will ask for, and before each band asks it for the rows that band needs, deepest stage
/// first (a producer reads its inputs, which are then ready), keeping in a `RowBuffer` only the rows later bands
/// still need (libvips's line cache): memory follows the band, not the image, unless a consumer reads rows out of
/// order (a vertical flip), when the rows are kept until the last band that needs them. The component's `render`
/// copies its tiles from `context.intermediate`. A request outside what is kept (from a decorator that does not
/// declare its demand) is rendered on its own, with the same bytes.
protocol Materialising: ImageComponent {
  /// Whether this component is computed once in a render (a small blur stays tile-local).
  var materialises: Bool { get }

  /// Starts computing `region` (inside the extent) for one render, from its top row down; the producer may use up
  /// to `context.threads` threads and reads its inputs through `context`.
  func openRows(_ region: IntRect, context: RenderContext) throws -> any RowProducer

  /// Whether the rows produced are premultiplied pixels of the render's format, which a request through the
  /// context may be served from directly (a shadow's coverage, in `Float`s at either depth, is not). The default
  /// is `true`.
  var rowsArePixels: Bool { get }
}

extension Materialising {
  var rowsArePixels: Bool { true }
}

/// One render's computation of a `Materialising` stage, row after row: state of that render alone.
protocol RowProducer: AnyObject {
  /// Computes the next rows, `rows` (starting where the last call ended, the first at the region's top), into
  /// `out`, whose row `rows.lowerBound` is at `out` and whose rows are `stride` elements apart (pixels of the
  /// render's format, or 4-byte `Float`s of coverage), each `region.width` elements; `context` is the stage's for
  /// this band (its inputs' rows ready).
  func produce(_ rows: Range<Int>, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext) throws
}
