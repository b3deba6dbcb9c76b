import DecorCore

extension Scene {
  /// The font files the scene names (a text layer's `font` when it is a path, relative to the working folder, and its
  /// chain's `text` steps' `font=`), each with the place that names it (`layers[2].font`, `layers[0].chain` and the
  /// step), in order: what a loader holds to a read policy before they are read. Empty in a build without the Text
  /// trait.
  package var fontFiles: [(place: String, step: Chain.Step?, path: String)] {
    var found: [(place: String, step: Chain.Step?, path: String)] = []
    // Layers and their groups' layers, walked with a list of what is left rather than by recursion.
    var pending: [(place: String, layers: ArraySlice<SceneLayer>)] = [("layers", layers[...])]
    while var next = pending.popLast() {
      guard let index = next.layers.indices.first else { continue }
      let layer = next.layers.removeFirst()
      pending.append(next)
      let place = "\(next.place)[\(index)]"
      #if Text
        if case .text(let text) = layer.content, StandardFilters.isFontPath(text.font) {
          found.append((place + ".font", nil, text.font))
        }
      #endif
      for (step, path) in layer.chain?.fontFiles ?? [] { found.append((place + ".chain", step, path)) }
      if case .group(let children) = layer.content { pending.append((place + ".group.layers", children[...])) }
    }
    return found
  }
}
