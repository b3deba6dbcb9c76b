import Foundation
import Testing

import Decor
import DecorTestSupport

/// Animations written through the encoders' animation writers (GIF through giflib, WebP through libwebp's
/// animation encoder) and read back.
@Suite struct AnimationEncodingTests {
  /// `frames` with `delays` written through `encoder`'s animation writer.
  static func written(_ frames: [Raster], delays: [Int], loopCount: Int, encoder: some ImageEncoder) throws -> [UInt8] {
    let sink = ByteSink()
    let writer = try #require(try encoder.animationWriter(width: frames[0].width, height: frames[0].height,
      loopCount: loopCount, metadata: .none, destination: "<memory>", into: sink))
    for (frame, delay) in zip(frames, delays) { try writer.add(frame, delay: delay) }
    _ = try writer.finish()
    return sink.bytes
  }

  static func pillowFrames() throws -> [Raster] {
    try (1...3).map { try Raster(contentsOfFile: AnimationReadingTests.path("three-frame-\($0).png")) }
  }

  /// Frames of at most 256 colours keep them exactly in a GIF (each frame's own palette); lossless WebP keeps every
  /// pixel; delays and loop count kept.
  @Test func gifAndLosslessWebPKeepFramesDelaysAndLoop() throws {
    let frames = try Self.pillowFrames()
    for (encoder, loop) in [(GIFImageEncoder() as any ImageEncoder, 0), (WebPImageEncoder.webp(lossless: true), 3)] {
      let bytes = try Self.written(frames, delays: [100, 200, 300], loopCount: loop, encoder: encoder)
      let animation = try Animation(decoding: bytes)
      #expect(animation.decoderName == encoder.name)
      #expect(animation.delays == [100, 200, 300] && animation.loopCount == loop, "\(encoder.name)")
      let read = try AnimationReadingTests.frames(animation)
      #expect(read.map(\.raster) == frames, "\(encoder.name): the frames changed")
    }
  }

  /// An animation of no pixels is refused before anything is written, in the words the PNG encoder gives an image
  /// of no pixels.
  @Test func anAnimationOfNoPixelsIsRefusedAsAnImageIs() throws {
    let expected = CodecError.encodingFailed(destination: "out", detail: "a 0×8 image has no pixels")
    for encoder in [GIFImageEncoder() as any ImageEncoder, try WebPImageEncoder.webp(quality: 80)] {
      let sink = ByteSink()
      #expect(throws: expected, "\(encoder.name)") {
        _ = try encoder.animationWriter(width: 0, height: 8, loopCount: 0, metadata: .none, destination: "out",
          into: sink)
      }
      #expect(sink.bytes.isEmpty, "\(encoder.name)")
    }
    #expect(throws: expected) {
      _ = try PNGImageEncoder().encode(width: 0, height: 8, bandHeight: 8, metadata: .none, destination: "out",
        threads: 1, sourcesAreGrey: false, into: ByteSink(), rows: { _, _ in })
    }
  }

  /// A photo of thousands of colours goes through giflib's quantiser (25 dB at the least, as the animation tests
  /// ask); lossy WebP stays close.
  @Test func quantisedGIFAndLossyWebP() throws {
    let frames = try ["chelsea.png", "coffee.png"].map { name in
      try Renderer().render(try ImageMetrics.sample(name).resized(width: 226, height: 150))
    }
    for encoder in [GIFImageEncoder() as any ImageEncoder, try WebPImageEncoder.webp(quality: 90)] {
      let bytes = try Self.written(frames, delays: [40, 40], loopCount: 0, encoder: encoder)
      let read = try AnimationReadingTests.frames(try Animation(decoding: bytes))
      #expect(read.count == 2)
      for (frame, original) in zip(read, frames) {
        let psnr = ImageMetrics.psnr(frame.raster, original)
        #expect(psnr >= 25, "\(encoder.name): \(psnr) dB")
      }
    }
  }

  /// A still image is a one-frame GIF with no loop extension; alpha below 128 is the transparent index.
  @Test func aStillGIFWithTransparency() throws {
    var straight = [UInt8](repeating: 0, count: 8 * 4 * 4)
    for pixel in 0..<32 { straight.replaceSubrange(pixel * 4..<pixel * 4 + 4, with: [10, 200, 30, 255]) }
    // (1, 1) clear, (2, 1) red at alpha 100, (3, 1) blue at alpha 200.
    straight.replaceSubrange(36..<48, with: [0, 0, 0, 0, 255, 0, 0, 100, 0, 0, 255, 200])
    let raster = try Raster(width: 8, height: 4, straightBytes: straight)
    let bytes = try raster.encoded(as: .gif)
    #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
    let decoded = try DecodedImage(decoding: bytes)
    #expect(decoded.frameCount == 1)
    #expect(decoded.raster.pixel(x: 0, y: 0) == RGBA8(r: 10, g: 200, b: 30, a: 255))
    #expect(decoded.raster.pixel(x: 1, y: 1)?.a == 0)
    #expect(decoded.raster.pixel(x: 2, y: 1)?.a == 0, "alpha 100 is transparent")
    #expect(decoded.raster.pixel(x: 3, y: 1) == RGBA8(r: 0, g: 0, b: 255, a: 255), "alpha 200 is opaque")
    #expect(try Animation(decoding: bytes).loopCount == 1)
  }

  /// A frame of another size, no frames, a canvas GIF cannot hold: `encodingFailed`, never a trap.
  @Test func refusals() throws {
    let sink = ByteSink()
    for encoder in [GIFImageEncoder() as any ImageEncoder, WebPImageEncoder()] {
      let writer = try #require(try encoder.animationWriter(width: 4, height: 4, loopCount: 0, metadata: .none,
        destination: "x", into: sink))
      #expect(throws: CodecError.self) { try writer.add(try Raster(width: 5, height: 4), delay: 10) }
      #expect(throws: CodecError.self) { _ = try writer.finish() }
    }
    for (width, height) in [(70000, 1), (0, 4), (4, -1)] {
      #expect(throws: CodecError.self) {
        _ = try GIFImageEncoder().animationWriter(width: width, height: height, loopCount: 0, metadata: .none,
          destination: "x", into: sink)
      }
      #expect(throws: CodecError.self) {
        _ = try WebPImageEncoder().animationWriter(width: width == 70000 ? 17000 : width, height: height,
          loopCount: 0, metadata: .none, destination: "x", into: sink)
      }
    }
    #expect(PNGImageEncoder().writesAnimations == false && GIFImageEncoder().writesAnimations)
    #expect(try PNGImageEncoder().animationWriter(width: 4, height: 4, loopCount: 0, metadata: .none,
      destination: "x", into: sink) == nil)
  }
}
