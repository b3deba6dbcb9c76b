/// `GradientFilling.fill` at the depth of the raster it visits: how a gradient's render fills its raster.
struct GradientFill<Filler: GradientFilling>: StoredPixelVisitor {
  let gradient: Filler
  let region: IntRect

  func visit<Stored: StoredPixel>(_: Stored.Type, _ raster: inout Raster) {
    gradient.fill(&raster, Stored.self, region: region)
  }
}
