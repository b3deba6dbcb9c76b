/// Pixels a component computed once for one render (see `Materialising`), kept in that render's context for the
/// tiles to read, and freed with it.
enum Intermediate: Sendable {
  /// Premultiplied RGBA8 covering `rect`.
  case pixels(rect: IntRect, raster: Raster)
  /// Coverage in 0 … 255 covering `rect`, `rect.width` values a row: what the shadows blur.
  case coverage(rect: IntRect, values: [Float])

  var rect: IntRect {
    switch self {
    case .pixels(let rect, _), .coverage(let rect, _): return rect
    }
  }
}
