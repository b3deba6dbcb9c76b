import Foundation
import Testing

import Decor
import DecorTestSupport

/// Frames written as the pages of a multi-page TIFF (`TIFFImageEncoder.animationWriter`, `TIFFAnimationWriter`),
/// as ImageMagick and libvips write an animation or a document to TIFF: read back as frames, every page is the
/// frame written (lossless), and the timing TIFF cannot hold is reported as dropped.
@Suite struct TIFFPagesWritingTests {
  static let allPages = DecoderRegistry.standard(autoOrient: true, allPages: true)

  static func path(_ folder: String, _ name: String) -> String {
    Fixtures.root.appendingPathComponent(folder).appendingPathComponent(name).path
  }

  static func frames(_ animation: Animation) throws -> [AnimationFrame] { try animation.allFrames() }

  /// The largest difference of any byte between two rasters of the same size.
  static func maximumDelta(_ a: Raster, _ b: Raster) -> Int {
    zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  /// A multi-page TIFF's pages through the writer: three pages again, the opaque ones exactly, the translucent one
  /// within 1 (stored straight, read back premultiplied), with nothing reported dropped (delays 0, loop 0).
  @Test func pagesRoundTrip() throws {
    let animation = try Animation(contentsOfFile: Self.path("TIFF", "pages3.tif"), decoders: Self.allPages)
    let sink = ByteSink()
    let result = try animation.write(into: sink, as: TIFFImageEncoder())
    #expect(result.framesWritten == 3 && result.encoding.droppedMetadata.isEmpty)
    let written = try Animation(decoding: sink.bytes, decoders: Self.allPages)
    #expect(written.decoderName == "tiff" && written.frameCount == 3 && written.width == 48)
    let original = try Self.frames(animation)
    let again = try Self.frames(written)
    #expect(again.count == 3)
    for (index, (a, b)) in zip(original, again).enumerated() {
      #expect(Self.maximumDelta(a.raster, b.raster) <= (index == 2 ? 1 : 0), "page \(index + 1)")
    }
    #expect(again[0].raster == original[0].raster && again[1].raster == original[1].raster)
    // The ICC profile of the input is on the pages.
    #expect(written.metadata.iccProfile == animation.metadata.iccProfile && animation.metadata.iccProfile != nil)
  }

  /// An animated GIF to TIFF: its frames as pages (exactly: opaque), the delays and loop reported as dropped.
  @Test func anAnimationBecomesPages() throws {
    let animation = try Animation(contentsOfFile: Self.path("Animation", "three.gif"))
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("three.tif").path
    let result = try animation.write(to: output, as: TIFFImageEncoder())
    #expect(result.framesWritten == 3)
    #expect(result.encoding.droppedMetadata == ["frame delays and loop count (TIFF records no timing)"])
    let pages = try Self.frames(try Animation(contentsOfFile: output, decoders: Self.allPages))
    #expect(try pages.map(\.raster) == Self.frames(animation).map(\.raster))
    // Read without `allPages`, the file is its first page and says it has three.
    #expect(try Raster(contentsOfFile: output) == pages[0].raster)
  }

  /// A frame of another size than the document's, and a document of no pages: typed errors naming the output.
  @Test func refusals() throws {
    let sink = ByteSink()
    let encoder = TIFFImageEncoder()
    let writer = try #require(
      try encoder.animationWriter(width: 4, height: 3, loopCount: 0, metadata: .none, destination: "d.tif",
        into: sink))
    #expect {
      try writer.add(try Raster(width: 3, height: 3), delay: 0)
    } throws: { error in
      guard case .encodingFailed("d.tif", let detail) = error as? CodecError else { return false }
      return detail == "a frame of 3x3 in an animation of 4x3"
    }
    #expect {
      _ = try writer.finish()
    } throws: { error in
      guard case .encodingFailed("d.tif", let detail) = error as? CodecError else { return false }
      return detail == "a document of no pages"
    }
    #expect(sink.bytes.isEmpty)
  }
}
