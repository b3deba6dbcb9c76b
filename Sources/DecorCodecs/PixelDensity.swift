import DecorCore

/// How many pixels make a unit of length, horizontally and vertically, in the unit the file gave: PNG `pHYs` is
/// per metre (or an aspect ratio), JFIF per inch or per centimetre (or an aspect ratio). Kept in the file's unit so
/// that a file written in the same format gets the same numbers back; converted (and rounded to whole numbers) only
/// between formats.
public struct PixelDensity: Sendable, Equatable, CustomStringConvertible {
  public enum Unit: Sendable, Equatable {
    case perInch
    case perCentimeter
    case perMeter
    /// No unit: the two numbers give the pixels' aspect ratio only.
    case aspectRatio
  }

  public var horizontal: Double
  public var vertical: Double
  public var unit: Unit

  public init(horizontal: Double, vertical: Double, unit: Unit) {
    self.horizontal = horizontal
    self.vertical = vertical
    self.unit = unit
  }

  /// PNG `pHYs` values: pixels per metre (unit 1) or an aspect ratio (unit 0), whole numbers below 2^31; `nil`
  /// when a value is out of that range.
  var pngValues: (x: UInt32, y: UInt32, unit: UInt8)? {
    let scale: Double
    switch unit {
    case .perInch: scale = 1 / 0.0254
    case .perCentimeter: scale = 100
    case .perMeter, .aspectRatio: scale = 1
    }
    let (x, y) = ((horizontal * scale).rounded(), (vertical * scale).rounded())
    guard (0...Double(Int32.max)).contains(x), (0...Double(Int32.max)).contains(y) else { return nil }
    return (UInt32(x), UInt32(y), unit == .aspectRatio ? 0 : 1)
  }

  /// JFIF values: units (0 aspect ratio, 1 per inch, 2 per centimetre) and densities of 1 … 65535; a per-metre
  /// density becomes per inch. `nil` when a value is out of range.
  package var jfifValues: (unit: UInt8, x: UInt16, y: UInt16)? {
    let (code, scale): (UInt8, Double) =
      switch unit {
      case .aspectRatio: (0, 1)
      case .perInch: (1, 1)
      case .perCentimeter: (2, 1)
      case .perMeter: (1, 0.0254)
      }
    let (x, y) = ((horizontal * scale).rounded(), (vertical * scale).rounded())
    guard (1...65535).contains(x), (1...65535).contains(y) else { return nil }
    return (code, UInt16(x), UInt16(y))
  }

  /// `72x72 dpi`, `28.35x28.35 dots per cm`, `2835x2835 dots per metre`, `pixel aspect 1:2`.
  public var description: String {
    func number(_ value: Double) -> String {
      let v = (value * 100).rounded() / 100
      return v == v.rounded() ? String(Int(v)) : String(v)
    }
    let pair = "\(number(horizontal))x\(number(vertical))"
    switch unit {
    case .perInch: return pair + " dpi"
    case .perCentimeter: return pair + " dots per cm"
    case .perMeter: return pair + " dots per metre (\(number(horizontal * 0.0254))x\(number(vertical * 0.0254)) dpi)"
    case .aspectRatio: return "pixel aspect \(number(horizontal)):\(number(vertical))"
    }
  }
}
