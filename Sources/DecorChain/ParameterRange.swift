import DecorCore

/// The ranges `ParameterCheck` enforces, written for `FilterArgument.range`.
///
/// Each text is built from the constants the checks use (`ParameterCheck.maxSigma`, `maxLength`, …), so when a limit
/// changes the reference and `decor filters` change with it. "≥ 0" and the like are refused outside (an error
/// naming the step); "clamped to" is the limit a larger value is silently taken as.
package enum ParameterRange {
  /// σ of a Gaussian (`ParameterCheck.sigma`).
  package static let sigma = "≥ 0, clamped to \(limit(ParameterCheck.maxSigma))"
  /// A blur radius R = 2σ (`ParameterCheck.sigma(radius:)`).
  static let radius = "≥ 0; σ = R/2 clamped to \(limit(ParameterCheck.maxSigma))"
  /// An opacity, or a `grayscale`, `sepia` or `invert` amount (`ParameterCheck.opacity`, `unitAmount`).
  static let unit = "≥ 0, clamped to 1"
  /// A `brightness`, `contrast` or `saturate` amount (`ParameterCheck.amount`).
  package static let amount = "≥ 0, clamped to \(limit(ParameterCheck.maxAmount))"
  /// A scale factor (`ParameterCheck.scale`).
  package static let scale = "> 0, clamped to \(limit(ParameterCheck.minScale)) … \(limit(ParameterCheck.maxScale))"
  /// A shadow's spread (`ParameterCheck.spread`).
  package static let spread = "any, clamped to ±\(limit(ParameterCheck.maxSpread))"
  /// An offset or a position in pixels (`ParameterCheck.offset`).
  static let offset = "any, clamped to ±\(limit(Double(ParameterCheck.maxLength)))"
  /// A margin in whole pixels (`ParameterCheck.margin`).
  static let margin = "≥ 0, clamped to \(limit(Double(ParameterCheck.maxLength)))"
  /// A width or height in whole pixels (`ParameterCheck.size`).
  static let size = "≥ 1, clamped to \(limit(Double(ParameterCheck.maxLength)))"
  /// Both sides of a `WxH` size (`ParameterCheck.size`).
  static let sizes = "each side ≥ 1, clamped to \(limit(Double(ParameterCheck.maxLength)))"
  /// A corner radius of `round` (`ParameterCheck.cornerRadius`).
  static let cornerRadius = "≥ 0; R clamped to \(limit(Double(ParameterCheck.maxLength))), P% to 100% (50% and up: the ellipse)"
  /// The `COLSxROWS` grid of `replicate` (`ParameterCheck.size`).
  static let grid = "each count ≥ 1, clamped to \(limit(Double(ParameterCheck.maxLength))); each side of the result clamped to \(limit(Double(ParameterCheck.maxLength)))"
  /// An angle (`ParameterCheck.angle`).
  static let angle = "any, taken modulo 360°"
  /// A shear angle (`ParameterCheck.skew`).
  static let skew = "strictly between −90° and 90°, and AX + AY ≠ ±90°"
  /// A matrix entry (`ParameterCheck.transform`).
  static let matrixEntry = "any, clamped to ±\(limit(Double(ParameterCheck.maxLength))); A·D − B·C ≠ 0"
  /// A `sharpen` amount (`ParameterCheck.sharpenAmount`).
  static let sharpenAmount = "≥ 0, clamped to \(limit(ParameterCheck.maxSharpenAmount))"
  /// A `sharpen` threshold (`ParameterCheck.threshold`).
  static let threshold = "≥ 0, clamped to 255"
  /// A gamma (`ParameterCheck.gamma`).
  static let gamma = "> 0, clamped to \(limit(1 / ParameterCheck.maxGamma)) … \(limit(ParameterCheck.maxGamma))"
  /// A `levels` black or white point (`ParameterCheck.levels`), as the step writes it.
  static let level = "0–255 or P%; any, clamped to ±\(limit(ParameterCheck.maxLevel * 100))%"
  /// A `normalize` cut-off (`ParameterCheck.cutoff`), as the step writes it.
  static let cutoff = "P% ≥ 0, low + high below 100%"
  /// A whole-pixel coordinate that any value may take (`crop`'s corner; rectangles saturate instead of overflowing).
  static let coordinate = "any whole number"

  /// A limit as people read it: powers of two from 2^10 as `2^n` (2^30, not 1073741824), powers of ten from 10^5 as
  /// `10^n`, others as steps write them.
  package static func limit(_ value: Double) -> String {
    guard value >= 1024, value == value.rounded(), value < 0x1p62 else { return format(value) }
    let whole = Int(value)
    if whole & (whole - 1) == 0 { return "2^\(whole.trailingZeroBitCount)" }
    var power = 0
    var rest = whole
    while rest % 10 == 0 {
      rest /= 10
      power += 1
    }
    return rest == 1 && power >= 5 ? "10^\(power)" : format(value)
  }
}
