#if JPEG
import Foundation
import Testing

import Decor
import DecorTestSupport

/// A JPEG read from a file, from memory and from an input read once (a FIFO, standard input's kind, spooled to a
/// temporary file past 1 MiB): the same pixels, at full and DCT scale, the same metadata, and shrunk on load alike.
@Suite struct ByteSourceTests {
  /// A 1200×900 JPEG of noise at quality 100, 4:4:4, over 1 MiB, so that an input read once is spooled.
  static func noisyJPEG() throws -> [UInt8] {
    var random = SplitMix64(seed: 34)
    let raster = try Raster(width: 1200, height: 900, premultipliedBytes: (0..<(1200 * 900)).flatMap { _ in
      let value = random.next()
      return [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
        UInt8(truncatingIfNeeded: value >> 16), 255]
    })
    return try TurboJPEGReference.encode(raster, options: JPEGOptions(quality: 100, subsampling: .s444)).bytes
  }

  /// The input at a FIFO that `bytes` are written into from another thread (`Fixtures.readOnce`).
  static func readOnce(_ bytes: [UInt8], folder: URL) throws -> (bytes: ByteSource, decoder: any ImageDecoder) {
    try Fixtures.readOnce(bytes, folder: folder)
  }

  @Test func everySourceGivesTheSameImage() throws {
    let bytes = try Self.noisyJPEG()
    #expect(bytes.count > ByteSource.memoryLimit)
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("noise.jpg").path
    try ImageFile.writeBytes(bytes, toPath: path)
    let (spooled, decoder) = try Self.readOnce(bytes, folder: folder)
    #expect(decoder.name == "jpeg" && spooled.path == nil && spooled.bytesInMemory == nil, "spooled, not held")
    let expected = try #require(TurboJPEGReference.decode(bytes))
    let eighth = try RowSourceTests.readAll(JPEGRowSource(ByteSource(bytes: bytes), scale: .eighth), band: 16)
    for source in [ByteSource(contentsOfFile: path), ByteSource(bytes: bytes), spooled] {
      let decoded = try JPEGDecoder().decodeImage(from: source, pixelLimit: 1 << 24)
      #expect(decoded.raster == expected, "\(source.name)")
      #expect(try RowSourceTests.readAll(JPEGRowSource(source, scale: .eighth), band: 16) == eighth, "\(source.name)")
      #expect(JPEGDecoder().metadata(from: source) == JPEGDecoder().metadata(of: bytes), "\(source.name)")
      #expect(throws: CodecError.tooLarge(source: source.name, width: 1200, height: 900, limit: 1000)) {
        try JPEGDecoder().decodeImage(from: source, pixelLimit: 1000)
      }
    }
  }

  /// A JPEG in memory is opened as a file is, read by rows, and shrunk on load by the same DCT scale.
  @Test func bytesInMemoryAreShrunkOnLoad() throws {
    let path = JPEGDecoderTests.path("photo-420.jpg")
    let chain = try Chain(parsing: "resize 12x_")
    let fromFile = try OpenedImage(contentsOfFile: path)
    let fromMemory = try OpenedImage(decoding: Fixtures.bytes(URL(fileURLWithPath: path)))
    #expect(fromMemory.isStreamed && fromFile.isStreamed)
    #expect(fromMemory.metadata == fromFile.metadata)
    func scale(_ image: any ImageComponent) throws -> String? {
      let plan = try Renderer(pixelLimit: Int.max).plan(image)
      return plan.stages.compactMap { ($0.node as? StreamedImage).map(\.source.description) }.first
    }
    let shrunk = try fromMemory.applying(chain)
    let description = try scale(shrunk) ?? "none"
    #expect(description.contains("(1/4 of 96x64)"), "\(description)")
    #expect(try Renderer().render(shrunk) == Renderer().render(fromFile.applying(chain)))
  }
}
#endif
