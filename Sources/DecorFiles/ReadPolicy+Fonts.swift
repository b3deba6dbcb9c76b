import DecorChain
import DecorCodecs
import DecorCore
#if Text
  import DecorText
#endif

extension ReadPolicy {
  /// `body`'s result, with every font file a step or a scene names held to this policy while it runs on this
  /// thread: a `text` step reads its font file when it is parsed (`Chain(parsing:)`, a template, a scene file) as
  /// well as when it is built, so a caller that parses chains or scenes it did not write wraps the parsing and the
  /// render in this. Each font file is checked by its real path before it is opened and by the opened descriptor
  /// (see `ReadPolicy`); fonts fontconfig finds by family are the system's and are not checked. `decor --allow-read`
  /// wraps its whole command in it.
  public func checkingFontFiles<R>(_ body: () throws -> R) rethrows -> R {
    #if Text
      guard !allowsAnywhere else { return try body() }
      let policy = self
      return try FontData.$namedFileCheck.withValue({ path, descriptor in
        guard descriptor >= 0 else { return policy.problem(readingFileAt: path) }
        do {
          try policy.check(descriptor: descriptor, openedFrom: path, name: path)
          return nil
        } catch {
          return ReadPolicy.outside
        }
      }, operation: body)
    #else
      return try body()
    #endif
  }

  /// Refuses the first font file `chain`'s steps name that may not be read, naming its step: checked by its real
  /// path before the step reads it (FreeType reads a font from bytes Decor read, `FontData`, once, when the step is
  /// built).
  func checkFonts(of chain: Chain) throws(ChainError) {
    guard !allowsAnywhere else { return }
    for (step, path) in chain.fontFiles {
      if let problem = problem(readingFileAt: path) {
        throw ChainError(step: step.index, text: step.text, message: "\(Quoting.shown(path)): \(problem)")
      }
    }
  }

  /// Refuses the first font file `scene` names (its text layers' and its chains' text steps') that may not be read,
  /// naming the layer (and the step).
  func checkFonts(of scene: Scene) throws(SceneError) {
    guard !allowsAnywhere else { return }
    for (place, step, path) in scene.fontFiles {
      guard let problem = problem(readingFileAt: path) else { continue }
      let message = "\(Quoting.shown(path)): \(problem)"
      throw SceneError(path: place,
        message: step.map { ChainError(step: $0.index, text: $0.text, message: message).description } ?? message)
    }
  }
}
