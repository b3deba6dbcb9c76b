/// A corner radius, as CSS `border-radius` takes one: a length in pixels, or a percentage of the width
/// (horizontally) and of the height (vertically). `RoundedCorners` draws it.
public enum CornerRadius: Sendable, Hashable, CustomStringConvertible {
  /// The same radius in pixels along both sides of each corner.
  case pixels(Double)
  /// A percentage: rx = P% of the width, ry = P% of the height (`50` makes an ellipse).
  case percent(Double)

  /// As the `round` step writes it: `12` or `50%`.
  public var description: String {
    switch self {
    case .pixels(let r): return format(r)
    case .percent(let p): return "\(format(p))%"
    }
  }
}
