import DecorCore

/// A decoder's error names the file it read first, so a render that reads it row by row (a `StreamedImage`, a step
/// pulling rows through it) reports it as the file's: `x.jpg: corrupt or truncated image: …`, not under the step.
extension CodecError: SourceError {
  public var source: String? {
    switch self {
    case .unsupportedFormat(let source, _, _), .ambiguousFormat(let source, _), .corrupt(let source, _),
      .unsupportedVariant(let source, _), .tooLarge(let source, _, _, _), .allocationFailed(let source, _, _, _),
      .inputTooLarge(let source, _), .framesTooLarge(let source, _, _, _, _):
      return source
    case .io(let path, _):
      return path
    default:
      // The registry's, the encoder's and the output's errors: not about a source read, so described as any other
      // (and so is a case added later until it is listed above).
      return nil
    }
  }
}
