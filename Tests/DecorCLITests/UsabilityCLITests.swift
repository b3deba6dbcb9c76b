#if CLI
import Foundation
import Testing

/// What new users tripped on: unquoted steps, limits, option values, output names, `--version`. Every
/// failure is one line on stderr, status 1, and no file.
@Suite final class UsabilityCLITests: ScratchFolder {
  static let rgba = StepsCLITests.rgba

  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-usability") }
  deinit { removeDirectory() }

  /// Runs `decor apply RGBA ARGUMENTS… -o OUTPUT` (OUTPUT in the test folder unless it is absolute).
  func apply(_ arguments: [String], to output: String = "out.png") throws -> Decor.Result {
    try Decor.run(["apply", Self.rgba] + arguments + ["-o", output.hasPrefix("/") ? output : file(output)])
  }

  /// Expects `arguments` to fail with exactly `line` on stderr, nothing on stdout and no file in the folder.
  func expectFailure(_ arguments: [String], _ line: String, to output: String = "out.png",
    sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    let result = try apply(arguments, to: output)
    #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
    #expect(result.stderr == "decor: \(line)\n", "\(arguments)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(try contents().isEmpty, "\(arguments) left files behind", sourceLocation: sourceLocation)
  }

  func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: file(name))) }

  @Test func aStepSplitIntoWordsByTheShellGetsAHintToQuoteIt() throws {
    try expectFailure(["rotate", "30"], "step 1 \"rotate\": missing DEG (angle): rotate DEG "
      + "[interpolation=nearest|bilinear|bicubic|lanczos] (each step is one argument: quote it, as in 'rotate 30')")
    // The first word alone is a whole step: the error comes at the second, with the same hint.
    try expectFailure(["grayscale", "0.5"], "step 2 \"0.5\": unknown filter \"0.5\"; the closest are \"pad\", "
      + "\"blur\" or \"crop\" (decor filters lists them all) (each step is one argument: quote it, as in "
      + "'grayscale 0.5')")
    try expectFailure(["scale 2", "shadow", "6", "6", "blur=8", "flip", "both"], "step 3 \"6\": unknown filter "
      + "\"6\"; the closest are \"pad\", \"blur\" or \"crop\" (decor filters lists them all) (each step is one "
      + "argument: quote it, as in 'shadow 6 6 blur=8')")
    // A negative number outside quotes is taken for an option, which the hint explains too.
    try expectFailure(["blur", "-5"], "Unknown option '-5' (each step is one argument: quote it, as in 'blur -5')")
    try expectFailure(["pad 1", "translate", "-3", "4"],
      "Unknown option '-3' (each step is one argument: quote it, as in 'translate -3 4')")
    // Quoted steps get no hint.
    try expectFailure(["rotate 30", "abc"], "step 2 \"abc\": unknown filter \"abc\"; the closest are \"mask\", "
      + "\"pad\" or \"blur\" (decor filters lists them all)")
  }

  @Test func limitsNameTheStepAndTheRealLimit() throws {
    let cases: [(String, String)] = [
      ("tile 100000x100000",
        "the result would be 100000x100000 (10000000000 pixels), over the limit of 268435456 pixels"),
      ("resize 20000x_", "the result would be 20000x20000 (400000000 pixels), over the limit of 268435456 pixels"),
      ("resize 0x0", "width must be at least 1, got 0"),
      ("tile 5x0", "height must be at least 1, got 0"),
      ("blur -5", "sigma must be at least 0, got -5"),
      ("scale 0", "horizontal scale factor must be above 0, got 0"),
      ("pad -1", "margin must be at least 0, got -1"),
      ("crop 0 0 0 5", "width must be at least 1, got 0"),
      ("opacity -1", "opacity must be at least 0, got -1"),
      ("rotate nan", "angle must be a finite number, got nan"),
      ("translate 1e400 0", "DX must be a finite number, got inf"),
    ]
    for (step, message) in cases {
      try expectFailure([step], "step 1 \"\(step)\": \(message)")
    }
    // A step that grows the image is named, not a later one that keeps its size; a later crop makes it fine.
    try expectFailure(["tile 100000x100000 | opacity 0.5"], "step 1 \"tile 100000x100000\": the result would be "
      + "100000x100000 (10000000000 pixels), over the limit of 268435456 pixels")
    #expect(try apply(["tile 100000x100000 | crop 0 0 40 40"]).status == 0)
    // Values that are merely large are clamped, as the help says: opacity above 1 is 1, a huge move is ±2^30
    // (the image moves, its pixels stay; before a `transform` so that the move counts).
    #expect(try apply(["opacity 2"], to: "two.png").status == 0)
    #expect(try apply(["opacity 1"], to: "one.png").status == 0)
    #expect(try bytes("two.png") == bytes("one.png"))
    // Moves only, so the render of the translucent image works in straight 16 bits, as one with no step does.
    #expect(try apply(["translate 1e300 -1e300 | transform 1 0 0 1 0 0"], to: "moved.png").status == 0)
    #expect(try apply([], to: "same.png").status == 0)
    #expect(try bytes("moved.png") == bytes("same.png"))
  }

  @Test func maxPixelsLimitsTheInputAndTheResult() throws {
    // 32×32 = 1024 pixels: refused before decoding, naming the file and the limit.
    try expectFailure(["--max-pixels", "1023"], "\(Self.rgba): image of 32x32 pixels exceeds the limit of 1023 pixels")
    #expect(try apply(["--max-pixels", "1024"]).status == 0)
    try FileManager.default.removeItem(atPath: file("out.png"))
    try expectFailure(["pad 1", "--max-pixels", "1100"],
      "step 1 \"pad 1\": the result would be 34x34 (1156 pixels), over the limit of 1100 pixels")
    #expect(try apply(["pad 1", "--max-pixels", "1156"]).status == 0)
    try FileManager.default.removeItem(atPath: file("out.png"))
    for bad in ["many", "1e9"] {
      try expectFailure(["--max-pixels", bad], "--max-pixels must be a whole number of at least 1, got \"\(bad)\"")
    }
    for bad in ["0", "-5"] {
      try expectFailure(["--max-pixels", bad], "--max-pixels must be at least 1, got \(bad)")
    }
  }

  @Test func threadsSaysWhatIsAllowed() throws {
    for bad in ["two", "1.5"] {
      try expectFailure(["--threads", bad], "--threads must be a whole number from 1 to 1024, got \"\(bad)\"")
    }
    for bad in ["-3", "0"] {
      try expectFailure(["--threads", bad], "--threads must be at least 1, got \(bad)")
    }
    try expectFailure(["--threads", "1025"], "--threads 1025 is too large (at most 1024)")
    try expectFailure(["--threads=-3"], "--threads must be at least 1, got -3")
    #expect(try apply(["--threads", "1024"]).status == 0)
  }

  @Test func versionPrintsTheLibrarysVersion() throws {
    let result = try Decor.run(["--version"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(String(decoding: result.stdout, as: UTF8.self) == "0.12.0\n")
  }

  @Test func flipBothIsAHalfTurn() throws {
    #expect(try apply(["flip both"], to: "both.png").status == 0)
    #expect(try apply(["flip horizontal | flip vertical"], to: "twice.png").status == 0)
    #expect(try apply(["rotate 180"], to: "turned.png").status == 0)
    #expect(try bytes("both.png") == bytes("twice.png"))
    #expect(try bytes("both.png") == bytes("turned.png"))
  }

  @Test func hslColoursInSteps() throws {
    #expect(try apply(["pad 2 color=hsl(120,100%,25%)"], to: "hsl.png").status == 0)
    #expect(try apply(["pad 2 'color=hsla(120deg 100% 25% / 1)'"], to: "hsla.png").status == 0)
    #expect(try apply(["pad 2 color=#008000"], to: "hex.png").status == 0)
    #expect(try bytes("hsl.png") == bytes("hex.png"))
    #expect(try bytes("hsla.png") == bytes("hex.png"))
    #expect(try apply(["pad 2 color=none"], to: "none.png").status == 0)
    #expect(try apply(["pad 2"], to: "clear.png").status == 0)
    #expect(try bytes("none.png") == bytes("clear.png"))
  }

  @Test func outputNamedForAnotherFormatIsRefused() throws {
    // A format no encoder writes, or an extension that names none (as libvips and ImageMagick refuse it): the
    // line names the formats that are written, from the encoder registry.
    let writable =
      "PNG (.png), JPEG (.jpg, .jpeg, .jpe, .jfif), WebP (.webp), GIF (.gif), TIFF (.tif, .tiff), AVIF (.avif)"
    for name in ["out.heic", "Out.Heic", "out.xyz", "out.bin"] {
      try expectFailure([], "cannot write \(file(name)): no encoder writes files so named (Decor writes \(writable))",
        to: name)
    }
    // PNG in any case, no extension, /dev/null: written.
    for name in ["out.PNG", "out", ".jpg"] {
      #expect(try apply([], to: name).status == 0, "\(name)")
    }
    #expect(try apply([], to: "/dev/null").status == 0)
    #expect(try contents() == [".jpg", "out", "out.PNG"])
  }
}
#endif
