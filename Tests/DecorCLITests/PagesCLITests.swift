#if CLI
import Foundation
import Testing

import Decor
import DecorTestSupport

/// A multi-page TIFF through the command line: with `--all-pages`, `apply` and `batch` read every page as a frame
/// and write them as an animation; without it, the first page and the notice, as before.
@Suite final class PagesCLITests: ScratchFolder {
  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-pages") }
  deinit { removeDirectory() }

  static func fixture(_ name: String) -> String {
    CLITests.repository.appendingPathComponent("Tests/Fixtures/TIFF").appendingPathComponent(name).path
  }

  /// Three frames of 24x16, delay 0, looping for ever, each within 25 dB of Pillow's resize of its page; in a GIF
  /// (one transparent colour, no translucency) the translucent edges of the third page's cut-out cannot be kept, so
  /// only the opaque pages are compared there.
  static func expectHalved(_ path: String) throws {
    let animation = try Animation(contentsOfFile: path, decoders: .standard(autoOrient: true, allPages: true))
    let frames = try animation.allFrames()
    #expect(frames.count == 3 && animation.width == 24 && animation.height == 16, "\(path)")
    #expect(animation.delays == [0, 0, 0] && animation.loopCount == 0, "\(path)")
    for (index, frame) in frames.enumerated() where !(path.hasSuffix(".gif") && index == 2) {
      let reference = try Raster(contentsOfFile: fixture("pages3-half-\(index + 1).png"))
      let psnr = AnimationCLITests.psnr(frame.raster, reference)
      #expect(psnr >= 25, "\(path) page \(index + 1): \(psnr) dB")
    }
  }

  @Test(arguments: ["webp", "gif", "tif"])
  func applyWithAllPagesKeepsEveryPage(format: String) throws {
    let output = file("out." + format)
    let run = try Decor.run(["apply", Self.fixture("pages3.tif"), "--all-pages", "resize 50%", "-o", output])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    try Self.expectHalved(output)
  }

  @Test func batchWithAllPagesKeepsEveryPage() throws {
    let run = try Decor.run(["batch", "--all-pages", "--chain", "resize 50%", "--format", "webp", "--output-dir",
      file("out"), Self.fixture("pages3.tif")])
    #expect(run.status == 0 && run.stderr == "decor: 1 written, 0 skipped, 0 failed\n", "\(run.stderr)")
    try Self.expectHalved(file("out/pages3.webp"))
  }

  /// Without the flag, the first page and one notice naming the flag where it would make a difference (a format
  /// that holds frames); `batch` writes the first page.
  @Test func withoutTheFlagTheFirstPage() throws {
    let input = Self.fixture("pages3.tif")
    let run = try Decor.run(["apply", input, "resize 50%", "-o", file("first.webp")])
    #expect(run.status == 0
      && run.stderr == "decor: \(input): multi-page image: only its first page (of 3) is used; --all-pages reads "
        + "every page\n", "\(run.stderr)")
    let written = try Animation(contentsOfFile: file("first.webp"))
    #expect(written.frameCount == 1 && written.width == 24)
    let batch = try Decor.run(["batch", "--chain", "resize 50%", "--format", "webp", "--output-dir", file("out"),
      input])
    #expect(batch.status == 0 && batch.stderr == "decor: 1 written, 0 skipped, 0 failed\n", "\(batch.stderr)")
    #expect(try Animation(contentsOfFile: file("out/pages3.webp")).frameCount == 1)
  }

  /// An animated GIF written as TIFF: its frames as pages, and one line saying the timing is not kept.
  @Test func anAnimationToTIFFBecomesPages() throws {
    let output = file("three.tif")
    let run = try Decor.run(["apply", AnimationCLITests.fixture("three.gif"), "-o", output])
    #expect(run.status == 0
      && run.stderr == "decor: \(output): not written: frame delays and loop count (TIFF records no timing)\n",
      "\(run.stderr)")
    let info = try Decor.run(["info", output])
    #expect(String(decoding: info.stdout, as: UTF8.self).contains(", 3 pages, "))
  }

  /// With the flag, a format of one image gets the first page and the frame notice.
  @Test func allPagesToPNGWritesTheFirstPage() throws {
    let input = Self.fixture("pages3.tif")
    let run = try Decor.run(["apply", input, "--all-pages", "-o", file("page.png")])
    #expect(run.status == 0
      && run.stderr == "decor: \(input): animation of 3 frames: wrote frame 1 (PNG holds one image)\n",
      "\(run.stderr)")
    #expect(try Raster(contentsOfFile: file("page.png")) == Raster(contentsOfFile: Self.fixture("pages3-1.png")))
  }

  /// Pages of different sizes and a corrupt page: exit 1 with one line naming the file, and no output left.
  @Test func refusalsAreOneLine() throws {
    let sizes = Self.fixture("pages-sizes.tif")
    let refused = try Decor.run(["apply", sizes, "--all-pages", "resize 50%", "-o", file("sizes.gif")])
    #expect(refused.status == 1
      && refused.stderr == "decor: \(sizes): page 2 is 24x16 and page 1 48x32: pages of different sizes are not "
        + "read as frames\n", "\(refused.stderr)")
    let corrupt = Self.fixture("pages3-corrupt.tif")
    let damaged = try Decor.run(["apply", corrupt, "--all-pages", "resize 50%", "-o", file("corrupt.gif")])
    #expect(damaged.status == 1 && damaged.stderr.hasPrefix("decor: \(corrupt): corrupt or truncated image: page 3: ")
      && damaged.stderr.split(separator: "\n").count == 1, "\(damaged.stderr)")
    #expect(!FileManager.default.fileExists(atPath: file("sizes.gif")))
    #expect(!FileManager.default.fileExists(atPath: file("corrupt.gif")))
  }
}
#endif
