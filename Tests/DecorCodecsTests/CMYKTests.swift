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

  // MARK: Profiles that are not the values' own, or that ask for too much work

  static func fixture(_ name: String) throws -> [UInt8] { try Fixtures.bytes(Fixtures.root.appendingPathComponent(name)) }

  /// A file written to a fresh folder, for what reads files (`decor info`'s header description); the folder goes
  /// when `body` returns.
  static func withFile<T>(_ bytes: [UInt8], named name: String, _ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cmyk-profiles-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return try body(path)
  }

  /// A CMYK JPEG carrying a profile of another space (Display P3's RGB, Little CMS's Lab): its values are converted
  /// through the system's CMYK profile, as the same file without a profile, and the output is untagged (sRGB), not
  /// tagged with a profile the values are not in; the profile is named as not used.
  @Test(arguments: [("ICC/display-p3.icc", "RGB"), ("ICC/lab.icc", "Lab")])
  func aCMYKJPEGsProfileOfAnotherSpaceIsNotCarried(profile name: String, space: String) throws {
    let plain = try Self.fixture("CMYK/chelsea-cmyk-noprofile.jpg")
    let tagged = EmbeddedProfiles.jpeg(plain, withProfile: try Self.fixture(name))
    let decoded = try DecodedImage(decoding: tagged)
    #expect(decoded.raster == (try DecodedImage(decoding: plain)).raster, "converted as without a profile")
    #expect(decoded.metadata.iccProfile == nil)
    let notice = try #require(decoded.metadata.unusedProfile)
    #expect(notice.hasPrefix("the \(space) ICC profile") && notice.hasSuffix("which does not describe the file's CMYK values"),
      "\(notice)")
    // Written out: no profile, and the notice among what was not written.
    let png = try decoded.raster.encoded(as: .png(), metadata: decoded.metadata)
    #expect(PNGDecoder().metadata(of: png).iccProfile == nil)
    #expect(decoded.metadata.carried(byEncoderNamed: "png", formatName: "PNG").dropped == [notice])
    // `decor info` says so.
    let info = try Self.withFile(tagged, named: "tagged.jpg") { try ImageFile.headerDescription(atPath: $0) }
    #expect(info.contains("no alpha, not used: \(notice)"), "\(info)")
  }

  /// A CMYK TIFF carrying an RGB profile: the same, by the photometric interpretation.
  @Test func aCMYKTIFFsRGBProfileIsNotCarried() throws {
    let p3 = try Self.fixture("ICC/display-p3.icc")
    let decoded = try DecodedImage(decoding: EmbeddedProfiles.cmykTIFF(pages: 1, profile: p3))
    #expect(decoded.metadata.iccProfile == nil)
    #expect(decoded.metadata.unusedProfile?.hasSuffix("which does not describe the file's CMYK values") == true)
    #expect(decoded.raster == (try DecodedImage(decoding: EmbeddedProfiles.cmykTIFF(pages: 1, profile: nil))).raster)
  }

  /// An RGB JPEG carrying a CMYK profile (or a Lab one): not carried, and named, by `decor info` too.
  @Test func anRGBJPEGsCMYKProfileIsNamedAndNotCarried() throws {
    let rgb = try Self.fixture("ICC/coffee-p3.jpg")
    let cmyk = EmbeddedProfiles.jpeg(rgb, withProfile: try Self.fixture("CMYK/small-cmyk.icc"))
    let metadata = JPEGDecoder().metadata(of: cmyk)
    #expect(metadata.iccProfile == nil)
    let expected = "the CMYK ICC profile \"Decor test CMYK (Chemical proof, 7-point)\" (29492 bytes), which does not "
      + "describe the file's RGB values"
    #expect(metadata.unusedProfile == expected)
    let info = try Self.withFile(cmyk, named: "cmyk-profile.jpg") { try ImageFile.headerDescription(atPath: $0) }
    #expect(info.contains("not used: " + expected), "\(info)")
    let lab = JPEGDecoder().metadata(of: EmbeddedProfiles.jpeg(rgb, withProfile: try Self.fixture("ICC/lab.icc")))
    #expect(lab.iccProfile == nil && lab.unusedProfile?.hasPrefix("the Lab ICC profile") == true)
    // Its own RGB profile is kept, as before.
    #expect(JPEGDecoder().metadata(of: rgb).iccProfile != nil && JPEGDecoder().metadata(of: rgb).unusedProfile == nil)
  }

  /// A CMYK profile that asks for more work than Decor allows (three curve sets of 8,192-segment curves), or that
  /// Little CMS cannot open (its header's `acsp` signature gone): the values go through the system's CMYK profile at
  /// once, and `info` says it is not used.
  @Test func aCMYKProfileThatCannotBeUsedIsPassedOverAtOnce() throws {
    let plain = try Self.fixture("CMYK/chelsea-cmyk-noprofile.jpg")
    let reference = try DecodedImage(decoding: plain).raster
    var unreadable = try Self.fixture("CMYK/small-cmyk.icc")
    unreadable.replaceSubrange(36..<40, with: [0, 0, 0, 0])
    for (profile, words) in [
      (HostileICCProfile.segmentedCurves.bytes, "which asks for more work than Decor allows a profile"),
      (unreadable, "which Little CMS cannot read"),
    ] {
      let start = ContinuousClock.now
      let file = EmbeddedProfiles.jpeg(plain, withProfile: profile)
      let decoded = try DecodedImage(decoding: file)
      #expect(ContinuousClock.now - start < .seconds(3), "\(words): \(ContinuousClock.now - start)")
      #expect(decoded.raster == reference, "\(words)")
      let notice = try #require(decoded.metadata.unusedProfile)
      #expect(notice.hasPrefix("the ") && notice.contains("ICC profile (\(profile.count) bytes), \(words)") && notice.contains("converted"),
        "\(notice)")
      let info = try Self.withFile(file, named: "profile.jpg") { try ImageFile.headerDescription(atPath: $0) }
      #expect(info.contains("not used: \(notice)") && !info.contains("converted to sRGB on read"), "\(info)")
    }
  }

  /// The pages of a CMYK TIFF read as frames share one transform for the profile they all carry (Little CMS takes
  /// tens of milliseconds to build each), so 40 pages cost one.
  @Test func pagesCarryingOneProfileShareOneTransform() throws {
    let profile = try Self.fixture("CMYK/small-cmyk.icc")
    let bytes = EmbeddedProfiles.cmykTIFF(pages: 40, profile: profile)
    let reader = try TIFFDecoder(allPages: true).frameReader(ByteSource(bytes: bytes), pixelLimit: 1 << 20,
      frameLimit: 100)
    let pages = try #require(reader as? TIFFPageReader)
    var frames = 0
    var first: Raster?
    while let frame = try pages.next() {
      first = first ?? frame.raster
      #expect(frame.raster == first, "page \(frames + 1)")
      frames += 1
    }
    #expect(frames == 40 && pages.transforms.built == 1)
    // The one page is what the whole decode of the first gives, through the embedded profile.
    #expect(first == (try DecodedImage(decoding: EmbeddedProfiles.cmykTIFF(pages: 1, profile: profile))).raster)
  }
}
#endif
