#if WebP
import Foundation
import Testing

import Decor
import DecorTestSupport

/// A WebP read from a file, from memory and from an input read once (a FIFO, standard input's kind, spooled to a
/// temporary file past 1 MiB): the same pixels, metadata and pixel-limit error, by the one reader (`WebPRowSource`)
/// that `WebPDecoder` and a render share; damage from memory is a `CodecError`, never a trap.
@Suite struct WebPByteSourceTests {
  static let metadata = ImageMetadata(iccProfile: Array(repeating: 7, count: 300), exif: nil,
    xmp: Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>"#.utf8))

  /// 800×600 opaque noise, lossless (over 1 MiB, so that an input read once is spooled), with an ICC profile and
  /// XMP, and the raster it was made from: a lossless file gives back its source's pixels exactly, a reference
  /// that does not depend on the decoder.
  static func noisyWebP() throws -> (bytes: [UInt8], raster: Raster) {
    var random = SplitMix64(seed: 35)
    let raster = try Raster(width: 800, height: 600, premultipliedBytes: (0..<(800 * 600)).flatMap { _ in
      let value = random.next()
      return [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
        UInt8(truncatingIfNeeded: value >> 16), 255]
    })
    let bytes = try WebPEncoder.encode(raster, options: WebPOptions(lossless: true), metadata: metadata)
    return (bytes, raster)
  }

  @Test func everySourceGivesTheSameImage() throws {
    let (bytes, raster) = try Self.noisyWebP()
    #expect(bytes.count > ByteSource.memoryLimit)
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("noise.webp").path
    try ImageFile.writeBytes(bytes, toPath: path)
    let (spooled, decoder) = try Fixtures.readOnce(bytes, folder: folder)
    #expect(decoder.name == "webp" && spooled.path == nil && spooled.bytesInMemory == nil, "spooled, not held")
    for source in [ByteSource(contentsOfFile: path), ByteSource(bytes: bytes), spooled] {
      let decoded = try WebPDecoder().decodeImage(from: source, pixelLimit: 1 << 24)
      #expect(decoded.raster == raster, "\(source.name)")
      #expect(decoded.metadata == Self.metadata && decoded.frameCount == 1, "\(source.name)")
      #expect(WebPDecoder().metadata(from: source) == Self.metadata, "\(source.name)")
      let rows = try WebPRowSource(source)
      #expect(try RowSourceTests.readAll(rows, band: 16) == raster.bytes, "\(source.name) by rows")
      #expect(throws: CodecError.tooLarge(source: source.name, width: 800, height: 600, limit: 1000)) {
        try WebPDecoder().decodeImage(from: source, pixelLimit: 1000)
      }
      #expect(throws: CodecError.tooLarge(source: source.name, width: 800, height: 600, limit: 1000)) {
        try WebPRowSource(source, pixelLimit: 1000)
      }
    }
  }

  /// Lossy, alpha and animated fixtures from memory: Pillow's pixels (the references of `WebPCodecTests`), the
  /// metadata and frame count as from the file; a render streams a still file from memory.
  @Test(arguments: ["photo-lossy", "photo-lossless", "cutout-lossy", "cutout-lossless", "animated"])
  func fixturesFromMemory(name: String) throws {
    let path = WebPCodecTests.path(name + ".webp")
    let bytes = try Fixtures.bytes(URL(fileURLWithPath: path))
    let fromFile = try WebPDecoder().decodeImage(from: ByteSource(contentsOfFile: path), pixelLimit: 1 << 24)
    let fromMemory = try WebPDecoder().decodeImage(from: ByteSource(bytes: bytes), pixelLimit: 1 << 24)
    #expect(fromMemory.raster == fromFile.raster && fromMemory.metadata == fromFile.metadata)
    #expect(fromMemory.frameCount == (name == "animated" ? 3 : 1))
    let reference = try Raster(contentsOfFile: WebPCodecTests.path(name + "-reference.png"))
    let worst = WebPCodecTests.worstDelta(fromMemory.raster, straightReference: reference)
    #expect(worst <= (name.hasSuffix("lossy") ? 1 : 0), "\(name): max delta \(worst)")
    let opened = try OpenedImage(decoding: bytes)
    #expect(opened.isStreamed == (name != "animated") && opened.frameCount == fromFile.frameCount)
    #expect(try Renderer().render(opened.image) == fromFile.raster)
  }

  /// Every prefix of a file, and the damaged fixtures, from memory: `CodecError.corrupt` naming the source (or, for
  /// a prefix that holds the whole image, its pixels), never a trap.
  @Test func damageFromMemoryIsAnError() throws {
    for name in ["photo-lossy", "photo-lossless", "animated"] {
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: WebPCodecTests.path(name + ".webp")))
      Fixtures.expectPrefixesCorrupt(bytes, step: 41) { source in
        _ = try RowSourceTests.readAll(WebPRowSource(source), band: 8)
        _ = try WebPDecoder().decodeImage(from: source, pixelLimit: 1 << 20)
      }
    }
    for name in ["truncated", "corrupt"] {
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: WebPCodecTests.path(name + ".webp")))
      #expect(throws: CodecError.self) {
        try WebPDecoder().decodeImage(from: ByteSource(bytes: bytes), pixelLimit: 1 << 20)
      }
    }
  }
}
#endif
