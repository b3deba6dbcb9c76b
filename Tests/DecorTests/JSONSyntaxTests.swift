import Testing

@testable import Decor

/// The strict JSON check that names the place of a scene's or template's mistake.
@Suite struct JSONSyntaxTests {
  func mistake(_ text: String) -> String? {
    do {
      try JSONSyntax.check(Array(text.utf8))
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

  @Test func mistakesAreNamedWithTheirPlace() {
    let cases: [(String, String)] = [
      ("{\"width\": 10,\n \"layers\": [],\n}", "line 3, column 1: a trailing comma before '}'"),
      ("[1, 2,]", "line 1, column 7: a trailing comma before ']'"),
      ("{\"a\": 1\n \"b\": 2}", "line 2, column 2: ',' or '}' expected, found '\"'"),
      ("{\"a\": tru}", "line 1, column 10: true expected, found '}'"),
      ("{\"a\": \"x", "line 1, column 9: a string left open"),
      ("{a: 1}", "line 1, column 2: a key in double quotes expected, found 'a'"),
      ("[01]", "line 1, column 4: a number with a leading zero"),
      ("[1.]", "line 1, column 4: a digit expected after the decimal point, found ']'"),
      ("{\"é\": x}", "line 1, column 7: a value expected, found 'x'"),
      ("[1] 2", "line 1, column 5: unexpected '2' after the end of the JSON"),
      ("", "line 1, column 1: a value expected, found end of file"),
      ("[\"a\tb\"]", "line 1, column 4: a control character inside a string (write it as an escape, such as \\n)"),
      ("[\"\\x\"]", "line 1, column 4: unknown escape \\x"),
      (String(repeating: "[", count: 600), "line 1, column 513: nested more than 512 levels deep"),
    ]
    for (text, expected) in cases {
      #expect(mistake(text) == expected, "\(text.prefix(40))")
    }
  }
}
