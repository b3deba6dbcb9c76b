/// A colour with straight (un-premultiplied) alpha, as people write colours: `#ff8000`, `rgba(255, 128, 0, 0.5)`,
/// `cornflowerblue`.
///
/// Components are sRGB-encoded values (not linear light) in `0...1`, the same encoding as Decor's pixels, so no
/// transfer function is applied anywhere. The initialiser clamps every component into `0...1` and maps NaN to 0,
/// so a `Color` always holds valid values. Convert to the working pixel format with `premultiplied`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// Red, 0…1, sRGB-encoded, not multiplied by alpha.
  public let red: Double
  /// Green, 0…1, sRGB-encoded, not multiplied by alpha.
  public let green: Double
  /// Blue, 0…1, sRGB-encoded, not multiplied by alpha.
  public let blue: Double
  /// Opacity, 0 = transparent, 1 = opaque.
  public let alpha: Double

  /// A colour from straight components. Each is clamped into `0...1` (NaN becomes 0), as CSS clamps
  /// out-of-range colour values.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = Color.clamp(red)
    self.green = Color.clamp(green)
    self.blue = Color.clamp(blue)
    self.alpha = Color.clamp(alpha)
  }

  /// An opaque colour from `0xRRGGBB` (the upper byte is ignored) with an 8-bit alpha.
  init(rgb: UInt32, alpha: UInt8 = 255) {
    self.init(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255,
      alpha: Double(alpha) / 255)
  }

  /// Fully transparent (CSS `transparent`).
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = Color(red: 1, green: 1, blue: 1)

  /// The colour as a premultiplied pixel: each component is first rounded to the nearest 8-bit straight value,
  /// then premultiplied with `Premultiplication.premultiply`, so `#ff000080` gives `RGBA8(128, 0, 0, 128)` and
  /// the result equals what a PNG holding the 8-bit straight colour decodes to.
  public var premultiplied: RGBA8 {
    let (r, g, b, a) = straight8
    return RGBA8(straightRed: r, green: g, blue: b, alpha: a)
  }

  /// The colour as a 16-bit premultiplied pixel: each component rounded to the nearest 16-bit straight value (an
  /// 8-bit one, as `#rrggbb` gives, becomes v × 257 exactly), then premultiplied with `DeepPremultiplication`, as
  /// `premultiplied` does at 8 bits.
  package var premultiplied16: RGBA16 {
    RGBA16(straightRed: Color.level(red), green: Color.level(green), blue: Color.level(blue),
      alpha: Color.level(alpha))
  }

  /// The components rounded to the nearest 8-bit values, still straight.
  package var straight8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    (Color.byte(red), Color.byte(green), Color.byte(blue), Color.byte(alpha))
  }

  /// `#rrggbb` for opaque colours, `#rrggbbaa` otherwise (lowercase, from the 8-bit rounded components), a form
  /// that `init(parsing:)` reads back to the same 8-bit colour.
  public var description: String {
    let (r, g, b, a) = straight8
    let hex = Color.hex(r) + Color.hex(g) + Color.hex(b)
    return a == 255 ? "#" + hex : "#" + hex + Color.hex(a)
  }

  /// Reads a colour as the CLI and pipeline files write it (case-insensitive; surrounding spaces are ignored):
  ///
  /// - `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`: hexadecimal, each short digit doubled (`#f80` is `#ff8800`);
  /// - `rgb(R, G, B)`, `rgba(R, G, B, A)`: each of R, G, B a number 0…255 or a percentage, A a number 0…1 or a
  ///   percentage. As in CSS Color 4, `rgb` and `rgba` are the same function (either takes 3 or 4 arguments) and
  ///   the space-separated form `rgb(R G B / A)` is accepted too; out-of-range values are clamped, as CSS does;
  /// - `hsl(H, S%, L%)`, `hsla(H, S%, L%, A)`, and `hsl(H S L / A)`: H in degrees (a number, optionally with
  ///   `deg`; `rad`, `grad` and `turn` too), S and L percentages (in the space-separated form also plain numbers
  ///   0…100, as CSS Color 4 allows), A as for `rgb()`; converted with CSS Color 4's `hslToRgb` (§7.1), S and L
  ///   clamped into 0…100%;
  /// - `transparent` (and `none`, the same), and the 148 named colours of CSS Color 4 (`red`, `rebeccapurple`,
  ///   both `gray` and `grey`).
  ///
  /// Other CSS colour functions (`hwb()`, `lab()`, `color()`, …) and `currentcolor` are not supported.
  /// - Throws: `ColorParseError.invalidSyntax` holding `text`, whose description lists the accepted forms and
  ///   suggests the closest colour name when there is a near miss.
  public init(parsing text: String) throws(ColorParseError) {
    let lowered = Color.trimmed(text).lowercased()
    if lowered.hasPrefix("#") {
      guard let color = Color.parseHex(lowered.utf8.dropFirst()) else { throw .invalidSyntax(text) }
      self = color
    } else if lowered.hasSuffix(")"), let open = lowered.firstIndex(of: "(") {
      let function = lowered[..<open]
      let arguments = lowered[lowered.index(after: open)..<lowered.index(before: lowered.endIndex)]
      let color: Color?
      switch function {
      case "rgb", "rgba": color = Color.parseRGBFunction(arguments)
      case "hsl", "hsla": color = Color.parseHSLFunction(arguments)
      default: color = nil
      }
      guard let color else { throw .invalidSyntax(text) }
      self = color
    } else if lowered == "transparent" || lowered == "none" {
      self = .clear
    } else if let rgb = cssColorNames[lowered] {
      self.init(rgb: rgb)
    } else {
      throw .invalidSyntax(text)
    }
  }

  /// A colour from CSS hue, saturation and lightness, by the CSS Color 4 algorithm (`hslToRgb`, §7.1): `hue` in
  /// degrees (any finite value, taken modulo 360), `saturation` and `lightness` in `0...1` (clamped), `alpha` as in
  /// `init(red:green:blue:alpha:)`. `hsl(120, 100%, 25%)` is `Color(hue: 120, saturation: 1, lightness: 0.25)`,
  /// which is `#008000`.
  public init(hue: Double, saturation: Double, lightness: Double, alpha: Double = 1) {
    var h = hue.isFinite ? hue.truncatingRemainder(dividingBy: 360) : 0
    if h < 0 { h += 360 }
    let s = Color.clamp(saturation)
    let l = Color.clamp(lightness)
    let a = s * Swift.min(l, 1 - l)
    // The spec's f(n): k = (n + H/30) mod 12, then L − a·max(−1, min(k − 3, 9 − k, 1)).
    func f(_ n: Double) -> Double {
      let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
      return l - a * Swift.max(-1, Swift.min(k - 3, 9 - k, 1))
    }
    self.init(red: f(0), green: f(8), blue: f(4), alpha: alpha)
  }

  // MARK: - Parsing helpers

  /// The hex digits after `#`: 3, 4, 6 or 8 of them.
  private static func parseHex(_ digits: Substring.UTF8View) -> Color? {
    var values: [UInt8] = []
    values.reserveCapacity(8)
    for byte in digits {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(byte - UInt8(ascii: "a") + 10)
      default: return nil
      }
      if values.count > 8 { return nil }
    }
    let channels: [UInt8]
    switch values.count {
    case 3, 4: channels = values.map { $0 << 4 | $0 }
    case 6, 8: channels = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
    default: return nil
    }
    let alpha = channels.count == 4 ? channels[3] : 255
    return Color(
      rgb: UInt32(channels[0]) << 16 | UInt32(channels[1]) << 8 | UInt32(channels[2]), alpha: alpha)
  }

  /// The arguments of a CSS colour function: 3 or 4 separated by commas (the legacy syntax), or 3 separated by
  /// spaces with an optional `/ A` (the modern one); `nil` for anything else. `commas` tells which it was.
  private static func functionArguments(_ arguments: Substring) -> (tokens: [Substring], commas: Bool)? {
    if arguments.contains(",") {
      let tokens = arguments.split(separator: ",", omittingEmptySubsequences: false).map { trimmed($0) }
      guard tokens.count == 3 || tokens.count == 4 else { return nil }
      return (tokens, true)
    }
    let parts = arguments.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2 else { return nil }
    var tokens = parts[0].split(whereSeparator: isSpace)
    guard tokens.count == 3 else { return nil }
    if parts.count == 2 {
      let alpha = parts[1].split(whereSeparator: isSpace)
      guard alpha.count == 1 else { return nil }
      tokens.append(alpha[0])
    }
    return (tokens, false)
  }

  /// An alpha: a number 0…1 or a percentage.
  private static func parseAlpha(_ token: Substring) -> Double? {
    token.hasSuffix("%") ? parseNumber(token.dropLast()).map { $0 / 100 } : parseNumber(token)
  }

  /// The inside of `rgb(…)`: `R, G, B[, A]` or `R G B[ / A]`.
  private static func parseRGBFunction(_ arguments: Substring) -> Color? {
    guard let (tokens, _) = functionArguments(arguments) else { return nil }
    var values: [Double] = []
    for token in tokens.prefix(3) {
      if token.hasSuffix("%") {
        guard let number = parseNumber(token.dropLast()) else { return nil }
        values.append(number / 100)
      } else {
        guard let number = parseNumber(token) else { return nil }
        values.append(number / 255)
      }
    }
    var alpha = 1.0
    if tokens.count == 4 {
      guard let value = parseAlpha(tokens[3]) else { return nil }
      alpha = value
    }
    return Color(red: values[0], green: values[1], blue: values[2], alpha: alpha)
  }

  /// The inside of `hsl(…)`: `H, S%, L%[, A]` or `H S L[ / A]` (S and L may drop the `%` only in the second form,
  /// as in CSS Color 4).
  private static func parseHSLFunction(_ arguments: Substring) -> Color? {
    guard let (tokens, commas) = functionArguments(arguments), let hue = parseHue(tokens[0]) else { return nil }
    var percentages: [Double] = []
    for token in tokens[1...2] {
      if token.hasSuffix("%") {
        guard let number = parseNumber(token.dropLast()) else { return nil }
        percentages.append(number)
      } else {
        guard !commas, let number = parseNumber(token) else { return nil }
        percentages.append(number)
      }
    }
    var alpha = 1.0
    if tokens.count == 4 {
      guard let value = parseAlpha(tokens[3]) else { return nil }
      alpha = value
    }
    return Color(hue: hue, saturation: percentages[0] / 100, lightness: percentages[1] / 100, alpha: alpha)
  }

  /// A CSS `<hue>` in degrees: a number, or an angle in `deg`, `grad`, `rad` or `turn`.
  private static func parseHue(_ token: Substring) -> Double? {
    let units: [(suffix: String, degrees: Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360)]
    for unit in units where token.hasSuffix(unit.suffix) {
      return parseNumber(token.dropLast(unit.suffix.count)).map { $0 * unit.degrees }
    }
    return parseNumber(token)
  }

  /// A CSS `<number>`: optional sign, digits with an optional fraction, optional exponent. Checked by hand because
  /// `Double.init(_:)` also takes `nan`, `inf` and hexadecimal floats, which CSS does not.
  private static func parseNumber(_ token: Substring) -> Double? {
    var bytes = token.utf8[...]
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let integer = bytes.prefix(while: isDigit)
    bytes = bytes.dropFirst(integer.count)
    var fraction = 0
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      fraction = bytes.prefix(while: isDigit).count
      bytes = bytes.dropFirst(fraction)
    }
    guard integer.count + fraction > 0 else { return nil }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
      let exponent = bytes.prefix(while: isDigit).count
      guard exponent > 0 else { return nil }
      bytes = bytes.dropFirst(exponent)
    }
    guard bytes.isEmpty, let value = Double(String(token)), value.isFinite else { return nil }
    return value
  }

  private static func isSpace(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\u{0C}"
  }

  /// `text` without leading and trailing ASCII white space (Decor does not depend on Foundation).
  static func trimmed<S: StringProtocol>(_ text: S) -> Substring {
    let string = Substring(text)
    guard let start = string.firstIndex(where: { !isSpace($0) }),
      let end = string.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return string[start...end]
  }

  // MARK: - Numeric helpers

  private static func clamp(_ value: Double) -> Double {
    value.isNaN ? 0 : Swift.min(1, Swift.max(0, value))
  }

  /// The nearest 8-bit value of a component in `0...1`, halves rounded up.
  private static func byte(_ value: Double) -> UInt8 {
    UInt8(Swift.min(255, Swift.max(0, (value * 255).rounded(.toNearestOrAwayFromZero))))
  }

  /// The nearest 16-bit value of a component in `0...1`, halves rounded up.
  private static func level(_ value: Double) -> UInt16 {
    UInt16(Swift.min(65535, Swift.max(0, (value * 65535).rounded(.toNearestOrAwayFromZero))))
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
