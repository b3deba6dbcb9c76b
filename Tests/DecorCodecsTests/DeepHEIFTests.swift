#if HEIF
import Foundation
import Testing

import Decor
import DecorTestSupport

/// 10- and 12-bit HEIC and AVIF images read at 16 bits (`Raster(keepingDepthOf:)`, a render), against an
/// independent decode of the same file (`Tests/Fixtures/HEIF/make-deep.sh`: pillow-heif's libheif 1.23 and
/// libde265 1.1; Decor reads through Debian's libheif 1.15), while `Raster(contentsOfFile:)` stays 8-bit.
@Suite struct DeepHEIFTests {
  /// The largest difference of any channel of two 16-bit premultiplied rasters of one size.
  static func maxDifference16(_ a: Raster, _ b: Raster) -> Int {
    guard a.width == b.width, a.height == b.height else { return Int.max }
    var worst = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let (p, q) = (a[rgba16: x, y], b[rgba16: x, y])
        worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
          abs(Int(p.a) - Int(q.a)))
      }
    }
    return worst
  }

  /// A lossless 10-bit HEIC (RGB, a ramp over every 10-bit level in red, translucent) reads at 16 bits to exactly
  /// the independent decoder's samples scaled to 16 bits (`round(v × 65535 / 1023)`), with far more red levels than
  /// 8 bits hold (817 of the ramp's 1,024 survive heif-enc's lossless RGB coding); the 8-bit read is that image
  /// rounded.
  @Test func aTenBitHEICKeepsEveryLevel() throws {
    let deep = try Raster(keepingDepthOf: HEIFCodecTests.path("ramp10.heic"))
    let reference = try Raster(keepingDepthOf: HEIFCodecTests.path("ramp10-heic-reference16.png"))
    #expect(deep.depth == .sixteen && reference.depth == .sixteen)
    #expect(Self.maxDifference16(deep, reference) == 0)
    // From bytes (DecorSnapshotTesting's references) the same.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: HEIFCodecTests.path("ramp10.heic"))))
    #expect(try Raster(keepingDepthOf: bytes, source: "ramp10.heic") == deep)
    var reds = Set<UInt16>()
    for y in 0..<deep.height {
      for x in 0..<deep.width { reds.insert(deep[rgba16: x, y].straightened.r) }
    }
    #expect(reds.count > 800, "\(reds.count) red levels")
    let shallow = try Raster(contentsOfFile: HEIFCodecTests.path("ramp10.heic"))
    #expect(shallow.depth == .eight)
    // libheif reduces 10 bits to 8 by its own rounding (a level from Decor's), and each is then premultiplied at
    // its depth (another): within 2 levels of the 16-bit pixels rounded.
    let rounded = try deep.converted(to: .eight)
    #expect(HEIFCodecTests.maxDifference(shallow, rounded) <= 2)
  }

  /// A lossy 10-bit AVIF (YCbCr 4:4:4) at 16 bits: more levels than 8 bits hold, and within a level of its 8-bit
  /// read once rounded (opaque: no premultiplication between them).
  @Test func aTenBitAVIFIsReadAtSixteenBits() throws {
    let deep = try Raster(keepingDepthOf: HEIFCodecTests.path("photo10.avif"))
    #expect(deep.depth == .sixteen)
    var greens = Set<UInt16>()
    for y in 0..<deep.height {
      for x in 0..<deep.width { greens.insert(deep[rgba16: x, y].g) }
    }
    let shallow = try Raster(contentsOfFile: HEIFCodecTests.path("photo10.avif"))
    var shallowGreens = Set<UInt8>()
    for y in 0..<shallow.height {
      for x in 0..<shallow.width { shallowGreens.insert(shallow[x, y].g) }
    }
    #expect(greens.count > shallowGreens.count, "\(greens.count) green levels at 16 bits, \(shallowGreens.count) at 8")
    #expect(HEIFCodecTests.maxDifference(shallow, try deep.converted(to: .eight)) <= 1)
  }

  /// An 8-bit HEIC or AVIF has nothing more to keep: read at 8 bits either way.
  @Test(arguments: ["photo.heic", "alpha.avif"])
  func eightBitFilesStayEightBit(name: String) throws {
    let image = try Raster(keepingDepthOf: HEIFCodecTests.path(name))
    #expect(image.depth == .eight)
    #expect(image == (try Raster(contentsOfFile: HEIFCodecTests.path(name))))
  }
}
#endif
