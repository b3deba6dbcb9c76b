import DecorCore

extension Chain {
  /// The built-in steps whose result depends on where the image is, not only on its pixels: `transform` maps about
  /// the coordinate origin, so a move before it changes what it does. Every other built-in step works relative to
  /// the image's own top-left (checked step by step when this was written: `translate 7 3` before any of them gives
  /// the same file as without it).
  static let positionDependentSteps: Set<String> = ["transform"]

  /// Refuses a step whose effect is lost when the chain's result is written as an image of its own (what `decor
  /// apply` and `decor batch` do), where the output is the image's extent wherever it lies: a `translate` by whole
  /// pixels moves that extent and its pixels together, so the file would be unchanged. It still counts when a later
  /// step depends on the position (`transform`, or any filter not built in, which might); a move by a fraction
  /// resamples the pixels and is kept. In a scene a layer's chain is placed on the canvas, where a move shows, so
  /// scenes do not call this.
  ///
  /// - Throws: `ChainError` naming the step, with what to write instead.
  public func checkedAsOutput() throws(ChainError) {
    let builtIn = Set(StandardFilters.all.map(\.name))
    for (position, step) in steps.enumerated() where step.filter.name == "translate" {
      guard let dx = step.arguments.number("dx"), let dy = step.arguments.number("dy"),
        dx == dx.rounded(), dy == dy.rounded()
      else { continue }
      let later = steps[(position + 1)...]
      if later.contains(where: { Self.positionDependentSteps.contains($0.filter.name) || !builtIn.contains($0.filter.name) })
      {
        continue
      }
      let x = format(dx)
      let y = format(dy)
      throw ChainError(step: step.index, text: step.text,
        message: "moves the image, but the output is the image's own extent wherever it lies, so the file would not "
          + "change; to place it in a larger picture, use 'canvas W H x=\(x) y=\(y)' (or 'pad'), or move it in a "
          + "scene with the layer's x and y")
    }
  }
}
