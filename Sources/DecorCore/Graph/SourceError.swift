/// An error about where an image's bytes come from (a file, standard input, bytes in memory) that names that source
/// at the start of its description: `x.jpg: corrupt or truncated image: …`.
///
/// A render hands on a component's own error as `RenderError.failed`, naming the component; for an error that names
/// its source, the component's name would only come between the user and the file at fault (`resize 100x_: x.jpg:
/// …`), so `RenderError.description` gives the error's own description alone. The case still names the component
/// for code that asks.
public protocol SourceError: Error {
  /// The file, stream or memory the error is about, as its description names it first; `nil` when it names none
  /// (the error is then described with the component that threw it, as any other).
  var source: String? { get }
}
