import Foundation
import Testing

import Decor
import DecorTestSupport

/// ICC profiles read by Little CMS and values converted to sRGB, against libvips' `icc_transform` and Pillow's
/// `ImageCms` (`Tests/Fixtures/ICC/make.py` made the references).
@Suite struct ColorProfileTests {
  static let folder = Fixtures.root.appendingPathComponent("ICC")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The largest difference between two images' premultiplied RGBA bytes (as drawn: the straight values of nearly
  /// transparent pixels are only as precise as their alpha allows, in every premultiplied pipeline).
  static func largestDifference(_ a: Raster, _ b: Raster) -> Int {
    zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  @Test func aDisplayP3PhotoConvertsAsLibvipsConvertsIt() throws {
    let (raster, metadata) = try Raster.withMetadata(contentsOfFile: Self.path("display-p3.png"))
    let profile = try ColorProfile(iccData: try #require(metadata.iccProfile))
    #expect(profile.space == .rgb && !profile.isSRGB && profile.name.contains("P3"), "\(profile)")
    let converted = try raster.converted(from: profile)
    let reference = try Raster(contentsOfFile: Self.path("display-p3-to-srgb-vips.png"))
    let difference = Self.largestDifference(converted, reference)
    #expect(difference <= 2, "largest difference from libvips: \(difference) levels")
    // It did change the values (P3's primaries are wider), and kept the alpha ramp.
    #expect(Self.largestDifference(converted, raster) > 5)
    #expect(converted.straightBytes().enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
      == raster.straightBytes().enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
  }

  @Test func streamedRowsAreConvertedToTheSameBytes() throws {
    let path = Self.path("display-p3.png")
    let (raster, metadata) = try Raster.withMetadata(contentsOfFile: path)
    let profile = try ColorProfile(iccData: try #require(metadata.iccProfile))
    let whole = try raster.converted(from: profile).bytes
    for band in [1, 7, 48] {
      let source = ColorConvertedRowSource(try PNGRowSource(contentsOfFile: path, source: path), from: profile)
      #expect(try RowSourceTests.readAll(source, band: band) == whole, "band \(band)")
      #expect(source.width == 64 && source.height == 48 && "\(source)".contains("to sRGB"))
    }
  }

  @Test func aGreyProfileConvertsAsPillowConvertsIt() throws {
    let (raster, metadata) = try Raster.withMetadata(contentsOfFile: Self.path("gray30.png"))
    let profile = try ColorProfile(iccData: try #require(metadata.iccProfile))
    #expect(profile.space == .gray && !profile.isSRGB)
    let converted = try raster.converted(from: profile)
    let reference = try Raster(contentsOfFile: Self.path("gray30-to-srgb-pillow.png"))
    #expect(Self.largestDifference(converted, reference) <= 1, "\(converted.straightBytes()) \(reference.straightBytes())")
  }

  @Test func sRGBProfilesLeaveTheValuesAlone() throws {
    #expect(ColorProfile.sRGB.isSRGB && ColorProfile.sRGB.space == .rgb)
    let raster = try Raster(contentsOfFile: Self.path("display-p3.png"))
    #expect(try raster.converted(from: .sRGB) == raster)
    let p3 = try ColorProfile(iccData: try Fixtures.bytes(Self.folder.appendingPathComponent("display-p3.icc")))
    #expect(p3.isSameSpace(as: p3) && !p3.isSameSpace(as: .sRGB) && !p3.isSameSpace(as: nil))
    #expect(ColorProfile.sRGB.isSameSpace(as: nil), "an image without a profile is taken to be sRGB")
  }

  @Test func profilesThatCannotBeUsedAreErrorsNotTraps() throws {
    #expect(throws: ColorProfileError.unreadable(bytes: 0)) { try ColorProfile(iccData: []) }
    #expect(throws: ColorProfileError.unreadable(bytes: 5)) { try ColorProfile(iccData: [1, 2, 3, 4, 5]) }
    let p3 = try Fixtures.bytes(Self.folder.appendingPathComponent("display-p3.icc"))
    #expect(throws: ColorProfileError.self) { try ColorProfile(iccData: Array(p3.prefix(200))) }
    // Every truncation and a run of single-byte corruptions: an error or a profile, never a trap.
    var random = SplitMix64(seed: 11)
    for trial in 0..<200 {
      var bytes = p3
      if trial % 2 == 0 {
        bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
      } else {
        for _ in 0..<4 { bytes[Int.random(in: 0..<bytes.count, using: &random)] = .random(in: 0...255, using: &random) }
      }
      if let profile = try? ColorProfile(iccData: bytes) {
        _ = try? Raster(width: 3, height: 3, fill: RGBA8(r: 200, g: 10, b: 90, a: 128)).converted(from: profile)
      }
    }
    #expect("\(ColorProfileError.unsupportedSpace("CMYK"))".contains("CMYK"))
  }

  // MARK: - Where images of different spaces meet

  static func rendered(_ image: any ImageComponent) throws -> Raster { try Renderer(threads: 2).render(image) }

  @Test func aDisplayP3JPEGBlendedOntoAnSRGBPNGMatchesLibvips() throws {
    let base = try OpenedImage(contentsOfFile: Self.path("chelsea.png"))
    let chain = try Chain(parsing: "blend multiply \(Self.path("coffee-p3.jpg"))")
    let managed = try base.applying(chain, colorSpace: .convertWhenMixed)
    #expect(managed.metadata.iccProfile == nil, "the result is sRGB")
    let reference = try Raster(contentsOfFile: Self.path("multiply-vips.png"))
    let difference = Self.largestDifference(try Self.rendered(managed.image), reference)
    #expect(difference <= 2, "largest difference from libvips' icc_transform then composite2: \(difference) levels")
    // Without the conversion the P3 values would be multiplied as they are: visibly off.
    let unmanaged = try base.applying(chain)
    #expect(Self.largestDifference(try Self.rendered(unmanaged), reference) > 5)
    // The other way round (the P3 photo first, the sRGB one blended onto it), the P3 one is converted too.
    let p3First = try OpenedImage(contentsOfFile: Self.path("coffee-p3.jpg"))
      .applying(try Chain(parsing: "blend multiply \(Self.path("chelsea.png")) below"), colorSpace: .convertWhenMixed)
    #expect(p3First.metadata.iccProfile == nil)
    #expect(Self.largestDifference(try Self.rendered(p3First.image), reference) <= 2)
  }

  @Test func imagesOfOneSpaceKeepTheirValuesAndProfile() throws {
    let path = Self.path("display-p3.png")
    let opened = try OpenedImage(contentsOfFile: path)
    let p3 = try #require(opened.metadata.iccProfile)
    let chain = try Chain(parsing: "blend multiply \(path) | rotate 10")
    let managed = try opened.applying(chain, colorSpace: .convertWhenMixed)
    #expect(managed.metadata.iccProfile == p3)
    #expect(try Self.rendered(managed.image) == Self.rendered(opened.applying(chain)))
    // A lone image likewise; asked for sRGB, it is converted, streamed, to what the whole conversion gives.
    #expect(try opened.applying(Chain(), colorSpace: .convertWhenMixed).metadata.iccProfile == p3)
    let srgb = try opened.applying(Chain(), colorSpace: .sRGB)
    #expect(opened.isStreamed && srgb.isStreamed && srgb.metadata.iccProfile == nil)
    let whole = try Raster(contentsOfFile: path).converted(from: ColorProfile(iccData: p3))
    #expect(try Self.rendered(srgb.image) == whole)
  }

  @Test func aSceneMixingSpacesIsConvertedAndOneOfOneSpaceKeepsIt() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["chelsea.png", "coffee-p3.jpg"] {
      try FileManager.default.copyItem(at: Self.folder.appendingPathComponent(name),
        to: folder.appendingPathComponent(name))
    }
    func scene(_ images: [String]) throws -> OpenedImage {
      let layers = images.map { #"{"image": "\#($0)"}"# }.joined(separator: ", ")
      let file = folder.appendingPathComponent("scene.json")
      try Data(#"{"width": 64, "height": 48, "layers": [\#(layers)]}"#.utf8).write(to: file)
      return try Scene(contentsOfFile: file.path).image(relativeTo: folder.path)
    }
    let jpeg = try OpenedImage(contentsOfFile: Self.path("coffee-p3.jpg"))
    let p3 = try #require(jpeg.metadata.iccProfile)
    let decoded = try Self.rendered(jpeg.image)
    // The P3 photo alone: its values, its profile.
    let alone = try scene(["coffee-p3.jpg"])
    #expect(try alone.metadata.iccProfile == p3 && Self.rendered(alone.image) == decoded)
    // Over the sRGB photo: converted, and the output is sRGB.
    let mixed = try scene(["chelsea.png", "coffee-p3.jpg"])
    #expect(mixed.metadata.iccProfile == nil)
    #expect(try Self.rendered(mixed.image) == decoded.converted(from: ColorProfile(iccData: p3)))
  }
}
