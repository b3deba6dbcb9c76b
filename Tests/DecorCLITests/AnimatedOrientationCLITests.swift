#if CLI
import Foundation
import Testing

import Decor
import DecorTestSupport

/// An animated WebP recording EXIF orientation 6 through `apply`: every frame comes out turned, as a still one does,
/// and the output records 1; `--no-auto-orient` keeps the frames as stored.
@Suite final class AnimatedOrientationCLITests: ScratchFolder {
  let directory: URL
  init() throws { directory = try Self.makeDirectory("decor-animated-orientation") }
  deinit { removeDirectory() }

  @Test func aTurnedAnimationComesOutUpright() throws {
    let (bytes, frames) = try HostileFiles.webpAnimation(width: 40, height: 20, frames: 3,
      exif: HostileFiles.exif(orientation: 6))
    try Data(bytes).write(to: URL(fileURLWithPath: file("in.webp")))
    let run = try Decor.run(["apply", file("in.webp"), "--lossless", "-o", file("out.webp")])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    let turned = try Animation(contentsOfFile: file("out.webp"))
    #expect(turned.width == 20 && turned.height == 40 && turned.frameCount == 3)
    #expect(turned.metadata.exif.flatMap(ExifOrientation.init(exif:)) ?? .up == .up)
    #expect(try turned.allFrames().map(\.raster) == frames.map { try ExifOrientation.right.apply(to: $0) })

    let kept = try Decor.run(["apply", file("in.webp"), "--no-auto-orient", "-o", file("kept.webp")])
    #expect(kept.status == 0, "\(kept.stderr)")
    let stored = try Animation(contentsOfFile: file("kept.webp"), decoders: .standard(autoOrient: false))
    #expect(stored.width == 40 && stored.height == 20)
    #expect(stored.metadata.exif.flatMap(ExifOrientation.init(exif:)) == .right)
  }
}
#endif
