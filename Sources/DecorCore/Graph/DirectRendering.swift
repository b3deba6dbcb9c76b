/// Components that can render a region straight into a larger buffer (the renderer's output), skipping a tile
/// raster and its copy. An optimisation only: the result is the same as `render(_:context:)`'s.
protocol DirectRendering: ImageComponent {
  /// Writes every pixel of `region` into `out`, whose rows are `stride` pixels apart.
  func render(_ region: IntRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, context: RenderContext) throws
}
