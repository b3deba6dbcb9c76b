#if CLI
import Foundation
import Testing

/// `decor apply` with steps, and `decor filters`. This target cannot import Decor, so pixels are compared through
/// the CLI itself: two chains that must give the same pixels must give byte-identical PNGs (same encoder).
@Suite final class StepsCLITests: ScratchFolder {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// 32×32 RGBA with partly transparent pixels.
  static let rgba = repository.appendingPathComponent("Tests/Fixtures/PngSuite/basn6a08.png").path
  static let photo = repository.appendingPathComponent("SampleImages/chelsea.png").path
  static let builtIns = [
    "rotate", "scale", "resize", "translate", "skew", "flip", "transform", "crop", "pad", "opacity", "background",
    "tile", "round", "border", "replicate", "mask",
  ]

  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-steps") }
  deinit { removeDirectory() }
  func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: file(name))) }

  /// Runs `decor apply INPUT STEPS… -o OUTPUT` (OUTPUT in the test folder) and expects success.
  func apply(_ input: String, _ steps: [String], to output: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let result = try Decor.run(["apply", input] + steps + ["-o", file(output)])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(steps): \(result.stderr)", sourceLocation: sourceLocation)
  }

  /// `WxH` from `decor info`.
  func size(_ name: String) throws -> String {
    let info = try Decor.run(["info", file(name)])
    let line = String(decoding: info.stdout, as: UTF8.self)
    return String(line.dropFirst(file(name).count + 2).prefix { $0 != "," })
  }

  /// A 32×20 input (not square, so a quarter turn shows) and its plain re-encoding by decor.
  func landscape() throws -> String {
    try apply(Self.rgba, ["crop 0 0 32 20"], to: "in.png")
    try apply(file("in.png"), [], to: "plain.png")
    #expect(try size("in.png") == "32x20")
    return file("in.png")
  }

  @Test func rotate90EqualsTheInputRotated() throws {
    let input = try landscape()
    try apply(input, ["rotate 90"], to: "out.png")
    #expect(try size("out.png") == "20x32")
    // Turned back, the pixels are the input's again.
    try apply(file("out.png"), ["rotate -90"], to: "back.png")
    #expect(try bytes("back.png") == bytes("plain.png"))
    // A quarter turn clockwise is a quarter turn anticlockwise conjugated by a vertical flip: the same pixels.
    try apply(input, ["flip vertical", "rotate -90", "flip vertical"], to: "conjugate.png")
    #expect(try bytes("conjugate.png") == bytes("out.png"))
    // And not a no-op: the turned image differs from a plain quarter turn the other way.
    try apply(input, ["rotate -90"], to: "other.png")
    #expect(try bytes("other.png") != bytes("out.png"))
    // Half a turn is both flips; four quarter turns are nothing.
    try apply(input, ["rotate 180"], to: "half.png")
    try apply(input, ["flip horizontal", "flip vertical"], to: "flips.png")
    #expect(try bytes("half.png") == bytes("flips.png"))
    try apply(input, ["rotate 90 | rotate 90 | rotate 90 | rotate 90"], to: "full.png")
    #expect(try bytes("full.png") == bytes("plain.png"))
  }

  @Test func severalStepsInOneArgument() throws {
    try apply(Self.rgba, ["crop 0 0 32 20 | rotate 90 |pad 2 color=red"], to: "one.png")
    try apply(Self.rgba, ["crop 0 0 32 20", "rotate 90", "pad 2 color=red"], to: "three.png")
    try apply(Self.rgba, ["crop 0 0 32 20 | rotate 90", "pad 2 color=red"], to: "two.png")
    #expect(try size("one.png") == "24x36")
    #expect(try bytes("one.png") == bytes("three.png"))
    #expect(try bytes("two.png") == bytes("three.png"))
    // One step at a time, through files, gives the same image.
    try apply(Self.rgba, ["crop 0 0 32 20"], to: "a.png")
    try apply(file("a.png"), ["rotate 90"], to: "b.png")
    try apply(file("b.png"), ["pad 2 color=red"], to: "c.png")
    #expect(try bytes("c.png") == bytes("one.png"))
  }

  /// `round`, `border`, `replicate` and `mask` from the command line: sizes, a mask read from a file, and the
  /// steps' errors on one line.
  @Test func shapeSteps() throws {
    let input = try landscape()
    try apply(input, ["round 25%", "border 3 color=#3366cc80"], to: "framed.png")
    #expect(try size("framed.png") == "38x26")
    try apply(input, ["replicate 3x2"], to: "grid.png")
    #expect(try size("grid.png") == "96x40")
    try apply(input, ["round 6"], to: "rounded.png")
    try apply(input, ["mask \(file("rounded.png"))"], to: "masked.png")
    #expect(try bytes("masked.png") != bytes("plain.png"))
    // An inverted mask keeps the size.
    try apply(file("rounded.png"), ["mask \(file("rounded.png")) invert", "opacity 1"], to: "inverted.png")
    #expect(try size("inverted.png") == "32x20")
    for (step, message) in [("replicate 0x2", "columns must be at least 1, got 0"),
      ("round -1", "radius must be at least 0, got -1"), ("border -2", "width must be at least 0, got -2")]
    {
      let result = try Decor.run(["apply", input, step, "-o", file("bad.png")])
      #expect(result.status == 1 && result.stderr.contains(message), "\(step): \(result.stderr)")
    }
    let missing = try Decor.run(["apply", input, "mask \(file("absent.png"))", "-o", file("bad.png")])
    #expect(missing.status == 1 && missing.stderr.contains("absent.png"), "\(missing.stderr)")
  }

  @Test func filtersListsEveryBuiltIn() throws {
    let result = try Decor.run(["filters"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    // Entries start at the left edge; their wrapped summaries are indented.
    let names = lines.filter { !$0.hasPrefix(" ") }.map { String($0.prefix { $0 != " " }) }
    for name in Self.builtIns { #expect(names.contains(name), "\(name) is not listed") }
    #expect(Set(names).count == names.count)
    // Each entry: the usage, then the summary (on the usage's line when it fits before the summary column).
    let rotate = try #require(lines.firstIndex { $0.hasPrefix("rotate ") })
    let entry = ([lines[rotate]] + lines[(rotate + 1)...].prefix { $0.hasPrefix(" ") })
      .map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: " ")
    #expect(entry == "rotate DEG [interpolation=nearest|bilinear|bicubic|lanczos] "
      + "rotate about the centre, clockwise; the image grows to hold the corners")
    // A usage too wide for the first column has its summary on the next line, in the summary column.
    let flip = try #require(lines.firstIndex { $0.hasPrefix("flip horizontal|vertical|both") })
    #expect(lines[flip] == "flip horizontal|vertical|both" && lines[flip + 1].hasPrefix("    ")
      && lines[flip + 1].hasSuffix("mirror left-right, top-bottom or both"))
  }

  @Test func filtersDescribesOne() throws {
    let result = try Decor.run(["filters", "rotate"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.first == "rotate DEG [interpolation=nearest|bilinear|bicubic|lanczos]")
    #expect(lines.contains("  DEG: degrees, clockwise (range: any, taken modulo 360°)"))
    #expect(lines.contains { $0.hasPrefix("  interpolation=") && $0.hasSuffix("(default: bilinear)") })
    // By alias.
    let move = try Decor.run(["filters", "move"])
    #expect(move.status == 0)
    let moveLines = String(decoding: move.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(moveLines.first?.hasPrefix("translate DX DY") == true)
    #expect(moveLines.contains("  aliases: move"))
  }

  @Test func filtersRejectsAnUnknownName() throws {
    let result = try Decor.run(["filters", "nope"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("decor: unknown filter \"nope\""), "\(result.stderr)")
    #expect(result.stderr.filter { $0 == "\n" }.count == 1 && result.stderr.hasSuffix("\n"), "\(result.stderr)")
    let close = try Decor.run(["filters", "rotat"])
    #expect(close.status == 1 && close.stderr == "decor: unknown filter \"rotat\"; did you mean \"rotate\"?\n")
  }

  @Test func aBadStepFailsWithOneLineAndNoFile() throws {
    let cases: [([String], String)] = [
      (["scale 2", "rotate abc"], "decor: step 2 \"rotate abc\": angle expected, got \"abc\"\n"),
      (["scale 2 | rotat 30"], "decor: step 2 \"rotat 30\": unknown filter \"rotat\"; did you mean \"rotate\"?\n"),
      (["rotate 30 |"], "decor: step 2 \"\": empty step\n"),
      (["crop 0 0 4"], "decor: step 1 \"crop 0 0 4\": 2 or 4 numbers expected (W H, or X Y W H), got 3\n"),
      (["pad -1"], "decor: step 1 \"pad -1\": margin must be at least 0, got -1\n"),
      // Errors found while building the chain, after parsing.
      (["rotate 90", "pad 1 2"], "decor: step 2 \"pad 1 2\": 1 or 4 margins expected, got 2\n"),
      (["crop 40 40 2 2"], "decor: step 1 \"crop 40 40 2 2\": the rectangle 2x2+40+40 misses the image (32x32)\n"),
    ]
    for (steps, expected) in cases {
      let result = try Decor.run(["apply", Self.rgba] + steps + ["-o", file("out.png")])
      #expect(result.status == 1, "\(steps)")
      #expect(result.stderr == expected, "\(steps)")
      #expect(result.stdout.isEmpty)
      #expect(try contents().isEmpty, "\(steps) left files behind")
    }
  }

  @Test func explainPrintsEveryStage() throws {
    let result = try Decor.run(
      ["apply", Self.rgba, "opacity 0.5 | crop 2 2 20 20", "--explain", "-o", file("out.png")])
    #expect(result.status == 0)
    #expect(try size("out.png") == "20x20")
    // The stages, then (the image being translucent) the line on the render's precision (see PrecisionCLITests).
    #expect(result.stderr.hasSuffix("the render works at 16 bits a channel (a source is translucent or 16-bit)\n"),
      "\(result.stderr)")
    let lines = Self.stages(result.stderr).map(String.init)
    try #require(lines.count == 3, "\(result.stderr)")
    for line in lines { #expect(line.contains(": extent ") && line.contains(", asked for "), "\(line)") }
    // The crop, then its input (indented), then the image: each numbered, with its extent and what it was asked for.
    #expect(lines[0].hasPrefix("#0 crop") && lines[0].contains("extent 20x20+2+2, asked for 20x20+2+2"), "\(lines[0])")
    #expect(lines[1].hasPrefix("  #1 opacity") && lines[1].contains("extent 32x32+0+0, asked for 20x20+2+2"))
    #expect(lines[2].hasPrefix("    #2 image 32x32") && lines[2].contains("extent 32x32+0+0, asked for 20x20+2+2"))
    // A resampling stage too; without --explain nothing is printed.
    let rotated = try Decor.run(["apply", Self.rgba, "rotate 30", "opacity 0.5", "--explain", "-o", file("r.png")])
    #expect(rotated.status == 0)
    let stages = Self.stages(rotated.stderr)
    #expect(stages.count == 3 && stages.allSatisfy { $0.contains("extent") && $0.contains("asked for") },
      "\(rotated.stderr)")
    // A large blur is computed once over the region the render needs, and says so.
    let blurred = try Decor.run(["apply", Self.rgba, "blur 8 edge=transparent | flip vertical", "--explain", "-o",
      file("b.png")])
    let plan = Self.stages(blurred.stderr)
    #expect(plan.count == 3 && plan[1].hasPrefix("  #1 blur 8 edge=transparent")
      && plan[1].hasSuffix("computed once over 80x80-24-24"), "\(blurred.stderr)")
    // With its edges extended (the default) it keeps the image's 32x32: the plan shows the extension between the
    // blur and the image, and the image is asked for itself, no more.
    let extended = try Decor.run(["apply", Self.rgba, "blur 8 | flip vertical", "--explain", "-o", file("e.png")])
    let stages4 = Self.stages(extended.stderr)
    #expect(stages4.count == 4 && stages4[1].hasPrefix("  #1 blur 8 edge=extend: extent 32x32+0+0")
      && stages4[1].hasSuffix("computed once over 32x32+0+0") && stages4[2].hasPrefix("    #2 extend edges extend by")
      && stages4[3].contains("asked for 32x32+0+0"), "\(extended.stderr)")
    // A shadow uses its input twice (the shape and the image over it): one stage, printed once, pointed to again.
    let shadowed = try Decor.run(["apply", Self.rgba, "blur 8 | shadow 3 3 blur=4", "--explain", "-o", file("s.png")])
    let graph = Self.stages(shadowed.stderr)
    #expect(graph.filter { $0.contains("#") && $0.contains("blur 8 edge=extend:") }.count == 1, "\(shadowed.stderr)")
    #expect(graph.contains { $0.contains("used 2 times") } && graph.contains { $0.contains("= #") && $0.contains("blur 8") },
      "\(shadowed.stderr)")
    let quiet = try Decor.run(["apply", Self.rgba, "rotate 30", "opacity 0.5", "-o", file("q.png")])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    #expect(try bytes("q.png") == bytes("r.png"))
  }

  /// The lines of an `--explain` plan that are its stages.
  static func stages(_ plan: String) -> [Substring] {
    plan.split(separator: "\n").filter { !$0.hasPrefix("the render works") }
  }

  @Test func threads() throws {
    // Several 256² tiles, so the thread count matters to the renderer but not to the pixels.
    try apply(Self.photo, ["rotate 30", "--threads", "1"], to: "one.png")
    try apply(Self.photo, ["rotate 30", "--threads", "3"], to: "three.png")
    try apply(Self.photo, ["rotate 30"], to: "default.png")
    #expect(try bytes("one.png") == bytes("default.png"))
    #expect(try bytes("three.png") == bytes("default.png"))
    let zero = try Decor.run(["apply", Self.rgba, "rotate 30", "--threads", "0", "-o", file("zero.png")])
    #expect(zero.status == 1)
    #expect(zero.stderr == "decor: --threads must be at least 1, got 0\n")
    #expect(try !contents().contains("zero.png"))
  }
}

/// A step whose effect the written file would drop is refused with what to write instead.
@Suite final class DroppedStepCLITests: ScratchFolder {
  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-dropped") }
  deinit { removeDirectory() }
  @Test func aWholePixelMoveOfTheWholeOutputIsRefused() throws {
    for chain in ["translate 100 50", "move 3 -2 | blur 2", "translate 0 0 | rotate 10 | pad 2"] {
      let result = try Decor.run(["apply", StepsCLITests.rgba, chain, "-o", file("t.png")])
      #expect(result.status == 1, "\(chain)")
      #expect(result.stderr.hasPrefix("decor: step 1 \"") && result.stderr.contains("so the file would not change")
        && result.stderr.contains("'canvas W H x=") && result.stderr.split(separator: "\n").count == 1,
        "\(result.stderr)")
      #expect(try contents().isEmpty)
      let batch = try Decor.run(["batch", "--chain", chain, "--output-dir", file("out"), StepsCLITests.rgba])
      #expect(batch.status == 1 && batch.stderr.contains("so the file would not change"), "\(batch.stderr)")
    }
    // The second of two moves is named; the hint carries its numbers.
    let second = try Decor.run(["apply", StepsCLITests.rgba, "translate 0.5 0 | translate 7 -3", "-o", file("t.png")])
    #expect(second.stderr.hasPrefix("decor: step 2 \"translate 7 -3\"") && second.stderr.contains("x=7 y=-3"))
  }

  /// A move the file shows is kept: by a fraction (the pixels are resampled), or before a step that maps about the
  /// origin; in a scene, a layer's move places it on the canvas.
  @Test func movesThatShowAreKept() throws {
    for chain in ["translate 0.5 0.25", "translate 4 0 | transform 1 0.2 0 1 0 0"] {
      let result = try Decor.run(["apply", StepsCLITests.rgba, chain, "-o", file("t.png")])
      #expect(result.status == 0, "\(chain): \(result.stderr)")
    }
    let plain = try Decor.run(["apply", StepsCLITests.rgba, "transform 1 0.2 0 1 0 0", "-o", file("a.png")])
    let moved = try Decor.run(["apply", StepsCLITests.rgba, "translate 4 0 | transform 1 0.2 0 1 0 0", "-o",
      file("b.png")])
    #expect(plain.status == 0 && moved.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file("a.png")))
      != Data(contentsOf: URL(fileURLWithPath: file("b.png"))))
    try Data("""
      {"width": 40, "height": 40, "layers": [{"image": "\(StepsCLITests.rgba)", "chain": "translate 5 5"}]}
      """.utf8).write(to: URL(fileURLWithPath: file("scene.json")))
    let scene = try Decor.run(["compose", file("scene.json"), "-o", file("s.png")])
    #expect(scene.status == 0, "\(scene.stderr)")
  }
}
#endif
