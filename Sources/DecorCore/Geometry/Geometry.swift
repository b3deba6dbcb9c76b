/// A point or a vector in pixel coordinates: x grows to the right, y downward. Pixel (i, j) covers the square from
/// (i, j) to (i + 1, j + 1), so its centre is at (i + 0.5, j + 0.5).
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// `Point(6, 6)`: the short form used for offsets.
  @inlinable public init(_ x: Double, _ y: Double) { self.init(x: x, y: y) }

  public static let zero = Point(0, 0)

  public var description: String { "(\(x), \(y))" }
}

/// A width and a height in pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  @inlinable public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public var description: String { "\(width)x\(height)" }
}

/// A rectangle in real pixel coordinates (origin top-left, y downward).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  @inlinable public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x, y), size: Size(width: width, height: height))
  }

  @inlinable public var minX: Double { origin.x }
  @inlinable public var minY: Double { origin.y }
  @inlinable public var maxX: Double { origin.x + size.width }
  @inlinable public var maxY: Double { origin.y + size.height }
  @inlinable public var width: Double { size.width }
  @inlinable public var height: Double { size.height }
  @inlinable public var center: Point { Point(origin.x + size.width / 2, origin.y + size.height / 2) }

  /// The rectangle grown by `d` on every side.
  @inlinable public func outset(by d: Double) -> Rect {
    Rect(x: minX - d, y: minY - d, width: width + 2 * d, height: height + 2 * d)
  }

  public var description: String { "\(width)x\(height) at (\(minX), \(minY))" }
}

/// An angle. Positive angles turn clockwise on screen (y grows downward), as in CSS and ImageMagick.
public struct Angle: Hashable, Sendable, CustomStringConvertible {
  public var degrees: Double

  @inlinable public init(degrees: Double) { self.degrees = degrees }

  @inlinable public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
  @inlinable public static func radians(_ value: Double) -> Angle { Angle(degrees: value * 180 / .pi) }

  @inlinable public var radians: Double { degrees * .pi / 180 }

  /// The number of quarter turns (0…3) if the angle is an exact multiple of 90°, else `nil` (also for NaN and
  /// ±∞). The angle is reduced modulo 360° first, so any finite angle works.
  @inlinable public var quarterTurns: Int? {
    let turns = degrees.truncatingRemainder(dividingBy: 360) / 90
    guard turns.isFinite, turns == turns.rounded() else { return nil }
    return (Int(turns) + 4) % 4
  }

  public var description: String { "\(degrees)°" }
}
