import DecorChain
import DecorCodecs
import DecorCore

extension ReadPolicy {
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
