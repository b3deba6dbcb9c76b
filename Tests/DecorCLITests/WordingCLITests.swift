#if CLI
import Foundation
import Testing

/// What `decor` says, word for word, where it used to say something less useful: a decode error naming its file
/// once, a mistyped subcommand, percentages for fractions, `--save-chain` alone, each font style once, every
/// output-name clash at once, help that matches the encoders, `info` reading what `apply` reads, and a batch's
/// counts on stderr.
@Suite final class WordingCLITests: ScratchFolder {
  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-wording") }
  deinit { removeDirectory() }

  static let truncated = FormatsCLITests.fixture("JPEG/truncated.jpg")
  static let photo = FormatsCLITests.fixture("JPEG/photo-420.jpg")
  /// libjpeg's words for `truncated.jpg`.
  static let truncatedLine = "\(truncated): corrupt or truncated image: Premature end of JPEG file"

  /// The lines of `text`.
  func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

  @Test func aDecodeErrorNamesTheFileOnceWithoutTheStepEverywhere() throws {
    // Read by rows straight into the output, and through a step that pulls the rows.
    for steps in [[], ["resize 100x_"], ["resize 50% fit=fill interpolation=bicubic", "blur 1"]] {
      let run = try Decor.run(["apply", Self.truncated] + steps + ["-o", file("out.png")])
      #expect(run.status == 1 && run.stderr == "decor: \(Self.truncatedLine)\n", "\(steps): \(run.stderr)")
    }
    // An image a step names.
    let blend = try Decor.run(["apply", Self.photo, "blend multiply \(Self.truncated)", "-o", file("out.png")])
    #expect(blend.status == 1 && blend.stderr == "decor: \(Self.truncatedLine)\n", "\(blend.stderr)")
    // batch: the path once, and the counts.
    let batch = try Decor.run(["batch", "--chain", "resize 100x_", "--output-dir", file("out"), Self.truncated,
      Self.photo])
    #expect(batch.status == 1, "\(batch.stderr)")
    #expect(lines(batch.stderr) == ["decor: \(Self.truncatedLine)", "decor: 1 written, 0 skipped, 1 failed"])
    // compose: a layer's image, under a chain and not.
    for chain in [nil, "resize 100x_"] {
      var layer: [String: Any] = ["image": Self.truncated, "x": 0, "y": 0]
      if let chain { layer["chain"] = chain }
      let scene = try JSONSerialization.data(withJSONObject: ["width": 64, "height": 48, "layers": [layer]])
      try scene.write(to: directory.appendingPathComponent("scene.json"))
      let compose = try Decor.run(["compose", file("scene.json"), "-o", file("out.png")])
      #expect(compose.status == 1 && compose.stderr == "decor: \(Self.truncatedLine)\n", "\(compose.stderr)")
    }
    // diff and info.
    let diff = try Decor.run(["diff", Self.truncated, Self.photo])
    #expect(diff.status == 1 && diff.stderr == "decor: \(Self.truncatedLine)\n", "\(diff.stderr)")
    let info = try Decor.run(["info", FormatsCLITests.fixture("JPEG/lossless.jpg")])
    #expect(info.status == 1
      && info.stderr == "decor: \(FormatsCLITests.fixture("JPEG/lossless.jpg")): lossless JPEG (SOF3) is not supported\n",
      "\(info.stderr)")
  }

  @Test func aMistypedSubcommandIsNamedWithTheNearest() throws {
    let cases = [
      ("fitlers", "'fitlers' is neither a subcommand nor a file; did you mean 'filters'?"),
      ("fnots", "'fnots' is neither a subcommand nor a file; did you mean 'fonts'?"),
      ("inof", "'inof' is neither a subcommand nor a file; did you mean 'info'?"),
      ("bacth", "'bacth' is neither a subcommand nor a file; did you mean 'batch'?"),
      ("shadow", "'shadow' is neither a subcommand nor a file (the subcommands: apply, batch, compose, info, "
        + "filters, fonts, diff)"),
    ]
    for (word, line) in cases {
      let run = try Decor.run([word], directory: directory)
      #expect(run.status == 1 && run.stderr == "decor: \(line)\n" && run.stdout.isEmpty, "\(word): \(run.stderr)")
    }
    // A file of that name is `apply`'s input, as ever: the shortcut is kept.
    try FileManager.default.copyItem(atPath: Self.photo, toPath: file("fitlers"))
    let shortcut = try Decor.run(["fitlers", "resize 10x_", "-o", "small.png"], directory: directory)
    #expect(shortcut.status == 0 && shortcut.stderr.isEmpty, "\(shortcut.stderr)")
    #expect(FileManager.default.fileExists(atPath: file("small.png")))
    // A path that does not exist is `apply`'s to report, by its name.
    let missing = try Decor.run(["nothere.png", "-o", "x.png"], directory: directory)
    #expect(missing.status == 1 && missing.stderr.hasPrefix("decor: nothere.png: "), "\(missing.stderr)")
  }

  @Test func fractionsTakePercentages() throws {
    // Each pair renders the same pixels: the percentage is the fraction.
    let pairs = [("opacity 50%", "opacity 0.5"), ("grayscale 40%", "grayscale 0.4"), ("sepia 100%", "sepia"),
      ("invert 25%", "invert 0.25"), ("shadow 4 4 opacity=30%", "shadow 4 4 opacity=0.3"),
      ("opacity 150%", "opacity 1")]
    for (percent, fraction) in pairs {
      let a = try Decor.run(["apply", StepsCLITests.rgba, percent, "-o", file("a.png")])
      let b = try Decor.run(["apply", StepsCLITests.rgba, fraction, "-o", file("b.png")])
      #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: file("a.png")))
        == Data(contentsOf: URL(fileURLWithPath: file("b.png"))), "\(percent)")
    }
    let negative = try Decor.run(["apply", StepsCLITests.rgba, "opacity -5%", "-o", file("c.png")])
    #expect(negative.stderr == "decor: step 1 \"opacity -5%\": opacity must be at least 0, got -0.05\n")
    let word = try Decor.run(["apply", StepsCLITests.rgba, "opacity half", "-o", file("c.png")])
    #expect(word.stderr == "decor: step 1 \"opacity half\": number or percentage (0.5 or 50%) expected, got \"half\"\n")
    // The reference says so.
    let reference = try Decor.run(["filters", "opacity"])
    #expect(String(decoding: reference.stdout, as: UTF8.self).contains("or P% (50% is 0.5)"))
  }

  @Test func saveChainAloneSavesWithoutRendering() throws {
    let run = try Decor.run(["apply", Self.photo, "resize 50%", "opacity 80%", "--save-chain", "t.json"],
      directory: directory)
    #expect(run.status == 0 && run.stderr.isEmpty && run.stdout.isEmpty, "\(run.stderr)")
    #expect(try contents() == ["t.json"])
    // The saved chain renders as the steps do.
    let saved = try Decor.run(["apply", Self.photo, "--chain", "t.json", "-o", "a.png"], directory: directory)
    let direct = try Decor.run(["apply", Self.photo, "resize 50%", "opacity 0.8", "-o", "b.png"], directory: directory)
    #expect(saved.status == 0 && direct.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file("a.png"))) == Data(contentsOf: URL(fileURLWithPath: file("b.png"))))
    // A chain that does not apply is refused, and nothing is saved.
    let bad = try Decor.run(["apply", Self.photo, "blend multiply nothere.png", "--save-chain", "u.json"], directory: directory)
    #expect(bad.status == 1 && !FileManager.default.fileExists(atPath: file("u.json")), "\(bad.stderr)")
    // An output option with nothing to apply to, and neither -o nor --save-chain.
    let quality = try Decor.run(["apply", Self.photo, "--save-chain", "v.json", "--quality", "50"], directory: directory)
    #expect(quality.status == 1 && quality.stderr == "decor: --quality applies to an output: give -o FILE\n")
    #expect(!FileManager.default.fileExists(atPath: file("v.json")))
    let neither = try Decor.run(["apply", Self.photo, "resize 50%"], directory: directory)
    #expect(neither.status == 1
      && neither.stderr == "decor: Missing expected argument '--output <output>' (or --save-chain T.json alone)\n",
      "\(neither.stderr)")
  }

  @Test func fontsListEachStyleOnce() throws {
    let plain = try Decor.run(["fonts"])
    let files = try Decor.run(["fonts", "--files"])
    // The text tests need fonts installed too (DejaVu at least).
    try #require(plain.status == 0 && files.status == 0, "\(plain.stderr)")
    // `--files` lists every face (one per file), under its family; the plain list each family's styles once.
    var faces: [String: [String]] = [:]
    var family = ""
    for line in lines(String(decoding: files.stdout, as: UTF8.self)) {
      if line.hasPrefix("  "), let colon = line.range(of: ": ") {
        faces[family, default: []].append(String(line[line.index(line.startIndex, offsetBy: 2)..<colon.lowerBound]))
      } else {
        family = line
      }
    }
    let listed = lines(String(decoding: plain.stdout, as: UTF8.self))
    #expect(listed.count == faces.count)
    for line in listed {
      guard let colon = line.range(of: ": ") else {
        Issue.record("no styles: \(line)")
        continue
      }
      let name = String(line[..<colon.lowerBound])
      let styles = line[colon.upperBound...].components(separatedBy: ", ")
      #expect(Set(styles).count == styles.count, "\(line)")
      #expect(Set(styles) == Set(faces[name] ?? []), "\(name)")
    }
  }

  @Test func everyOutputNameClashIsInOneReport() throws {
    let folder = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["a.jpg", "a.jpeg", "b.jpg", "b.jpeg", "b.JPG", "c.jpg"] {
      try FileManager.default.copyItem(atPath: Self.photo, toPath: folder.appendingPathComponent(name).path)
    }
    let out = file("out")
    let run = try Decor.run(["batch", "--chain", "resize 10x_", "--output-dir", out, folder.path])
    let input = { (name: String) in folder.appendingPathComponent(name).path }
    #expect(run.status == 1)
    #expect(run.stderr == "decor: \(out): 2 outputs would be written more than once: \(input("a.jpeg")) and "
      + "\(input("a.jpg")) would both be written to \(out)/a.png; \(input("b.JPG")), \(input("b.jpeg")) and "
      + "\(input("b.jpg")) would all be written to \(out)/b.png\n", "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
    // One clash is one sentence, the folder named once before it.
    let one = try Decor.run(["batch", "--chain", "resize 10x_", "--output-dir", out, input("a.jpg"), input("a.jpeg"),
      input("c.jpg")])
    #expect(one.status == 1 && one.stderr == "decor: \(out): \(input("a.jpg")) and \(input("a.jpeg")) would both be "
      + "written to \(out)/a.png\n", "\(one.stderr)")
  }

  @Test func outputHelpMatchesTheEncoders() throws {
    for subcommand in ["apply", "batch", "compose"] {
      let help = String(decoding: try Decor.run([subcommand, "--help"]).stdout, as: UTF8.self)
        .split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(help.contains("JPEG, lossy WebP or lossy AVIF quality, 1…100 (default: 90 for JPEG, 75 for WebP and "
        + "AVIF)"), "\(subcommand)")
      #expect(help.contains("WebP or AVIF: lossless"), "\(subcommand)")
      #expect(help.contains("Default: for apply and compose the output's extension (png for - and a name without "
        + "one); for batch png."), "\(subcommand)")
    }
    // What the help says, the encoders do: AVIF takes --quality and --lossless, PNG neither; a batch with no
    // --format writes PNG whatever the inputs are.
    for (options, status) in [(["--quality", "60"], 0), (["--lossless"], 0)] {
      let avif = try Decor.run(["apply", Self.photo, "resize 16x_", "-o", file("o.avif")] + options)
      #expect(avif.status == Int32(status), "\(options): \(avif.stderr)")
    }
    let png = try Decor.run(["apply", Self.photo, "-o", file("o.png"), "--lossless"])
    #expect(png.stderr == "decor: --lossless does not apply to PNG output\n")
    let batch = try Decor.run(["batch", "--chain", "resize 16x_", "--output-dir", file("b"), Self.photo])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: file("b")) == ["photo-420.png"])
  }

  @Test func infoReadsACMYKJPEGWhoseSubsamplingHasNoName() throws {
    // Sampled as jpeg-decoder's jpg-cmyk-2.jpg is (make-cmyk-420.py): TurboJPEG's header call refuses it.
    let cmyk = FormatsCLITests.fixture("JPEG/cmyk-420.jpg")
    let info = try Decor.run(["info", cmyk])
    #expect(info.status == 0 && info.stderr.isEmpty, "\(info.stderr)")
    #expect(String(decoding: info.stdout, as: UTF8.self)
      == "\(cmyk): 48x32, JPEG, CMYK, 8-bit, no alpha, no ICC profile\n")
    let apply = try Decor.run(["apply", cmyk, "-o", file("cmyk.png")])
    #expect(apply.status == 0, "\(apply.stderr)")
    let written = try Decor.run(["info", file("cmyk.png")])
    #expect(String(decoding: written.stdout, as: UTF8.self).hasPrefix("\(file("cmyk.png")): 48x32, PNG"))
    // Every JPEG fixture apply decodes, info reads.
    let folder = FormatsCLITests.fixtures.appendingPathComponent("JPEG")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".jpg") {
      let path = folder.appendingPathComponent(name).path
      let decoded = try Decor.run(["apply", path, "-o", file("any.png")])
      let read = try Decor.run(["info", path])
      // (Not the converse: info reads headers only, so a file cut short in its rows is described.)
      if decoded.status == 0 { #expect(read.status == 0, "\(name): \(read.stderr)") }
    }
  }

  @Test func batchCountsOnStandardErrorOffATerminal() throws {
    let out = file("out")
    let first = try Decor.run(["batch", "--chain", "resize 10x_", "--output-dir", out, Self.photo,
      FormatsCLITests.fixture("JPEG/photo-444.jpg")])
    #expect(first.status == 0 && first.stderr == "decor: 2 written, 0 skipped, 0 failed\n", "\(first.stderr)")
    #expect(String(decoding: first.stdout, as: UTF8.self).hasPrefix("2 written to \(out) in "))
    let again = try Decor.run(["batch", "--chain", "resize 10x_", "--output-dir", out, "--skip-existing", Self.photo,
      FormatsCLITests.fixture("JPEG/photo-444.jpg"), Self.truncated])
    #expect(again.status == 1)
    #expect(lines(again.stderr) == ["decor: \(Self.truncatedLine)", "decor: 0 written, 2 skipped, 1 failed"])
    // With the bar drawn (forced here, as on a terminal), its last line says it and the counts are not repeated.
    let bar = try Decor.run(["batch", "--chain", "resize 10x_", "--output-dir", file("bar"), "--progress", Self.photo])
    #expect(bar.status == 0 && !bar.stderr.contains("skipped") && bar.stderr.contains("1/1"), "\(bar.stderr)")
  }
}
#endif
