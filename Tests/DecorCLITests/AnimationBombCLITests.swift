#if CLI
import Foundation
import Testing

import Decor
import DecorTestSupport

/// Animations and documents of a few dozen kilobytes that declare hours of work (2,000 frames of 1×1 on a 16384²
/// canvas; 2,000 pages of 16384² sharing one strip; the files the budget was made for hold 10,000, and are refused
/// the same way): written as an animation, each is refused from its records in one line naming the file, the count
/// and `--max-total-pixels`, before any frame is decoded, by `apply` and by each job of `batch`, and nothing is left
/// behind.
@Suite(.tags(.slow)) final class AnimationBombCLITests: ScratchFolder {
  let directory: URL
  init() throws { directory = try Self.makeDirectory("decor-bombs") }
  deinit { removeDirectory() }

  /// The line the refusal of `frames` canvases of 16384² under the default budget ends with.
  static func refusal(frames: Int) -> String {
    "\(frames) frames of 16384x16384 pixels are \(frames << 28) pixels, more than the limit of "
      + "\(Animation.defaultTotalPixelLimit) for all frames together (--max-total-pixels raises it)\n"
  }

  @Test func applyRefusesEachBombFromItsRecords() throws {
    let gif = try write("bomb.gif", HostileFiles.gif(width: 16384, height: 16384, frames: 2000))
    let webp = try write("bomb.webp", try HostileFiles.webp(width: 16384, height: 16384, frames: 2000))
    let tiff = try write("bomb.tif", HostileFiles.tiff(pages: 2000, width: 16384, height: 16384))
    for (input, output, extra) in [(gif, "out.gif", []), (webp, "out.webp", []), (tiff, "out.tif", ["--all-pages"])] {
      let run = try Decor.run(["apply", input, "-o", file(output)] + extra)
      #expect(run.status == 1, "\(input): \(run.stderr)")
      #expect(run.stderr == "decor: \(input): " + Self.refusal(frames: 2000))
      #expect(!FileManager.default.fileExists(atPath: file(output)))
    }
    #expect(try contents() == ["bomb.gif", "bomb.tif", "bomb.webp"], "no temporary file left")
  }

  /// `batch --jobs 2`: the bomb fails alone, named with the option, and the other input is written.
  @Test func batchRefusesTheBombInEachJob() throws {
    let gif = try write("bomb.gif", HostileFiles.gif(width: 16384, height: 16384, frames: 2000))
    let fine = try write("fine.gif", HostileFiles.gif(width: 8, height: 8, frames: 3))
    let run = try Decor.run(["batch", "--chain", "flip horizontal", "--output-dir", file("out"), "--format", "gif",
      "--jobs", "2", "--no-progress", gif, fine])
    #expect(run.status == 1)
    #expect(run.stderr.contains("decor: \(gif): " + Self.refusal(frames: 2000)), "\(run.stderr)")
    #expect(try Animation(contentsOfFile: file("out/fine.gif")).frameCount == 3)
    #expect(!FileManager.default.fileExists(atPath: file("out/bomb.gif")))
  }

  /// The budget counts what is decoded: an animation over it makes a still image of its first frame, and is
  /// written as an animation once the option raises the budget; a bad value is refused before any work.
  @Test func theBudgetIsWhatIsDecodedAndTheOptionRaisesIt() throws {
    let gif = try write("small.gif", HostileFiles.gif(width: 64, height: 64, frames: 10))
    let refused = try Decor.run(["apply", gif, "--max-total-pixels", "40000", "-o", file("out.gif")])
    #expect(refused.stderr == "decor: \(gif): 10 frames of 64x64 pixels are 40960 pixels, more than the limit of "
      + "40000 for all frames together (--max-total-pixels raises it)\n")
    let still = try Decor.run(["apply", gif, "--max-total-pixels", "40000", "-o", file("out.png")])
    #expect(still.status == 0, "\(still.stderr)")
    let raised = try Decor.run(["apply", gif, "--max-total-pixels", "40960", "-o", file("out.gif")])
    #expect(raised.status == 0, "\(raised.stderr)")
    #expect(try Animation(contentsOfFile: file("out.gif")).frameCount == 10)
    let bad = try Decor.run(["apply", gif, "--max-total-pixels", "0", "-o", file("x.gif")])
    #expect(bad.status == 1 && bad.stderr == "decor: --max-total-pixels must be at least 1, got 0\n", "\(bad.stderr)")
  }
}
#endif
