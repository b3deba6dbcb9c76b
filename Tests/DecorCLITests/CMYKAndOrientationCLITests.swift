#if CLI
import Decor
import Foundation
import Testing

import DecorTestSupport
@testable import DecorCLI

/// A CMYK JPEG through `apply` (with and without `--colorspace srgb`) and `batch`: libvips' sRGB conversion within
/// 35 dB and no CMYK profile in the PNG written (Tests/Fixtures/CMYK/make.sh); a WebP, PNG and TIFF recording
/// orientation 6 written upright, 30×45 from 45×30, saying orientation 1, or as stored with `--no-auto-orient`
/// (Tests/Fixtures/Orientation/make.py).
@Suite final class CMYKAndOrientationCLITests: ScratchFolder {
  static func fixture(_ folder: String, _ name: String) -> String {
    CLITests.repository.appendingPathComponent("Tests/Fixtures/\(folder)/\(name)").path
  }

  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-cmyk-orient") }
  deinit { removeDirectory() }

  @Test func aCMYKJPEGIsWrittenAsSRGB() throws {
    let input = Self.fixture("CMYK", "chelsea-cmyk.jpg")
    let reference = try Raster(contentsOfFile: Self.fixture("CMYK", "chelsea-cmyk-vips.png"))
    for (name, options) in [("plain.png", [String]()), ("srgb.png", ["--colorspace", "srgb"])] {
      let run = try Decor.run(["apply", input, "resize 120x"] + options + ["-o", file(name)])
      #expect(run.status == 0, "\(run.stderr)")
      let written = try Raster.withMetadata(contentsOfFile: file(name))
      #expect(written.metadata.iccProfile == nil, "\(name): no CMYK profile in an RGB output")
      let psnr = ImageMetrics.psnr(written.raster, reference)
      #expect(psnr >= 35, "\(name): \(psnr) dB from libvips")
    }
    let batch = try Decor.run(["batch", "--chain", "resize 120x", "--format", "png", "--output-dir", file("batch"), input])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(try ImageMetrics.psnr(Raster(contentsOfFile: file("batch/chelsea-cmyk.png")), reference) >= 35)
  }

  @Test(arguments: ["png", "webp", "tif"])
  func orientationSixIsWrittenUpright(format: String) throws {
    let input = Self.fixture("Orientation", "orientation-6.\(format)")
    let upright = try Raster(contentsOfFile: Self.fixture("Orientation", "upright-6.png"))
    let run = try Decor.run(["apply", input, "resize 100%", "-o", file("upright.webp"), "--lossless"])
    #expect(run.status == 0, "\(run.stderr)")
    let written = try Raster.withMetadata(contentsOfFile: file("upright.webp"))
    #expect(written.raster.width == 30 && written.raster.height == 45)
    #expect(written.raster == upright, "exif_transpose's pixels")
    if let exif = written.metadata.exif { #expect(ExifOrientation(exif: exif) == .up, "the written EXIF says 1") }
    let stored = try Decor.run(["apply", input, "resize 100%", "--no-auto-orient", "-o", file("stored.png")])
    #expect(stored.status == 0, "\(stored.stderr)")
    // Stored pixels with the orientation as stored (a TIFF's tag is not carried): read back as stored.
    let asStored = try Raster(contentsOfFile: file("stored.png"), decoders: .standard(autoOrient: false))
    #expect(try asStored == Raster(contentsOfFile: Self.fixture("Orientation", "stored.png")))
  }
}
#endif
