import DecorCore

/// A JSON value as templates and scenes are written: what `Chain` and `Scene` read and write through `Codable`.
///
/// Objects keep their keys in order, so what Decor writes reads in the order a person would write it (the filter's
/// name first, then its arguments in the order `decor filters` lists them). Any `Decoder` can produce one (it is
/// read through a single-value container); `serialized()` writes the text without Foundation.
///
/// Literals make Swift templates short: `try Chain().appending("shadow", ["dx": 6, "dy": 6, "blur": 8])`.
public enum JSONValue: Sendable, Equatable, Codable, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Keys in order; a key given twice keeps its last value when read.
  case object([(key: String, value: JSONValue)])

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// Decodes whatever the container holds. Booleans are tried before numbers so that `true` stays a boolean.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      // Dictionaries lose the order of their keys; sorting makes the result independent of the decoder.
      let value = try container.decode([String: JSONValue].self)
      self = .object(value.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let pairs):
      try container.encode(Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
    }
  }

  /// The value of `key` in an object (the last one if the key is repeated); `nil` for a missing key or a value that
  /// is not an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.last { $0.key == key }?.value
  }

  /// The JSON text: compact on one line, or with `indent` spaces per level, where an object or array whose text
  /// fits in one line of at most `lineWidth` characters stays on one line (so a template reads one step per line).
  /// Numbers are written in the shortest form that reads back to the same `Double`, whole numbers without `.0`.
  public func serialized(indent: Int = 0, lineWidth: Int = 120) -> String {
    var out = ""
    write(into: &out, indent: indent, level: 0, lineWidth: lineWidth)
    return out
  }

  public var description: String { serialized() }

  private func write(into out: inout String, indent: Int, level: Int, lineWidth: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .number(let value): out += JSONValue.number(value)
    case .string(let value): out += JSONValue.quoted(value)
    case .array, .object:
      let compact = serializedCompact()
      if indent == 0 || compact.count + level * indent <= lineWidth {
        out += compact
        return
      }
      let pad = String(repeating: " ", count: (level + 1) * indent)
      let items: [(String?, JSONValue)]
      let (open, close): (String, String)
      switch self {
      case .array(let values): (items, open, close) = (values.map { (nil, $0) }, "[", "]")
      case .object(let pairs): (items, open, close) = (pairs.map { ($0.key, $0.value) }, "{", "}")
      default: return
      }
      out += open + "\n"
      for (n, (key, value)) in items.enumerated() {
        out += pad
        if let key { out += JSONValue.quoted(key) + ": " }
        value.write(into: &out, indent: indent, level: level + 1, lineWidth: lineWidth)
        out += n == items.count - 1 ? "\n" : ",\n"
      }
      out += String(repeating: " ", count: level * indent) + close
    }
  }

  private func serializedCompact() -> String {
    switch self {
    case .array(let values): return "[" + values.map { $0.serializedCompact() }.joined(separator: ", ") + "]"
    case .object(let pairs):
      return "{" + pairs.map { JSONValue.quoted($0.key) + ": " + $0.value.serializedCompact() }.joined(separator: ", ")
        + "}"
    default: return serialized()
    }
  }

  /// Whole numbers below 2^53 without a fraction; others in Swift's shortest round-trip form, which JSON reads.
  /// Infinities and NaN, which JSON cannot hold, become `null`.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded() && abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
    return "\(value)"
  }

  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// A short description of the value for error messages: `"abc"`, `12`, `an array`, `an object`; a string is
  /// cut as `Quoting` cuts values, and written as JSON writes it.
  var shortDescription: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return JSONValue.number(value)
    case .string(let value): return JSONValue.quoted(Quoting.cut(value))
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

extension JSONValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }
  public init(nilLiteral: ()) { self = .null }
}
