#if CLI
import Foundation
import Testing
import DecorTestSupport

/// What an attacker found on `apply`, `compose` and `batch`: each error says what is wrong in one short line (under
/// 1,000 bytes, whatever the input quoted), exit status 1; a path with a NUL character in a scene, a template or a
/// step is refused, naming the place, instead of opening the file its first part names.
@Suite(.tags(.slow)) final class HostileCLITests: ScratchFolder {
  static let rgba = StepsCLITests.rgba
  /// A million `a`s (250,000 under a sanitizer): a value no message should print back.
  // Under a sanitizer, whose `decor` reads a megabyte many times slower, 250 KB is still far past every limit.
  static let huge = String(repeating: "a", count: SanitizerRun.count(1_000_000, sanitized: 250_000))
  /// How a message shows it: 60 characters and an ellipsis.
  static let shown = String(repeating: "a", count: 60) + "…"

  /// `text` as messages show a value: whole up to 60 characters, else its first 60 and an ellipsis.
  static func cut(_ text: String) -> String { text.count > 60 ? text.prefix(60) + "…" : text }

  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-hostile") }
  deinit { removeDirectory() }

  /// Writes `text` as a file in the test folder and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    return file(name)
  }

  /// The JSON text of a 4×4 scene of one layer.
  static func scene(layer: String) -> String { #"{"width": 4, "height": 4, "layers": ["# + layer + "]}" }

  /// Runs `arguments` and expects exit status 1, nothing on stdout, no output file, and exactly `line` on stderr
  /// (after `decor: `), under 1,000 bytes and one line.
  func expectFailure(_ arguments: [String], _ line: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let result = try Decor.run(arguments)
    #expect(result.status == 1, "\(arguments.map { $0.prefix(80) })", sourceLocation: sourceLocation)
    #expect(result.stderr == "decor: \(line)\n", sourceLocation: sourceLocation)
    #expect(result.stderr.utf8.count < 1000, "\(result.stderr.utf8.count) bytes", sourceLocation: sourceLocation)
    #expect(result.stderr.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: file("out.png")), sourceLocation: sourceLocation)
  }

  /// `decor compose` of a scene file holding `json`.
  func expectComposeFailure(_ json: String, _ line: (String) -> String,
    sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    let scene = try write("scene.json", json)
    try expectFailure(["compose", scene, "-o", file("out.png")], line(scene), sourceLocation: sourceLocation)
  }

  // MARK: - Values megabytes long

  @Test func aLongValueInASceneIsCut() throws {
    try expectComposeFailure(Self.scene(layer: #"{"color": "red", "chain": ""# + Self.huge + #""}"#)) {
      "\($0): layers[0].chain: step 1 \"\(Self.shown)\": unknown filter \"\(Self.shown)\"; the closest are "
        + "\"canvas\", \"gamma\" or \"grayscale\" (decor filters lists them all)"
    }
    try expectComposeFailure(Self.scene(layer: #"{"color": ""# + Self.huge + #""}"#)) {
      "\($0): layers[0].color: colour expected (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla(), a CSS "
        + "name, transparent or none), got \"\(Self.shown)\""
    }
    try expectComposeFailure(Self.scene(layer: #"{"text": "hi", "font": ""# + Self.huge + #""}"#)) {
      "\($0): layers[0].font: the font's name \"\(Self.shown)\" is \(Self.huge.utf8.count) bytes long; a font's name or path has at "
        + "most 4096"
    }
    try expectComposeFailure(Self.scene(layer: #"{"image": ""# + Self.huge + #""}"#)) {
      "\($0): layers[0].image: \(String((directory.path + "/" + Self.huge).prefix(60)))…: cannot open: File name too "
        + "long"
    }
  }

  @Test func aLongValueInATemplateOrAStepIsCut() throws {
    let template = try write("t.json", #"{"version": 1, "steps": [{"filter": "pad", "top": 1, "color": ""#
      + Self.huge + #""}]}"#)
    try expectFailure(["apply", Self.rgba, "--chain", template, "-o", file("out.png")],
      "\(template): step 1 \"pad\", key \"color\": colour (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), "
        + "hsl()/hsla(), a CSS name, transparent or none) expected, got \"\(Self.shown)\"")
    // A command-line argument holds at most 128 KiB (Linux's MAX_ARG_STRLEN).
    let long = String(repeating: "a", count: 100_000)
    try expectFailure(["apply", Self.rgba, "pad 1 color=" + long, "-o", file("out.png")],
      "step 1 \"pad 1 color=\(String(repeating: "a", count: 48))…\": colour (#rgb, #rgba, #rrggbb, #rrggbbaa, "
        + "rgb()/rgba(), hsl()/hsla(), a CSS name, transparent or none) expected for color=, got \"\(Self.shown)\"")
    try expectFailure(["apply", file(long + ".png"), "-o", file("out.png")],
      "\(String(file(long).prefix(60)))…: cannot open: File name too long")
  }

  // MARK: - JSON a scene or template cannot take

  @Test func numbersNoSceneCanTakeAreNamedByPlace() throws {
    try expectComposeFailure(#"{"width": 1e400, "height": 4}"#) {
      "\($0): not valid JSON: line 1, column 11: a number out of range (at most 1.7976931348623157e+308 either way)"
    }
    try expectComposeFailure("{\"width\": 4,\n \"height\": 1" + String(repeating: "0", count: 400) + "}") {
      "\($0): not valid JSON: line 2, column 12: a number out of range (at most 1.7976931348623157e+308 either way)"
    }
    let template = try write("t.json", #"{"version": 1, "steps": [{"filter": "opacity", "a": 1e-400}]}"#)
    try expectFailure(["apply", Self.rgba, "--chain", template, "-o", file("out.png")],
      "\(template): not valid JSON: line 1, column 53: a number out of range (nearer 0 than 5e-324, the least above "
        + "0; write 0)")
  }

  @Test func loneSurrogatesAreNamedByPlace() throws {
    try expectComposeFailure(#"{"width": 4, "height": 4,"# + "\n" + #"  "layers": [{"color": "red", "chain": "\ud800"}]}"#)
    {
      "\($0): not valid JSON: line 2, column 41: \\ud800 is a high surrogate not followed by a low one (\\udc00 to "
        + "\\udfff): half of a UTF-16 pair is no character"
    }
    let template = try write("t.json", #"{"version": 1, "steps": [{"filter": "text", "string": "\udc00"}]}"#)
    try expectFailure(["apply", Self.rgba, "--chain", template, "-o", file("out.png")],
      "\(template): not valid JSON: line 1, column 56: \\udc00 is a low surrogate without a high one (\\ud800 to "
        + "\\udbff) before it: half of a UTF-16 pair is no character")
  }

  /// A key given twice is refused by line and column in a scene and a template alike, where readers would differ on
  /// which one counts.
  @Test func duplicateKeysAreRefusedByPlace() throws {
    try expectComposeFailure("{\"width\": 4, \"height\": 4,\n \"height\": 400000}") {
      "\($0): not valid JSON: line 2, column 2: the key \"height\" is given twice in one object (first at line 1, "
        + "column 14): readers differ on which one counts"
    }
    let template = try write("t.json", #"{"version": 1, "steps": [{"filter": "pad", "n": 1, "n": 2}]}"#)
    try expectFailure(["apply", Self.rgba, "--chain", template, "-o", file("out.png")],
      "\(template): not valid JSON: line 1, column 52: the key \"n\" is given twice in one object (first at line 1, "
        + "column 44): readers differ on which one counts")
  }

  /// A scene over the pixel limit is refused naming its file, before any image is read.
  @Test func aSceneOverThePixelLimitIsNamedByItsFile() throws {
    let scene = try write("big.json", Self.scene(layer: #"{"image": "missing.png"}"#))
    try expectFailure(["compose", scene, "-o", file("out.png"), "--max-pixels", "10"],
      "\(scene): the canvas of 4x4 (16 pixels) is over the limit of 10 pixels")
    #expect(!FileManager.default.fileExists(atPath: file("out.png")))
  }

  // MARK: - Counts and numbers out of range

  @Test func countOptionsSayWhatIsWrong() throws {
    let batch = ["batch", "--chain", "invert", "--output-dir", file("o"), Self.rgba]
    try expectFailure(batch + ["--jobs", "-1"], "--jobs must be at least 1, got -1")
    try expectFailure(batch + ["--jobs", "0"], "--jobs must be at least 1, got 0")
    try expectFailure(batch + ["--jobs", "1025"], "--jobs 1025 is too large (at most 1024)")
    try expectFailure(batch + ["--jobs", "two"], "--jobs must be a whole number from 1 to 1024, got \"two\"")
    let apply = ["apply", Self.rgba, "-o", file("out.png")]
    try expectFailure(apply + ["--max-pixels", "9999999999999999999"],
      "--max-pixels 9999999999999999999 is too large (at most 9223372036854775807)")
    try expectFailure(apply + ["--max-pixels", "-99999999999999999999"],
      "--max-pixels must be at least 1, got -99999999999999999999")
    try expectFailure(apply + ["--threads", "-3"], "--threads must be at least 1, got -3")
    try expectFailure(apply + ["--threads", "4096"], "--threads 4096 is too large (at most 1024)")
    let jpeg = ["apply", Self.rgba, "-o", file("out.jpg")]
    try expectFailure(jpeg + ["--quality", "-5"], "--quality must be at least 1, got -5")
    try expectFailure(jpeg + ["--quality", "101"], "--quality 101 is too large (at most 100)")
    #expect(try !contents().contains("o"), "no output folder for a refused batch")
  }

  @Test func stepArgumentsOutOfRangeSaySo() throws {
    let apply = { (step: String) in ["apply", Self.rgba, step, "-o", self.file("out.png")] }
    try expectFailure(apply("border 1e19"),
      "step 1 \"border 1e19\": border 1e19 is out of range (at most 9223372036854775807)")
    try expectFailure(apply("crop -9223372036854775808 0 5 5"),
      "step 1 \"crop -9223372036854775808 0 5 5\": X -9223372036854775808 is out of range (at least "
        + "-9223372036854775807)")
    // 1e9 is a whole number (a margin, clamped to 2^30): what is wrong is the result's size.
    try expectFailure(apply("border 1e9"),
      "step 1 \"border 1e9\": the result would be 2000000032x2000000032 (4000000128000001024 pixels), over the "
        + "limit of 268435456 pixels")
    try expectFailure(apply("crop -1125899906842624 0 5 5"),
      "step 1 \"crop -1125899906842624 0 5 5\": the rectangle 5x5-1125899906842624+0 misses the image (32x32)")
  }

  // MARK: - Fonts

  @Test func aFolderGivenAsAFontIsCalledOne() throws {
    let folder = directory.path
    try expectFailure(["apply", Self.rgba, "text hi font=\(folder)", "-o", file("out.png")],
      "step 1 \"\(Self.cut("text hi font=\(folder)"))\": \(folder): not a usable font file: it is a folder")
    try expectComposeFailure(Self.scene(layer: #"{"text": "hi", "font": "/tmp"}"#)) {
      "\($0): layers[0].text: /tmp: not a usable font file: it is a folder"
    }
  }

  // MARK: - Paths with a NUL character

  @Test func pathsWithANulAreRefused() throws {
    // The file the name would be cut to exists: it must not be read.
    try FileManager.default.copyItem(atPath: Self.rgba, toPath: file("a"))
    try expectComposeFailure(Self.scene(layer: #"{"image": "a\u0000.png"}"#)) {
      "\($0): layers[0].image: the path contains a NUL character"
    }
    try expectComposeFailure(Self.scene(layer: #"{"color": "red", "chain": "mask \"a\u0000.png\""}"#)) {
      #"\#($0): layers[0].chain: step 1 "mask "a\u0000.png"": the path contains a NUL character"#
    }
    try expectComposeFailure(Self.scene(layer: #"{"text": "hi", "font": "a\u0000.ttf"}"#)) {
      "\($0): layers[0].font: the font's path contains a NUL character"
    }
    for (step, key) in [(#"{"filter": "mask", "image": "a\u0000.png"}"#, "mask\", key \"image"),
      (#"{"filter": "blend", "mode": "multiply", "image": "a\u0000"}"#, "blend\", key \"image"),
      (#"{"filter": "text", "string": "hi", "font": "a\u0000.ttf"}"#, "text\", key \"font")]
    {
      let template = try write("t.json", #"{"version": 1, "steps": ["# + step + "]}")
      let what = key.hasSuffix("font") ? "the font's path" : "the path"
      try expectFailure(["apply", Self.rgba, "--chain", template, "-o", file("out.png")],
        "\(template): step 1 \"\(key)\": \(what) contains a NUL character")
      // The same template as a step, and in a batch.
      try expectFailure(["apply", Self.rgba, "@" + template, "-o", file("out.png")],
        "step 1 \"\(Self.cut("@" + template))\": \(template): step 1 \"\(key)\": \(what) contains a NUL character")
      try expectFailure(["batch", "--chain", template, "--output-dir", file("o"), Self.rgba],
        "\(template): step 1 \"\(key)\": \(what) contains a NUL character")
    }
    #expect(try contents().sorted() == ["a", "scene.json", "t.json"])
  }
}
#endif
