import DecorCore

/// The ranges of the arguments written as text (a `WxH` size, a `COLSxROWS` grid, a level or a percentage), stated for
/// `FilterArgument.range`; the ranges of numbers are their `ParameterRule`'s.
///
/// Each text is built from the constants the checks use (`ParameterCheck.maxLength`, `maxLevel`), so when a limit
/// changes the reference and `decor filters` change with it. "≥ 0" and the like are refused outside (an error naming
/// the step); "clamped to" is the limit a larger value is silently taken as.
package enum ParameterRange {
  /// Both sides of a `WxH` size (`ParameterCheck.size`).
  static let sizes = "each side ≥ 1, clamped to \(limit(Double(ParameterCheck.maxLength)))"
  /// A corner radius of `round` (`ParameterCheck.cornerRadius`).
  static let cornerRadius = "≥ 0; R clamped to \(limit(Double(ParameterCheck.maxLength))), P% to 100% (50% and up: the ellipse)"
  /// The `COLSxROWS` grid of `replicate` (`ParameterCheck.size`).
  static let grid = "each count ≥ 1, clamped to \(limit(Double(ParameterCheck.maxLength))); each side of the result clamped to \(limit(Double(ParameterCheck.maxLength)))"
  /// A `levels` black or white point (`ParameterCheck.levels`), as the step writes it.
  static let level = "0–255 or P%; any, clamped to ±\(limit(ParameterCheck.maxLevel * 100))%"
  /// A `normalize` cut-off (`ParameterCheck.cutoff`), as the step writes it.
  static let cutoff = "P% ≥ 0, low + high below 100%"

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
