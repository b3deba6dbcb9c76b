import Foundation
import Testing

import Decor
import DecorTestSupport

/// The strict JSON check that names the place of a scene's or template's mistake.
@Suite struct JSONSyntaxTests {
  func mistake(_ text: String) -> String? {
    do {
      _ = try JSONSyntax.parse(Array(text.utf8))
      return nil
    } catch {
      return error.description
    }
  }

  @Test func validJSONPasses() {
    for text in [
      #"{}"#, #"[]"#, #" {"a": [1, -2.5, 3e4, 0, -0.0, 1E-2], "b": {"c": null, "d": true, "e": false}} "#,
      #""a \"quoted\" \\ \/ \b\f\n\r\t \u00e9 é""#, "\u{FEFF}[1]", "[\n  1,\n  2\n]\n", #"-12"#,
    ] {
      #expect(mistake(text) == nil, "\(text)")
    }
  }

  /// A file that is not UTF-8 (Latin-1, a damaged byte, a cut sequence) is named where it breaks, in a string or
  /// out of one; a byte order mark and every valid sequence pass.
  @Test func bytesThatAreNotUTF8AreNamed() throws {
    func check(_ bytes: [UInt8]) -> String? {
      do {
        _ = try JSONSyntax.parse(bytes)
        return nil
      } catch {
        return error.description
      }
    }
    let latin1 = Array(#"{"text": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)
    #expect(check(latin1)
      == "line 1, column 14: not UTF-8 text (a byte here starts no character): JSON files are UTF-8")
    #expect(check(Array("[\"a\"]\n".utf8) + [0xFF])
      == "line 2, column 1: not UTF-8 text (a byte here starts no character): JSON files are UTF-8")
    #expect(check(Array(#"["é"#.utf8).dropLast() + Array(#""]"#.utf8)) != nil)
    #expect(check(Array(#"["تخفيضات 🎉"]"#.utf8)) == nil)
  }

  @Test func mistakesAreNamedWithTheirPlace() {
    let cases: [(String, String)] = [
      ("{\"width\": 10,\n \"layers\": [],\n}", "line 3, column 1: a trailing comma before '}'"),
      ("[1, 2,]", "line 1, column 7: a trailing comma before ']'"),
      ("{\"a\": 1\n \"b\": 2}", "line 2, column 2: ',' or '}' expected, found '\"'"),
      ("{\"a\": tru}", "line 1, column 10: true expected, found '}'"),
      ("{\"a\": \"x", "line 1, column 9: a string left open"),
      ("{a: 1}", "line 1, column 2: a key in double quotes expected, found a letter"),
      ("[01]", "line 1, column 4: a number with a leading zero"),
      ("[1.]", "line 1, column 4: a digit expected after the decimal point, found ']'"),
      ("{\"é\": x}", "line 1, column 7: a value expected, found a letter"),
      ("[1] 2", "line 1, column 5: more after the end of the JSON (found a digit)"),
      ("", "line 1, column 1: a value expected, found end of file"),
      ("[\"a\tb\"]", "line 1, column 4: a control character inside a string (write it as an escape, such as \\n)"),
      ("[\"\\x\"]", "line 1, column 4: unknown escape (a backslash is followed by one of \" \\ / b f n r t u)"),
      (String(repeating: "[", count: 600), "line 1, column 513: nested more than 512 levels deep"),
    ]
    for (text, expected) in cases {
      #expect(mistake(text) == expected, "\(text.prefix(40))")
    }
  }

  /// A key given twice in one object is refused where the second one is, naming the first: Python's `json` and `jq`
  /// keep the last, so a scene checked by one of them would not be the one drawn.
  @Test func duplicateKeysAreRefusedWithTheirPlace() {
    #expect(mistake("{\"width\": 4,\n  \"width\": 8}") == "line 2, column 3: the key \"width\" is given twice in one "
      + "object (first at line 1, column 2): readers differ on which one counts")
    // Escapes are read as the decoder reads them: "\u0077idth" is "width".
    #expect(mistake(#"{"width": 4, "\u0077idth": 8}"#)?.hasPrefix("line 1, column 14: the key \"width\" is given twice")
      == true)
    // The same key in different objects, and keys that differ only in case, pass.
    #expect(mistake(#"{"a": {"k": 1}, "b": {"k": 2}, "K": [{"k": 1}, {"k": 2}], "k": 0}"#) == nil)
  }

  /// The values the check builds are those Foundation's `JSONDecoder` reads from the same text (an independent
  /// reader; it loses the order of an object's keys, so both are compared with keys sorted), and the keys stay in
  /// the order written.
  @Test func valuesAreThoseFoundationReads() throws {
    func sortedKeys(_ value: JSONValue) -> JSONValue {
      switch value {
      case .array(let values): return .array(values.map(sortedKeys))
      case .object(let pairs):
        return .object(pairs.map { (key: $0.key, value: sortedKeys($0.value)) }.sorted { $0.key < $1.key })
      default: return value
      }
    }
    for text in [
      #"{"z": [1, -2.5, 3e4, 0, -0.0, 1E-2, 1.7976931348623157e308, 5e-324], "b": {"c": null, "d": true, "a": false}}"#,
      #"["a \"quoted\" \\ \/ \b\f\n\r\t \u00e9 é \ud83c\udf89 🎉", "", {}, []]"#, "\u{FEFF}[1]", "-12", "\"x\"",
      ##"{"layers": [{"color": "#336699", "width": 1, "x": 12345678901234567}]}"##,
    ] {
      let ours = try JSONSyntax.parse(Array(text.utf8))
      let foundation = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
      #expect(sortedKeys(ours) == foundation, "\(text)")
    }
    let ordered = try JSONSyntax.parse(Array(##"{"filter": "shadow", "dx": 6, "blur": 8, "color": "#000"}"##.utf8))
    if case .object(let pairs) = ordered {
      #expect(pairs.map(\.key) == ["filter", "dx", "blur", "color"])
    } else {
      Issue.record("not an object: \(ordered)")
    }
  }
}
