#if CLI
import Foundation
import Testing

/// GIF and TIFF through the command line: read by `apply` and `batch` (folders take their extensions), described by
/// `info`, and a damaged file is one line naming it.
@Suite final class FormatsCLITests: ScratchFolder {
  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-formats") }
  deinit { removeDirectory() }

  static let fixtures = CLITests.repository.appendingPathComponent("Tests/Fixtures")
  static func fixture(_ path: String) -> String { fixtures.appendingPathComponent(path).path }

  @Test func gifAndTIFFAreRead() throws {
    let gif = Self.fixture("GIF/animated.gif")
    let first = try Decor.run(["apply", gif, "pad 2", "-o", file("gif.png")])
    #expect(first.status == 0 && first.stderr == "decor: \(gif): animation of 3 frames: wrote frame 1 (PNG holds one image)\n")
    let tiff = Self.fixture("TIFF/rgba16-unassociated-tiles.tif")
    let streamed = try Decor.run(["apply", tiff, "blur 2", "-o", file("tiff.webp")])
    // The file is 16-bit, WebP 8: said once.
    #expect(streamed.status == 0
      && streamed.stderr == "decor: \(file("tiff.webp")): 16-bit samples written at 8 bits, the most WebP holds\n",
      "\(streamed.stderr)")
    let pages = Self.fixture("TIFF/multipage.tif")
    let firstPage = try Decor.run(["apply", pages, "pad 2", "-o", file("page.png")])
    #expect(firstPage.status == 0
      && firstPage.stderr == "decor: \(pages): multi-page image: only its first page (of 2) is used\n")
    let info = try Decor.run(["info", gif, tiff])
    let text = String(decoding: info.stdout, as: UTF8.self)
    #expect(info.status == 0)
    #expect(text.contains("40x24, GIF, indexed, 2-bit palette, no alpha, animation of 3 frames"), "\(text)")
    #expect(text.contains("48x32, TIFF, RGB, 16-bit, alpha (unassociated), deflate, tiles of 16x16, 1 page"), "\(text)")
  }

  @Test func aFolderTakesGIFAndTIFF() throws {
    let inputs = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    for (from, to) in [("GIF/photo.gif", "a.GIF"), ("TIFF/rgb8-lzw.tif", "b.tif"), ("TIFF/grey16.tif", "c.TIFF")] {
      try FileManager.default.copyItem(atPath: Self.fixture(from), toPath: inputs.appendingPathComponent(to).path)
    }
    let run = try Decor.run(["batch", "--chain", "resize 24x_", "--output-dir", file("out"), inputs.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: file("out")).sorted() == ["a.png", "b.png", "c.png"])
  }

  /// The issue's check: a folder of every format read (HEIC and AVIF too) becomes lossless WebPs with `batch --format webp`, each the
  /// bytes `apply` writes for the same input (pixels and metadata alike), the EXIF kept (orientation 1 once turned
  /// upright, as `exiftool` reads it) and the ICC profile kept.
  @Test func aMixedFolderBecomesWebP() throws {
    let inputs = directory.appendingPathComponent("mixed")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    let files = [
      ("Metadata/exif-6.jpg", "a.jpg"), ("ICC/display-p3.png", "b.png"), ("GIF/photo.gif", "c.gif"),
      ("TIFF/rgb8-lzw.tif", "d.tif"), ("JPEG/photo-420.jpg", "e.jpeg"), ("WebP/cutout-lossy.webp", "f.webp"),
      ("HEIF/meta.heic", "g.heic"), ("HEIF/photo.avif", "h.avif"),
    ]
    for (from, to) in files {
      try FileManager.default.copyItem(atPath: Self.fixture(from), toPath: inputs.appendingPathComponent(to).path)
    }
    let run = try Decor.run(["batch", "--chain", "resize 20x_", "--format", "webp", "--lossless", "--output-dir",
      file("webp"), inputs.path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: file("webp")).sorted()
      == ["a.webp", "b.webp", "c.webp", "d.webp", "e.webp", "f.webp", "g.webp", "h.webp"])
    for (_, name) in files {
      let stem = String(name.prefix { $0 != "." })
      let single = try Decor.run(["apply", inputs.appendingPathComponent(name).path, "resize 20x_", "-o",
        file("\(stem)-apply.webp"), "--lossless"])
      #expect(single.status == 0, "\(single.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: file("webp/\(stem).webp")))
        == Data(contentsOf: URL(fileURLWithPath: file("\(stem)-apply.webp"))), "\(name)")
    }
    let info = String(decoding: try Decor.run(["info", file("webp/a.webp"), file("webp/b.webp")]).stdout,
      as: UTF8.self)
    #expect(info.contains("webp/a.webp: 20x13, WebP, lossless") && info.contains("EXIF (232 bytes), XMP (421 bytes)"),
      "\(info)")
    #expect(info.contains("webp/b.webp: 20x15, WebP, lossless") && info.contains("ICC profile (736 bytes)"), "\(info)")
    let heic = String(decoding: try Decor.run(["info", file("webp/g.webp")]).stdout, as: UTF8.self)
    #expect(heic.hasSuffix("webp/g.webp: 20x15, WebP, lossless, 8-bit, no alpha, ICC profile (588 bytes), EXIF (52 "
      + "bytes), XMP (322 bytes)\n"), "\(heic)")
    if let exiftool = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first(where: FileManager.default.fileExists) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: exiftool)
      process.arguments = ["-s3", "-n", "-Orientation", "-Artist", file("webp/a.webp")]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(text == "1\nDecor Tester\n", "\(text)")
    }
  }

  @Test func damagedFilesAreOneLine() throws {
    for name in ["GIF/truncated.gif", "TIFF/corrupt.tif"] {
      let run = try Decor.run(["apply", Self.fixture(name), "-o", file("x.png")])
      // A streamed input's error comes through the render, which says so first.
      #expect(run.status == 1 && run.stderr.contains("\(Self.fixture(name)): corrupt or truncated image: ")
        && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
    #expect(try contents().isEmpty)
  }

  /// HEIC in, AVIF out: `apply` scales a HEIC into an AVIF that reads back at half size with the input's metadata;
  /// `info` describes both from their boxes; a folder takes .heic and .avif; damage is one line.
  @Test func heicInAVIFOut() throws {
    let heic = Self.fixture("HEIF/meta.heic")
    let run = try Decor.run(["apply", heic, "scale 0.5", "-o", file("half.avif")])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    let info = try Decor.run(["info", heic, file("half.avif"), Self.fixture("HEIF/rotated.heic")])
    let text = String(decoding: info.stdout, as: UTF8.self)
    #expect(info.status == 0, "\(info.stderr)")
    #expect(text.contains("64x48, HEIC, 8-bit, no alpha, 1 image, ICC profile ("), "\(text)")
    #expect(text.contains("32x24, AVIF, 8-bit, no alpha, 1 image, ICC profile ("), "\(text)")
    #expect(text.contains("48x64, HEIC, 8-bit"), "\(text)")
    #expect(text.contains("EXIF (") && text.contains("XMP ("), "\(text)")
    let lossless = try Decor.run(["apply", heic, "-o", file("same.avif"), "--lossless"])
    #expect(lossless.status == 0, "\(lossless.stderr)")
    let refused = try Decor.run(["apply", heic, "-o", file("x.avif"), "--compression", "best"])
    #expect(refused.status == 1 && refused.stderr.contains("--compression does not apply to AVIF output"),
      "\(refused.stderr)")
    let inputs = directory.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    for (from, to) in [("HEIF/photo.heic", "a.HEIC"), ("HEIF/alpha.avif", "b.avif")] {
      try FileManager.default.copyItem(atPath: Self.fixture(from), toPath: inputs.appendingPathComponent(to).path)
    }
    let batch = try Decor.run(["batch", "--chain", "resize 24x_", "--format", "webp", "--output-dir", file("out"),
      inputs.path])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: file("out")).sorted() == ["a.webp", "b.webp"])
    for name in ["HEIF/truncated.heic", "HEIF/corrupt.heic", "HEIF/badbox.heic"] {
      let damaged = try Decor.run(["apply", Self.fixture(name), "-o", file("x.png")])
      #expect(damaged.status == 1 && damaged.stderr.contains("\(Self.fixture(name)): corrupt or truncated image: ")
        && damaged.stderr.split(separator: "\n").count == 1, "\(damaged.stderr)")
    }
  }
}
#endif
