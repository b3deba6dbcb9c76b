#if WebP && TIFF
import Foundation
import Testing

import Decor
import DecorTestSupport

/// The EXIF orientation of a PNG (`eXIf`), a WebP (`EXIF` chunk) and a TIFF (tag 274) applied on load, as Pillow's
/// `ImageOps.exif_transpose` applies it, for all eight orientations: by the decoders (`DecodedImage`, `Raster`), by
/// `OpenedImage` (a render of what `decor apply` opens) and not with `autoOrient: false` (`--no-auto-orient`). The
/// fixtures and Pillow's uprights are made by Tests/Fixtures/Orientation/make.py.
@Suite struct OrientationTests {
  static let folder = Fixtures.root.appendingPathComponent("Orientation")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  static let formats = ["png", "webp", "tif"]

  @Test(arguments: 1...8)
  func everyFormatMatchesExifTranspose(orientation: Int) throws {
    let upright = try Raster(contentsOfFile: Self.path("upright-\(orientation).png"))
    let stored = try Raster(contentsOfFile: Self.path("stored.png"))
    #expect((upright.width, upright.height) == (orientation >= 5 ? (30, 45) : (45, 30)))
    for format in Self.formats {
      let path = Self.path("orientation-\(orientation).\(format)")
      let name = "orientation-\(orientation).\(format)"
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: path))
      let decoded = try DecodedImage(contentsOfFile: path)
      #expect(decoded.raster.width == upright.width && decoded.raster.height == upright.height, "\(name)")
      #expect(ImageMetrics.psnr(decoded.raster, upright) >= 45, "\(name): \(ImageMetrics.psnr(decoded.raster, upright)) dB")
      #expect(decoded.raster == upright, "\(name): exactly Pillow's pixels, turned")
      #expect(try Raster(contentsOfFile: path) == upright, "\(name): Raster(contentsOfFile:)")
      #expect(try DecodedImage(decoding: bytes).raster == upright, "\(name): from memory")
      let opened = try OpenedImage(contentsOfFile: path)
      #expect(try Renderer().render(opened.image) == upright, "\(name): opened and rendered")
      #expect(opened.isStreamed == (orientation == 1), "\(name): streamed only when upright already")
      // What is written says 1 (a TIFF's own tag is not carried; its output records none).
      if let exif = opened.metadata.exif { #expect(ExifOrientation(exif: exif) == .up, "\(name)") }
      let asStored = try OpenedImage(contentsOfFile: path, decoders: .standard(autoOrient: false))
      #expect(try Renderer().render(asStored.image) == stored, "\(name): --no-auto-orient keeps the stored pixels")
      #expect(asStored.isStreamed, "\(name): --no-auto-orient streams the stored rows")
      if let exif = asStored.metadata.exif {
        #expect(ExifOrientation(exif: exif)?.rawValue == orientation, "\(name): and the orientation as stored")
      }
    }
  }

  /// The orientation reported by every format's row source (rows as stored), and the EXIF's read from a block
  /// with and without its `Exif\0\0` signature.
  @Test func orientationIsReadFromEveryPlace() throws {
    for orientation in 1...8 {
      let rows = try TIFFRowSource(contentsOfFile: Self.path("orientation-\(orientation).tif"), source: "t")
      #expect(rows.orientation?.rawValue == orientation && rows.isStreamable)
      let png = try PNGRowSource(contentsOfFile: Self.path("orientation-\(orientation).png"), source: "p")
      #expect(png.orientation?.rawValue == orientation)
      let webp = try WebPRowSource(contentsOfFile: Self.path("orientation-\(orientation).webp"), source: "w")
      #expect(webp.orientation?.rawValue == orientation)
      let exif = try #require(PNGDecoder(autoOrient: false).metadata(ofFile: Self.path("orientation-\(orientation).png")).exif)
      #expect(ExifOrientation(exif: exif)?.rawValue == orientation)
      #expect(ExifOrientation(exif: Array("Exif".utf8) + [0, 0] + exif)?.rawValue == orientation)
    }
    #expect(ExifOrientation(exif: [0x4D, 0x4D, 0, 42, 0, 0, 0, 80]) == nil, "a damaged block: no orientation")
  }
}
#endif
