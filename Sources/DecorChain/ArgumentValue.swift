import DecorCore
#if Text
  import DecorText
#endif

/// A parsed argument value.
///
/// Cases are added as the chain language grows (`fractionalSize` came with `resize 50%`): a `switch` over an
/// `ArgumentValue` needs `@unknown default`; `FilterArguments`' accessors need none.
public enum ArgumentValue: Sendable, Equatable {
  case number(Double)
  case integer(Int)
  case angle(Angle)
  case color(Color)
  /// Width and height; `nil` for a side given as `_` (or left out, as in `256x`).
  case size(width: Int?, height: Int?)
  /// Width and height as fractions of the input's (`50%` is 0.5 for both; `50%x_` keeps the aspect ratio), which
  /// the filter turns into pixels from its input's extent.
  case fractionalSize(width: Double?, height: Double?)
  /// Width and height in pixels (`nil` for a side left out) with ImageMagick's geometry flags (`200x200>`), which
  /// the filter turns into pixels from its input's extent (`GeometryFlag.size(width:height:flags:of:)`); `flags` is
  /// never empty.
  case geometry(width: Int?, height: Int?, flags: Set<GeometryFlag>)
  case point(Point)
  case choice(String)
  case flag
  case text(String)
  /// An image's name, loaded when the chain is applied.
  case image(String)

  /// Parses `text` as `kind`, or returns `nil` if it is not one.
  ///
  /// - Throws: `ParameterError` for a value of the right kind that `ParameterCheck` refuses (a size side below 1, an
  ///   image's path with a NUL character).
  static func parse(_ text: String, as kind: FilterArgument.Kind) throws(ParameterError) -> ArgumentValue? {
    switch kind {
    case .number(let range):
      guard let value = decimal(text), value.isFinite, range?.contains(value) ?? true else { return nil }
      return .number(value)
    case .integer(let range):
      guard case .value(let value)? = wholeNumber(text), (range ?? wholeNumbers).contains(value) else { return nil }
      return .integer(value)
    case .angle:
      let digits = text.hasSuffix("deg") ? String(text.dropLast(3)) : text
      guard let value = decimal(digits), value.isFinite else { return nil }
      return .angle(.degrees(value))
    case .color:
      return (try? Color(parsing: text)).map { .color($0) }
    case .size(let allowsKeep):
      if allowsKeep, let flagged = try geometry(text) { return flagged }
      if allowsKeep, let fractions = fractionalSize(text) { return fractions }
      var parts = text.split(separator: "x", omittingEmptySubsequences: false)
      // A number alone is a width, as ImageMagick's geometry reads `-resize 256`.
      if allowsKeep && parts.count == 1 { parts.append("") }
      guard parts.count == 2 else { return nil }
      func side(_ part: Substring) -> Int?? {
        // `256x` and `x256` as ImageMagick's geometry writes them, beside `256x_`.
        if part == "_" || part.isEmpty { return allowsKeep ? .some(nil) : nil }
        guard let value = Int(part) else { return nil }
        return .some(value)
      }
      guard let width = side(parts[0]), let height = side(parts[1]), width != nil || height != nil else { return nil }
      // The sides as `ParameterCheck.size` takes them: at least 1, clamped to 2^30.
      return .size(width: try width.map { w throws(ParameterError) in try ParameterCheck.size(w, "width") },
        height: try height.map { h throws(ParameterError) in try ParameterCheck.size(h, "height") })
    case .point:
      let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let x = decimal(parts[0]), let y = decimal(parts[1]), x.isFinite, y.isFinite else {
        return nil
      }
      return .point(Point(x, y))
    case .choice(let words):
      // Ignoring case, as colour names do (`Multiply`); the value is the word as declared.
      return words.first { $0 == text || $0.lowercased() == text.lowercased() }.map { .choice($0) }
    case .flag:
      return nil
    case .text:
      return text.isEmpty ? nil : .text(text)
    case .image:
      if let problem = ParameterCheck.pathProblem(text) { throw ParameterError("image", reason: problem) }
      return text.isEmpty ? nil : .image(text)
    }
  }
}

extension ArgumentValue {
  /// Parses `text` as `argument` takes it: as its kind, and for a number that takes a percentage
  /// (`FilterArgument.takesPercentage`) also as one, `50%` being 0.5 (then checked by the argument's rule, as the
  /// number would be: `-50%` is refused as -0.5).
  static func parse(_ text: String, for argument: FilterArgument) throws(ParameterError) -> ArgumentValue? {
    if argument.takesPercentage, case .number(let range) = argument.kind, text.hasSuffix("%") {
      guard let percent = decimal(text.dropLast()), percent.isFinite else { return nil }
      let value = percent / 100
      return range?.contains(value) ?? true ? .number(value) : nil
    }
    return try parse(text, as: argument.kind)
  }

  /// The whole numbers a step may give (an argument may declare fewer): every `Int` but `Int.min`, so that the
  /// magnitude of any of them is one too.
  static let wholeNumbers = -Int.max...Int.max

  /// A decimal number whose value is whole, read exactly: its value (within `wholeNumbers`), or `beyond` when it is
  /// beyond them.
  package enum WholeNumber: Equatable {
    case value(Int)
    case beyond(negative: Bool)
  }

  /// `text` as a whole number written in decimal, as a number argument is written (`12`, `-3`, `+4`, and also
  /// `1e9`, `2.0`, `1.5e3`, whose values are whole): `nil` for text that is not a decimal number, or whose value has
  /// a fraction (`1.5`, `1e-3`). Read digit by digit, not through `Double`, so that every whole number is exact.
  package static func wholeNumber<Text: StringProtocol>(_ text: Text) -> WholeNumber? {
    let bytes = Array(text.utf8)
    var position = 0
    func digits() -> ArraySlice<UInt8> {
      let start = position
      while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
      return bytes[start..<position]
    }
    let negative = bytes.first == UInt8(ascii: "-")
    if negative || bytes.first == UInt8(ascii: "+") { position += 1 }
    let whole = digits()
    var fraction: ArraySlice<UInt8> = []
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      fraction = digits()
    }
    guard !whole.isEmpty || !fraction.isEmpty else { return nil }
    // The exponent, saturated far beyond any that leaves a whole number in range.
    var exponent = 0
    if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
      position += 1
      let exponentNegative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
      if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
        position += 1
      }
      let written = digits()
      guard !written.isEmpty else { return nil }
      for digit in written { exponent = min(exponent * 10 + Int(digit - UInt8(ascii: "0")), 1 << 40) }
      if exponentNegative { exponent = -exponent }
    }
    guard position == bytes.count else { return nil }
    // The significant digits and the power of ten they are multiplied by.
    var significant = Array((whole + fraction).drop { $0 == UInt8(ascii: "0") })
    var scale = exponent - fraction.count
    while significant.last == UInt8(ascii: "0") {
      significant.removeLast()
      scale += 1
    }
    if significant.isEmpty { return .value(0) }
    guard scale >= 0 else { return nil }
    guard significant.count + scale <= 19 else { return .beyond(negative: negative) }
    var magnitude = 0
    for digit in significant + Array(repeating: UInt8(ascii: "0"), count: scale) {
      let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
      guard !overflow, !carry else { return .beyond(negative: negative) }
      magnitude = sum
    }
    return .value(negative ? -magnitude : magnitude)
  }

  /// Why `text`, a whole number, is beyond `wholeNumbers`: `1e19 is out of range (at most 9223372036854775807)`;
  /// `nil` when it is not a whole number or is within them.
  static func rangeProblem<Text: StringProtocol>(_ text: Text) -> String? {
    guard case .beyond(let negative)? = wholeNumber(text) else { return nil }
    let bound = negative ? "at least \(wholeNumbers.lowerBound)" : "at most \(wholeNumbers.upperBound)"
    return "\(Quoting.shown(text)) is out of range (\(bound))"
  }

  /// What a decimal number may be written with.
  static let decimalCharacters = Set("0123456789.eE+-")

  /// `text` with ImageMagick's geometry flags after it (`200x200>`, `200x^`, `200x200^>`), or `nil` when it ends
  /// in none (nor in another sign: see below).
  ///
  /// - Throws: `ParameterError` for a flag after a percentage (ImageMagick takes and ignores it: `150%>` enlarges),
  ///   a flag given twice, or a size ending in a sign that is no flag (`200x200@`, `200x200#`), naming the flags
  ///   and `fit=`.
  static func geometry(_ text: String) throws(ParameterError) -> ArgumentValue? {
    let signs = Set(GeometryFlag.allCases.map { Character($0.rawValue) })
    let sizeCharacters = Set("0123456789x_%.")
    let core = text.prefix { sizeCharacters.contains($0) }
    let suffix = text[core.endIndex...]
    guard !core.isEmpty, !suffix.isEmpty, suffix.allSatisfy({ !$0.isLetter && !$0.isNumber && $0 != "_" }) else {
      return nil
    }
    let accepted = "ImageMagick's suffixes are \(GeometryFlag.summary); fit=contain, fit=cover, fit=fill and "
      + "shrink-only say the same as options"
    guard suffix.allSatisfy({ signs.contains($0) }) else {
      throw ParameterError("size", reason: "unknown suffix \(Quoting.quoted(suffix)) in \(Quoting.quoted(text)): "
        + accepted)
    }
    let flags = Set(suffix.compactMap { GeometryFlag(rawValue: String($0)) })
    guard flags.count == suffix.count else {
      throw ParameterError("size", reason: "a suffix given twice in \(Quoting.quoted(text)): \(accepted)")
    }
    guard !core.contains("%") else {
      throw ParameterError("size", reason: "\(Quoting.quoted(text)): a suffix after a percentage is ImageMagick's "
        + "no-op (-resize 150%> enlarges); write \(Quoting.quoted(core)) alone, or the size in pixels with the suffix")
    }
    guard case .size(let width, let height)? = try parse(String(core), as: .size(allowsKeep: true)) else {
      return nil
    }
    return .geometry(width: width, height: height, flags: flags)
  }

  /// `50%`, `50%x25%`, `50%x_` or `_x25%` as fractions of the input's sides (each above 0, at most 10⁶ %), or `nil`
  /// when `text` has no `%` or is not one of those forms.
  static func fractionalSize(_ text: String) -> ArgumentValue? {
    guard text.contains("%") else { return nil }
    func fraction(_ part: Substring) -> Double?? {
      if part == "_" { return .some(nil) }
      guard part.hasSuffix("%"), let percent = decimal(part.dropLast()), percent > 0, percent <= 1e6 else {
        return nil
      }
      return .some(percent / 100)
    }
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    if parts.count == 1, let both = fraction(parts[0]), let both {
      return .fractionalSize(width: both, height: both)
    }
    guard parts.count == 2, let width = fraction(parts[0]), let height = fraction(parts[1]),
      width != nil || height != nil
    else { return nil }
    return .fractionalSize(width: width, height: height)
  }

  /// `text` as a decimal number (`12`, `-0.5`, `+3`, `.5`, `1e3`), or `nil`: `Double(_:)` also reads hexadecimal
  /// (`0x10` is 16), `inf` and `nan`, which a user writing `brightness 0x10` did not mean.
  package static func decimal<Text: StringProtocol>(_ text: Text) -> Double? {
    guard !text.isEmpty, text.allSatisfy({ decimalCharacters.contains($0) }), text.contains(where: \.isNumber) else {
      return nil
    }
    return Double(String(text))
  }
}
