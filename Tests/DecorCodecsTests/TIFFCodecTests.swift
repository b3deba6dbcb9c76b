import Foundation
import Testing

import Decor
import DecorTestSupport

/// TIFF decoding against Pillow's decode of the same files, or against the expected raster computed from the
/// samples written (16-bit and associated alpha, which Pillow does not read at full precision); both committed
/// once by `Tests/Fixtures/TIFF/make.py`. Decor's TIFF encoder against its decoder and Pillow's files.
@Suite struct TIFFCodecTests {
  static let folder = Fixtures.root.appendingPathComponent("TIFF")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  @Test(arguments: [
    "rgb8", "rgb8-lzw", "rgb8-deflate-tiles", "rgb8-planar", "grey8", "palette8", "rgba8-unassociated-lzw",
    "multipage",
  ])
  func matchesPillow(name: String) throws {
    let decoded = try Raster(contentsOfFile: Self.path(name + ".tif"))
    let reference = try Raster(contentsOfFile: Self.path(name + "-reference.png"))
    #expect(decoded == reference, "\(name) differs from Pillow's decode")
  }

  /// 16-bit samples rounded to nearest (`round(v / 257)`) before premultiplying unassociated alpha; associated
  /// alpha as stored.
  @Test(arguments: [
    "rgba8-associated-deflate", "grey16", "grey16-tiles", "greyalpha16", "rgb16-lzw", "rgba16-unassociated-tiles",
    "rgba16-associated",
  ])
  func matchesTheSamplesWritten(name: String) throws {
    let decoded = try Raster(contentsOfFile: Self.path(name + ".tif"))
    let expected = try Raster(width: 48, height: 32,
      premultipliedBytes: Fixtures.bytes(Self.folder.appendingPathComponent(name + "-expected.rgba")))
    let worst = zip(decoded.bytes, expected.bytes).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    #expect(decoded == expected, "\(name): max difference \(worst)")
  }

  @Test func pagesProfileAndRegistry() throws {
    let image = try DecodedImage(contentsOfFile: Self.path("multipage.tif"))
    #expect(image.frameCount == 2)
    // Read row by row, as `decor apply` opens it, the file still says it has two pages.
    let opened = try OpenedImage(contentsOfFile: Self.path("multipage.tif"))
    #expect(opened.isStreamed && opened.frameCount == 2)
    #expect(try OpenedImage(contentsOfFile: Self.path("rgb8-lzw.tif")).frameCount == 1)
    #expect(try DecodedImage(contentsOfFile: Self.path("rgb8-lzw.tif")).frameCount == 1)
    let profile = try DecodedImage(contentsOfFile: Self.path("rgb8-lzw.tif")).metadata.iccProfile
    #expect(profile?.count == 3144, "chelsea.png's ICC profile, carried by Pillow and tiffcp")
    for name in ["rgb8.tif", "rgb16-lzw.tif"] {
      let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent(name))
      #expect(try DecoderRegistry.standard.decoder(for: bytes, source: "x").name == "tiff")
    }
    #expect(TIFFDecoder().recognizes(ArraySlice([0x4D, 0x4D, 0x00, 0x2A])))
    #expect(!TIFFDecoder().recognizes(ArraySlice([0x49, 0x49, 0x2A, 0x01])))
  }

  /// `decor info`'s line.
  @Test func headerDescription() throws {
    #expect(try ImageFile.headerDescription(atPath: Self.path("rgba16-unassociated-tiles.tif"))
      == "48x32, TIFF, RGB, 16-bit, alpha (unassociated), deflate, tiles of 16x16, 1 page, no ICC profile, pixel aspect 1:1")
    #expect(try ImageFile.headerDescription(atPath: Self.path("multipage.tif")).hasPrefix(
      "48x32, TIFF, RGB, 8-bit, no alpha, uncompressed, strips, 2 pages, ICC profile (3144 bytes)"))
  }

  @Test func badFilesAreErrors() throws {
    Fixtures.expectCorrupt(["truncated.tif", "corrupt.tif"].map(Self.path))
    #expect(throws: CodecError.tooLarge(source: Self.path("rgb8.tif"), width: 48, height: 32, limit: 1000)) {
      try Raster(contentsOfFile: Self.path("rgb8.tif"), pixelLimit: 1000)
    }
    for name in ["rgb8-lzw.tif", "grey16-tiles.tif", "rgba16-unassociated-tiles.tif"] {
      let bytes = try Fixtures.bytes(Self.folder.appendingPathComponent(name))
      for length in stride(from: 0, to: bytes.count, by: 97) {
        _ = try? TIFFDecoder().decodeImage(Array(bytes.prefix(length)), source: "cut", pixelLimit: 1 << 20)
        _ = try? TIFFDecoder().headerDescription(of: Array(bytes.prefix(length)), source: "cut")
      }
    }
  }

  /// Every compression gives back the raster exactly, translucent pixels included; opaque images are written as RGB;
  /// the profile, density and XMP come back; Pillow's reading of the same file is in `Tests/Fixtures/TIFF/make.py`'s
  /// terms (the decoded files above), so an encoder round trip through Decor's decoder checks the writer.
  @Test(arguments: TIFFOptions.Compression.allCases)
  func roundTripIsExact(compression: TIFFOptions.Compression) throws {
    let cutout = try Raster(contentsOfFile: Self.path("rgba8-unassociated-lzw-reference.png"))
    let xmp = Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>"#.utf8)
    let metadata = ImageMetadata(iccProfile: Array(repeating: 7, count: 200),
      density: PixelDensity(horizontal: 300, vertical: 150, unit: .perInch), exif: nil, xmp: xmp)
    let bytes = try TIFFEncoder.encode(cutout, options: TIFFOptions(compression: compression), metadata: metadata)
    #expect(try TIFFDecoder().decode(bytes, source: "x", pixelLimit: 1 << 20) == cutout)
    #expect(TIFFDecoder().metadata(of: bytes) == metadata)
    let description = try TIFFDecoder().headerDescription(of: bytes, source: "x")
    #expect(description.hasPrefix("48x32, TIFF, RGB, 8-bit, alpha (unassociated), "), "\(description)")
    let photo = try Raster(contentsOfFile: Self.path("rgb8-reference.png"))
    let opaque = try TIFFImageEncoder(options: TIFFOptions(compression: compression)).encode(photo, destination: "x")
    #expect(try TIFFDecoder().decode(opaque, source: "x", pixelLimit: 1 << 20) == photo)
    #expect(try TIFFDecoder().headerDescription(of: opaque, source: "x").contains("no alpha"))
  }

  @Test func theStandardRegistryWritesTIFF() throws {
    #expect(EncoderRegistry.standard.encoder(forPath: "out.tif")?.name == "tiff")
    #expect(EncoderRegistry.standard.encoder(forPath: "OUT.TIFF")?.name == "tiff")
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let photo = try Raster(contentsOfFile: Self.path("rgb8-reference.png"))
    let out = directory.appendingPathComponent("photo.tif").path
    try photo.write(to: out)
    #expect(try Raster(contentsOfFile: out) == photo)
  }
  /// Read by `TIFFRowSource` in bands of 1, 5, 16 and 64 rows: `TIFFDecoder`'s bytes exactly, strips and tiles, 8- and
  /// 16-bit; `OpenedImage` streams them; damage is an error naming the file, at the row that reaches it.
  @Test(arguments: [
    "rgb8", "rgb8-lzw", "rgb8-deflate-tiles", "rgb8-planar", "grey8", "palette8", "rgba8-unassociated-lzw",
    "multipage", "rgba8-associated-deflate", "grey16", "grey16-tiles", "greyalpha16", "rgb16-lzw",
    "rgba16-unassociated-tiles", "rgba16-associated",
  ])
  func rowsEqualTheWholeDecode(name: String) throws {
    let path = Self.path(name + ".tif")
    let whole = try Raster(contentsOfFile: path)
    let rows = try TIFFRowSource(contentsOfFile: path, source: path)
    #expect(rows.isStreamable && rows.width == whole.width && rows.height == whole.height)
    for band in [1, 5, 16, 64] {
      #expect(try RowSourceTests.readAll(rows, band: band) == whole.bytes, "\(name) in bands of \(band)")
    }
    #expect(try OpenedImage(contentsOfFile: path).isStreamed)
  }

  @Test func streamedBadFilesAreErrors() throws {
    #expect(throws: CodecError.tooLarge(source: "x", width: 48, height: 32, limit: 1000)) {
      try TIFFRowSource(contentsOfFile: Self.path("rgb8.tif"), source: "x", pixelLimit: 1000)
    }
    for name in ["truncated.tif", "corrupt.tif"] {
      do {
        let rows = try TIFFRowSource(contentsOfFile: Self.path(name), source: name)
        _ = try RowSourceTests.readAll(rows, band: 8)
        Issue.record("\(name) read")
      } catch let error as CodecError {
        guard case .corrupt(let source, _) = error else {
          Issue.record("\(name): \(error)")
          continue
        }
        #expect(source == name)
      }
    }
  }
  /// Associated alpha is kept as stored, but colour above its alpha (a damaged file, found by `FuzzTIFF`) is clamped
  /// to it: every raster is validly premultiplied, so a round trip through the encoder gives it back.
  @Test func associatedColourAboveAlphaIsClamped() throws {
    let path = Self.path("associated-colour-above-alpha.tif")
    let decoded = try Raster(contentsOfFile: path)
    let bytes = decoded.bytes
    var valid = true
    for pixel in stride(from: 0, to: bytes.count, by: 4) {
      let alpha = bytes[pixel + 3]
      valid = valid && bytes[pixel] <= alpha && bytes[pixel + 1] <= alpha && bytes[pixel + 2] <= alpha
    }
    #expect(valid, "every colour at most its alpha")
    #expect(try TIFFDecoder().decode(TIFFEncoder.encode(decoded), source: "x", pixelLimit: 1 << 20) == decoded)
    #expect(try RowSourceTests.readAll(TIFFRowSource(contentsOfFile: path, source: path), band: 7) == bytes)
  }
}
