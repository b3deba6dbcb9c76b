import Foundation
import Testing

import Decor
import DecorTestSupport

/// Errors for hostile input say what is wrong, briefly: a value they quote is cut to a few dozen characters, a JSON
/// number or escape the decoder cannot take is named by line and column, a whole number out of range says so, a
/// folder given as a font is called a folder, and a path with a NUL character is refused where it comes in.
@Suite struct HostileMessageTests {
  /// A million `a`s: a value no message should print back (the command-line tests use five million).
  static let huge = String(repeating: "a", count: 1_000_000)

  /// A message is short: under 1,000 bytes, one line.
  static func isShort(_ message: String?) -> Bool {
    guard let message else { return false }
    return message.utf8.count < 1000 && !message.contains("\n")
  }

  static func sceneError(_ json: String) -> String? { ChainProbe.sceneError(json)?.description }

  /// The JSON text of a scene of one layer.
  static func scene(layer: String) -> String { #"{"width": 4, "height": 4, "layers": ["# + layer + "]}" }

  // MARK: - Quoting

  @Test func quotingCutsAndEscapes() {
    #expect(Quoting.quoted("rotate abc") == "\"rotate abc\"")
    let sixty = String(repeating: "x", count: 60)
    #expect(Quoting.quoted(sixty) == "\"\(sixty)\"")
    #expect(Quoting.quoted(sixty + "y") == "\"\(sixty)…\"")
    #expect(Quoting.shown(Self.huge).unicodeScalars.count == 61)
    // Cut by scalars: one character of a million combining marks is not shown whole.
    let mark = "e" + String(repeating: "\u{301}", count: 1_000_000)
    #expect(mark.count == 1 && Quoting.shown(mark).unicodeScalars.count == 61)
    // Control characters are escaped, so a message stays one line.
    #expect(Quoting.quoted("a\nb\tc\u{0}d\u{7F}\u{2028}") == #""a\nb\tc\u0000d\u007f\u2028""#)
    // Paths up to `pathLength` stay whole in a message made elsewhere; a longer one is cut.
    let path = "/" + String(repeating: "p", count: 199)
    #expect(Quoting.shortening([path], in: "\(path): cannot open") == "\(path): cannot open")
    let long = path + "q"
    #expect(Quoting.shortening([long], in: "\(long): cannot open") == "\(Quoting.shown(long)): cannot open")
  }

  // MARK: - Long values

  @Test func aLongStepIsCutInItsError() throws {
    let error = try #require(ChainProbe.parseError([Self.huge]))
    let shown = String(repeating: "a", count: 60) + "…"
    #expect(error.description == "step 1 \"\(shown)\": unknown filter \"\(shown)\"; the closest are \"canvas\", "
      + "\"gamma\" or \"grayscale\"")
    #expect(Self.isShort(ChainProbe.parseError(["rotate " + Self.huge])?.description))
    #expect(Self.isShort(ChainProbe.parseError(["pad 1 color=" + Self.huge])?.description))
    #expect(Self.isShort(ChainProbe.parseError(["pad 1 " + Self.huge + "=red"])?.description))
    #expect(Self.isShort(ChainProbe.parseError(["blend " + Self.huge + " x.png"])?.description))
    #expect(Self.isShort(ChainProbe.parseError(["crop 0 0 4 " + String(repeating: "9", count: 1_000_000)])?
      .description))
  }

  @Test func longValuesInAScene() {
    let shown = String(repeating: "a", count: 60) + "…"
    #expect(Self.sceneError(Self.scene(layer: #"{"color": "red", "chain": ""# + Self.huge + #""}"#))
      == "layers[0].chain: step 1 \"\(shown)\": unknown filter \"\(shown)\"; the closest are \"canvas\", \"gamma\" "
      + "or \"grayscale\"")
    #expect(Self.sceneError(Self.scene(layer: #"{"color": ""# + Self.huge + #""}"#))
      == "layers[0].color: colour expected (\(ColorParseError.acceptedForms)), got \"\(shown)\"")
    #expect(Self.sceneError(Self.scene(layer: #"{"text": "hi", "font": ""# + Self.huge + #""}"#))
      == "layers[0].font: the font's name \"\(shown)\" is 1000000 bytes long; a font's name or path has at most 4096")
    #expect(Self.sceneError(Self.scene(layer: #"{"color": "red", ""# + Self.huge + #"": 1}"#)).map {
      $0.hasPrefix("layers[0].\(shown): unknown key; expected ") && Self.isShort($0)
    } == true)
    #expect(Self.sceneError(Self.scene(layer: #"{"color": "red", "blend": ""# + Self.huge + #""}"#)).map {
      $0.hasSuffix("got \"\(shown)\"") && Self.isShort($0)
    } == true)
    #expect(Self.sceneError(Self.scene(layer: #"{"color": "red", "fit": ""# + Self.huge + #""}"#)).map(Self.isShort)
      == true)
  }

  @Test func longValuesInATemplate() {
    let shown = String(repeating: "a", count: 60) + "…"
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "pad", ""# + Self.huge + #"": 1}]}"#)?
      .description.hasPrefix("step 1 \"pad\", key \"\(shown)\": unknown key") == true)
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": ""# + Self.huge + #""}]}"#)?.description
      == "step 1, key \"filter\": unknown filter \"\(shown)\"; the closest are \"canvas\", \"gamma\" or \"grayscale\"")
    #expect(Self.isShort(
      ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "pad", "top": 1, "color": ""# + Self.huge
        + #""}]}"#)?.description))
  }

  /// A scene's image whose name is too long to open: the codec's error names it cut.
  @Test func aLongImageNameIsCutInTheCodecsError() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let name = String(repeating: "a", count: 300_000)
    let scene = try ChainProbe.scene(Self.scene(layer: #"{"image": ""# + name + #""}"#))
    #expect(throws: SceneError(source: "s.json", path: "layers[0].image",
      message: "\(String(repeating: "a", count: 60))…: cannot open: File name too long"))
    {
      try scene.component(relativeTo: ".", source: "s.json")
    }
  }

  // MARK: - JSON the decoder cannot take

  @Test func numbersNoDoubleHoldsAreNamedByPlace() throws {
    let mistake = JSONSyntaxTests().mistake
    // The number itself is not shown (no error shows a file's digits): its place is.
    #expect(mistake(#"{"width": 1e400, "height": 4}"#)
      == "line 1, column 11: a number out of range (at most 1.7976931348623157e+308 either way)")
    #expect(mistake("[\n  -1e400]")
      == "line 2, column 3: a number out of range (at most 1.7976931348623157e+308 either way)")
    #expect(mistake("[1" + String(repeating: "0", count: 400) + "]")
      == "line 1, column 2: a number out of range (at most 1.7976931348623157e+308 either way)")
    #expect(mistake(#"{"opacity": 1e-400}"#)
      == "line 1, column 13: a number out of range (nearer 0 than 5e-324, the least above 0; write 0)")
    // What a `Double` holds passes: the largest, the least above 0, zeros with any exponent, huge whole numbers.
    for text in ["[1.7976931348623157e308]", "[4.9e-324]", "[0e400]", "[-0.0e-999]", "[123456789012345678901234567890]"] {
      #expect(mistake(text) == nil, "\(text)")
    }
  }

  @Test func loneSurrogatesAreNamedByPlace() {
    let mistake = JSONSyntaxTests().mistake
    let high = "is a high surrogate not followed by a low one (\\udc00 to \\udfff): half of a UTF-16 pair is no character"
    let low = "is a low surrogate without a high one (\\ud800 to \\udbff) before it: half of a UTF-16 pair is no character"
    #expect(mistake(#"{"chain": "\ud800"}"#) == "line 1, column 12: \\ud800 \(high)")
    #expect(mistake(#"{"chain": "x\uD800\u0041"}"#) == "line 1, column 13: \\ud800 \(high)")
    #expect(mistake(#"{"chain": "\ud800\ud800"}"#) == "line 1, column 12: \\ud800 \(high)")
    #expect(mistake("[\n\"\\udc00x\"]") == "line 2, column 2: \\udc00 \(low)")
    #expect(mistake(#"["\ud83d\ude00", "\u00e9", "\u0000"]"#) == nil)
    // Through the reader of scene and template files, with the file's name.
    let scene = #"{"width": 4, "height": 4, "layers": [{"color": "red", "chain": "\ud800"}]}"#
    #expect(throws: SceneError(source: "s.json", path: "", message: "not valid JSON: line 1, column 65: \\ud800 \(high)")) {
      _ = try JSONFile.parse(Array(scene.utf8)) { SceneError(source: "s.json", path: "", message: $0) }
    }
  }

  // MARK: - Whole numbers

  @Test func wholeNumbersReadExactly() {
    let cases: [(String, ArgumentValue.WholeNumber?)] = [
      ("12", .value(12)), ("-3", .value(-3)), ("+4", .value(4)), ("007", .value(7)), ("1e9", .value(1_000_000_000)),
      ("2.0", .value(2)), ("1.5e3", .value(1500)), ("-0", .value(0)), ("0e99999999999", .value(0)),
      ("9223372036854775807", .value(.max)), ("-9223372036854775807", .value(-.max)),
      ("9223372036854775808", .beyond(negative: false)), ("-9223372036854775808", .beyond(negative: true)),
      ("1e19", .beyond(negative: false)), ("-1e999999999999", .beyond(negative: true)),
      ("99999999999999999999", .beyond(negative: false)),
      ("1.5", nil), ("1e-3", nil), ("abc", nil), ("0x10", nil), ("inf", nil), ("", nil), ("-", nil), ("1e", nil),
      (".", nil), ("1 ", nil),
    ]
    for (text, expected) in cases {
      #expect(ArgumentValue.wholeNumber(text) == expected, "\(text)")
    }
  }

  @Test func wholeNumbersOutOfRangeSaySo() throws {
    // 1e9 is whole: it is read, and clamped as a margin is; the result is then over the pixel limit.
    #expect(try ChainProbe.arguments("border 1e9").integer("n") == 1_000_000_000)
    #expect(try ChainProbe.applyError(["border 1e9"], to: Raster(width: 4, height: 4))?.message
      == "the result would be 2000000004x2000000004 (4000000016000000016 pixels), over the limit of 268435456 pixels")
    #expect(ChainProbe.message("border 1e19") == "border 1e19 is out of range (at most 9223372036854775807)")
    #expect(ChainProbe.message("border -99999999999999999999")
      == "border -99999999999999999999 is out of range (at least -9223372036854775807)")
    #expect(ChainProbe.message("crop -9223372036854775808 0 5 5")
      == "X -9223372036854775808 is out of range (at least -9223372036854775807)")
    #expect(ChainProbe.message("canvas 4 4 x=1e300") == "x 1e300 is out of range (at most 9223372036854775807)")
    // A corner far away is said as given, not as an "infinite" rectangle.
    #expect(try ChainProbe.applyError(["crop -1125899906842624 0 5 5"], to: Raster(width: 4, height: 4))?.message
      == "the rectangle 5x5-1125899906842624+0 misses the image (4x4)")
    // In a template: a JSON number, and a string as on the command line.
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "border", "n": 1e19}]}"#)?.description
      == "step 1 \"border\", key \"n\": 1e+19 is out of range (at most 9223372036854775807)")
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "border", "n": "-1e19"}]}"#)?.message
      == "-1e19 is out of range (at least -9223372036854775807)")
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "border", "n": 9007199254740994}]}"#)?
      .message == "9007199254740994 is past 2^53, where JSON numbers hold whole numbers only approximately: write it "
      + "as a string")
    // An argument that declares a range names it in its expectation, whatever the number.
    var registry = FilterRegistry.standard
    try registry.register(Filter("pick", summary: "a test filter",
      arguments: [FilterArgument("n", .integer(-100...100), required: true, help: "n")]) { _, input in input })
    #expect(try ChainProbe.arguments("pick -1e2", registry: registry).integer("n") == -100)
    for text in ["101", "-2e9", "1e19"] {
      #expect(ChainProbe.parseError(["pick \(text)"], registry: registry)?.message
        == "whole number from -100 to 100 expected, got \"\(text)\"")
    }
  }

  // MARK: - Fonts

  @Test func aFolderGivenAsAFontIsCalledOne() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: FontError.notAFont(path: folder.path, reason: "it is a folder")) {
      _ = try FontData(path: folder.path, faceIndex: 0)
    }
    #expect(ChainProbe.message("text hi font=\(folder.path)") == "\(folder.path): not a usable font file: it is a folder")
    let scene = try ChainProbe.scene(Self.scene(layer: #"{"text": "hi", "font": ""# + folder.path + #""}"#))
    #expect(throws: SceneError(path: "layers[0].text", message: "\(folder.path): not a usable font file: it is a folder")) {
      try scene.component { _ in throw FilterError("no images") }
    }
  }

  // MARK: - Paths with a NUL character

  @Test func pathsWithANulAreRefusedWhereTheyComeIn() throws {
    // A scene's image, font and chain.
    #expect(Self.sceneError(Self.scene(layer: #"{"image": "a\u0000.png"}"#))
      == "layers[0].image: the path contains a NUL character")
    #expect(Self.sceneError(Self.scene(layer: #"{"text": "hi", "font": "/fonts/a\u0000.ttf"}"#))
      == "layers[0].font: the font's path contains a NUL character")
    #expect(Self.sceneError(Self.scene(layer: #"{"text": "hi", "font": "DejaVu\u0000Sans"}"#))
      == "layers[0].font: the font's name contains a NUL character")
    #expect(Self.sceneError(Self.scene(layer: #"{"color": "red", "chain": "mask \"a\u0000.png\""}"#))
      == #"layers[0].chain: step 1 "mask "a\u0000.png"": the path contains a NUL character"#)
    #expect(Self.sceneError(Self.scene(layer: #"{"color": "red", "chain": [{"filter": "blend", "mode": "normal", "image": "a\u0000"}]}"#))
      == #"layers[0].chain: step 1 "blend", key "image": the path contains a NUL character"#)
    // A template's image and font.
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "mask", "image": "a.png\u0000x"}]}"#)?
      .description == #"step 1 "mask", key "image": the path contains a NUL character"#)
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "text", "string": "hi", "font": "/f\u0000"}]}"#)?
      .description == #"step 1 "text", key "font": the font's path contains a NUL character"#)
    // A step's file arguments, as Swift gives them (a command line cannot hold a NUL).
    #expect(ChainProbe.parseError(["mask a\u{0}.png"])?.description
      == #"step 1 "mask a\u0000.png": the path contains a NUL character"#)
    #expect(ChainProbe.message("blend multiply x\u{0}y") == "the path contains a NUL character")
    #expect(ChainProbe.message("text hi font=/tmp/a\u{0}.ttf") == "the font's path contains a NUL character")
    #expect(throws: TemplateError.self) { try Chain().appending("mask", ["image": "a\u{0}b"]) }
    // A scene built in Swift reaches the file reader with its names unchecked: checked there.
    let built = Scene(width: 4, height: 4, layers: [SceneLayer(.image("a\u{0}.png"))])
    #expect(throws: SceneError(path: "layers[0].image", message: "the path contains a NUL character")) {
      try built.component(relativeTo: ".")
    }
    // Files named by Swift: a template read or written, a scene read.
    #expect(throws: TemplateError(source: "t\u{0}.json", message: "the path contains a NUL character")) {
      try Chain(contentsOfTemplate: "t\u{0}.json")
    }
    #expect(throws: CodecError.io(path: #"t\u0000.json"#, detail: "the path contains a NUL character")) {
      try Chain(parsing: "invert").writeTemplate(toFile: "t\u{0}.json")
    }
    #expect(throws: SceneError(source: "s\u{0}.json", path: "", message: "the path contains a NUL character")) {
      try Scene(contentsOfFile: "s\u{0}.json")
    }
  }
}
