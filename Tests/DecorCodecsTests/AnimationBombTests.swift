import Foundation
import Testing

import Decor
import DecorTestSupport

/// Animations and documents whose few bytes declare hours of work (many 1×1 frames on a 16384² canvas, many 16384²
/// pages sharing one strip) are refused from their records, before any frame is decoded, by the budget of pixels
/// all frames hold together; pages are read in one pass; a frame limit is said in words.
@Suite struct AnimationBombTests {
  static let allPages = DecoderRegistry.standard(autoOrient: true, allPages: true)

  /// Expects `.framesTooLarge` of `frames` canvases of `side`² against `limit`, in a message naming the count.
  static func expectRefused(
    _ body: () throws -> Animation, frames: Int, side: Int, limit: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(sourceLocation: sourceLocation) { _ = try body() } throws: { error in
      guard case .framesTooLarge(_, let count, let width, let height, let refusedAt)? = error as? CodecError else {
        return false
      }
      let total = frames * side * side
      return count == frames && width == side && height == side && refusedAt == limit
        && "\(error)".contains("\(frames) frames of \(side)x\(side) pixels are \(total) pixels")
        && "\(error)".contains("limit of \(limit)")
    }
  }

  /// 200 frames of 1×1 on a 16384² screen: 200 canvases of 1 GiB, refused by default (from the records: the test
  /// would take minutes and gigabytes otherwise), as the same GIF and WebP with a budget given.
  @Test func anAnimationOfTinyFramesOnAHugeCanvasIsRefusedFromItsRecords() throws {
    let gif = HostileFiles.gif(width: 16384, height: 16384, frames: 200)
    let webp = try HostileFiles.webp(width: 16384, height: 16384, frames: 200)
    for bytes in [gif, webp] {
      Self.expectRefused({ try Animation(decoding: bytes) }, frames: 200, side: 16384,
        limit: Animation.defaultTotalPixelLimit)
      Self.expectRefused({ try Animation(decoding: bytes, totalPixelLimit: 1 << 35) }, frames: 200, side: 16384,
        limit: 1 << 35)
    }
    // Within the budget, the same kind of file opens and its frames are read.
    let small = HostileFiles.gif(width: 64, height: 64, frames: 3)
    let animation = try Animation(decoding: small, totalPixelLimit: 3 * 64 * 64)
    #expect(animation.totalPixelLimit == 3 * 64 * 64 && animation.frameCount == 3)
    #expect(try animation.allFrames().count == 3)
    Self.expectRefused({ try Animation(decoding: small, totalPixelLimit: 3 * 64 * 64 - 1) }, frames: 3, side: 64,
      limit: 3 * 64 * 64 - 1)
    let webpAnimation = try Animation(decoding: try HostileFiles.webp(width: 64, height: 64, frames: 3))
    #expect(webpAnimation.frameCount == 3 && webpAnimation.delays == [100, 100, 100])
    #expect(try webpAnimation.allFrames().first?.raster.pixel(x: 0, y: 0) == RGBA8(r: 255, g: 255, b: 255, a: 255))
  }

  /// A still GIF (one frame) is bounded by the pixel limit alone, as a still PNG is.
  @Test func aStillImageIsNotCountedAgainstTheBudget() throws {
    let animation = try Animation(decoding: HostileFiles.gif(width: 64, height: 64, frames: 1), totalPixelLimit: 1)
    #expect(animation.frameCount == 1)
  }

  /// 100 pages of 16384² sharing one strip of one byte, read as frames: refused from the directories.
  @Test func aDocumentOfHugePagesSharingOneStripIsRefusedFromItsDirectories() throws {
    let tiff = HostileFiles.tiff(pages: 100, width: 16384, height: 16384)
    Self.expectRefused({ try Animation(decoding: tiff, decoders: Self.allPages) }, frames: 100, side: 16384,
      limit: Animation.defaultTotalPixelLimit)
  }

  /// 2,000 pages of 1×1 are read as 2,000 frames through one opening of the file (an opening per page, walking
  /// every directory before it, read four million directories and took minutes).
  @Test func everyPageOfALongDocumentIsReadInOnePass() throws {
    let pages = SanitizerRun.count(2000, sanitized: 300)
    let animation = try Animation(decoding: HostileFiles.tiff(pages: pages, width: 1, height: 1),
      decoders: Self.allPages)
    #expect(animation.frameCount == pages && animation.width == 1 && animation.height == 1)
    let frames = try animation.frames()
    var count = 0
    while let frame = try frames.next() {
      #expect(frame.raster.pixel(x: 0, y: 0) == RGBA8(r: 128, g: 128, b: 128, a: 255))
      count += 1
    }
    #expect(count == pages)
  }

  /// A frame limit below 1 is said as what it is, not as "more than -1 frames".
  @Test func aFrameLimitBelowOneIsSaidInWords() throws {
    let gif = HostileFiles.gif(width: 4, height: 4, frames: 2)
    for limit in [-1, 0] {
      #expect {
        _ = try Animation(decoding: gif, frameLimit: limit)
      } throws: { error in
        let text = "\(error)"
        return text.contains("a frame limit of \(limit) lets no frame be read: it must be at least 1")
          && !text.contains("more than")
      }
    }
    // Past a limit of 1, the count is said with it: counted as read for a GIF, from the records for a WebP.
    #expect { _ = try Animation(decoding: gif, frameLimit: 1) } throws: {
      "\($0)" == "<memory>: an animation of more than 1 frame"
    }
    let webp = try HostileFiles.webp(width: 4, height: 4, frames: 3)
    #expect { _ = try Animation(decoding: webp, frameLimit: 2) } throws: {
      "\($0)" == "<memory>: an animation of 3 frames, more than 2 frames"
    }
  }
}
