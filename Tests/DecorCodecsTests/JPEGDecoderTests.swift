import Foundation
import Testing

import Decor
import DecorTestSupport

/// JPEG decoding against other decoders' output, committed once (`Tests/Fixtures/JPEG/make.py`): Pillow's for
/// colour, 4:4:4, progressive and greyscale files (the same libjpeg-turbo underneath, so within 1 per channel),
/// ImageMagick's for CMYK.
@Suite struct JPEGDecoderTests {
  static let folder = Fixtures.root.appendingPathComponent("JPEG")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// (A CMYK file is converted through a CMYK profile: `CMYKTests` compares it with libvips.)
  @Test(arguments: ["photo-420", "photo-444", "photo-progressive", "photo-grey"])
  func matchesAnotherDecoder(name: String) throws {
    let decoded = try Raster(contentsOfFile: Self.path(name + ".jpg"))
    let reference = try Raster(contentsOfFile: Self.path(name + "-reference.png"))
    #expect(decoded.width == 96 && decoded.height == 64)
    #expect(decoded.width == reference.width && decoded.height == reference.height)
    var worst = 0
    for y in 0..<decoded.height {
      for x in 0..<decoded.width {
        let a = decoded[x, y]
        let b = reference[x, y]
        #expect(a.a == 255)
        worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
      }
    }
    #expect(worst <= 1, "\(name): max delta \(worst)")
  }

  /// The registry finds the JPEG decoder by the first bytes, for files and for bytes in memory.
  @Test func theRegistryClaimsJPEGByItsFirstBytes() throws {
    let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent("photo-420.jpg"))
    #expect(try DecoderRegistry.standard.decoder(for: bytes, source: "x").name == "jpeg")
    #expect(try DecoderRegistry.standard.decode(bytes, source: "x") == Raster(contentsOfFile: Self.path("photo-420.jpg")))
    #expect(JPEGDecoder().recognizes([0xFF, 0xD8, 0xFF, 0xE0]) && !JPEGDecoder().recognizes([0xFF, 0xD8, 0x00]))
  }

  /// A truncated file is an error naming the file, never a partial image (a file damaged where libjpeg only warns,
  /// such as `corrupt.jpg`, decodes: `JPEGDamageTests`); the pixel limit is checked from the header before anything
  /// is allocated.
  @Test func badFilesAreErrors() throws {
    for name in ["truncated.jpg"] {
      #expect(throws: CodecError.self, "\(name)") { try Raster(contentsOfFile: Self.path(name)) }
      do {
        _ = try Raster(contentsOfFile: Self.path(name))
      } catch {
        guard case .corrupt(let source, let detail) = error else {
          Issue.record("\(name): \(error)")
          continue
        }
        #expect(source == Self.path(name) && !detail.isEmpty, "\(error)")
      }
    }
    #expect(throws: CodecError.tooLarge(source: Self.path("photo-420.jpg"), width: 96, height: 64, limit: 1000)) {
      try Raster(contentsOfFile: Self.path("photo-420.jpg"), pixelLimit: 1000)
    }
    // Every prefix of a valid file is refused or decoded, never a trap.
    let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent("photo-progressive.jpg"))
    for length in stride(from: 0, to: bytes.count, by: 97) {
      _ = try? JPEGDecoder().decode(Array(bytes.prefix(length)), source: "prefix", pixelLimit: 1 << 20)
    }
  }

  @Test func invertedCMYK() {
    var pixels: [UInt8] = [255, 0, 128, 255, 0, 0, 0, 0, 200, 100, 50, 128]
    pixels.withUnsafeMutableBytes { JPEGDecoder.invertedCMYKToRGBA($0) }
    #expect(pixels == [255, 0, 128, 255, 0, 0, 0, 255, 100, 50, 25, 255])
  }
}

extension JPEGDecoderTests {
  /// Each of the 8 EXIF orientations is turned upright, as Pillow's `ImageOps.exif_transpose` turns it (its decode
  /// committed as the reference), with the red corner at the top left; without `autoOrient`, the pixels come as
  /// stored.
  @Test(arguments: 1...8)
  func exifOrientationIsApplied(n: Int) throws {
    let path = Self.path("orientation-\(n).jpg")
    let upright = try Raster(contentsOfFile: path)
    let reference = try Raster(contentsOfFile: Self.path("orientation-\(n)-reference.png"))
    #expect(upright.width == 40 && upright.height == 24, "\(n)")
    #expect(upright.width == reference.width && upright.height == reference.height)
    var worst = 0
    for y in 0..<min(upright.height, reference.height) {
      for x in 0..<min(upright.width, reference.width) {
        let a = upright[x, y]
        let b = reference[x, y]
        worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
      }
    }
    #expect(worst <= 1, "orientation \(n): max delta \(worst)")
    #expect(upright[2, 2].r > 200 && upright[2, 2].g < 60, "orientation \(n): the red corner is not at the top left")
    let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent("orientation-\(n).jpg"))
    #expect(ExifOrientation(jpeg: bytes)?.rawValue == n)
    let stored = try JPEGDecoder(autoOrient: false).decode(bytes, source: path, pixelLimit: 1 << 20)
    #expect(stored.width == (n >= 5 ? 24 : 40) && stored.height == (n >= 5 ? 40 : 24))
  }

  /// The turns agree with the decorators: each orientation equals the flips and rotations it names.
  @Test func orientationsAreTheNamedTurns() throws {
    let image = try ChainProbe.pattern(width: 5, height: 3)
    let expected: [ExifOrientation: any ImageComponent] = [
      .up: image, .mirrored: image.flipped(.horizontal), .upsideDown: image.rotated(by: .degrees(180)),
      .upsideDownMirrored: image.flipped(.vertical), .right: image.rotated(by: .degrees(90)),
      .left: image.rotated(by: .degrees(-90)), .leftMirrored: image.flipped(.horizontal).rotated(by: .degrees(-90)),
      .rightMirrored: image.flipped(.horizontal).rotated(by: .degrees(90)),
    ]
    for orientation in ExifOrientation.allCases {
      #expect(try orientation.apply(to: image) == expected[orientation]!.rendered(), "\(orientation)")
    }
  }

  /// A damaged or missing EXIF record is ignored, never an error; offsets past the data are never read.
  @Test func damagedExifIsIgnored() throws {
    var bytes = try Fixtures.bytes(Self.folder.appendingPathComponent("orientation-6.jpg"))
    #expect(ExifOrientation(jpeg: Array(bytes.prefix(30))) == nil)
    #expect(ExifOrientation(jpeg: try Fixtures.bytes(Self.folder.appendingPathComponent("photo-420.jpg"))) == nil)
    if let tiff = bytes.indices.first(where: { bytes[$0...].starts(with: [0x4D, 0x4D, 0, 42]) || bytes[$0...]
      .starts(with: [0x49, 0x49, 42, 0]) })
    {
      bytes[tiff + 4] = 0xFF  // IFD0's offset far past the data
      #expect(ExifOrientation(jpeg: bytes) == nil)
      #expect(try JPEGDecoder().decode(bytes, source: "x", pixelLimit: 1 << 20).width == 24)
    } else {
      Issue.record("no TIFF header in the fixture")
    }
  }
}

extension JPEGDecoderTests {
  /// The headers alone: size, colour space, subsampling, orientation, ICC profile.
  @Test func headers() throws {
    func header(_ name: String) throws -> JPEGHeader {
      try JPEGHeader(Fixtures.bytes(Self.folder.appendingPathComponent(name)), source: name)
    }
    #expect(try header("photo-420.jpg").description == "96x64, JPEG, YCbCr 4:2:0, 8-bit, no alpha")
    #expect(try header("photo-444.jpg").subsampling == "4:4:4")
    #expect(try header("photo-grey.jpg").colorSpace == "grayscale")
    #expect(try header("cmyk.jpg").colorSpace == "CMYK")
    #expect(try header("icc.jpg").hasICCProfile && !header("photo-420.jpg").hasICCProfile)
    #expect(try header("orientation-8.jpg").description
      == "24x40, JPEG, YCbCr 4:2:0, 8-bit, no alpha, orientation 8 (shown turned 90° anticlockwise)")
    // Junk before a header is passed over, as the decoders pass it over; a file cut short in its header is an error.
    #expect(try header("corrupt.jpg").description == "96x64, JPEG, YCbCr 4:2:0, 8-bit, no alpha")
    #expect(throws: CodecError.self) {
      let start = try Fixtures.bytes(Self.folder.appendingPathComponent("photo-420.jpg")).prefix(100)
      return try JPEGHeader(Array(start), source: "x")
    }
    #expect(try ImageFile.headerDescription(atPath: Self.path("icc.jpg")).contains(", ICC profile ("))
    #expect(try ImageFile.headerDescription(atPath: Self.path("photo-420.jpg"))
      == "96x64, JPEG, YCbCr 4:2:0, 8-bit, no alpha, no ICC profile")
    #expect(try ImageFile.headerDescription(atPath: Fixtures.pngSuite.appendingPathComponent("basn6a08.png").path)
      == "32x32, PNG, RGBA, 8-bit, alpha, not interlaced, no ICC profile")
    let metadata = Fixtures.root.appendingPathComponent("Metadata")
    #expect(try ImageFile.headerDescription(atPath: metadata.appendingPathComponent("icc-300dpi.jpg").path)
      == "48x32, JPEG, YCbCr 4:2:0, 8-bit, no alpha, ICC profile (588 bytes), 300x300 dpi")
    #expect(try ImageFile.headerDescription(atPath: metadata.appendingPathComponent("icc-300dpi.png").path)
      == "48x32, PNG, RGB, 8-bit, no alpha, not interlaced, ICC profile (588 bytes), "
      + "11811x11811 dots per metre (300x300 dpi)")
    let webp = Fixtures.root.appendingPathComponent("WebP")
    #expect(try ImageFile.headerDescription(atPath: webp.appendingPathComponent("animated.webp").path)
      == "40x24, WebP, animation of 3 frames (100, 100, 100 ms), looping for ever, 8-bit, no alpha, no ICC profile")
    #expect(try ImageFile.headerDescription(atPath: webp.appendingPathComponent("cutout-lossy.webp").path)
      == "64x48, WebP, lossy, 8-bit, alpha, no ICC profile")
  }
}
