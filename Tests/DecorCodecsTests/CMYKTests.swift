#if JPEG && TIFF && ColorManagement
import Foundation
import Testing

import Decor
import DecorTestSupport

/// CMYK JPEGs (ImageMagick's and Pillow's, inverted CMYK, with Adobe's marker and without) and a CMYK TIFF converted to sRGB through their
/// embedded profile, as `vips icc_transform … srgb --embedded` converts them, whole and row by row, with no CMYK
/// profile left in the metadata, so that `--colorspace srgb` has nothing to refuse; a file without a profile through
/// the system's CMYK profile (or the naive product when there is none). Fixtures: Tests/Fixtures/CMYK/make.sh.
@Suite struct CMYKTests {
  static let folder = Fixtures.root.appendingPathComponent("CMYK")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  @Test(arguments: [
    ("chelsea-cmyk.jpg", "chelsea-cmyk-vips.png"), ("chelsea-cmyk-pillow.jpg", "chelsea-cmyk-pillow-vips.png"),
    ("chelsea-cmyk-noadobe.jpg", "chelsea-cmyk-pillow-vips.png"), ("chelsea-cmyk.tif", "chelsea-cmyk-tif-vips.png"),
  ])
  func convertedThroughTheEmbeddedProfile(file: String, reference: String) throws {
    let expected = try Raster(contentsOfFile: Self.path(reference))
    let decoded = try DecodedImage(contentsOfFile: Self.path(file))
    let psnr = ImageMetrics.psnr(decoded.raster, expected)
    #expect(psnr >= 35, "\(file): \(psnr) dB from libvips")
    #expect(ImageMetrics.maxDelta(decoded.raster, expected) <= 2, "\(file)")
    #expect(decoded.metadata.iccProfile == nil, "\(file): the CMYK profile is not carried")
    let opened = try OpenedImage(contentsOfFile: Self.path(file))
    #expect(opened.isStreamed && opened.metadata.iccProfile == nil, "\(file): read by rows")
    #expect(try Renderer().render(opened.image) == decoded.raster, "\(file): the rows are the whole decode's")
    let srgb = try opened.convertedToSRGB()
    #expect(try Renderer().render(srgb.image) == decoded.raster, "\(file): already sRGB, --colorspace srgb works")
  }

  /// Without a profile in the file: the first CMYK profile of the system (Ghostscript's `default_cmyk.icc`, as
  /// libvips would be given it), else the naive product.
  @Test func convertedThroughTheDefaultProfile() throws {
    let decoded = try Raster(contentsOfFile: Self.path("chelsea-cmyk-noprofile.jpg"))
    let system = CMYKConversion.defaultProfilePaths.first { FileManager.default.fileExists(atPath: $0) }
    let reference = system == CMYKConversion.defaultProfilePaths[0] && CMYKConversion.defaultProfile != nil
      ? "chelsea-cmyk-noprofile-vips.png" : "chelsea-cmyk-noprofile-naive.png"
    let expected = try Raster(contentsOfFile: Self.path(reference))
    let psnr = ImageMetrics.psnr(decoded, expected)
    #expect(psnr >= 35, "\(reference): \(psnr) dB")
  }

  /// A shrink-on-load read of a CMYK JPEG is converted too: its colours are the full decode's, averaged.
  @Test func scaledReadsAreConverted() throws {
    let bytes = ByteSource(contentsOfFile: Self.path("chelsea-cmyk.jpg"))
    let full = try JPEGRowSource(bytes)
    let half = try full.scaled(.half)
    let fullRows = try RowSourceTests.readAll(full, band: 16)
    let halfRows = try RowSourceTests.readAll(half, band: 16)
    func mean(_ bytes: [UInt8], channel: Int) -> Double {
      stride(from: channel, to: bytes.count, by: 4).reduce(0.0) { $0 + Double(bytes[$1]) } / Double(bytes.count / 4)
    }
    for channel in 0..<3 {
      #expect(abs(mean(fullRows, channel: channel) - mean(halfRows, channel: channel)) < 2, "channel \(channel)")
    }
  }

  @Test func onlyCMYKProfilesAreCMYK() throws {
    let cmyk = try Fixtures.bytes(URL(fileURLWithPath: Self.path("small-cmyk.icc")))
    #expect(CMYKConversion.isCMYKProfile(cmyk))
    #expect(!CMYKConversion.isCMYKProfile(ColorProfile.sRGB.data))
    #expect(!CMYKConversion.isCMYKProfile(Array(cmyk.prefix(100))), "too short for a header")
    #expect(CMYKConversion(inverted: true, profile: ColorProfile.sRGB.data).profile == nil)
  }
}
#endif
