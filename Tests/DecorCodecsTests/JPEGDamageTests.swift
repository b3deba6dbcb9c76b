import Foundation
import Testing

import Decor
import DecorTestSupport

/// JPEG files read as browsers read them (`Tests/Fixtures/JPEG/make-damaged.py`): damage libjpeg only warns about
/// is passed over and reported as a value, a file cut short is an error, a variant libjpeg-turbo does not decode is
/// named; the same through TurboJPEG (`JPEGDecoder`) and through the scanline reader (`JPEGRowSource`).
@Suite struct JPEGDamageTests {
  static func path(_ name: String) -> String { JPEGDecoderTests.path(name) }

  /// Each file's warning, as both paths report it.
  static let damaged = [
    // Three bytes put in, two counted: libjpeg's entropy decoder has read the first as part of the scan.
    ("extraneous-eoi.jpg", "Corrupt JPEG data: 2 extraneous bytes before marker 0xd9"),
    ("junk-header.jpg", "Corrupt JPEG data: 5 extraneous bytes before marker 0xdb"),
    ("corrupt.jpg", "Corrupt JPEG data: 18 extraneous bytes before marker 0xdb"),
    ("progressive-short.jpg", nil),
  ]

  @Test(arguments: damaged)
  func damageIsPassedOverTheSameWayByBothPaths(name: String, words: String?) throws {
    let whole = try DecodedImage(contentsOfFile: Self.path(name), decoders: DecoderRegistry.standard(autoOrient: false),
      pixelLimit: 1 << 20)
    #expect(whole.warnings.count == 1, "\(name): \(whole.warnings)")
    if let words { #expect(whole.warnings == [words], "\(name)") }
    let source = try JPEGRowSource(contentsOfFile: Self.path(name), source: name)
    let rows = try RowSourceTests.readAll(source, band: 8)
    #expect(rows == whole.raster.bytes, "\(name): the same pixels")
    #expect(source.warnings.all == whole.warnings, "\(name): the same words")
    // Opened for a render (streamed): the warning is there once the rows were read.
    let opened = try OpenedImage(contentsOfFile: Self.path(name), decoders: DecoderRegistry.standard(autoOrient: false),
      pixelLimit: 1 << 20)
    #expect(opened.isStreamed && opened.warnings.isEmpty, "\(name): not read yet")
    let rendered = try Renderer().render(opened.image)
    #expect(rendered.bytes == whole.raster.bytes && opened.warnings == whole.warnings, "\(name)")
  }

  /// Junk before EOI changes no pixel: the same as the intact file.
  @Test func junkBeforeTheEndChangesNothing() throws {
    let intact = try Raster(contentsOfFile: Self.path("photo-420.jpg"))
    #expect(try Raster(contentsOfFile: Self.path("extraneous-eoi.jpg")) == intact)
    #expect(try DecodedImage(contentsOfFile: Self.path("photo-420.jpg")).warnings.isEmpty)
  }

  /// A file cut short (no EOI) is an error through both paths, with libjpeg's words, as Pillow refuses it; and so
  /// is one cut short after other damage, which TurboJPEG reports only as its first warning.
  @Test func aFileCutShortIsAnError() throws {
    let expected = CodecError.corrupt(source: "t.jpg", detail: "Premature end of JPEG file")
    var cut = try Fixtures.bytes(URL(fileURLWithPath: Self.path("extraneous-eoi.jpg")))
    cut.removeLast(2)
    for bytes in [try Fixtures.bytes(URL(fileURLWithPath: Self.path("truncated.jpg"))), cut] {
      #expect(throws: expected) { try JPEGDecoder().decode(bytes, source: "t.jpg", pixelLimit: 1 << 20) }
    }
    #expect(throws: expected) {
      _ = try RowSourceTests.readAll(JPEGRowSource(contentsOfFile: Self.path("truncated.jpg"), source: "t.jpg"),
        band: 8)
    }
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("cut.jpg").path
    try ImageFile.writeBytes(cut, toPath: path)
    #expect(throws: CodecError.corrupt(source: "t.jpg", detail: "Premature end of JPEG file")) {
      _ = try RowSourceTests.readAll(JPEGRowSource(contentsOfFile: path, source: "t.jpg"), band: 8)
    }
  }

  /// 12-bit and lossless JPEG are named, in the same words by the decoder, the row source and the header reader
  /// (`decor info`).
  @Test func unsupportedVariantsAreNamed() throws {
    for (name, words) in [("12-bit.jpg", "12-bit JPEG is not supported"),
      ("lossless.jpg", "lossless JPEG (SOF3) is not supported")]
    {
      let expected = CodecError.unsupportedVariant(source: name, detail: words)
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: Self.path(name)))
      #expect(throws: expected) { try JPEGDecoder().decode(bytes, source: name, pixelLimit: 1 << 20) }
      #expect(throws: expected) { try JPEGRowSource(contentsOfFile: Self.path(name), source: name) }
      #expect(throws: expected) { try JPEGHeader(bytes, source: name) }
      #expect(expected.description == "\(name): \(words)")
    }
    // Read from the frame header alone.
    var header: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC9, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0]
    #expect(JPEGMarkers.unsupportedVariant(header) == "arithmetic-coded JPEG (SOF9) is not supported")
    header[3] = 0xC5
    #expect(JPEGMarkers.unsupportedVariant(header) == "hierarchical JPEG (SOF5) is not supported")
    header[3] = 0xC0
    #expect(JPEGMarkers.unsupportedVariant(header) == nil)
  }
}
