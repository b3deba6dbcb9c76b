extension BandedRender {
  /// Whether every source of the render is grey — each leaf of the plan a `Raster` whose pixels are all grey or a
  /// `StreamedImage` of a greyscale file (`RowSource.isGrey`) — so that the PNG and JPEG encoders try a grey file
  /// first. A hint, not a promise: a step may add colour (a tint, a coloured shadow or background), and the encoders
  /// check every band and start over in colour at the first that is not grey. Any other leaf (a colour fill, a
  /// gradient, a decoder of yours) makes it `false`, and the file is colour as before: a graphic whose top is grey
  /// would otherwise be rendered twice down to its first colour.
  var sourcesAreGrey: Bool {
    let leaves = plan.stages.filter { $0.inputs.isEmpty }
    return !leaves.isEmpty && leaves.allSatisfy { stage in
      switch stage.node {
      case let raster as Raster: raster.isGrey
      case let streamed as StreamedImage: streamed.source.isGrey
      default: false
      }
    }
  }
}
