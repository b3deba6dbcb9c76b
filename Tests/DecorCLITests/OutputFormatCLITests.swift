#if CLI
import Foundation
import Testing

@testable import DecorCLI

/// One output path: the format chosen once from `-o`'s extension or `--format` for `apply`, `compose`
/// and `batch`; options checked against it before any work; limits before rendering; help naming the registries'
/// formats.
@Suite final class OutputFormatCLITests: ScratchFolder {
  static let rgba = StepsCLITests.rgba
  static let photo = CLITests.repository.appendingPathComponent("SampleImages/chelsea.png").path
  static let photoJPEG = CLITests.repository.appendingPathComponent("Tests/Fixtures/JPEG/photo-420.jpg").path
  static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-output-format") }
  deinit { removeDirectory() }

  func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: file(name))) }

  /// Expects exit 1, exactly `line` (after `decor: `) on stderr, and no file left in the folder.
  func expectRefusal(_ arguments: [String], _ line: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let result = try Decor.run(arguments)
    #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
    #expect(result.stderr == "decor: \(line)\n", "\(arguments)", sourceLocation: sourceLocation)
    #expect(try contents().isEmpty, "\(arguments) left files behind", sourceLocation: sourceLocation)
  }

  /// An option the chosen format does not take is one line naming both, before any work (no file).
  @Test func anOptionTheFormatDoesNotTakeIsRefused() throws {
    let cases: [(arguments: [String], output: String, line: String)] = [
      (["--lossless"], "out.jpg", "--lossless does not apply to JPEG output"),
      (["--quality", "80"], "out.png", "--quality does not apply to PNG output"),
      (["--quality", "80", "--lossless"], "out.webp", "--quality does not apply to lossless WebP output"),
      (["--compression", "fast"], "out.jpg", "--compression does not apply to JPEG output"),
      (["--subsampling", "444"], "out.webp", "--subsampling does not apply to WebP output"),
      (["--background", "black"], "out.png", "--background does not apply to PNG output"),
      (["--format", "png", "--quality", "50"], "out", "--quality does not apply to PNG output"),
    ]
    for (arguments, output, line) in cases {
      try expectRefusal(["apply", Self.rgba, "-o", file(output)] + arguments, line)
    }
    // compose and batch check the same way.
    try expectRefusal(["compose", "-", "-o", file("out.jpg"), "--lossless"], "--lossless does not apply to JPEG output")
    try expectRefusal(["batch", "--chain", "invert", "--output-dir", file("out"), Self.rgba, "--format", "jpeg",
      "--compression", "best"], "--compression does not apply to JPEG output")
    // The options a format takes are written.
    for (arguments, output) in [(["--quality", "60", "--subsampling", "444"], "a.jpg"), (["--lossless"], "b.webp"),
      (["--quality", "50"], "c.webp"), (["--compression", "fast"], "d.png")]
    {
      let result = try Decor.run(["apply", Self.rgba, "-o", file(output)] + arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
  }

  /// `--format` and the extension are one choice: a format by name or extension, never one under another's name.
  @Test func theFormatIsChosenOnce() throws {
    try expectRefusal(["apply", Self.rgba, "-o", file("out.jpg"), "--format", "png"],
      "cannot write \(file("out.jpg")) as PNG: its name says JPEG")
    try expectRefusal(["apply", Self.rgba, "-o", file("out.png"), "--format", "heic"],
      "no codec named \"heic\" (known: png, jpeg, webp, gif, tiff, avif)")
    let named = try Decor.run(["apply", Self.rgba, "-o", file("OUT.JPG")])
    #expect(try named.status == 0 && bytes("OUT.JPG").starts(with: Self.jpegSignature), "\(named.stderr)")
    let chosen = try Decor.run(["apply", Self.rgba, "-o", file("plain"), "--format", "jpg", "--quality", "70"])
    #expect(try chosen.status == 0 && bytes("plain").starts(with: Self.jpegSignature), "\(chosen.stderr)")
    let webp = try Decor.run(["apply", Self.rgba, "-o", "-", "--format", "webp", "--lossless"])
    #expect(webp.status == 0 && webp.stdout.starts(with: Array("RIFF".utf8)), "\(webp.stderr)")
  }

  /// `decor batch --format jpeg --quality 80` is a thumbnailer: every input, whatever its format, becomes a JPEG
  /// named with `.jpg`; `--format same` keeps each input's format and extension.
  @Test func batchWritesEveryFormat() throws {
    try FileManager.default.createDirectory(atPath: file("photos"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.photo, toPath: file("photos/cat.png"))
    try FileManager.default.copyItem(atPath: Self.photoJPEG, toPath: file("photos/PHOTO.JPG"))
    let webp = try Decor.run(["apply", Self.photo, "resize 64x_", "-o", file("photos/small.webp")])
    #expect(webp.status == 0, "\(webp.stderr)")
    let thumbs = try Decor.run(["batch", "--chain", "resize 32x_", "--format", "jpeg", "--quality", "80",
      "--output-dir", file("thumbs"), file("photos")])
    #expect(thumbs.status == 0 && thumbs.stderr == "decor: 3 written, 0 skipped, 0 failed\n", "\(thumbs.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: file("thumbs")).sorted()
      == ["PHOTO.jpg", "cat.jpg", "small.jpg"])
    for name in ["PHOTO.jpg", "cat.jpg", "small.jpg"] {
      #expect(try bytes("thumbs/" + name).starts(with: Self.jpegSignature), "\(name)")
      let info = try Decor.run(["info", file("thumbs/" + name)])
      #expect(String(decoding: info.stdout, as: UTF8.self).contains("32x"), "\(name)")
    }
    // A translucent input laid on the background gets apply's notice, and the exit status stays 0.
    let cutout = CLITests.repository.appendingPathComponent("SampleImages/horse-cutout.png").path
    let flat = try Decor.run(["batch", "--chain", "resize 32x_", "--format", "jpeg", "--background", "black",
      "--output-dir", file("flat"), cutout])
    #expect(flat.status == 0)
    #expect(flat.stderr == "decor: \(file("flat/horse-cutout.jpg")): JPEG has no alpha: transparent pixels were laid "
      + "on the background (--background)\ndecor: 1 written, 0 skipped, 0 failed\n")
    // The quality reached the encoder: a lower one makes smaller files.
    let low = try Decor.run(["batch", "--chain", "resize 32x_", "--format", "jpg", "--quality", "10",
      "--output-dir", file("low"), file("photos/cat.png")])
    #expect(low.status == 0, "\(low.stderr)")
    #expect(try bytes("low/cat.jpg").count < bytes("thumbs/cat.jpg").count)
    let same = try Decor.run(["batch", "--chain", "invert", "--format", "same", "--output-dir", file("same"),
      file("photos")])
    #expect(same.status == 0, "\(same.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: file("same")).sorted()
      == ["PHOTO.JPG", "cat.png", "small.webp"])
    #expect(try bytes("same/PHOTO.JPG").starts(with: Self.jpegSignature))
    #expect(try bytes("same/small.webp").starts(with: Array("RIFF".utf8)))
    // With `same`, an option is checked against every input's format before anything is written.
    let refused = try Decor.run(["batch", "--chain", "invert", "--format", "same", "--quality", "80",
      "--output-dir", file("refused"), file("photos")])
    #expect(refused.status == 1)
    #expect(refused.stderr == "decor: \(file("photos/cat.png")): quality does not apply to PNG output "
      + "(kept from the input: --format same)\n")
    #expect(!FileManager.default.fileExists(atPath: file("refused")))
  }

  /// A size the format cannot hold fails at once, from the plan's extent, before the render (a 20000² scene to
  /// WebP used to render for seconds and 1.5 GB first).
  @Test func aSizeTheFormatCannotHoldFailsBeforeRendering() throws {
    let scene = Data(#"{"width": 20000, "height": 20000, "background": "red", "layers": []}"#.utf8)
    let started = Date()
    let result = try Decor.run(["compose", "-", "-o", file("big.webp"), "--max-pixels", "1000000000"], stdin: scene)
    #expect(result.status == 1)
    #expect(result.stderr == "decor: \(file("big.webp")): cannot encode image: 20000×20000 is larger than WebP "
      + "allows (16383 × 16383)\n")
    // Rendering the scene takes a debug build minutes; refusing it, a start-up. The bound is far above a start-up on
    // a loaded machine under a sanitizer (2.4 s measured), far below a render.
    #expect(Date().timeIntervalSince(started) < 20, "refused before rendering")
    let jpeg = try Decor.run(["compose", "-", "-o", file("big.jpg"), "--max-pixels", "100000000000"],
      stdin: Data(#"{"width": 70000, "height": 10, "background": "red", "layers": []}"#.utf8))
    #expect(jpeg.status == 1 && jpeg.stderr.contains("larger than JPEG allows (65500 × 65500)"), "\(jpeg.stderr)")
    #expect(try contents().isEmpty)
  }

  /// An image within a raised `--max-pixels` but beyond memory is one line and exit 1, never a trap.
  @Test func anAllocationBeyondMemoryIsAnError() throws {
    // An interlaced PNG whose header says 1 000 000² (4 TB of pixels; libpng's largest width): read row by row, an
    // interlaced file is still decoded whole on the first read. (Planning a render of 10^12 pixels must not take
    // minutes either: it is made from larger squares beyond 65 536 tiles.)
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in body {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      }
      func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
      return be(UInt32(data.count)) + body + be(~crc)
    }
    let side: [UInt8] = [0x00, 0x0F, 0x42, 0x40]
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", side + side + [8, 6, 0, 0, 1])
      + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    try Data(png).write(to: URL(fileURLWithPath: file("huge.png")))
    let result = try Decor.run(["batch", "--chain", "invert", "--output-dir", file("out"), file("huge.png"),
      "--max-pixels", "10000000000000"])
    #expect(result.status == 1)
    let lines = WorkflowCLITests.lines(result.stderr)
    #expect(lines.count == 2 && lines.last == "decor: 0 written, 0 skipped, 1 failed", "\(lines)")
    #expect(lines.first.map { line in
      line.hasPrefix("decor: \(file("huge.png")): ") && line.hasSuffix(": cannot allocate 4000000000000 bytes for an "
        + "image of 1000000x1000000 pixels: not enough memory")
    } == true, "\(lines)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: file("out")).isEmpty)
  }

  /// Every `--help` names the formats the registries hold (read from them here, so a format added to a registry
  /// must show up), and none says PNG alone.
  @Test func helpNamesTheRegistriesFormats() throws {
    let written = FormatNames.encoders.encoders.map(\.displayName)
    #expect(written == ["PNG", "JPEG", "WebP", "GIF", "TIFF", "AVIF"])
    for command in ["apply", "batch", "compose"] {
      let help = String(decoding: try Decor.run([command, "--help"]).stdout, as: UTF8.self)
      for name in written + FormatNames.encoders.encoders.map(\.name) {
        #expect(help.contains(name), "\(command) --help does not name \(name)")
      }
    }
    let apply = String(decoding: try Decor.run(["apply", "--help"]).stdout, as: UTF8.self)
    #expect(!apply.contains("Read a PNG") && !apply.contains("write a PNG"))
    #expect(apply.contains(".jfif"), "the extensions each format is chosen by")
    let batch = String(decoding: try Decor.run(["batch", "--help"]).stdout, as: UTF8.self)
    #expect(batch.contains(".webp") && !batch.contains("PNG or JPEG in"))
    let info = String(decoding: try Decor.run(["info", "--help"]).stdout, as: UTF8.self)
    #expect(info.contains("WebP") && !info.contains("PNG's or JPEG's"))
    #expect(info.contains("HEIC") && info.contains("AVIF"), "the HEIF decoder reads both")
  }
}
#endif
