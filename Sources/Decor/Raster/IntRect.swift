/// A rectangle of whole pixels: the pixel columns `x ..< x + width` and rows `y ..< y + height`.
///
/// Coordinates may be negative (a component's extent can start left of or above the origin); y grows downward.
/// Width and height are never negative: the initialiser clamps them to zero.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  @inlinable
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  @inlinable public var minX: Int { x }
  @inlinable public var minY: Int { y }
  @inlinable public var maxX: Int { x + width }
  @inlinable public var maxY: Int { y + height }
  @inlinable public var isEmpty: Bool { width == 0 || height == 0 }

  /// The overlap of two rectangles; empty (at `self`'s origin) when they do not overlap.
  @inlinable
  public func intersection(_ other: IntRect) -> IntRect {
    let x0 = Swift.max(minX, other.minX)
    let y0 = Swift.max(minY, other.minY)
    let x1 = Swift.min(maxX, other.maxX)
    let y1 = Swift.min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return IntRect(x: x, y: y, width: 0, height: 0) }
    return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Whether `other` lies entirely inside this rectangle. An empty rectangle is contained in any rectangle.
  @inlinable
  public func contains(_ other: IntRect) -> Bool {
    other.isEmpty
      || (other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY)
  }

  public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
