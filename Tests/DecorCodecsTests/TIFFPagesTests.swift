import Foundation
import Testing

import Decor
import DecorTestSupport

/// A multi-page TIFF read as frames when its decoder reads all pages (`TIFFDecoder.allPages`), against Pillow's
/// `ImageSequence` pages of the same file as RGBA (committed once by `Tests/Fixtures/TIFF/pages.py`): exact, since
/// the pages are lossless. Without `allPages`, the first page is the image, as before.
@Suite struct TIFFPagesTests {
  static let folder = Fixtures.root.appendingPathComponent("TIFF")
  static let allPages = DecoderRegistry.standard(autoOrient: true, allPages: true)

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Every frame of `animation`, read in order.
  static func frames(_ animation: Animation) throws -> [AnimationFrame] { try AnimationReadingTests.frames(animation) }

  /// RGB, greyscale and RGBA pages (LZW): three frames of 48x32, delay 0, looping for ever, each Pillow's page.
  @Test func pagesAreFramesEqualToPillowsPages() throws {
    let animation = try Animation(contentsOfFile: Self.path("pages3.tif"), decoders: Self.allPages)
    #expect(animation.decoderName == "tiff" && animation.width == 48 && animation.height == 32)
    #expect(animation.delays == [0, 0, 0] && animation.loopCount == 0 && animation.isAnimated)
    let frames = try Self.frames(animation)
    #expect(frames.count == 3 && frames.allSatisfy { $0.delay == 0 })
    for (index, frame) in frames.enumerated() {
      let reference = try Raster(contentsOfFile: Self.path("pages3-\(index + 1).png"))
      #expect(frame.raster == reference, "page \(index + 1) differs from Pillow's")
    }
    // The first page is what a whole decode gives.
    #expect(try frames.first?.raster == Raster(contentsOfFile: Self.path("pages3.tif")))
  }

  /// From bytes in memory as from the file, and a reading can be started again.
  @Test func fromMemoryAndReadTwice() throws {
    let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent("pages3.tif"))
    let animation = try Animation(decoding: bytes, decoders: Self.allPages)
    let first = try Self.frames(animation)
    let second = try Self.frames(animation)
    #expect(first.count == 3 && first.map(\.raster) == second.map(\.raster))
    let fromFile = try Self.frames(try Animation(contentsOfFile: Self.path("pages3.tif"), decoders: Self.allPages))
    #expect(first.map(\.raster) == fromFile.map(\.raster))
  }

  /// Without `allPages` (the standard registry), a multi-page TIFF is its first page: one frame.
  @Test func withoutAllPagesTheFirstPageIsTheImage() throws {
    #expect(TIFFDecoder().framesArePages && !TIFFDecoder(allPages: true).framesArePages)
    let animation = try Animation(contentsOfFile: Self.path("pages3.tif"))
    #expect(animation.frameCount == 1 && !animation.isAnimated)
    let frames = try Self.frames(animation)
    #expect(frames.count == 1)
    #expect(try frames.first?.raster == Raster(contentsOfFile: Self.path("pages3-1.png")))
    // A TIFF of one page is a still image either way.
    let still = try Animation(contentsOfFile: Self.path("rgb8.tif"), decoders: Self.allPages)
    #expect(try still.frameCount == 1 && Self.frames(still).count == 1)
  }

  /// One page read on its own, by a row source opened at it; a page the file does not have is a typed error.
  @Test func aRowSourceReadsOnePage() throws {
    let source = try TIFFRowSource(ByteSource(contentsOfFile: Self.path("pages3.tif")), page: 2)
    #expect(source.page == 2 && source.pageCount == 3 && source.width == 48 && source.height == 32)
    #expect(source.description.hasSuffix(", page 3 of 3"))
    let third = try Renderer().render(StreamedImage(source))
    #expect(try third == Raster(contentsOfFile: Self.path("pages3-3.png")))
    for page in [3, -1] {
      #expect {
        _ = try TIFFRowSource(ByteSource(contentsOfFile: Self.path("pages3.tif")), page: page)
      } throws: { error in
        guard case .corrupt(let source, let detail) = error as? CodecError else { return false }
        return source.hasSuffix("pages3.tif") && detail == "page \(page + 1): no such page (the file has 3)"
      }
    }
  }

  /// Pages of different sizes are refused before any pixel is decoded, naming the page and both sizes.
  @Test func pagesOfDifferentSizesAreRefused() throws {
    #expect {
      _ = try Animation(contentsOfFile: Self.path("pages-sizes.tif"), decoders: Self.allPages)
    } throws: { error in
      guard case .unsupportedVariant(let source, let detail) = error as? CodecError else { return false }
      return source.hasSuffix("pages-sizes.tif")
        && detail == "page 2 is 24x16 and page 1 48x32: pages of different sizes are not read as frames"
    }
    // Without `allPages`, the file is its first page, as before.
    #expect(try Animation(contentsOfFile: Self.path("pages-sizes.tif")).width == 48)
  }

  /// Damage inside the third page's data: the first two pages are read, then a typed error naming the file and
  /// the page.
  @Test func aCorruptPageIsATypedErrorNamingIt() throws {
    let animation = try Animation(contentsOfFile: Self.path("pages3-corrupt.tif"), decoders: Self.allPages)
    #expect(animation.frameCount == 3)
    let reading = try animation.frames()
    let first = try reading.next()
    let second = try reading.next()
    #expect(try first?.raster == Raster(contentsOfFile: Self.path("pages3-1.png")))
    #expect(try second?.raster == Raster(contentsOfFile: Self.path("pages3-2.png")))
    #expect {
      _ = try reading.next()
    } throws: { error in
      guard case .corrupt(let source, let detail) = error as? CodecError else { return false }
      return source.hasSuffix("pages3-corrupt.tif") && detail.hasPrefix("page 3: ")
    }
  }

  /// The frame limit on the page count and the pixel limit on each page, before any pixel is decoded.
  @Test func limitsAreTypedErrors() throws {
    #expect {
      _ = try Animation(contentsOfFile: Self.path("pages3.tif"), decoders: Self.allPages, frameLimit: 2)
    } throws: { error in
      guard case .unsupportedVariant(_, let detail) = error as? CodecError else { return false }
      return detail == "a document of 3 pages, more than 2"
    }
    #expect {
      _ = try Animation(contentsOfFile: Self.path("pages3.tif"), decoders: Self.allPages, pixelLimit: 48 * 32 - 1)
    } throws: { error in
      guard case .tooLarge(_, 48, 32, _) = error as? CodecError else { return false }
      return true
    }
    // Every prefix of the document is an error or fewer frames, never a trap.
    let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent("pages3.tif"))
    for length in stride(from: 0, to: bytes.count, by: 331) {
      if let animation = try? Animation(decoding: Array(bytes.prefix(length)), decoders: Self.allPages),
        let frames = try? animation.frames()
      {
        while (try? frames.next()) != nil {}
      }
    }
  }
}
