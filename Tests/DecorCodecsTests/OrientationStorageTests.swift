#if WebP
import Foundation
import Testing

import Decor
import DecorTestSupport

/// The EXIF orientation as Pillow, libvips and exiftool read it: stored as a SHORT or a LONG, applied to a still image
/// and to every frame of an animated WebP alike; an entry of another count ignored as damaged.
@Suite struct OrientationStorageTests {
  /// A 40×20 animation of 3 frames recording orientation 6 comes out 20×40, every frame turned as a still image
  /// is (stored pixel (0, 0) shows at (19, 0)), and its EXIF then says 1; as stored without auto-orientation.
  @Test func everyFrameOfAnAnimatedWebPIsTurned() throws {
    let (bytes, frames) = try HostileFiles.webpAnimation(width: 40, height: 20, frames: 3,
      exif: HostileFiles.exif(orientation: 6))
    let animation = try Animation(decoding: bytes)
    #expect(animation.width == 20 && animation.height == 40 && animation.frameCount == 3)
    #expect(animation.metadata.exif.flatMap(ExifOrientation.init(exif:)) == .up)
    let read = try animation.allFrames()
    #expect(read.count == 3)
    for (index, frame) in read.enumerated() {
      #expect(frame.raster == (try ExifOrientation.right.apply(to: frames[index])), "frame \(index + 1)")
      #expect(frame.raster.pixel(x: 19, y: 0) == RGBA8(r: 255, g: 0, b: 0, a: 255))
    }
    // The first frame, as `OpenedImage` decodes it, is turned as the frames are.
    #expect(try DecodedImage(decoding: bytes).raster == read[0].raster)

    let stored = try Animation(decoding: bytes, decoders: .standard(autoOrient: false))
    #expect(stored.width == 40 && stored.height == 20)
    #expect(try stored.allFrames().map(\.raster) == frames)
  }

  /// One LONG is read as one SHORT is, in either byte order; a SHORT or LONG of another count, or another type, is
  /// not an orientation.
  @Test func theOrientationIsReadAsAShortOrALongOfOneValue() throws {
    for bigEndian in [false, true] {
      #expect(ExifOrientation(exif: HostileFiles.exif(orientation: 6, bigEndian: bigEndian)) == .right)
      #expect(ExifOrientation(exif: HostileFiles.exif(orientation: 6, type: 4, bigEndian: bigEndian)) == .right)
      #expect(ExifOrientation(exif: HostileFiles.exif(orientation: 8, type: 4, bigEndian: bigEndian)) == .left)
      #expect(ExifOrientation(exif: HostileFiles.exif(orientation: 6, count: 1_000_000_000, bigEndian: bigEndian))
        == nil)
      #expect(ExifOrientation(exif: HostileFiles.exif(orientation: 6, type: 4, count: 2, bigEndian: bigEndian)) == nil)
      #expect(ExifOrientation(exif: HostileFiles.exif(orientation: 6, type: 9, bigEndian: bigEndian)) == nil)
      // A LONG past the eight orientations is none.
      #expect(ExifOrientation(exif: HostileFiles.exif(orientation: 1 << 16 | 6, type: 4, bigEndian: bigEndian)) == nil)
      // Reset to 1 where Decor turned the pixels, in the width it is stored in.
      let long = HostileFiles.exif(orientation: 6, type: 4, bigEndian: bigEndian)
      let carried = try #require(ExifEditing.carried(long, resetOrientation: true))
      #expect(ExifOrientation(exif: carried) == .up && carried.count == long.count)
    }
  }

  /// A PNG whose `eXIf` records orientation 6 as a LONG is turned, as Pillow's `exif_transpose` turns it; as a SHORT
  /// of a billion values, it is not.
  @Test func aStillImageIsTurnedByALongOrientation() throws {
    var builder = PNGBuilder(width: 2, height: 1, bitDepth: 8, colorType: 2)
    builder.setRows([[255, 0, 0, 0, 0, 255]])
    builder.extraChunks = [("eXIf", HostileFiles.exif(orientation: 6, type: 4))]
    let turned = try Raster(decoding: builder.build())
    #expect(turned.width == 1 && turned.height == 2)
    #expect(turned.pixel(x: 0, y: 0) == RGBA8(r: 255, g: 0, b: 0, a: 255))
    builder.extraChunks = [("eXIf", HostileFiles.exif(orientation: 6, count: 1_000_000_000))]
    let unturned = try Raster(decoding: builder.build())
    #expect(unturned.width == 2 && unturned.height == 1)
  }
}
#endif
