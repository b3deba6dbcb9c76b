/// The checks of the tone steps: `sharpen`'s amount and threshold, `levels`' black and white points, a gamma.
extension ParameterCheck {
  /// The largest gamma of `levels` and `gamma`, and the reciprocal of the smallest (past these every level but
  /// 0 and 1 is within half a step of 0 or 1 anyway).
  public static let maxGamma = 10_000.0
  /// The largest `sharpen` amount (the difference from the blur is multiplied by it).
  public static let maxSharpenAmount = 1_000.0
  /// The farthest a `levels` black or white point may lie outside 0 … 1 (as a fraction of white).
  public static let maxLevel = 1_000.0

  /// A gamma: finite and above 0, clamped into 1/`maxGamma` … `maxGamma`.
  public static func gamma(_ value: Double, _ name: String = "gamma") throws(ParameterError) -> Double {
    guard try finite(value, name) > 0 else { throw ParameterError(name, "must be above 0, got \(text(value))") }
    return max(1 / maxGamma, min(maxGamma, value))
  }

  /// A `sharpen` amount: finite, at least 0, clamped to `maxSharpenAmount`.
  public static func sharpenAmount(_ value: Double, _ name: String = "amount") throws(ParameterError) -> Double {
    try nonNegative(value, name, maximum: maxSharpenAmount)
  }

  /// A `sharpen` threshold in levels of 0 … 255: finite, at least 0, clamped to 255.
  public static func threshold(_ value: Double, _ name: String = "threshold") throws(ParameterError) -> Double {
    try nonNegative(value, name, maximum: 255)
  }

  /// The black and white points of `levels`, as fractions of white (0 black, 1 white): each finite and clamped to
  /// ±`maxLevel`, black below white.
  public static func levels(black: Double, white: Double) throws(ParameterError) -> (black: Double, white: Double) {
    let b = max(-maxLevel, min(maxLevel, try finite(black, "black point")))
    let w = max(-maxLevel, min(maxLevel, try finite(white, "white point")))
    guard b < w else {
      throw ParameterError("black point",
        "must be below the white point, got \(text(black * 100))% and \(text(white * 100))%")
    }
    return (b, w)
  }

  /// The fractions of the pixels `normalize` lets go at each end: each finite and at least 0, their sum below 1.
  public static func cutoff(low: Double, high: Double) throws(ParameterError) -> (low: Double, high: Double) {
    let l = try nonNegative(low, "low", maximum: 1)
    let h = try nonNegative(high, "high", maximum: 1)
    guard l + h < 1 else {
      throw ParameterError("low", "and high must leave some pixels: their sum must be below 100%, got "
        + "\(text(low * 100))% and \(text(high * 100))%")
    }
    return (l, h)
  }
}
