import DecorChain
import DecorCodecs
import DecorCore

/// A strict check of JSON text (RFC 8259) that says where the first mistake is, by line and column: the decoder of
/// FoundationEssentials reports only "not valid JSON", and accepts a trailing comma (`[1, 2,]`) that other readers
/// of the same scene or template (Python's `json`, `jq`, browsers) refuse. It also refuses, by place, what JSON
/// allows but the decoder does not read: a number no `Double` holds (`1e400`, `1e-400`) and half of a UTF-16
/// surrogate pair (`"\ud800"`). It refuses a key given twice in one object (`{"width": 1, "width": 2}`), which
/// readers take differently (Decor's decoder kept the first, Python's `json` and `jq` keep the last), so that a scene
/// checked by one tool is the scene Decor draws. The same pass builds the `JSONValue`, keys in the order written: a
/// second reading by `JSONDecoder` cost more than the check itself (half the time of opening a 100,000-layer scene).
///
/// A message says where and what was expected, and never shows the file's letters, digits or bytes: of what it
/// found it names only punctuation (`found ']'`), else the kind (`found a letter`), so that a file read as JSON that
/// is not (`--chain /etc/passwd`) is not shown back through the error. Keys a template or scene gives are named
/// (a duplicate, an unknown key): they are JSON the caller chose to run.
package struct JSONSyntax {
  /// Where and what the first mistake is.
  package struct Mistake: Error, Equatable {
    var line: Int
    var column: Int
    var message: String

    package var description: String { "line \(line), column \(column): \(message)" }
  }

  private let bytes: [UInt8]
  private var position = 0

  /// The value `bytes` hold, checked as this type says; the nesting is limited to 512 levels, as deeply nested input
  /// would otherwise exhaust the stack.
  package static func parse(_ bytes: [UInt8]) throws(Mistake) -> JSONValue {
    var syntax = JSONSyntax(bytes: bytes)
    // A UTF-8 byte order mark, which some editors write, is not a mistake.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { syntax.position = 3 }
    // JSON text is UTF-8 (RFC 8259 section 8.1): a file in Latin-1 or with a damaged byte is named where it breaks,
    // not left to the decoder, whose message says nothing of it.
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    scan: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: break scan
      case .error:
        syntax.position = offset
        throw syntax.mistake("not UTF-8 text (a byte here starts no character): JSON files are UTF-8")
      }
    }
    syntax.skipSpace()
    let value = try syntax.value(depth: 0)
    syntax.skipSpace()
    if syntax.position < bytes.count { throw syntax.mistake("more after the end of the JSON (found \(syntax.shown))") }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  /// The byte at the position as a message names it: ASCII punctuation as itself, anything else by its kind.
  private var shown: String {
    guard let byte = current else { return "end of file" }
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return "a letter"
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return "a digit"
    case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
    case 0x20, 0x09, 0x0A, 0x0D: return "a space"
    case 0..<0x20, 0x7F: return "a control character"
    default: return "a character outside ASCII"
    }
  }

  /// The mistake `message` at `offset` (by default the position).
  private func mistake(_ message: String, at offset: Int? = nil) -> Mistake {
    var line = 1
    var column = 1
    for byte in bytes[..<Swift.min(offset ?? position, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1  // one column per character, not per UTF-8 byte
      }
    }
    return Mistake(line: line, column: column, message: message)
  }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
  }

  private mutating func value(depth: Int) throws(Mistake) -> JSONValue {
    guard depth < 512 else { throw mistake("nested more than 512 levels deep") }
    guard let byte = current else { throw mistake("a value expected, found end of file") }
    switch byte {
    case UInt8(ascii: "{"): return try container(close: UInt8(ascii: "}"), depth: depth)
    case UInt8(ascii: "["): return try container(close: UInt8(ascii: "]"), depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    case UInt8(ascii: "t"):
      try word("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try word("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try word("null")
      return .null
    default: throw mistake("a value expected, found \(shown)")
    }
  }

  /// An object (`close` is `}`: members `"key": value`) or an array (`]`: values), commas between, none after the
  /// last.
  private mutating func container(close: UInt8, depth: Int) throws(Mistake) -> JSONValue {
    let isObject = close == UInt8(ascii: "}")
    position += 1
    skipSpace()
    if current == close {
      position += 1
      return isObject ? .object([]) : .array([])
    }
    var values: [JSONValue] = []
    var members: [(key: String, value: JSONValue)] = []
    // Each key of an object, as its text means it (escapes read), at the offset it starts at.
    var keys: [String: Int] = [:]
    var key = ""
    while true {
      if isObject {
        guard current == UInt8(ascii: "\"") else { throw mistake("a key in double quotes expected, found \(shown)") }
        let start = position
        key = try string()
        if let first = keys[key] {
          let earlier = mistake("", at: first)
          throw mistake("the key \(Quoting.quoted(key)) is given twice in one object (first at line "
            + "\(earlier.line), column \(earlier.column)): readers differ on which one counts", at: start)
        }
        keys[key] = start
        skipSpace()
        guard current == UInt8(ascii: ":") else { throw mistake("':' expected after the key, found \(shown)") }
        position += 1
        skipSpace()
      }
      let item = try value(depth: depth + 1)
      if isObject { members.append((key: key, value: item)) } else { values.append(item) }
      skipSpace()
      if current == close {
        position += 1
        return isObject ? .object(members) : .array(values)
      }
      let closing = Character(Unicode.Scalar(close))
      guard current == UInt8(ascii: ",") else { throw mistake("',' or '\(closing)' expected, found \(shown)") }
      position += 1
      skipSpace()
      if current == close { throw mistake("a trailing comma before '\(closing)'") }
    }
  }

  /// A string, its escapes read.
  private mutating func string() throws(Mistake) -> String {
    let open = position
    position += 1
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return Self.unescaped(bytes[open + 1..<position - 1])
      case UInt8(ascii: "\\"):
        let start = position
        position += 1
        guard let escaped = current else { break }
        if escaped == UInt8(ascii: "u") {
          position += 1
          let unit = try codeUnit()
          // UTF-16 surrogates come in pairs, high then low, and stand for one character together; either alone is
          // no character (the decoder refuses it, without saying where).
          if (0xD800...0xDBFF).contains(unit) {
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
            else { throw loneSurrogate(unit, at: start) }
            position += 2
            guard (0xDC00...0xDFFF).contains(try codeUnit()) else { throw loneSurrogate(unit, at: start) }
          } else if (0xDC00...0xDFFF).contains(unit) {
            throw loneSurrogate(unit, at: start)
          }
          continue
        } else if !"\"\\/bfnrt".utf8.contains(escaped) {
          throw mistake("unknown escape (a backslash is followed by one of \" \\ / b f n r t u)")
        }
        position += 1
      case 0..<0x20:
        throw mistake("a control character inside a string (write it as an escape, such as \\n)")
      default:
        position += 1
      }
    }
    throw mistake("a string left open")
  }

  /// The text of a checked string's contents (between its quotes), its escapes read.
  private static func unescaped(_ raw: ArraySlice<UInt8>) -> String {
    guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
    var units: [UInt16] = []
    var i = raw.startIndex
    func hex(_ at: Int) -> UInt16 { raw[at..<at + 4].reduce(0) { $0 << 4 | UInt16($1.hexValue) } }
    var text = ""
    func flush() {
      text += String(decoding: units, as: UTF16.self)
      units = []
    }
    while i < raw.endIndex {
      let byte = raw[i]
      guard byte == UInt8(ascii: "\\") else {
        // Runs of plain bytes: UTF-8, checked already.
        var end = i
        while end < raw.endIndex && raw[end] != UInt8(ascii: "\\") { end += 1 }
        flush()
        text += String(decoding: raw[i..<end], as: UTF8.self)
        i = end
        continue
      }
      let escaped = raw[i + 1]
      i += 2
      switch escaped {
      case UInt8(ascii: "u"):
        units.append(hex(i))
        i += 4
        continue
      case UInt8(ascii: "b"): units.append(0x08)
      case UInt8(ascii: "f"): units.append(0x0C)
      case UInt8(ascii: "n"): units.append(0x0A)
      case UInt8(ascii: "r"): units.append(0x0D)
      case UInt8(ascii: "t"): units.append(0x09)
      default: units.append(UInt16(escaped))  // `"`, `\\`, `/`
      }
    }
    flush()
    return text
  }

  /// The four hex digits of a `\\u` escape, from the position (just after the `u`) on.
  private mutating func codeUnit() throws(Mistake) -> UInt32 {
    var unit: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = current, digit.isHexDigit else { throw mistake("four hex digits expected after \\u") }
      unit = unit << 4 | UInt32(digit.hexValue)
      position += 1
    }
    return unit
  }

  /// The mistake of a surrogate escape (`\\ud800`) at `start` that is not half of a pair.
  private func loneSurrogate(_ unit: UInt32, at start: Int) -> Mistake {
    let hex = String(unit, radix: 16)
    let half = unit < 0xDC00 ? "a high surrogate not followed by a low one (\\udc00 to \\udfff)"
      : "a low surrogate without a high one (\\ud800 to \\udbff) before it"
    return mistake("\\u\(hex) is \(half): half of a UTF-16 pair is no character", at: start)
  }

  private mutating func number() throws(Mistake) -> Double {
    let start = position
    func digits() -> Int {
      let start = position
      while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
      return position - start
    }
    if current == UInt8(ascii: "-") { position += 1 }
    let leadingZero = current == UInt8(ascii: "0")
    let whole = digits()
    guard whole > 0 else { throw mistake("a digit expected, found \(shown)") }
    if leadingZero && whole > 1 { throw mistake("a number with a leading zero") }
    if current == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw mistake("a digit expected after the decimal point, found \(shown)") }
    }
    let mantissaEnd = position
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard digits() > 0 else { throw mistake("a digit expected in the exponent, found \(shown)") }
    }
    // Valid JSON that no `Double` holds, which `JSONValue` cannot carry (Foundation's decoder refuses it too,
    // without saying where): one that overflows, and one that is not 0 but rounds to it.
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(text) else { throw mistake("a number Swift cannot read", at: start) }
    let zero = !bytes[start..<mantissaEnd].contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
    let number = "a number out of range"
    if !value.isFinite {
      throw mistake("\(number) (at most \(Double.greatestFiniteMagnitude) either way)", at: start)
    }
    if value == 0 && !zero {
      throw mistake("\(number) (nearer 0 than \(Double.leastNonzeroMagnitude), the least above 0; write 0)", at: start)
    }
    return value
  }

  private mutating func word(_ expected: String) throws(Mistake) {
    for byte in expected.utf8 {
      guard current == byte else { throw mistake("\(expected) expected, found \(shown)") }
      position += 1
    }
  }
}

extension UInt8 {
  /// The value of a hex digit (`isHexDigit`).
  fileprivate var hexValue: UInt8 {
    switch self {
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return self - UInt8(ascii: "A") + 10
    default: return self - UInt8(ascii: "0")
    }
  }

  fileprivate var isHexDigit: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
  }
}
