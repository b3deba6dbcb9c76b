/// A rectangle of whole pixels: the pixel columns `x ..< x + width` and rows `y ..< y + height`.
///
/// Coordinates may be negative (a component's extent can start left of or above the origin); y grows downward.
/// Width and height are never negative: the initialiser clamps them to zero. `IntRect.infinite` stands for the
/// unbounded extent of generators such as a solid colour: a rectangle of 2^42 pixels a side centred on the origin,
/// far beyond any raster yet small enough that arithmetic on it cannot overflow.
///
/// No arithmetic on rectangles overflows, whatever the values: every edge is kept within ±`limit` (2^42, twice as
/// far as `infinite` reaches). The initialiser, `offsetBy` and `insetBy` saturate and then clamp each edge, so a
/// rectangle lying wholly beyond the limit comes out empty on it; the setters clamp `x` and `y` to ±`limit` and
/// `width` and `height` to 0 … 2 × `limit`; `area` saturates at `Int.max`.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
  /// How far from the origin any edge may lie: 2^42.
  public static let limit = 1 << 42

  public var x: Int { didSet { x = IntRect.clampEdge(x) } }
  public var y: Int { didSet { y = IntRect.clampEdge(y) } }
  public var width: Int { didSet { width = IntRect.clampSide(width) } }
  public var height: Int { didSet { height = IntRect.clampSide(height) } }

  @inlinable
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(minX: x, minY: y, maxX: IntRect.add(x, Swift.max(0, width)), maxY: IntRect.add(y, Swift.max(0, height)))
  }

  /// The rectangle between two edges on each axis, each clamped to ±`limit`; empty when they cross.
  @inlinable
  init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
    let x0 = IntRect.clampEdge(minX)
    let y0 = IntRect.clampEdge(minY)
    x = x0
    y = y0
    width = Swift.max(0, IntRect.clampEdge(maxX) - x0)
    height = Swift.max(0, IntRect.clampEdge(maxY) - y0)
  }

  @inlinable static func clampEdge(_ v: Int) -> Int { Swift.max(-limit, Swift.min(limit, v)) }
  @inlinable static func clampSide(_ v: Int) -> Int { Swift.max(0, Swift.min(2 * limit, v)) }

  /// `a + b`, saturating at `Int.min` and `Int.max`.
  @inlinable static func add(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
  }

  /// `a - b`, saturating at `Int.min` and `Int.max`.
  @inlinable static func subtract(_ a: Int, _ b: Int) -> Int {
    let (difference, overflow) = a.subtractingReportingOverflow(b)
    return overflow ? (b < 0 ? Int.max : Int.min) : difference
  }

  /// The empty rectangle at the origin: the extent of a component that covers nothing.
  package static let empty = IntRect(x: 0, y: 0, width: 0, height: 0)

  /// The extent of components that cover the whole plane.
  public static let infinite = IntRect(x: -(1 << 41), y: -(1 << 41), width: 1 << 42, height: 1 << 42)

  /// Whether this rectangle reaches as far as `infinite` in any direction (it is then treated as unbounded).
  @inlinable public var isInfinite: Bool {
    minX <= IntRect.infinite.minX || minY <= IntRect.infinite.minY || maxX >= IntRect.infinite.maxX
      || maxY >= IntRect.infinite.maxY
  }

  /// The number of pixels, or `Int.max` if there are more.
  @inlinable public var area: Int {
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? Int.max : product
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
    IntRect(minX: IntRect.add(minX, dx), minY: IntRect.add(minY, dy), maxX: IntRect.add(maxX, dx),
      maxY: IntRect.add(maxY, dy))
  }

  /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom (grown when negative).
  @inlinable
  public func insetBy(dx: Int, dy: Int) -> IntRect {
    IntRect(minX: IntRect.add(minX, dx), minY: IntRect.add(minY, dy), maxX: IntRect.subtract(maxX, dx),
      maxY: IntRect.subtract(maxY, dy))
  }

  /// The smallest pixel rectangle covering `rect`, clamped to `infinite`; empty when a coordinate is NaN.
  @inlinable
  public init(covering rect: Rect) {
    guard !(rect.minX.isNaN || rect.minY.isNaN || rect.maxX.isNaN || rect.maxY.isNaN) else {
      self.init(x: 0, y: 0, width: 0, height: 0)
      return
    }
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
