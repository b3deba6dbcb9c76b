import RealModule

/// A 2-D affine map: x' = a·x + c·y + tx, y' = b·x + d·y + ty (the convention of Core Graphics, SVG and the
/// `transform A B C D TX TY` step), in pixel coordinates with y downward.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  @inlinable
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public static func translation(_ dx: Double, _ dy: Double) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
  }

  public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
    AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation about the origin, clockwise on screen for positive angles. Multiples of 90° give exact 0 and ±1.
  public static func rotation(_ angle: Angle) -> AffineTransform {
    let (sin, cos): (Double, Double)
    switch angle.quarterTurns {
    case 0: (sin, cos) = (0, 1)
    case 1: (sin, cos) = (1, 0)
    case 2: (sin, cos) = (0, -1)
    case 3: (sin, cos) = (-1, 0)
    default: (sin, cos) = (.sin(angle.radians), .cos(angle.radians))
    }
    return AffineTransform(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
  }

  /// A shear: x moves by tan(ax)·y and y by tan(ay)·x.
  public static func shear(_ ax: Angle, _ ay: Angle) -> AffineTransform {
    AffineTransform(a: 1, b: .tan(ay.radians), c: .tan(ax.radians), d: 1, tx: 0, ty: 0)
  }

  /// `self` conjugated so that it acts about `point` instead of the origin.
  public func about(_ point: Point) -> AffineTransform {
    AffineTransform.translation(-point.x, -point.y).concatenating(self).concatenating(.translation(point.x, point.y))
  }

  /// The map that applies `self` first, then `other`.
  public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  @inlinable public var determinant: Double { a * d - b * c }

  /// The inverse map, or `nil` if the matrix is singular (or nearly so) or not finite.
  public func inverted() -> AffineTransform? {
    let det = determinant
    guard det.isFinite, abs(det) > 1e-12, [a, b, c, d, tx, ty].allSatisfy(\.isFinite) else { return nil }
    let ia = d / det
    let ib = -b / det
    let ic = -c / det
    let id = a / det
    return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
  }

  @inlinable
  public func apply(to p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

  /// The bounding box of `rect`'s image.
  public func boundingBox(of rect: Rect) -> Rect {
    let corners = [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY), Point(rect.minX, rect.maxY),
      Point(rect.maxX, rect.maxY)].map(apply(to:))
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }

  /// Whether the map only moves pixels by whole-pixel amounts and quarter turns or flips: then resampling is an
  /// exact copy.
  public var isPixelExact: Bool {
    let entries = [a, b, c, d]
    return entries.allSatisfy { $0 == 0 || $0 == 1 || $0 == -1 } && abs(a) + abs(c) == 1 && abs(b) + abs(d) == 1
      && tx == tx.rounded() && ty == ty.rounded()
  }

  public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}
