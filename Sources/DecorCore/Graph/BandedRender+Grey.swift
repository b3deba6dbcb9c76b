extension BandedRender {
  /// Whether the render's output is expected grey, so that the PNG and JPEG encoders try a grey file first: every
  /// path from the root ends at a node that says it produces grey (`GreyProducing`): a `Raster` whose pixels are all
  /// grey, a `StreamedImage` of a greyscale file (`RowSource.isGrey`), or a step whose output is grey whatever its
  /// input (`grayscale 1`, `saturate 0`). A hint, not a promise: a step may add colour (a tint, a coloured shadow or
  /// background), and the encoders check every band and start over in colour at the first that is not grey. Any
  /// other leaf (a colour fill, a gradient, a decoder of yours) makes it `false`, and the file is colour as before: a
  /// graphic whose top is grey would otherwise be rendered twice down to its first colour.
  package var sourcesAreGrey: Bool {
    var known: [Int: Bool] = [:]
    // The plan is a graph: each stage is looked at once, its answer kept for its other consumers.
    func grey(_ id: Int) -> Bool {
      if let answer = known[id] { return answer }
      let stage = plan.stages[id]
      let answer: Bool
      if let node = stage.node as? any GreyProducing, node.producesGrey {
        answer = true
      } else if stage.inputs.isEmpty {
        answer = false
      } else {
        answer = stage.inputs.values.allSatisfy(grey)
      }
      known[id] = answer
      return answer
    }
    return !plan.stages.isEmpty && grey(plan.root)
  }
}
