/// Where a smaller box sits inside a larger one (or which part of a larger one a smaller one keeps), named as
/// ImageMagick's `-gravity` and libvips's `--crop` name them: the compass points and the centre.
///
/// Where a placement is in whole pixels (`canvas`, `crop`, a letterbox), offsets are rounded down, so with an odd
/// difference `center` leaves the extra pixel on the right and bottom, as ImageMagick's `-gravity center` does.
public enum Gravity: String, CaseIterable, Sendable, CustomStringConvertible {
  case center
  case north
  case south
  case east
  case west
  case northeast
  case northwest
  case southeast
  case southwest

  /// Where along each axis: 0 the left or top, ½ the centre, 1 the right or bottom.
  public var alignment: (x: Double, y: Double) {
    switch self {
    case .center: return (0.5, 0.5)
    case .north: return (0.5, 0)
    case .south: return (0.5, 1)
    case .east: return (1, 0.5)
    case .west: return (0, 0.5)
    case .northeast: return (1, 0)
    case .northwest: return (0, 0)
    case .southeast: return (1, 1)
    case .southwest: return (0, 1)
    }
  }

  /// Where a box of `inner` × … sits in one of `outer` × …: its top-left's offset from the outer box's top-left, in
  /// whole pixels (negative when the inner box is the larger: it then overhangs where the gravity says).
  public func offset(placing inner: (width: Int, height: Int), in outer: (width: Int, height: Int)) -> (x: Int, y: Int)
  {
    let a = alignment
    func axis(_ a: Double, _ inner: Int, _ outer: Int) -> Int {
      Int(max(-1e18, min(1e18, (a * (Double(outer) - Double(inner))).rounded(.down))))
    }
    return (axis(a.x, inner.width, outer.width), axis(a.y, inner.height, outer.height))
  }

  public var description: String { rawValue }
}
