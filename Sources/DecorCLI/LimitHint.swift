#if CLI
import Decor

/// The option that raises a limit a refusal names, said after the library's words (which name the limit in Swift's
/// terms, not the command line's): `x.gif: 10000 frames of 16384x16384 pixels are … (--max-total-pixels raises
/// it)`.
enum LimitHint {
  /// `line`, the error's one line, with the option that raises the limit `error` met, if there is one.
  static func line(_ line: String, for error: any Error) -> String {
    guard let error = error as? CodecError else { return line }
    switch error {
    case .framesTooLarge: return line + " (--max-total-pixels raises it)"
    default: return line
    }
  }
}
#endif
