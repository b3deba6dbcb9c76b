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

  /// CMYK JPEGs carrying a Display P3 or a Lab profile: the PNG written is untagged (sRGB), with the same pixels as
  /// the file without a profile gives, `--colorspace srgb` works, and one line says the profile was not written;
  /// `info` says it is not used. A CMYK profile made to keep Little CMS busy for minutes is passed over at once.
  @Test func aCMYKJPEGsForeignOrHostileProfileIsLeftOut() throws {
    let plain = try Fixtures.bytes(URL(fileURLWithPath: Self.fixture("CMYK", "chelsea-cmyk-noprofile.jpg")))
    let reference = try Raster(contentsOfFile: Self.fixture("CMYK", "chelsea-cmyk-noprofile.jpg"))
    let profiles = [
      ("p3", try Fixtures.bytes(URL(fileURLWithPath: Self.fixture("ICC", "display-p3.icc"))), "the RGB ICC profile"),
      ("lab", try Fixtures.bytes(URL(fileURLWithPath: Self.fixture("ICC", "lab.icc"))), "the Lab ICC profile"),
      ("hostile", HostileICCProfile.segmentedCurves.bytes, "asks for more work than Decor allows a profile"),
    ]
    for (name, profile, words) in profiles {
      let input = file("\(name).jpg")
      try Data(EmbeddedProfiles.jpeg(plain, withProfile: profile)).write(to: URL(fileURLWithPath: input))
      for options in [[String](), ["--colorspace", "srgb"]] {
        let output = file("\(name)\(options.count).png")
        let start = ContinuousClock.now
        let run = try Decor.run(["apply", input, "resize 100%"] + options + ["-o", output])
        #expect(run.status == 0, "\(name) \(options): \(run.stderr)")
        #expect(ContinuousClock.now - start < .seconds(5), "\(name): \(ContinuousClock.now - start)")
        #expect(run.stderr.hasPrefix("decor: \(output): not written: ") && run.stderr.contains(words)
          && run.stderr.split(separator: "\n").count == 1, "\(name): \(run.stderr)")
        let written = try Raster.withMetadata(contentsOfFile: output)
        #expect(written.metadata.iccProfile == nil, "\(name): untagged, sRGB")
        #expect(written.raster == reference, "\(name): converted as without a profile")
      }
      let info = try Decor.run(["info", input])
      let text = String(decoding: info.stdout, as: UTF8.self)
      #expect(info.status == 0 && text.contains("not used: ") && text.contains(words), "\(text)")
    }
  }
}
#endif
