import Foundation
import Testing

import Decor
import DecorTestSupport

/// GIF decoding against Pillow's decode of the same files (committed once by `Tests/Fixtures/GIF/make.py`): exact,
/// since GIF is lossless.
@Suite struct GIFDecoderTests {
  static let folder = Fixtures.root.appendingPathComponent("GIF")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  @Test(arguments: ["photo", "photo-interlaced", "cutout", "animated", "offset-local"])
  func matchesPillow(name: String) throws {
    let decoded = try Raster(contentsOfFile: Self.path(name + ".gif"))
    let reference = try Raster(contentsOfFile: Self.path(name + "-reference.png"))
    #expect(decoded == reference, "\(name) differs from Pillow's decode")
  }

  /// Interlacing changes the order of the rows in the file, not the image.
  @Test func anInterlacedFileGivesThePlainOnesPixels() throws {
    #expect(try Raster(contentsOfFile: Self.path("photo-interlaced.gif")) == Raster(contentsOfFile: Self.path("photo.gif")))
  }

  /// The Graphics Control Extension's transparent index is clear; a frame smaller than the screen is drawn at its
  /// offset on a transparent canvas, in its local colours; the frames are counted.
  @Test func transparencyOffsetsAndFrames() throws {
    let cutout = try Raster(contentsOfFile: Self.path("cutout.gif"))
    #expect(cutout.pixel(x: 0, y: 0)?.a == 0)
    let offset = try DecodedImage(contentsOfFile: Self.path("offset-local.gif"))
    #expect(offset.raster.width == 12 && offset.raster.height == 10 && offset.frameCount == 2)
    #expect(offset.raster.pixel(x: 0, y: 0) == RGBA8(r: 0, g: 0, b: 0, a: 0))
    #expect(offset.raster.pixel(x: 3, y: 2) == RGBA8(r: 200, g: 10, b: 10, a: 255))
    #expect(offset.raster.pixel(x: 5, y: 2) == RGBA8(r: 0, g: 0, b: 0, a: 0), "index 2 is transparent")
    #expect(try DecodedImage(contentsOfFile: Self.path("animated.gif")).frameCount == 3)
    #expect(try DecodedImage(contentsOfFile: Self.path("photo.gif")).frameCount == 1)
    #expect(GIFDecoder().frameCount(of: try Fixtures.bytes(Self.folder.appendingPathComponent("animated.gif"))) == 3)
  }

  @Test func theRegistryClaimsGIFByItsSignature() throws {
    for name in ["photo.gif", "offset-local.gif"] {
      let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent(name))
      #expect(try DecoderRegistry.standard.decoder(for: bytes, source: "x").name == "gif")
    }
    #expect(!GIFDecoder().recognizes(ArraySlice(Array("GIF88a".utf8))))
    #expect(!GIFDecoder().recognizes(ArraySlice(Array("GIF8".utf8))))
  }

  /// `decor info`'s line.
  @Test func headerDescription() throws {
    #expect(try ImageFile.headerDescription(atPath: Self.path("animated.gif"))
      == "40x24, GIF, indexed, 2-bit palette, no alpha, animation of 3 frames (100, 100, 100 ms), looping for ever, "
        + "no ICC profile")
    #expect(try ImageFile.headerDescription(atPath: Self.path("offset-local.gif"))
      == "12x10, GIF, indexed, 2-bit palette, transparency, interlaced, animation of 2 frames (100, 0 ms), "
        + "playing once, no ICC profile")
  }

  /// Truncated and corrupt files are errors naming the file; the limit is checked from the headers; every prefix of a
  /// valid file is refused or decoded, never a trap.
  @Test func badFilesAreErrors() throws {
    Fixtures.expectCorrupt(["truncated.gif", "corrupt.gif"].map(Self.path))
    #expect(throws: CodecError.tooLarge(source: Self.path("photo.gif"), width: 96, height: 64, limit: 1000)) {
      try Raster(contentsOfFile: Self.path("photo.gif"), pixelLimit: 1000)
    }
    for name in ["photo-interlaced.gif", "offset-local.gif", "animated.gif"] {
      let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent(name))
      for length in stride(from: 0, to: bytes.count, by: 13) {
        _ = try? GIFDecoder().decodeImage(Array(bytes.prefix(length)), source: "cut", pixelLimit: 1 << 20)
        _ = try? GIFDecoder().headerDescription(of: Array(bytes.prefix(length)), source: "cut")
      }
    }
  }
}
