#if CLI
/// An input whose colours cannot be converted (`--colorspace`, or a blend with an image of another space).
struct InputError: Error, CustomStringConvertible {
  var input: String
  var reason: String

  var description: String { "\(input == "-" ? "<stdin>" : input): \(reason)" }
}
#endif
