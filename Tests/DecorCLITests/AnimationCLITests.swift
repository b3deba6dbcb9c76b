#if CLI
import Foundation
import Testing

import Decor
import DecorTestSupport

/// Animations through the command line: `apply` and `batch` keep every frame, delay and the loop count into WebP
/// and GIF, say in one line which frame a format of one image got, and `info` shows frames and delays.
@Suite final class AnimationCLITests: ScratchFolder {
  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-animation") }
  deinit { removeDirectory() }

  static func fixture(_ name: String) -> String {
    CLITests.repository.appendingPathComponent("Tests/Fixtures/Animation").appendingPathComponent(name).path
  }

  /// The frames of the file at `path`.
  static func frames(_ path: String) throws -> (animation: Animation, frames: [AnimationFrame]) {
    let animation = try Animation(contentsOfFile: path)
    return (animation, try animation.allFrames())
  }

  /// Three frames of 48x32, 100/200/300 ms, looping for ever, each within 25 dB of Pillow's resize of it.
  static func expectHalved(_ path: String) throws {
    let (animation, frames) = try Self.frames(path)
    #expect(frames.count == 3 && animation.width == 48 && animation.height == 32, "\(path)")
    #expect(animation.delays == [100, 200, 300] && animation.loopCount == 0, "\(path)")
    for (index, frame) in frames.enumerated() {
      let reference = try Raster(contentsOfFile: fixture("three-half-\(index + 1).png"))
      let psnr = psnr(frame.raster, reference)
      #expect(psnr >= 25, "\(path) frame \(index + 1): \(psnr) dB")
    }
  }

  static func psnr(_ a: Raster, _ b: Raster) -> Double {
    let sum = zip(a.bytes, b.bytes).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
    return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(a.bytes.count)))
  }

  @Test(arguments: ["webp", "gif"])
  func applyKeepsEveryFrame(format: String) throws {
    let output = file("out." + format)
    let run = try Decor.run(["apply", Self.fixture("three.gif"), "resize 50%", "-o", output])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    try Self.expectHalved(output)
  }

  @Test func batchKeepsEveryFrame() throws {
    let run = try Decor.run(["batch", "--chain", "resize 50%", "--format", "webp", "--output-dir", file("out"),
      Self.fixture("three.gif")])
    // Off a terminal, the batch's one summary line and nothing else.
    #expect(run.status == 0 && run.stderr == "decor: 1 written, 0 skipped, 0 failed\n", "\(run.stderr)")
    try Self.expectHalved(file("out/three.webp"))
  }

  /// PNG holds one image: the first frame is written, and one line says so, in `apply` and `batch` alike.
  @Test func aFormatOfOneImageSaysWhichFrame() throws {
    let input = Self.fixture("three.webp")
    let apply = try Decor.run(["apply", input, "-o", file("one.png")])
    #expect(apply.status == 0)
    #expect(apply.stderr == "decor: \(input): animation of 3 frames: wrote frame 1 (PNG holds one image)\n")
    #expect(try Raster(contentsOfFile: file("one.png")) == Raster(contentsOfFile: Self.fixture("three-frame-1.png")))
    let batch = try Decor.run(["batch", "--chain", "resize 50%", "--output-dir", file("out"), input])
    #expect(batch.status == 0)
    #expect(batch.stderr == "decor: \(input): animation of 3 frames: wrote frame 1 (PNG holds one image)\n"
      + "decor: 1 written, 0 skipped, 0 failed\n")
  }

  @Test func infoShowsFramesDelaysAndLoop() throws {
    let run = try Decor.run(["info", Self.fixture("three.gif"), Self.fixture("three.webp")])
    let text = String(decoding: run.stdout, as: UTF8.self)
    #expect(run.status == 0)
    #expect(text.contains("three.gif: 96x64, GIF, indexed, 8-bit palette, no alpha, animation of 3 frames "
      + "(100, 200, 300 ms), looping for ever"), "\(text)")
    #expect(text.contains("animation of 3 frames (100, 200, 300 ms), looping for ever"), "\(text)")
  }

  /// A still image written as GIF is one frame.
  @Test func aStillImageToGIF() throws {
    let run = try Decor.run(["apply", CLITests.repository.appendingPathComponent("SampleImages/chelsea.png").path,
      "resize 100x_", "-o", file("still.gif")])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    let (animation, frames) = try Self.frames(file("still.gif"))
    #expect(frames.count == 1 && animation.width == 100 && animation.height == 67)
  }

  /// A truncated animation is one line naming it, exit status 1.
  @Test func aTruncatedAnimationIsOneLine() throws {
    let input = Self.fixture("truncated.gif")
    let run = try Decor.run(["apply", input, "resize 50%", "-o", file("t.webp")])
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("decor: \(input): ") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: file("t.webp")))
  }

  /// An animated WebP in Display P3, written with `--colorspace srgb`: each frame converted as Pillow's ImageCms
  /// converts it (identical here), and no profile in the output; without it, the values and the profile kept.
  @Test func framesAreConvertedToSRGBWhenAsked() throws {
    let output = file("out.webp")
    let input = Self.fixture("p3.webp")
    let run = try Decor.run(["apply", input, "resize 100%", "--colorspace", "srgb", "--lossless", "-o", output])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    // Batch alike.
    let batch = try Decor.run(["batch", "--chain", "resize 100%", "--format", "webp", "--colorspace", "srgb",
      "--lossless", "--output-dir", file("out"), input])
    #expect(batch.status == 0, "\(batch.stderr)")
    for path in [output, file("out/p3.webp")] {
      let converted = try Animation(contentsOfFile: path)
      #expect(converted.frameCount == 3 && converted.metadata.iccProfile == nil)
      for (index, frame) in try Self.frames(path).frames.enumerated() {
        let reference = try Raster(contentsOfFile: Self.fixture("p3-srgb-\(index + 1).png"))
        let psnr = Self.psnr(frame.raster, reference)
        #expect(psnr >= 50, "\(path) frame \(index + 1): \(psnr) dB")
      }
    }
    let kept = try Decor.run(["apply", input, "resize 100%", "--lossless", "-o", output])
    #expect(kept.status == 0)
    let carried = try Animation(contentsOfFile: output)
    #expect(carried.metadata.iccProfile == (try Animation(contentsOfFile: input)).metadata.iccProfile)
    for (index, frame) in try Self.frames(output).frames.enumerated() {
      #expect(frame.raster == (try Raster(contentsOfFile: Self.fixture("three-frame-\(index + 1).png"))))
    }
  }
}
#endif
