import DecorCore

extension Chain {
  /// The font files the steps name (a `text` step's `font=` when it is a path, `StandardFilters.isFontPath`), each
  /// with its step, in order: what a loader holds to a read policy before the steps read them. Empty in a build
  /// without the Text trait.
  package var fontFiles: [(step: Step, path: String)] {
    #if Text
      let font = StandardFilters.TextStep.font.argument.name
      return steps.compactMap { step in
        guard step.filter.arguments.contains(where: { $0.name == font }),
          case .text(let name)? = step.arguments.values[font], StandardFilters.isFontPath(name)
        else { return nil }
        return (step, name)
      }
    #else
      return []
    #endif
  }
}
