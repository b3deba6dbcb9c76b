import Foundation
import Testing

import Decor
import DecorTestSupport

/// An animation through a chain, frame by frame, into an animated WebP or GIF (and into a format of one image),
/// against Pillow's bicubic resize of each frame (`Tests/Fixtures/Animation/make.py`).
@Suite struct AnimationWritingTests {
  static func path(_ name: String) -> String {
    Fixtures.root.appendingPathComponent("Animation").appendingPathComponent(name).path
  }

  /// Every frame of the file at `path` or of `bytes`.
  static func frames(_ animation: Animation) throws -> [AnimationFrame] { try animation.allFrames() }

  /// `decor apply three.gif 'resize 50%'` as the library does it: 3 frames of 48x32, the delays and the loop kept,
  /// each frame at least 25 dB from Pillow's resize of it.
  @Test(arguments: ["gif", "webp"])
  func resizedFramesMatchPillow(format: String) throws {
    let chain = try Chain(parsing: ["resize 50%"])
    let animation = try Animation(contentsOfFile: Self.path("three.gif"))
    let encoder = try EncoderRegistry.standard.encoder(forFormat: format)
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out." + format).path
    let result = try animation.write(to: output, as: encoder) { frame in try chain.apply(to: frame) }
    #expect(result.framesWritten == 3)
    let written = try Animation(contentsOfFile: output)
    #expect(written.decoderName == format && written.width == 48 && written.height == 32)
    #expect(written.delays == [100, 200, 300] && written.loopCount == 0)
    for (index, frame) in try Self.frames(written).enumerated() {
      let reference = try Raster(contentsOfFile: Self.path("three-half-\(index + 1).png"))
      let psnr = ImageMetrics.psnr(frame.raster, reference)
      #expect(psnr >= 25, "\(format) frame \(index + 1): \(psnr) dB")
    }
    // The same bytes in memory as in the file.
    let bytes = try animation.encoded(as: encoder) { frame in try chain.apply(to: frame) }
    #expect(bytes == Array(try Data(contentsOf: URL(fileURLWithPath: output))))
  }

  /// A format of one image gets the first frame, and the result says so.
  @Test func aFormatOfOneImageGetsTheFirstFrame() throws {
    let animation = try Animation(contentsOfFile: Self.path("three.webp"))
    let sink = ByteSink()
    let result = try animation.write(into: sink, as: .png())
    #expect(result.framesWritten == 1)
    #expect(try Raster(decoding: sink.bytes) == Raster(contentsOfFile: Self.path("three-frame-1.png")))
  }

  /// A decoration whose size changes between frames cannot make one animation: an error naming the frame.
  @Test func framesOfDifferentSizesAreRefused() throws {
    let animation = try Animation(contentsOfFile: Self.path("three.gif"))
    var count = 0
    #expect {
      try animation.write(into: ByteSink(), as: .gif, destination: "out.gif") { frame in
        count += 1
        return frame.padded(by: count == 2 ? 4 : 2)
      }
    } throws: { error in
      guard case .encodingFailed(let destination, let detail) = error as? CodecError else { return false }
      return destination == "out.gif" && detail.contains("frame 2 comes out 104x72, the first 100x68")
    }
  }

  /// The `async` write gives the same file.
  @Test func asyncWrite() async throws {
    let animation = try Animation(contentsOfFile: Self.path("three.gif"))
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.webp").path
    let result = try await animation.writeAsync(to: output, as: WebPImageEncoder.webp(lossless: true))
    #expect(result.framesWritten == 3)
    let frames = try Self.frames(try Animation(contentsOfFile: output))
    #expect(try frames.map(\.raster) == (1...3).map { try Raster(contentsOfFile: Self.path("three-frame-\($0).png")) })
  }
}
