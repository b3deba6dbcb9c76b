/// Pixels placed in a coordinate space: what `RenderContext.renderClipped` returns (the part of a region an input
/// actually covers) and what the resampling kernels read.
public struct RenderedRegion: Sendable {
  /// Where the pixels are, in the input's coordinates.
  public var rect: IntRect
  /// The pixels of `rect`.
  public var raster: Raster

  package init(rect: IntRect, raster: Raster) {
    self.rect = rect
    self.raster = raster
  }
}
