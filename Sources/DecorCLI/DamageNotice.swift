#if CLI
/// The one notice `decor apply` and `batch` print for an input decoded past damage (`DecodedImage.warnings`,
/// `OpenedImage.warnings`): the file was read, as browsers read it, and the exit status stays 0.
enum DamageNotice {
  /// `photo.jpg: damaged data passed over: Corrupt JPEG data: 3 extraneous bytes before marker 0xd9`, or `nil`
  /// when nothing was passed over.
  static func line(input: String, warnings: [String]) -> String? {
    guard let first = warnings.first else { return nil }
    let more = warnings.count > 1 ? " (and \(warnings.count - 1) more)" : ""
    return "\(input): damaged data passed over: \(first)\(more)"
  }
}
#endif
