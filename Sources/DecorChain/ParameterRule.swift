import DecorCore

/// What a number a step takes may be, written once: the `ParameterCheck` function that refuses and clamps it, the
/// range as the reference states it (from the same constants), its unit, and the values typical of it.
///
/// A `StepParameter` declared with a rule is checked when its step is parsed (after the filter's `validate`, in the
/// order the arguments are declared), so the chain language refuses exactly what the decorator's initialiser would
/// keep as its `parameterError`, with the same reason. `typical` is where examples are drawn from: the reference's
/// and the tests' random chains (small enough that such chains render in milliseconds).
public struct ParameterRule<Value: Sendable>: Sendable {
  /// Which values are accepted and which are clamped (`≥ 0, clamped to 2000`).
  public var range: String
  /// The unit a value is in (`pixels`, `degrees`), or `nil` for a plain number (a factor, an amount).
  public var unit: String?
  /// Values a step typically gives, all of them accepted.
  public var typical: ClosedRange<Double>
  /// Whether a step may write the value as a percentage (`50%` for 0.5): a fraction's rule takes one, as `resize`
  /// and `levels` take percentages, so that `opacity=50%` means what it says.
  public var takesPercentage: Bool
  /// The check: the value as it will be used, or a `ParameterError` naming the parameter by the name given.
  let check: @Sendable (Value, String) throws(ParameterError) -> Value

  public init(
    range: String, unit: String? = nil, typical: ClosedRange<Double>, takesPercentage: Bool = false,
    check: @escaping @Sendable (Value, String) throws(ParameterError) -> Value
  ) {
    self.range = range
    self.unit = unit
    self.typical = typical
    self.takesPercentage = takesPercentage
    self.check = check
  }

  /// The same rule with other typical values (a matrix entry near the identity's, say).
  public func typical(_ values: ClosedRange<Double>) -> ParameterRule {
    var rule = self
    rule.typical = values
    return rule
  }

  /// Checks `value`, naming it `name` in a refusal.
  public func checked(_ value: Value, _ name: String) throws(ParameterError) -> Value { try check(value, name) }
}

extension ParameterRule where Value == Double {
  /// σ of a Gaussian, in pixels (`ParameterCheck.sigma`).
  public static let sigma = ParameterRule(range: "≥ 0, clamped to \(limit(ParameterCheck.maxSigma))",
    unit: "pixels", typical: 0...8) { value, name throws(ParameterError) in try ParameterCheck.sigma(value, name) }
  /// A blur radius R = 2σ, in pixels (`ParameterCheck.sigma(radius:)`); the check gives R back.
  public static let radius = ParameterRule(range: "≥ 0; σ = R/2 clamped to \(limit(ParameterCheck.maxSigma))",
    unit: "pixels", typical: 0...16) { value, name throws(ParameterError) in
    _ = try ParameterCheck.sigma(radius: value, name)
    return value
  }
  /// An opacity, or a `grayscale`, `sepia` or `invert` amount (`ParameterCheck.opacity`, `unitAmount`): a fraction,
  /// which a step may also write as a percentage (`50%`).
  public static let unit = ParameterRule(range: "≥ 0, clamped to 1; or P% (50% is 0.5)", typical: 0.1...1,
    takesPercentage: true) {
    value, name throws(ParameterError) in try ParameterCheck.unitAmount(value, name)
  }
  /// A `brightness`, `contrast` or `saturate` amount (`ParameterCheck.amount`).
  public static let amount = ParameterRule(range: "≥ 0, clamped to \(limit(ParameterCheck.maxAmount))",
    typical: 0...2) { value, name throws(ParameterError) in try ParameterCheck.amount(value, name) }
  /// A scale factor (`ParameterCheck.scale`).
  public static let scale = ParameterRule(
    range: "> 0, clamped to \(limit(ParameterCheck.minScale)) … \(limit(ParameterCheck.maxScale))",
    typical: 0.3...1.6) { value, name throws(ParameterError) in try ParameterCheck.scale(value, name) }
  /// A shadow's spread, in pixels (`ParameterCheck.spread`).
  public static let spread = ParameterRule(range: "any, clamped to ±\(limit(ParameterCheck.maxSpread))",
    unit: "pixels", typical: -2...3) { value, name throws(ParameterError) in try ParameterCheck.spread(value, name) }
  /// An offset in pixels, either coordinate (`ParameterCheck.offset`).
  public static let offset = ParameterRule(range: "any, clamped to ±\(limit(Double(ParameterCheck.maxLength)))",
    unit: "pixels", typical: -9...9) { value, name throws(ParameterError) in
    try ParameterCheck.offset(Point(value, 0), name).x
  }
  /// An entry of an affine matrix (`ParameterCheck.transform`, which also refuses a singular matrix as a whole).
  public static let matrixEntry = ParameterRule(
    range: "any, clamped to ±\(limit(Double(ParameterCheck.maxLength))); A·D − B·C ≠ 0", typical: -1...1) {
    value, name throws(ParameterError) in
    let limit = Double(ParameterCheck.maxLength)
    return max(-limit, min(limit, try ParameterCheck.finite(value, name)))
  }
  /// A `sharpen` amount (`ParameterCheck.sharpenAmount`).
  public static let sharpenAmount = ParameterRule(
    range: "≥ 0, clamped to \(limit(ParameterCheck.maxSharpenAmount))", typical: 0...3) {
    value, name throws(ParameterError) in try ParameterCheck.sharpenAmount(value, name)
  }
  /// A `sharpen` threshold, in levels of 0 … 255 (`ParameterCheck.threshold`).
  public static let threshold = ParameterRule(range: "≥ 0, clamped to 255", unit: "levels", typical: 0...20) {
    value, name throws(ParameterError) in try ParameterCheck.threshold(value, name)
  }
  /// A gamma (`ParameterCheck.gamma`).
  public static let gamma = ParameterRule(
    range: "> 0, clamped to \(limit(1 / ParameterCheck.maxGamma)) … \(limit(ParameterCheck.maxGamma))",
    typical: 0.3...3) { value, name throws(ParameterError) in try ParameterCheck.gamma(value, name) }
  /// A length in pixels, such as a radius (`ParameterCheck.length`).
  public static let length = ParameterRule(range: "≥ 0, clamped to \(limit(Double(ParameterCheck.maxLength)))",
    unit: "pixels", typical: 0...30) { value, name throws(ParameterError) in try ParameterCheck.length(value, name) }
  /// An angle in degrees, any finite value taken modulo 360° (`ParameterCheck.angle`).
  public static let angle = ParameterRule(range: "any, taken modulo 360°", unit: "degrees", typical: -60...60) {
    value, name throws(ParameterError) in try ParameterCheck.angle(.degrees(value), name).degrees
  }
  /// A shear angle in degrees. The bounds are `ParameterCheck.skew`'s, which judges both angles together (each
  /// within ±90°, their sum not ±90°), so a step with shear angles calls it in its `validate`; this check alone only
  /// asks for a finite number.
  public static let skew = ParameterRule(range: "strictly between −90° and 90°, and AX + AY ≠ ±90°",
    unit: "degrees", typical: -25...25) { value, name throws(ParameterError) in try ParameterCheck.finite(value, name) }
}

extension ParameterRule where Value == Int {
  /// A margin in whole pixels (`ParameterCheck.margin`).
  public static let margin = ParameterRule(range: "≥ 0, clamped to \(limit(Double(ParameterCheck.maxLength)))",
    unit: "pixels", typical: 0...6) { value, name throws(ParameterError) in try ParameterCheck.margin(value, name) }
  /// A width or height in whole pixels (`ParameterCheck.size`).
  public static let size = ParameterRule(range: "≥ 1, clamped to \(limit(Double(ParameterCheck.maxLength)))",
    unit: "pixels", typical: 10...80) { value, name throws(ParameterError) in try ParameterCheck.size(value, name) }
  /// A whole-pixel offset or position (`ParameterCheck.position`).
  public static let position = ParameterRule(
    range: "any, clamped to ±\(limit(Double(ParameterCheck.maxLength)))", unit: "pixels", typical: -15...25) {
    value, _ throws(ParameterError) in ParameterCheck.position(value)
  }
  /// A whole-pixel coordinate that any value may take (rectangles saturate instead of overflowing).
  public static let coordinate = ParameterRule(range: "any whole number", unit: "pixels", typical: -5...5) {
    value, _ throws(ParameterError) in value
  }
}

/// A limit as people read it (`ParameterRange.limit`).
private func limit(_ value: Double) -> String { ParameterRange.limit(value) }
