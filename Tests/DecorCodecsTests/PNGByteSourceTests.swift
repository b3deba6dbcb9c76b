import Foundation
import Testing

import Decor
import DecorTestSupport

/// A PNG read from a file, from memory and from an input read once (a FIFO, standard input's kind, spooled to a
/// temporary file past 1 MiB): the same pixels, whole and by rows, the same metadata and pixel limit; damaged input
/// in memory is a `CodecError`, never a trap.
@Suite struct PNGByteSourceTests {
  /// 640×480 of translucent noise, which deflate cannot shrink: over 1 MiB as a PNG, so an input read once is
  /// spooled. Its straight samples are random, so it round-trips exactly (see `PNGCodecTests.randomRaster`).
  static func noise() throws -> Raster { try PNGCodecTests.randomRaster(width: 640, height: 480, opaque: false) }

  static let density = PixelDensity(horizontal: 11811, vertical: 11811, unit: .perMeter)

  @Test func everySourceGivesTheSameImage() throws {
    let raster = try Self.noise()
    let bytes = try PNGCodec.encode(raster, compression: .fast, metadata: ImageMetadata(density: Self.density))
    #expect(bytes.count > ByteSource.memoryLimit)
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("noise.png").path
    try ImageFile.writeBytes(bytes, toPath: path)
    let (spooled, decoder) = try Fixtures.readOnce(bytes, folder: folder)
    #expect(decoder.name == "png" && spooled.path == nil && spooled.bytesInMemory == nil, "spooled, not held")
    let expected = ImageMetadata(density: Self.density)
    #expect(PNGDecoder().metadata(of: bytes) == expected)
    for source in [ByteSource(contentsOfFile: path), ByteSource(bytes: bytes), spooled] {
      // The reference is the raster written: the pixels go through no decoder but the one under test.
      let decoded = try PNGDecoder().decodeImage(from: source, pixelLimit: 1 << 24)
      #expect(decoded.raster == raster, "\(source.name)")
      #expect(decoded.metadata == expected && decoded.warnings.isEmpty, "\(source.name)")
      #expect(PNGDecoder().metadata(from: source) == expected, "\(source.name)")
      let rows = try PNGRowSource(source)
      #expect(rows.bytes.name == source.name && rows.description == "png \(source.name) 640x480 8-bit")
      #expect(try RowSourceTests.readAll(rows, band: 7) == raster.bytes, "\(source.name)")
      #expect(throws: CodecError.tooLarge(source: source.name, width: 640, height: 480, limit: 1000)) {
        try PNGDecoder().decodeImage(from: source, pixelLimit: 1000)
      }
      #expect(throws: CodecError.tooLarge(source: source.name, width: 640, height: 480, limit: 1000)) {
        try PNGRowSource(source, pixelLimit: 1000)
      }
    }
    // The other forms of the one decode.
    #expect(try PNGDecoder().decode(bytes, source: "m") == raster)
    #expect(try PNGDecoder().decode(contentsOfFile: path, source: "f") == raster)
    #expect(try PNGDecoder().decodeImage(contentsOfFile: path, source: "f", pixelLimit: 1 << 24).metadata == expected)
  }

  /// Interlaced, 16-bit, palette and 1-bit files read from their file, from memory and from a FIFO (small: held in
  /// memory), whole and by rows, give the pixels of PngSuite's reference (`Fixtures/PngSuite/make-references.py`, a
  /// decoder independent of libpng and of Decor).
  @Test(arguments: ["ibasn6a16.png", "basn6a16.png", "ibasn3p08.png", "basn0g01.png"])
  func smallFilesFromEverySource(name: String) throws {
    let url = Fixtures.pngSuite.appendingPathComponent(name)
    let bytes = try Fixtures.bytes(url)
    let expected = try Fixtures.bytes(Fixtures.pngSuite.appendingPathComponent("reference")
      .appendingPathComponent(name.replacingOccurrences(of: ".png", with: ".rgba")))
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (piped, _) = try Fixtures.readOnce(bytes, folder: folder)
    #expect(piped.bytesInMemory == bytes)
    for source in [ByteSource(contentsOfFile: url.path, name: name), ByteSource(bytes: bytes, name: name), piped] {
      #expect(try PNGDecoder().decodeImage(from: source, pixelLimit: 1 << 20).raster.bytes == expected,
        "\(source.name)")
      for band in [1, 5, 32] {
        #expect(try RowSourceTests.readAll(PNGRowSource(source), band: band) == expected, "\(band)")
      }
    }
  }

  /// Bytes in memory cut anywhere, or damaged in their image data, are a `CodecError` naming the source, whole and
  /// by rows; never a trap.
  @Test func damagedBytesInMemoryAreErrors() throws {
    for name in ["basn6a16.png", "ibasn2c08.png", "basn3p04.png"] {
      let bytes = try Fixtures.bytes(Fixtures.pngSuite.appendingPathComponent(name))
      for length in stride(from: 0, to: bytes.count, by: 11) {
        let source = ByteSource(bytes: Array(bytes.prefix(length)), name: name)
        #expect(throws: CodecError.self, "\(name) cut at \(length)") {
          try PNGDecoder().decodeImage(from: source, pixelLimit: 1 << 20)
        }
        #expect(throws: CodecError.self, "\(name) cut at \(length)") {
          try RowSourceTests.readAll(PNGRowSource(source), band: 5)
        }
      }
      let idat = bytes.indices.first { bytes[$0...].starts(with: Array("IDAT".utf8)) }!
      for offset in stride(from: idat + 4, to: min(idat + 200, bytes.count - 20), by: 7) {
        var damaged = bytes
        damaged[offset] ^= 0x5A
        #expect {
          try PNGDecoder().decodeImage(from: ByteSource(bytes: damaged, name: name), pixelLimit: 1 << 20)
        } throws: { error in
          guard case .corrupt(let source, let detail) = error as? CodecError else { return false }
          return source == name && !detail.isEmpty
        }
      }
    }
    // Cut after the image data: libpng alone would not notice; the walk of the chunk headers does, in these words.
    let whole = try Fixtures.bytes(Fixtures.pngSuite.appendingPathComponent("basn6a08.png"))
    #expect(throws: CodecError.corrupt(source: "cut.png",
      detail: "truncated: the file ends inside its IEND chunk (2 bytes missing)")) {
      try PNGRowSource(ByteSource(bytes: Array(whole.dropLast(2)), name: "cut.png"))
    }
    #expect(throws: CodecError.self) { try PNGDecoder().decodeImage(from: ByteSource(bytes: []), pixelLimit: 100) }
  }

  /// A PNG in memory is opened for a render as a file is: read by rows, with its metadata.
  @Test func bytesInMemoryAreStreamed() throws {
    let path = Fixtures.pngSuite.appendingPathComponent("basn6a08.png").path
    let fromFile = try OpenedImage(contentsOfFile: path)
    let fromMemory = try OpenedImage(decoding: Fixtures.bytes(URL(fileURLWithPath: path)))
    #expect(fromMemory.isStreamed && fromFile.isStreamed)
    #expect(fromMemory.metadata == fromFile.metadata && fromMemory.decoderName == "png")
    #expect(try Renderer().render(fromMemory.image) == Renderer().render(fromFile.image))
  }
}
