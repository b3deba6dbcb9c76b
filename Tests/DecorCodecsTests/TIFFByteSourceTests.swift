#if TIFF
import Foundation
import Testing

import Decor
import DecorTestSupport

/// A TIFF read from a file, from memory and from an input read once (a FIFO, standard input's kind, spooled to a
/// temporary file past 1 MiB): the same pixels, metadata, page count and pixel-limit error, by the one reader
/// (`TIFFRowSource`, libtiff seeking in the source) that `TIFFDecoder` and a render share; damage from memory is a
/// `CodecError`, never a trap.
@Suite struct TIFFByteSourceTests {
  static let metadata = ImageMetadata(iccProfile: Array(repeating: 7, count: 200),
    density: PixelDensity(horizontal: 300, vertical: 150, unit: .perInch), exif: nil,
    xmp: Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>"#.utf8))

  /// 700×500 opaque noise, uncompressed (over 1 MiB, so that an input read once is spooled), with a profile, a
  /// density and XMP, and the raster it was made from: TIFF is lossless, so the pixels read must be the raster's.
  static func noisyTIFF() throws -> (bytes: [UInt8], raster: Raster) {
    var random = SplitMix64(seed: 36)
    let raster = try Raster(width: 700, height: 500, premultipliedBytes: (0..<(700 * 500)).flatMap { _ in
      let value = random.next()
      return [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
        UInt8(truncatingIfNeeded: value >> 16), 255]
    })
    return (try TIFFEncoder.encode(raster, options: TIFFOptions(compression: .none), metadata: metadata), raster)
  }

  @Test func everySourceGivesTheSameImage() throws {
    let (bytes, raster) = try Self.noisyTIFF()
    #expect(bytes.count > ByteSource.memoryLimit)
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("noise.tif").path
    try ImageFile.writeBytes(bytes, toPath: path)
    let (spooled, decoder) = try Fixtures.readOnce(bytes, folder: folder)
    #expect(decoder.name == "tiff" && spooled.path == nil && spooled.bytesInMemory == nil, "spooled, not held")
    for source in [ByteSource(contentsOfFile: path), ByteSource(bytes: bytes), spooled] {
      let decoded = try TIFFDecoder().decodeImage(from: source, pixelLimit: 1 << 24)
      #expect(decoded.raster == raster, "\(source.name)")
      #expect(decoded.metadata == Self.metadata && decoded.frameCount == 1, "\(source.name)")
      #expect(TIFFDecoder().metadata(from: source) == Self.metadata, "\(source.name)")
      let rows = try TIFFRowSource(source)
      #expect(rows.isStreamable && rows.rowsPerChunk < rows.height, "\(source.name): read strip by strip")
      #expect(try RowSourceTests.readAll(rows, band: 16) == raster.bytes, "\(source.name) by rows")
      #expect(throws: CodecError.tooLarge(source: source.name, width: 700, height: 500, limit: 1000)) {
        try TIFFDecoder().decodeImage(from: source, pixelLimit: 1000)
      }
      #expect(throws: CodecError.tooLarge(source: source.name, width: 700, height: 500, limit: 1000)) {
        try TIFFRowSource(source, pixelLimit: 1000)
      }
    }
  }

  /// Strips, tiles, planar, palette, 16-bit and two pages from memory: the pixels of the file's decode (checked
  /// against Pillow or the samples written by `TIFFCodecTests`), its metadata and page count; a render streams
  /// them from memory.
  @Test(arguments: [
    "rgb8-lzw", "rgb8-deflate-tiles", "rgb8-planar", "palette8", "rgba8-unassociated-lzw", "multipage",
    "grey16-tiles", "rgb16-lzw", "rgba16-unassociated-tiles",
  ])
  func fixturesFromMemory(name: String) throws {
    let path = TIFFCodecTests.path(name + ".tif")
    let bytes = try Fixtures.bytes(URL(fileURLWithPath: path))
    let fromFile = try TIFFDecoder().decodeImage(from: ByteSource(contentsOfFile: path), pixelLimit: 1 << 24)
    let fromMemory = try TIFFDecoder().decodeImage(from: ByteSource(bytes: bytes), pixelLimit: 1 << 24)
    #expect(fromMemory.raster == fromFile.raster && fromMemory.metadata == fromFile.metadata)
    #expect(fromMemory.frameCount == (name == "multipage" ? 2 : 1))
    let opened = try OpenedImage(decoding: bytes)
    #expect(opened.isStreamed && opened.frameCount == fromMemory.frameCount && opened.metadata == fromFile.metadata)
    #expect(try Renderer().render(opened.image) == fromFile.raster)
  }

  /// A file stored bottom row first (orientation 4) is read by rows as stored (Pillow's decode of the same pixels),
  /// from a file or memory, and turned upright (upside down) by the decoder, as Pillow's `exif_transpose` turns it;
  /// a render of the opened file is the upright picture too, and `autoOrient: false` keeps the stored rows.
  @Test func aFileStoredBottomRowFirstIsTurnedUpright() throws {
    let path = TIFFCodecTests.path("rgb8-bottom-left.tif")
    let reference = try Raster(contentsOfFile: TIFFCodecTests.path("rgb8-reference.png"))
    let rowBytes = reference.width * 4
    let flipped = (0..<reference.height).reversed().flatMap { y in
      reference.bytes[(y * rowBytes)..<((y + 1) * rowBytes)]
    }
    let bytes = try Fixtures.bytes(URL(fileURLWithPath: path))
    for source in [ByteSource(contentsOfFile: path), ByteSource(bytes: bytes)] {
      #expect(try TIFFDecoder().decodeImage(from: source, pixelLimit: 1 << 20).raster.bytes == flipped)
      #expect(try TIFFDecoder(autoOrient: false).decodeImage(from: source, pixelLimit: 1 << 20).raster == reference)
      let rows = try TIFFRowSource(source)
      #expect(rows.isStreamable && rows.orientation == .upsideDownMirrored)
      for band in [1, 7, 32] {
        #expect(try RowSourceTests.readAll(rows, band: band) == reference.bytes, "bands of \(band)")
      }
    }
    #expect(try Renderer().render(OpenedImage(decoding: bytes).image).bytes == flipped)
  }

  /// Every prefix of a file, and the damaged fixtures, from memory: a `CodecError` naming the source (or, for a
  /// prefix that holds the whole image, its pixels), never a trap.
  @Test func damageFromMemoryIsAnError() throws {
    for name in ["rgb8-lzw", "rgb8-deflate-tiles", "grey16-tiles", "multipage"] {
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: TIFFCodecTests.path(name + ".tif")))
      Fixtures.expectPrefixesCorrupt(bytes, step: 53) { source in
        _ = try RowSourceTests.readAll(TIFFRowSource(source), band: 8)
        _ = try TIFFDecoder().decodeImage(from: source, pixelLimit: 1 << 20)
        _ = TIFFDecoder().metadata(from: source)
      }
    }
    for name in ["truncated", "corrupt"] {
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: TIFFCodecTests.path(name + ".tif")))
      #expect(throws: CodecError.self) {
        try TIFFDecoder().decodeImage(from: ByteSource(bytes: bytes), pixelLimit: 1 << 20)
      }
    }
  }
}
#endif
