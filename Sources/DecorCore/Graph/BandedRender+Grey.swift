extension BandedRender {
  /// Whether the render's output is expected grey, so that the PNG and JPEG encoders try a grey file first: every
  /// path from the root ends at a node that says it produces grey (`GreyProducing`): a `Raster` whose pixels are all
  /// grey, a `StreamedImage` of a greyscale file (`RowSource.isGrey`), or a step whose output is grey whatever its
  /// input (`grayscale 1`, `saturate 0`). A hint, not a promise: a step may add colour (a tint, a coloured shadow or
  /// background), and the encoders check every band and start over in colour at the first that is not grey. Any
  /// other leaf (a colour fill, a gradient, a decoder of yours) makes it `false`, and the file is colour as before: a
  /// graphic whose top is grey would otherwise be rendered twice down to its first colour.
  package var sourcesAreGrey: Bool {
    // The plan lists every stage before its inputs: answered from the last stage up, each stage's inputs are
    // answered before it, once each, without recursion however deep the graph.
    let stages = plan.stages
    var grey = [Bool](repeating: false, count: stages.count)
    for id in stages.indices.reversed() {
      let stage = stages[id]
      if let node = stage.node as? any GreyProducing, node.producesGrey {
        grey[id] = true
      } else {
        grey[id] = !stage.inputs.isEmpty && stage.inputs.values.allSatisfy { $0 > id && grey[$0] }
      }
    }
    return !stages.isEmpty && grey[plan.root]
  }
}
