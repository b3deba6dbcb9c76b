/// A rectangle of whole pixels: the pixel columns `x ..< x + width` and rows `y ..< y + height`.
///
/// Coordinates may be negative (a component's extent can start left of or above the origin); y grows downward.
/// Width and height are never negative: the initialiser clamps them to zero. `IntRect.infinite` stands for the
/// unbounded extent of generators such as a solid colour: a rectangle of 2^42 pixels a side centred on the origin,
/// far beyond any raster yet small enough that arithmetic on it cannot overflow.
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

  /// The extent of components that cover the whole plane.
  public static let infinite = IntRect(x: -(1 << 41), y: -(1 << 41), width: 1 << 42, height: 1 << 42)

  /// Whether this rectangle reaches as far as `infinite` in any direction (it is then treated as unbounded).
  @inlinable public var isInfinite: Bool {
    minX <= IntRect.infinite.minX || minY <= IntRect.infinite.minY || maxX >= IntRect.infinite.maxX
      || maxY >= IntRect.infinite.maxY
  }

  /// The number of pixels.
  @inlinable public var area: Int { width * height }

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

  /// The smallest rectangle holding both; an empty rectangle adds nothing.
  @inlinable
  public func union(_ other: IntRect) -> IntRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    return IntRect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
  }

  /// The rectangle moved by (`dx`, `dy`).
  @inlinable
  public func offsetBy(dx: Int, dy: Int) -> IntRect {
    IntRect(x: x + dx, y: y + dy, width: width, height: height)
  }

  /// The rectangle grown by `dx` on the left and right and `dy` at the top and bottom (shrunk when negative).
  @inlinable
  public func insetBy(dx: Int, dy: Int) -> IntRect {
    IntRect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  /// The smallest pixel rectangle covering `rect`, clamped to `infinite`.
  @inlinable
  public init(covering rect: Rect) {
    let limit = Double(1 << 41)
    let x0 = Swift.max(-limit, Swift.min(limit, rect.minX.rounded(.down)))
    let y0 = Swift.max(-limit, Swift.min(limit, rect.minY.rounded(.down)))
    let x1 = Swift.max(-limit, Swift.min(limit, rect.maxX.rounded(.up)))
    let y1 = Swift.max(-limit, Swift.min(limit, rect.maxY.rounded(.up)))
    self.init(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
  }

  /// The same rectangle in real coordinates.
  @inlinable public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

  /// Whether `other` lies entirely inside this rectangle. An empty rectangle is contained in any rectangle.
  @inlinable
  public func contains(_ other: IntRect) -> Bool {
    other.isEmpty
      || (other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY)
  }

  /// ImageMagick's geometry notation, `WxH+X+Y` (`WxH-X-Y` for negative offsets), or `infinite`.
  public var description: String {
    if isInfinite { return "infinite" }
    return "\(width)x\(height)\(x < 0 ? "" : "+")\(x)\(y < 0 ? "" : "+")\(y)"
  }
}
