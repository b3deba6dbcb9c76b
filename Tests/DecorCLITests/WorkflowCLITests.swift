#if CLI
import Foundation
import Testing
import DecorTestSupport

@testable import DecorCLI

/// Templates, batches and scenes, through the built `decor` as a user runs it.
@Suite(.tags(.slow)) final class WorkflowCLITests: ScratchFolder {
  static let cutout = CLITests.repository.appendingPathComponent("SampleImages/horse-cutout.png").path
  static let photo = CLITests.repository.appendingPathComponent("SampleImages/chelsea.png").path
  static let photoJPEG = CLITests.repository.appendingPathComponent("Tests/Fixtures/JPEG/photo-420.jpg").path

  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-workflow") }
  deinit { removeDirectory() }

  func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: file(name))) }

  /// Lines on stderr, each `decor: …`.
  static func lines(_ stderr: String) -> [String] { stderr.split(separator: "\n").map(String.init) }

  // MARK: - Templates

  /// `--save-chain` writes the chain; `--chain` and `@T.json` give byte-identical output; more steps may follow.
  @Test func aSavedTemplateGivesTheSameBytes() throws {
    try FileManager.default.createDirectory(atPath: file("templates"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.cutout, toPath: file("over lay.png"))
    let steps = ["resize 160x_ | rotate -12 interpolation=bicubic", "shadow 6 6 blur=5 color=rgba(20,30,90,0.7)",
      "blend soft-light 'over lay.png' opacity=0.4 at=10,5 | sepia 0.3"]
    let saved = try Decor.run(["apply", Self.cutout] + steps
      + ["--save-chain", file("templates/t.json"), "-o", file("direct.png")], directory: directory)
    #expect(saved.status == 0 && saved.stderr.isEmpty, "\(saved.stderr)")
    let json = try String(contentsOfFile: file("templates/t.json"), encoding: .utf8)
    #expect(json.hasPrefix("{\n  \"version\": 1,\n  \"steps\": [\n"))
    #expect(json.contains("\"image\": \"../over lay.png\""), "relative to the template's folder: \(json)")
    // Run from another folder, naming the template by a path of its own.
    let loaded = try Decor.run(["apply", Self.cutout, "--chain", file("templates/t.json"), "-o", file("loaded.png")])
    #expect(loaded.status == 0, "\(loaded.stderr)")
    #expect(try bytes("loaded.png") == bytes("direct.png"))
    let step = try Decor.run(["apply", Self.cutout, "@templates/t.json", "-o", file("step.png")], directory: directory)
    #expect(try step.status == 0 && bytes("step.png") == bytes("direct.png"), "\(step.stderr)")
    // Combined with more steps, before and after.
    let more = try Decor.run(["apply", Self.cutout, "flip horizontal | @templates/t.json", "pad 4", "-o",
      file("more.png")], directory: directory)
    #expect(more.status == 0, "\(more.stderr)")
    let byHand = try Decor.run(["apply", Self.cutout, "flip horizontal"] + steps + ["pad 4", "-o", file("hand.png")],
      directory: directory)
    #expect(try byHand.status == 0 && bytes("more.png") == bytes("hand.png"))
    // A template saved from a template and steps holds them all.
    _ = try Decor.run(["apply", Self.cutout, "--chain", file("templates/t.json"), "pad 4", "--save-chain",
      file("t2.json"), "-o", file("t2.png")])
    let again = try Decor.run(["apply", Self.cutout, "--chain", file("t2.json"), "-o", file("t2b.png")])
    #expect(try again.status == 0 && bytes("t2.png") == bytes("t2b.png"))
  }

  /// A bad template: exit 1, one line naming the file, the step and the key; no output.
  @Test func aBadTemplateNamesTheFileTheStepAndTheKey() throws {
    let cases: [(String, String)] = [
      (#"{"version": 1, "steps": [{"filter": "rotate", "deg": 5}, {"filter": "shadow", "blur": "abc"}]}"#,
        "bad.json: step 2 \"shadow\", key \"blur\": number expected, got \"abc\""),
      (#"{"version": 1, "steps": [{"filter": "rotate", "angle": 5}]}"#,
        "bad.json: step 1 \"rotate\", key \"angle\": unknown key: rotate takes \"deg\" or \"interpolation\""),
      (#"{"version": 7, "steps": []}"#, "bad.json: key \"version\": version 1 expected, got 7"),
      (#"{"version": 1, "steps": [}"#, "bad.json: not valid JSON"),
    ]
    for (json, expected) in cases {
      try json.write(toFile: file("bad.json"), atomically: true, encoding: .utf8)
      for arguments in [["--chain", "bad.json"], ["@bad.json"]] {
        let result = try Decor.run(["apply", Self.cutout] + arguments + ["-o", "out.png"], directory: directory)
        #expect(result.status == 1)
        #expect(Self.lines(result.stderr).count == 1 && result.stderr.contains(expected), "\(result.stderr)")
        #expect(try contents() == ["bad.json"])
      }
    }
  }

  // MARK: - Batch

  /// Folders and files in, one corrupt input among good ones: the good ones are written, the bad one named on one
  /// line, a summary line, exit 1, and no progress bar or stray file when stderr is not a terminal.
  @Test func batchGoesOnPastABadInput() throws {
    let inputs = file("in")
    try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
    for name in ["a.png", "b.PNG", "c.png"] { try FileManager.default.copyItem(atPath: Self.cutout, toPath: inputs + "/" + name) }
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: inputs + "/broken.png"))
    try Data("notes".utf8).write(to: URL(fileURLWithPath: inputs + "/notes.txt"))
    let result = try Decor.run(["batch", "--chain", "resize 64x_ | shadow 3 3 blur=2", "--output-dir", file("out"),
      inputs, Self.photo, "--jobs", "3"])
    #expect(result.status == 1)
    let lines = Self.lines(result.stderr)
    #expect(lines.count == 2, "\(result.stderr)")
    #expect(lines.first?.hasPrefix("decor: \(inputs)/broken.png: unsupported format") == true)
    #expect(lines.last == "decor: 4 written, 0 skipped, 1 failed")
    #expect(!result.stderr.contains("\r") && !result.stderr.contains("[#"), "no progress bar off a terminal")
    #expect(try FileManager.default.contentsOfDirectory(atPath: file("out")).sorted()
      == ["a.png", "b.png", "c.png", "chelsea.png"])
    // Each output is what `apply` makes of its input.
    let single = try Decor.run(["apply", Self.photo, "resize 64x_ | shadow 3 3 blur=2", "-o", file("single.png")])
    #expect(try single.status == 0 && bytes("out/chelsea.png") == bytes("single.png"))
  }

  /// A template file as the chain, `--progress` forcing the bar, and success saying only its counts otherwise.
  @Test func batchTakesATemplateAndDrawsProgressWhenAsked() throws {
    _ = try Decor.run(["apply", Self.cutout, "resize 40x_ | invert", "--save-chain", file("t.json"), "-o",
      file("x.png")])
    let quiet = try Decor.run(["batch", "--chain", file("t.json"), "--output-dir", file("out"), Self.cutout])
    #expect(quiet.status == 0 && quiet.stderr == "decor: 1 written, 0 skipped, 0 failed\n", "\(quiet.stderr)")
    #expect(try bytes("out/horse-cutout.png") == bytes("x.png"))
    let shown = try Decor.run(["batch", "--chain", file("t.json"), "--output-dir", file("out2"), Self.cutout,
      Self.photo, "--progress"])
    #expect(shown.status == 0)
    #expect(shown.stderr.contains("\r[") && shown.stderr.contains("2/2") && shown.stderr.hasSuffix("\n"),
      "\(shown.stderr.debugDescription)")
  }

  /// Never over an input: an output that is an input is refused (unless --overwrite), and so are two inputs that
  /// would make the same output; nothing is written.
  @Test func batchNeverOverwritesAnInputBySurprise() throws {
    try FileManager.default.createDirectory(atPath: file("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: file("b"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.cutout, toPath: file("a/x.png"))
    try FileManager.default.copyItem(atPath: Self.cutout, toPath: file("b/x.png"))
    let original = try bytes("a/x.png")
    let same = try Decor.run(["batch", "--chain", "invert", "--output-dir", file("a"), file("a")])
    #expect(same.status == 1 && same.stderr.contains("is an input: writing it would replace it") && Self.lines(same.stderr).count == 1)
    #expect(try bytes("a/x.png") == original)
    let clash = try Decor.run(["batch", "--chain", "invert", "--output-dir", file("out"), file("a"), file("b")])
    #expect(clash.status == 1 && clash.stderr.contains("would both be written to"), "\(clash.stderr)")
    #expect(!FileManager.default.fileExists(atPath: file("out/x.png")))
    let replaced = try Decor.run(["batch", "--chain", "invert", "--output-dir", file("a") + "/", file("a"), "--overwrite"])
    #expect(try replaced.status == 0 && bytes("a/x.png") != original)
    #expect(try FileManager.default.contentsOfDirectory(atPath: file("a")) == ["x.png"], "no temporary files")
    let jobs = try Decor.run(["batch", "--chain", "invert", "--output-dir", file("o"), file("b"), "--jobs", "0"])
    #expect(jobs.status == 1 && jobs.stderr == "decor: --jobs must be at least 1, got 0\n")
  }

  @Test func theProgressLine() {
    let bar = ProgressBar(total: 40)
    #expect(bar.line(done: 0, elapsed: 0, width: 80) == "[" + String(repeating: "·", count: 40) + "]   0/40")
    #expect(bar.line(done: 10, elapsed: 4, width: 80)
      == "[" + String(repeating: "#", count: 10) + String(repeating: "·", count: 30) + "]  10/40  2.5/s  0:12 left")
    #expect(bar.line(done: 40, elapsed: 125, width: 80).hasSuffix("40/40  0.3/s  done in 2:05"))
    // Narrow terminals shrink the bar, then drop it; the line never exceeds the width.
    for width in [10, 25, 40, 60, 100] {
      #expect(bar.line(done: 7, elapsed: 3, width: width).count <= width, "\(width)")
    }
    #expect(bar.line(done: 7, elapsed: 3, width: 25) == " 7/40  2.3/s  0:15 left")
    #expect(ProgressBar.duration(3725) == "1:02:05" && ProgressBar.duration(59.2) == "1:00")
  }

  // MARK: - Compose

  /// A scene with nested groups, relative to its own folder, run from elsewhere; errors name the file and place.
  @Test func composeDrawsAScene() throws {
    try FileManager.default.createDirectory(atPath: file("scene"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.cutout, toPath: file("scene/horse.png"))
    try """
      {"width": 200, "height": 120, "background": "#ffffff",
       "layers": [
         {"gradient": {"type": "linear", "from": [0, 0], "to": [200, 0], "stops": ["#ff0000", "#0000ff"]}},
         {"image": "horse.png", "x": 10, "y": 10, "chain": "resize 80x_ | shadow 4 4 blur=3", "blend": "multiply"},
         {"group": {"layers": [
           {"color": "#00ff00", "width": 30, "height": 30},
           {"group": {"layers": [{"color": "#000000", "width": 10, "height": 10}]}, "x": 10, "y": 10}
         ]}, "x": 150, "y": 70, "opacity": 0.5}
       ]}
      """.write(toFile: file("scene/scene.json"), atomically: true, encoding: .utf8)
    let result = try Decor.run(["compose", file("scene/scene.json"), "-o", file("scene.png")])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    let info = try Decor.run(["info", file("scene.png")])
    #expect(String(decoding: info.stdout, as: UTF8.self).contains("200x120, PNG, RGB, 8-bit, no alpha"))
    try #"{"width": 10, "height": 10, "layers": [{"group": {"layers": [{"image": "gone.png"}]}}]}"#
      .write(toFile: file("scene/bad.json"), atomically: true, encoding: .utf8)
    let bad = try Decor.run(["compose", file("scene/bad.json"), "-o", file("bad.png")])
    #expect(bad.status == 1 && Self.lines(bad.stderr).count == 1)
    #expect(bad.stderr.hasPrefix("decor: \(file("scene/bad.json")): layers[0].group.layers[0].image: "
      + "\(file("scene/gone.png")): cannot open"), "\(bad.stderr)")
    #expect(!FileManager.default.fileExists(atPath: file("bad.png")))
  }
}

extension WorkflowCLITests {
  /// Documentation/Scenes.md's example scene is `SampleImages/scene.json`, word for word, and it draws.
  @Test func theReadmeSceneIsTheSampleScene() throws {
    let readme = try String(contentsOf: CLITests.repository.appendingPathComponent("Documentation/Scenes.md"),
      encoding: .utf8)
    let scene = try String(contentsOf: CLITests.repository.appendingPathComponent("SampleImages/scene.json"),
      encoding: .utf8)
    #expect(readme.contains("```json\n" + scene + "```\n"), "copy SampleImages/scene.json into Documentation/Scenes.md")
    let result = try Decor.run(["compose", CLITests.repository.appendingPathComponent("SampleImages/scene.json").path,
      "-o", file("scene.png")])
    #expect(result.status == 0, "\(result.stderr)")
  }
}

extension WorkflowCLITests {
  /// JPEG in, PNG out: a photo's JPEG through a chain, and a folder of mixed inputs in a batch.
  @Test func jpegInputs() throws {
    let jpeg = CLITests.repository.appendingPathComponent("Tests/Fixtures/JPEG/photo-420.jpg").path
    let result = try Decor.run(["apply", jpeg, "shadow 4 4 blur=3", "-o", file("out.png")])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    let info = try Decor.run(["info", file("out.png")])
    #expect(String(decoding: info.stdout, as: UTF8.self).contains("114x82, PNG, RGBA"))
    try FileManager.default.createDirectory(atPath: file("in"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: jpeg, toPath: file("in/a.JPG"))
    try FileManager.default.copyItem(atPath: Self.cutout, toPath: file("in/b.png"))
    let batch = try Decor.run(["batch", "--chain", "invert", "--output-dir", file("out"), file("in")])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: file("out")).sorted() == ["a.png", "b.png"])
    // A sideways photo is turned upright by its EXIF orientation, unless --no-auto-orient.
    let sideways = CLITests.repository.appendingPathComponent("Tests/Fixtures/JPEG/orientation-6.jpg").path
    for (arguments, size) in [([String](), "40x24"), (["--no-auto-orient"], "24x40")] {
      let turned = try Decor.run(["apply", sideways, "-o", file("turned.png")] + arguments)
      #expect(turned.status == 0, "\(turned.stderr)")
      let turnedInfo = try Decor.run(["info", file("turned.png")])
      #expect(String(decoding: turnedInfo.stdout, as: UTF8.self).contains(": \(size), PNG, RGB"), "\(arguments)")
    }
  }
}

extension WorkflowCLITests {
  /// JPEG out, by the name or by --format; transparency laid on the background with a one-line notice.
  @Test func jpegOutput() throws {
    let opaque = try Decor.run(["apply", Self.photo, "rotate 90", "-o", file("photo.jpg"), "--quality", "80"])
    #expect(opaque.status == 0 && opaque.stderr.isEmpty, "\(opaque.stderr)")
    let info = try Decor.run(["info", file("photo.jpg")])
    #expect(String(decoding: info.stdout, as: UTF8.self).contains(": 300x451, JPEG, YCbCr 4:2:0"))
    let cutout = try Decor.run(["apply", Self.cutout, "-o", file("cutout.JPEG"), "--subsampling", "444",
      "--background", "#223344"])
    #expect(cutout.status == 0)
    #expect(cutout.stderr == "decor: \(file("cutout.JPEG")): JPEG has no alpha: transparent pixels were laid on "
      + "#223344 (--background)\n")
    let piped = try Decor.run(["apply", Self.photo, "-o", "-", "--format", "jpeg"])
    #expect(piped.status == 0 && piped.stdout.starts(with: [0xFF, 0xD8, 0xFF]))
    let mismatch = try Decor.run(["apply", Self.photo, "-o", file("x.png"), "--format", "jpeg"])
    #expect(mismatch.status == 1 && mismatch.stderr.contains("as JPEG: its name says PNG"))
    let badQuality = try Decor.run(["apply", Self.photo, "-o", file("y.jpg"), "--quality", "0"])
    #expect(badQuality.status == 1 && badQuality.stderr == "decor: --quality must be at least 1, got 0\n")
    let scene = try Decor.run(["compose", CLITests.repository.appendingPathComponent("SampleImages/scene.json").path,
      "-o", file("scene.jpg")])
    #expect(scene.status == 0 && scene.stderr.isEmpty, "\(scene.stderr)")
    #expect(try contents().sorted() == ["cutout.JPEG", "photo.jpg", "scene.jpg"])
  }

  /// WebP out and in, as the README shows: a JPEG photo to a lossy WebP, a cut-out to a lossless one (alpha kept,
  /// exact), a WebP back to PNG and JPEG, and standard output with `--format webp`.
  @Test func webpOutputAndInput() throws {
    let photo = try Decor.run(["apply", Self.photoJPEG, "shadow 8 8 blur=6", "-o", file("photo.webp")])
    #expect(photo.status == 0 && photo.stderr.isEmpty, "\(photo.stderr)")
    #expect(try bytes("photo.webp").starts(with: Array("RIFF".utf8)))
    let back = try Decor.run(["apply", file("photo.webp"), "rotate 10", "-o", file("photo.png")])
    #expect(back.status == 0 && back.stderr.isEmpty, "\(back.stderr)")
    let lossless = try Decor.run(["apply", Self.cutout, "-o", file("cutout.webp"), "--lossless"])
    #expect(lossless.status == 0)
    #expect(try Decor.run(["diff", file("cutout.webp"), Self.cutout]).status == 0, "lossless is exact")
    let small = try Decor.run(["apply", Self.cutout, "-o", file("small.webp"), "--quality", "10"])
    let (smallSize, losslessSize) = (try bytes("small.webp").count, try bytes("cutout.webp").count)
    #expect(small.status == 0 && smallSize < losslessSize)
    let toJPEG = try Decor.run(["apply", file("cutout.webp"), "-o", file("cutout.jpg")])
    #expect(toJPEG.status == 0 && toJPEG.stderr.contains("JPEG has no alpha"))
    let piped = try Decor.run(["apply", Self.photo, "-o", "-", "--format", "webp"])
    #expect(piped.status == 0 && piped.stdout.starts(with: Array("RIFF".utf8)))
    let animation = CLITests.repository.appendingPathComponent("Tests/Fixtures/WebP/animated.webp").path
    let first = try Decor.run(["apply", animation, "-o", file("first.png")])
    #expect(first.status == 0 && first.stderr
      == "decor: \(animation): animation of 3 frames: wrote frame 1 (PNG holds one image)\n")
    let mismatch = try Decor.run(["apply", Self.photo, "-o", file("x.jpg"), "--format", "webp"])
    #expect(mismatch.status == 1 && mismatch.stderr.contains("as WebP: its name says JPEG"), "\(mismatch.stderr)")
  }
}

extension WorkflowCLITests {
  /// The input's ICC profile and density reach the output, whatever the two formats; `--strip` drops them; `info`
  /// shows them.
  @Test func metadataIsCarriedThrough() throws {
    let metadata = CLITests.repository.appendingPathComponent("Tests/Fixtures/Metadata")
    let png = metadata.appendingPathComponent("icc-300dpi.png").path
    let jpeg = metadata.appendingPathComponent("icc-300dpi.jpg").path
    for (input, output) in [(png, "a.jpg"), (jpeg, "b.png"), (jpeg, "c.webp"), (png, "d.png")] {
      let result = try Decor.run(["apply", input, "rotate 90", "-o", file(output)])
      #expect(result.status == 0, "\(result.stderr)")
      let info = String(decoding: try Decor.run(["info", file(output)]).stdout, as: UTF8.self)
      #expect(info.contains("ICC profile (588 bytes)"), "\(output): \(info)")
      #expect(output.hasSuffix(".webp") || info.contains("300x300 dpi"), "\(output): \(info)")
    }
    let stripped = try Decor.run(["apply", png, "-o", file("e.jpg"), "--strip"])
    #expect(stripped.status == 0)
    #expect(String(decoding: try Decor.run(["info", file("e.jpg")]).stdout, as: UTF8.self)
      .hasSuffix(", no ICC profile\n"))
    try FileManager.default.createDirectory(atPath: file("in"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: jpeg, toPath: file("in/photo.jpg"))
    let batch = try Decor.run(["batch", "--chain", "flip horizontal", "--output-dir", file("out"), file("in")])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(String(decoding: try Decor.run(["info", file("out/photo.png")]).stdout, as: UTF8.self)
      .contains("ICC profile (588 bytes), 11811x11811 dots per metre (300x300 dpi)"))
  }

  /// A photo's EXIF and XMP reach every output format (the EXIF without its thumbnail, the orientation 1 once the
  /// picture was turned upright), through `apply` and `batch`; `--strip` drops them; `info` shows them.
  @Test func exifAndXMPAreCarriedThrough() throws {
    let photo = CLITests.repository.appendingPathComponent("Tests/Fixtures/Metadata/exif-6.jpg").path
    for output in ["a.jpg", "b.png", "c.webp"] {
      let result = try Decor.run(["apply", photo, "resize 24x_", "-o", file(output)])
      #expect(result.status == 0, "\(result.stderr)")
      let info = String(decoding: try Decor.run(["info", file(output)]).stdout, as: UTF8.self)
      #expect(info.contains(", EXIF (232 bytes), XMP (421 bytes)"), "\(output): \(info)")
      // `info` names a JPEG's orientation other than 1.
      #expect(!info.contains("orientation"), "\(output): \(info)")
    }
    let stripped = try Decor.run(["apply", photo, "-o", file("d.jpg"), "--strip"])
    #expect(stripped.status == 0)
    let info = String(decoding: try Decor.run(["info", file("d.jpg")]).stdout, as: UTF8.self)
    #expect(info.hasSuffix(", no ICC profile\n"), "\(info)")
    try FileManager.default.createDirectory(atPath: file("in"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: photo, toPath: file("in/photo.jpg"))
    let batch = try Decor.run(["batch", "--chain", "flip horizontal", "--output-dir", file("out"), file("in")])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(String(decoding: try Decor.run(["info", file("out/photo.png")]).stdout, as: UTF8.self)
      .contains(", EXIF (232 bytes), XMP (421 bytes)"))
  }
}

extension WorkflowCLITests {
  /// A JPEG damaged where libjpeg only warns is written, with one notice on stderr and exit 0, whether read row by
  /// row (`apply`) or whole (`apply` from standard input, `batch`); a file cut short is an error; an unsupported
  /// variant is named in the same words by `info` and `apply`.
  @Test func damagedAndUnsupportedJPEGs() throws {
    let folder = CLITests.repository.appendingPathComponent("Tests/Fixtures/JPEG")
    let extraneous = folder.appendingPathComponent("extraneous-eoi.jpg").path
    let notice = "damaged data passed over: Corrupt JPEG data: 2 extraneous bytes before marker 0xd9\n"
    let streamed = try Decor.run(["apply", extraneous, "-o", file("a.png")])
    #expect(streamed.status == 0 && streamed.stderr == "decor: \(extraneous): \(notice)", "\(streamed.stderr)")
    let piped = try Decor.run(["apply", "-", "-o", file("b.png")],
      stdin: try Data(contentsOf: URL(fileURLWithPath: extraneous)))
    #expect(piped.status == 0 && piped.stderr == "decor: -: \(notice)", "\(piped.stderr)")
    try FileManager.default.createDirectory(atPath: file("in"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: extraneous, toPath: file("in/x.jpg"))
    let batch = try Decor.run(["batch", "--chain", "flip horizontal", "--output-dir", file("out"), file("in"),
      "--no-progress"])
    #expect(batch.status == 0
      && batch.stderr == "decor: \(file("in/x.jpg")): \(notice)decor: 1 written, 0 skipped, 0 failed\n", "\(batch.stderr)")
    let truncated = folder.appendingPathComponent("truncated.jpg").path
    let cut = try Decor.run(["apply", truncated, "-o", file("c.png")])
    #expect(cut.status == 1 && cut.stderr.contains("Premature end of JPEG file"), "\(cut.stderr)")
    for (name, words) in [("12-bit.jpg", "12-bit JPEG is not supported"),
      ("lossless.jpg", "lossless JPEG (SOF3) is not supported")]
    {
      let path = folder.appendingPathComponent(name).path
      let apply = try Decor.run(["apply", path, "-o", file("d.png")])
      let info = try Decor.run(["info", path])
      #expect(apply.status == 1 && apply.stderr == "decor: \(path): \(words)\n", "\(apply.stderr)")
      #expect(info.status == 1 && info.stderr == "decor: \(path): \(words)\n", "\(info.stderr)")
    }
  }
}

extension WorkflowCLITests {
  /// A grey input stays grey in PNG and JPEG outputs; a step that adds colour makes the output colour.
  @Test func greyStaysGrey() throws {
    let grey = CLITests.repository.appendingPathComponent("Tests/Fixtures/JPEG/photo-grey.jpg").path
    for (steps, output, words) in [([], "a.png", "PNG, grayscale, 8-bit"), (["blur 1"], "b.jpg", "grayscale"),
      (["pad 2 color=red"], "c.png", "PNG, RGB, 8-bit"), (["pad 2"], "d.png", "PNG, grayscale+alpha, 8-bit")]
    {
      let result = try Decor.run(["apply", grey] + steps + ["-o", file(output)])
      #expect(result.status == 0, "\(result.stderr)")
      let info = String(decoding: try Decor.run(["info", file(output)]).stdout, as: UTF8.self)
      #expect(info.contains(words), "\(steps) \(output): \(info)")
    }
  }
}
#endif
