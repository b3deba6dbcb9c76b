import Foundation
import Testing

import Decor
import DecorTestSupport

/// Animations read frame by frame (GIF through giflib, WebP through libwebp's animation decoder) against Pillow's
/// `ImageSequence` of the same files, converted to RGBA (committed once by `Tests/Fixtures/Animation/make.py`):
/// exact, since both files are lossless.
@Suite struct AnimationReadingTests {
  static let folder = Fixtures.root.appendingPathComponent("Animation")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Every frame of `animation`, read in order.
  static func frames(_ animation: Animation) throws -> [AnimationFrame] { try animation.allFrames() }

  @Test(arguments: ["three.gif", "three.webp"])
  func framesDelaysAndLoopMatchPillow(name: String) throws {
    let animation = try Animation(contentsOfFile: Self.path(name))
    #expect(animation.width == 96 && animation.height == 64)
    #expect(animation.frameCount == 3 && animation.isAnimated)
    #expect(animation.delays == [100, 200, 300])
    #expect(animation.loopCount == 0)
    let frames = try Self.frames(animation)
    #expect(frames.map(\.delay) == [100, 200, 300])
    for (index, frame) in frames.enumerated() {
      let reference = try Raster(contentsOfFile: Self.path("three-frame-\(index + 1).png"))
      #expect(frame.raster == reference, "\(name): frame \(index + 1) differs from Pillow's")
    }
  }

  /// Frames cropped to what changed (offsets), disposal 2 (cleared to transparent) and 3 (the picture before it put
  /// back), a transparent index: each composed frame as Pillow composes it.
  @Test func disposalMethodsAsPillowComposesThem() throws {
    let animation = try Animation(contentsOfFile: Self.path("disposal.gif"))
    let frames = try Self.frames(animation)
    #expect(frames.count == 4 && animation.delays == [50, 50, 50, 50])
    for (index, frame) in frames.enumerated() {
      let reference = try Raster(contentsOfFile: Self.path("disposal-frame-\(index + 1).png"))
      #expect(frame.raster == reference, "frame \(index + 1) differs from Pillow's")
    }
  }

  /// A frame reaching past the canvas is clipped to it, as browsers clip it: the canvas keeps its size.
  @Test func aFrameOutsideTheCanvasIsClipped() throws {
    let frames = try Self.frames(try Animation(contentsOfFile: Self.path("outside.gif")))
    #expect(frames.count == 4 && frames.allSatisfy { $0.raster.width == 32 && $0.raster.height == 24 })
    #expect(frames[1].raster.pixel(x: 28, y: 20) == RGBA8(r: 0, g: 255, b: 0, a: 255))
    #expect(frames[1].raster.pixel(x: 31, y: 23) == RGBA8(r: 0, g: 255, b: 0, a: 255))
    #expect(frames[1].raster.pixel(x: 27, y: 20)?.a == 0)
  }

  /// The same frames from bytes in memory as from the file, and a reading can be started again.
  @Test func fromMemoryAndReadTwice() throws {
    let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent("three.gif"))
    let animation = try Animation(decoding: bytes)
    let first = try Self.frames(animation)
    let second = try Self.frames(animation)
    #expect(first.count == 3 && first.map(\.raster) == second.map(\.raster))
  }

  /// A still image is an animation of one frame, its decoded pixels, by every reading of it: a still GIF through
  /// giflib's frame reader, a still WebP and a PNG (decoded once when opened) as their decoders read them.
  @Test(arguments: ["GIF/photo.gif", "WebP/photo-lossless.webp", "WebP/photo-source.png"])
  func aStillImageIsOneFrame(name: String) throws {
    let path = Fixtures.root.appendingPathComponent(name).path
    let animation = try Animation(contentsOfFile: path)
    #expect(animation.frameCount == 1 && !animation.isAnimated && animation.delays == [0])
    let photo = try Raster(contentsOfFile: path)
    #expect(animation.width == photo.width && animation.height == photo.height)
    for _ in 0..<2 {
      let frames = try Self.frames(animation)
      #expect(frames.count == 1 && frames.first?.raster == photo && frames.first?.delay == 0, "\(name)")
    }
  }

  /// A file cut inside a frame, too many frames, a canvas over the pixel limit: typed errors, before any pixel for
  /// the limits.
  @Test func hostileAnimationsAreTypedErrors() throws {
    #expect {
      _ = try Animation(contentsOfFile: Self.path("truncated.gif"))
    } throws: { error in
      guard case .corrupt(let source, _) = error as? CodecError else { return false }
      return source.hasSuffix("truncated.gif")
    }
    for name in ["three.gif", "three.webp"] {
      #expect {
        _ = try Animation(contentsOfFile: Self.path(name), frameLimit: 2)
      } throws: { error in
        guard case .unsupportedVariant(_, let detail) = error as? CodecError else { return false }
        return detail.contains("more than 2 frames")
      }
      #expect {
        _ = try Animation(contentsOfFile: Self.path(name), pixelLimit: 96 * 64 - 1)
      } throws: { error in
        guard case .tooLarge = error as? CodecError else { return false }
        return true
      }
    }
    // Every prefix of the animation is an error or fewer frames, never a trap.
    for name in ["three.gif", "three.webp"] {
      let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent(name))
      for length in stride(from: 0, to: bytes.count, by: 97) {
        if let animation = try? Animation(decoding: Array(bytes.prefix(length))), let frames = try? animation.frames() {
          var count = 0
          while (try? frames.next()) != nil { count += 1 }
          #expect(count <= animation.frameCount, "\(name) cut at \(length)")
        }
      }
    }
  }
}
