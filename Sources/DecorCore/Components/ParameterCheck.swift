/// The one rule for parameters, shared by the Swift initialisers and the chain language.
///
/// - **Meaningless values are errors.** NaN and ±∞ anywhere, a negative size, margin, σ, opacity or amount, a size
///   or scale factor of zero, a singular matrix, a skew of ±90° or more: each check below throws a
///   `ParameterError` whose `reason` names the parameter and the value. Initialisers and chaining methods never
///   throw (they chain like SwiftUI modifiers): a component built with such a value keeps the error, reports it as
///   its `parameterError`, has an empty `extent`, and throws it as `RenderError.invalidParameter(component:reason:)`
///   from `rendered(…)`, `render(_:context:)` and the draw calls (and so does every component built on it). The
///   chain language calls the same checks when it parses a step and reports the same reason as the step's error.
/// - **Values that are merely large are clamped** to the documented limits below, so that no arithmetic on them
///   can overflow: lengths and sizes to `maxLength` (2^30 pixels), positions and offsets to ±`maxLength`, angles
///   reduced modulo 360°, σ to `maxSigma`, spreads to ±`maxSpread`, opacities and unit amounts to 1, scale
///   factors into `minScale … maxScale`, matrix entries to ±`maxLength`.
///
/// Each check returns the value as it will be used.
public enum ParameterCheck {
  /// The largest length, size or margin, and the farthest position or offset: 2^30 pixels (a raster is at most
  /// 2^28 pixels, so nothing drawable is lost).
  public static let maxLength = 1 << 30
  /// The largest Gaussian standard deviation σ, in pixels.
  public static let maxSigma = 2000.0
  /// The largest spread of a shadow, either way, in pixels.
  public static let maxSpread = 500.0
  /// The smallest and largest scale factors.
  public static let minScale = 0.0001
  public static let maxScale = 10000.0
  /// The largest amount of `brightness`, `contrast` and `saturate` (far past where every colour is black, white
  /// or fully saturated).
  public static let maxAmount = 1_000_000.0

  // MARK: - Numbers

  /// A finite number, or a `ParameterError` naming `name`.
  public static func finite(_ value: Double, _ name: String) throws(ParameterError) -> Double {
    guard value.isFinite else { throw ParameterError(name, "must be a finite number, got \(text(value))") }
    return value
  }

  /// A gradient's stops: at least one, as CSS and scene files require (no stops is a mistake, not a transparent
  /// gradient).
  public static func stops(_ stops: [GradientStop]) throws(ParameterError) -> [GradientStop] {
    guard !stops.isEmpty else { throw ParameterError("stops", "must hold at least one colour, got none") }
    return stops
  }

  /// A finite number of at least 0 (an error below), clamped to `maximum`.
  public static func nonNegative(_ value: Double, _ name: String, maximum: Double) throws(ParameterError) -> Double {
    guard try finite(value, name) >= 0 else { throw ParameterError(name, "must be at least 0, got \(text(value))") }
    return min(value, maximum)
  }

  /// An opacity or alpha: finite, at least 0, clamped to 1.
  public static func opacity(_ value: Double, _ name: String = "opacity") throws(ParameterError) -> Double {
    try nonNegative(value, name, maximum: 1)
  }

  /// A Gaussian standard deviation σ in pixels: finite, at least 0, clamped to `maxSigma`.
  public static func sigma(_ value: Double, _ name: String = "sigma") throws(ParameterError) -> Double {
    try nonNegative(value, name, maximum: maxSigma)
  }

  /// σ from a blur radius R as canvas, Core Graphics and CSS `box-shadow` give it (R = 2σ): R finite and at least
  /// 0; σ = R / 2 clamped to `maxSigma`.
  public static func sigma(radius: Double, _ name: String = "radius") throws(ParameterError) -> Double {
    min(try nonNegative(radius, name, maximum: .infinity) / 2, maxSigma)
  }

  /// A shadow's spread in pixels (negative shrinks the shape): finite, clamped to ±`maxSpread`.
  public static func spread(_ value: Double, _ name: String = "spread") throws(ParameterError) -> Double {
    max(-maxSpread, min(maxSpread, try finite(value, name)))
  }

  /// A length in pixels (a radius): finite, at least 0, clamped to `maxLength`.
  public static func length(_ value: Double, _ name: String) throws(ParameterError) -> Double {
    try nonNegative(value, name, maximum: Double(maxLength))
  }

  /// A corner radius of `round`: finite and at least 0; a length clamped to `maxLength`, a percentage to 100 (from
  /// 50 up, every percentage is the ellipse, by CSS's rule for overlapping radii).
  public static func cornerRadius(_ radius: CornerRadius) throws(ParameterError) -> CornerRadius {
    switch radius {
    case .pixels(let r): return .pixels(try length(r, "radius"))
    case .percent(let p): return .percent(try nonNegative(p, "radius", maximum: 100))
    }
  }

  /// A scale factor: finite and above 0, clamped into `minScale … maxScale`.
  public static func scale(_ value: Double, _ name: String = "scale factor") throws(ParameterError) -> Double {
    guard try finite(value, name) > 0 else { throw ParameterError(name, "must be above 0, got \(text(value))") }
    return max(minScale, min(maxScale, value))
  }

  /// A colour-filter amount (`brightness`, `contrast`, `saturate`): finite, at least 0, clamped to `maxAmount`.
  public static func amount(_ value: Double, _ name: String) throws(ParameterError) -> Double {
    try nonNegative(value, name, maximum: maxAmount)
  }

  /// A colour-filter amount between 0 and 1 (`grayscale`, `sepia`, `invert`): finite, at least 0, clamped to 1.
  public static func unitAmount(_ value: Double, _ name: String) throws(ParameterError) -> Double {
    try nonNegative(value, name, maximum: 1)
  }

  // MARK: - Geometry

  /// A position or an offset: both coordinates finite, each clamped to ±`maxLength`.
  public static func offset(_ point: Point, _ name: String = "offset") throws(ParameterError) -> Point {
    guard point.x.isFinite, point.y.isFinite else {
      throw ParameterError(name, "must be finite, got (\(text(point.x)), \(text(point.y)))")
    }
    let limit = Double(maxLength)
    return Point(max(-limit, min(limit, point.x)), max(-limit, min(limit, point.y)))
  }

  /// A rectangle to draw into: origin finite (clamped as an offset), width and height finite and at least 0
  /// (clamped to `maxLength`).
  public static func rect(_ rect: Rect, _ name: String = "rectangle") throws(ParameterError) -> Rect {
    guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite) else {
      throw ParameterError(name, "must be finite, got \(rect)")
    }
    guard rect.width >= 0, rect.height >= 0 else {
      throw ParameterError(name, "must not have a negative size, got \(rect)")
    }
    let limit = Double(maxLength)
    return Rect(origin: try offset(rect.origin, name), size: Size(width: min(rect.width, limit),
      height: min(rect.height, limit)))
  }

  /// A whole-pixel position (a layer's x or y): clamped to ±`maxLength`. Never an error.
  public static func position(_ value: Int) -> Int { max(-maxLength, min(maxLength, value)) }

  /// A size in whole pixels (a width, a height, a square's side): at least 1, clamped to `maxLength`.
  public static func size(_ value: Int, _ name: String) throws(ParameterError) -> Int {
    guard value >= 1 else { throw ParameterError(name, "must be at least 1, got \(value)") }
    return min(value, maxLength)
  }

  /// A margin in whole pixels: at least 0, clamped to `maxLength`.
  public static func margin(_ value: Int, _ name: String = "margin") throws(ParameterError) -> Int {
    guard value >= 0 else { throw ParameterError(name, "must be at least 0, got \(value)") }
    return min(value, maxLength)
  }

  /// An angle: finite, reduced modulo 360° (keeping its sign, so −90° stays −90°).
  public static func angle(_ angle: Angle, _ name: String = "angle") throws(ParameterError) -> Angle {
    .degrees(try finite(angle.degrees, name).truncatingRemainder(dividingBy: 360))
  }

  /// The angles of a shear: each finite and strictly within ±90°, and together not singular (AX + AY = ±90°
  /// folds the plane onto a line).
  public static func skew(x: Angle, y: Angle) throws(ParameterError) -> (x: Angle, y: Angle) {
    for (angle, name) in [(x, "horizontal skew angle"), (y, "vertical skew angle")] {
      guard abs(try finite(angle.degrees, name)) < 90 else {
        throw ParameterError(name, "must be within ±90° (exclusive), got \(text(angle.degrees))")
      }
    }
    guard AffineTransform.shear(x, y).inverted() != nil else {
      throw ParameterError("skew angles", "make a singular shear (AX + AY = ±90°), got \(text(x.degrees)) and "
        + text(y.degrees))
    }
    return (x, y)
  }

  /// An affine matrix: every entry finite, clamped to ±`maxLength`; the result must not be singular
  /// (|A·D − B·C| ≤ 10⁻¹², which `AffineTransform.inverted()` refuses).
  public static func transform(_ m: AffineTransform) throws(ParameterError) -> AffineTransform {
    let entries = [m.a, m.b, m.c, m.d, m.tx, m.ty]
    guard entries.allSatisfy(\.isFinite) else {
      throw ParameterError("matrix", "entries must be finite, got \(entries.map(text).joined(separator: " "))")
    }
    let limit = Double(maxLength)
    func clamp(_ v: Double) -> Double { max(-limit, min(limit, v)) }
    let clamped = AffineTransform(a: clamp(m.a), b: clamp(m.b), c: clamp(m.c), d: clamp(m.d), tx: clamp(m.tx),
      ty: clamp(m.ty))
    guard clamped.inverted() != nil else { throw ParameterError("matrix", "is singular (A·D − B·C = 0)") }
    return clamped
  }

  // MARK: - Paths

  /// The longest path a file is opened by (Linux's `PATH_MAX`, in bytes), and so the longest name a font may be
  /// given by (a family's is far shorter).
  public static let maxPathLength = 4096

  /// Why `path` cannot name a file, or `nil`: it contains a NUL character, where the system would end it
  /// (`a\u{0}.png` would open `a`). The message calls it `what`: "the path contains a NUL character".
  public static func pathProblem(_ path: String, naming what: String = "path") -> String? {
    path.utf8.contains(0) ? "the \(what) contains a NUL character" : nil
  }

  /// A number as the chain language would write it.
  package static func text(_ value: Double) -> String { value.isNaN ? "nan" : value.isInfinite ? (value < 0 ? "-inf" : "inf")
    : format(value) }
}

/// A parameter that `ParameterCheck` refused: `reason` names it and says what was wrong, as in
/// `sigma must be at least 0, got -5`. Components report it as `RenderError.invalidParameter`, the chain language
/// as the step's error.
public struct ParameterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The parameter, as the documentation names it: `sigma`, `opacity`, `width`.
  public var parameter: String
  /// The whole sentence, naming the parameter (it starts with its name, unless made by `init(_:reason:)`).
  public var reason: String

  public init(_ parameter: String, _ problem: String) {
    self.parameter = parameter
    reason = "\(parameter) \(problem)"
  }

  /// A refusal whose sentence says what is wrong in its own words (`the path contains a NUL character`).
  package init(_ parameter: String, reason: String) {
    self.parameter = parameter
    self.reason = reason
  }

  public var description: String { reason }
}

/// Collects the first refusal while an initialiser checks its parameters (initialisers do not throw).
package struct ParameterValidation {
  /// The name the error gives the component: its step's name, such as `rotate`.
  let component: String
  package private(set) var error: RenderError?

  package init(_ component: String) { self.component = component }

  /// The checked value, or `fallback` (recording the first refusal) when the check throws.
  package mutating func check<T>(_ fallback: T, _ check: () throws(ParameterError) -> T) -> T {
    do {
      return try check()
    } catch {
      if self.error == nil { self.error = .invalidParameter(component: component, reason: error.reason) }
      return fallback
    }
  }
}
