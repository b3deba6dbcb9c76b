import Foundation
import Testing

import Decor
import DecorTestSupport

/// ICC profiles and densities read from files Pillow wrote (`Tests/Fixtures/Metadata/make.py`) and carried into
/// every format Decor writes.
@Suite struct ImageMetadataTests {
  static let folder = Fixtures.root.appendingPathComponent("Metadata")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  static func bytes(_ name: String) throws -> [UInt8] { try Fixtures.bytes(folder.appendingPathComponent(name)) }

  static let profile: [UInt8] = (try? bytes("profile.icc")) ?? []

  @Test func eachDecoderReadsWhatPillowWrote() throws {
    #expect(Self.profile.count == 588)
    let png = PNGDecoder().metadata(of: try Self.bytes("icc-300dpi.png"))
    #expect(png.iccProfile == Self.profile)
    #expect(png.density == PixelDensity(horizontal: 11811, vertical: 11811, unit: .perMeter))
    #expect(PNGDecoder().metadata(ofFile: Self.path("icc-300dpi.png")) == png, "the same from the file")
    let jpeg = JPEGDecoder().metadata(of: try Self.bytes("icc-300dpi.jpg"))
    #expect(jpeg == ImageMetadata(iccProfile: Self.profile, density: PixelDensity(horizontal: 300, vertical: 300,
      unit: .perInch)))
    #expect(WebPDecoder().metadata(of: try Self.bytes("icc.webp")) == ImageMetadata(iccProfile: Self.profile))
    #expect(PNGDecoder().metadata(of: try Self.bytes("aspect.png"))
      == ImageMetadata(density: PixelDensity(horizontal: 1, vertical: 2, unit: .aspectRatio)))
    // Files without any: nothing, including TurboJPEG's 1:1 JFIF aspect, which says nothing.
    let plain = try JPEGEncoder.encode(Raster(width: 4, height: 4, fill: .white)).bytes
    #expect(JPEGDecoder().metadata(of: plain) == .none)
    #expect(PNGDecoder().metadata(of: try PNGCodec.encode(Raster(width: 4, height: 4))) == .none)
    let (raster, metadata) = try Raster.withMetadata(contentsOfFile: Self.path("icc-300dpi.jpg"))
    #expect(raster.width == 48 && metadata == jpeg)
  }

  /// Every writer records what it was given, and each reader reads back the same: profile bytes exactly, density in
  /// the writer's own unit (per metre in PNG, per inch in JPEG; WebP has no density).
  @Test func writersRecordIt() throws {
    let raster = try Raster(contentsOfFile: Self.path("icc-300dpi.png"))
    let dpi = ImageMetadata(iccProfile: Self.profile, density: PixelDensity(horizontal: 300, vertical: 300,
      unit: .perInch))
    let png = try PNGCodec.encode(raster, metadata: dpi)
    #expect(PNGDecoder().metadata(of: png)
      == ImageMetadata(iccProfile: Self.profile, density: PixelDensity(horizontal: 11811, vertical: 11811,
        unit: .perMeter)))
    #expect(try PNGDecoder().decode(png, source: "x") == raster, "the pixels are untouched")
    let chunks = PNGChunks(png).chunks.map(\.type)
    #expect(chunks.contains("iCCP") && !chunks.contains("sRGB"), "\(chunks)")
    #expect(PNGChunks(try PNGCodec.encode(raster)).chunks.map(\.type).contains("sRGB"))
    // Streamed (fast) writes the same header.
    #expect(PNGDecoder().metadata(of: try PNGCodec.encode(raster, compression: .fast, metadata: dpi))
      == PNGDecoder().metadata(of: png))
    let jpeg = try JPEGEncoder.encode(raster, metadata: dpi).bytes
    #expect(JPEGDecoder().metadata(of: jpeg) == dpi)
    #expect(try JPEGDecoder().decode(jpeg, source: "x", pixelLimit: 1 << 20).width == 48)
    let perMeter = ImageMetadata(density: PixelDensity(horizontal: 11811, vertical: 11811, unit: .perMeter))
    #expect(JPEGDecoder().metadata(of: try JPEGEncoder.encode(raster, metadata: perMeter).bytes).density
      == PixelDensity(horizontal: 300, vertical: 300, unit: .perInch))
    let webp = try WebPEncoder.encode(raster, options: WebPOptions(lossless: true), metadata: dpi)
    #expect(WebPDecoder().metadata(of: webp) == ImageMetadata(iccProfile: Self.profile))
    #expect(try WebPDecoder().decode(webp, source: "x", pixelLimit: 1 << 20) == raster)
  }

  /// A profile larger than one APP2 segment holds is split into numbered segments and joined again; one whose
  /// pieces are missing is left out, the pixels still read.
  @Test func aLargeProfileSplitsAcrossSegments() throws {
    let large = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
    let raster = try Raster(width: 8, height: 8, fill: .white)
    let jpeg = try JPEGEncoder.encode(raster, metadata: ImageMetadata(iccProfile: large)).bytes
    let pieces = JPEGMarkers.segments(jpeg).filter { $0.marker == 0xE2 }
    #expect(pieces.count == 3 && pieces.allSatisfy { $0.body.count <= 65_533 })
    #expect(JPEGDecoder().metadata(of: jpeg).iccProfile == large)
    // Without its second piece: no profile, and the image still decodes.
    let second = pieces[1]
    var damaged = jpeg
    damaged.removeSubrange((second.body.lowerBound - 4)..<second.body.upperBound)
    #expect(JPEGDecoder().metadata(of: damaged).iccProfile == nil)
    #expect(try JPEGDecoder().decode(damaged, source: "x", pixelLimit: 1 << 20) == JPEGDecoder().decode(
      jpeg, source: "x", pixelLimit: 1 << 20))
  }

  /// A damaged `iCCP` (its zlib stream broken) is ignored, as browsers ignore it; the pixels are read.
  @Test func aDamagedProfileIsLeftOut() throws {
    var png = try Self.bytes("icc-300dpi.png")
    let iccp = try #require(PNGChunks(png).chunks.first { $0.type == "iCCP" })
    // The profile's zlib stream starts after the name, its NUL and the method byte; damage its middle.
    let middle = (iccp.range.lowerBound + iccp.range.upperBound) / 2
    png[middle] ^= 0xFF
    png[middle + 1] ^= 0xFF
    let metadata = PNGDecoder().metadata(of: png)
    #expect(metadata.iccProfile == nil && metadata.density != nil)
    // libpng checks the CRC of the chunks it reads; iCCP is one of them, so the file is refused or read, never a trap.
    _ = try? PNGDecoder().decode(png, source: "x")
  }

  @Test func descriptions() {
    #expect(ImageMetadata(iccProfile: [1, 2, 3], density: PixelDensity(horizontal: 72, vertical: 72, unit: .perInch))
      .description == "ICC profile (3 bytes), 72x72 dpi")
    #expect(ImageMetadata.none.description == "no ICC profile")
    #expect(PixelDensity(horizontal: 11811, vertical: 11811, unit: .perMeter).description
      == "11811x11811 dots per metre (300x300 dpi)")
    #expect(PixelDensity(horizontal: 1, vertical: 2, unit: .aspectRatio).description == "pixel aspect 1:2")
  }
}
