import Testing

import Decor
import DecorTestSupport

@Suite struct DecoderRegistryTests {
  /// A decoder that claims data starting with `magic` and decodes it to one pixel.
  struct MagicDecoder: ImageDecoder {
    var name: String
    var magic: [UInt8]
    func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool { leadingBytes.starts(with: magic) }
    func decode(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster {
      do { return try Raster(width: 1, height: 1, fill: .white) } catch { throw .corrupt(source: source, detail: "") }
    }
  }

  @Test func theStandardRegistryFindsPNG() throws {
    let png = try Fixtures.bytes(Fixtures.pngSuite.appendingPathComponent("basn6a08.png"))
    #expect(try DecoderRegistry.standard.decoder(for: png, source: "a.png").name == "png")
    #expect(DecoderRegistry.standard.decoders.map(\.name) == ["png", "jpeg", "webp", "gif", "tiff", "heif"])
  }

  /// A second decoder claiming PNG's signature makes every PNG ambiguous, naming both; the standard registry is
  /// untouched.
  @Test func aSecondPNGDecoderIsAmbiguous() throws {
    let png = try Fixtures.bytes(Fixtures.pngSuite.appendingPathComponent("basn6a08.png"))
    var registry = DecoderRegistry.standard
    try registry.register(MagicDecoder(name: "my-png", magic: PNGHeader.signature))
    #expect(throws: CodecError.ambiguousFormat(source: "a.png", decoders: ["png", "my-png"])) {
      try registry.decode(png, source: "a.png")
    }
    #expect(CodecError.ambiguousFormat(source: "a.png", decoders: ["png", "my-png"]).description
      == "a.png: ambiguous format: decoders \"png\" and \"my-png\" both claim it")
    #expect(try DecoderRegistry.standard.decoder(for: png, source: "a.png").name == "png")
  }

  /// Decoders are found by name too; an unknown name, and data no decoder claims, list the known ones.
  @Test func decodersAreFoundByName() throws {
    #expect(try DecoderRegistry.standard.decoder(named: "webp").name == "webp")
    let known = ["png", "jpeg", "webp", "gif", "tiff", "heif"]
    #expect(throws: CodecError.unknownCodec(name: "bmp", known: known)) {
      try DecoderRegistry.standard.decoder(named: "bmp")
    }
    #expect(CodecError.unknownCodec(name: "bmp", known: known).description
      == "no codec named \"bmp\" (known: png, jpeg, webp, gif, tiff, heif)")
    let bmp: [UInt8] = [0x42, 0x4D, 0x36, 0x00, 0x00, 0x00]
    #expect(throws: CodecError.unsupportedFormat(source: "a.bmp", leadingBytes: bmp, known: known)) {
      try DecoderRegistry.standard.decode(bmp, source: "a.bmp")
    }
    #expect(CodecError.unsupportedFormat(source: "a.bmp", leadingBytes: bmp, known: known)
      .description == "a.bmp: unsupported format: not an image Decor reads (not png, jpeg, webp, gif, tiff or heif)")
  }

  @Test func userDecodersAreFoundByTheirFirstBytes() throws {
    var registry = DecoderRegistry.standard
    try registry.register(MagicDecoder(name: "magic", magic: Array("MAGIC".utf8)))
    #expect(try registry.decode(Array("MAGIC and more".utf8), source: "m") == Raster(width: 1, height: 1, fill: .white))
    #expect(throws: CodecError.unsupportedFormat(source: "m", leadingBytes: Array("MAGE".utf8),
      known: ["png", "jpeg", "webp", "gif", "tiff", "heif", "magic"])) {
      try registry.decode(Array("MAGE".utf8), source: "m")
    }
  }

  @Test func twoClaimantsIsAnErrorNamingBoth() throws {
    var registry = DecoderRegistry()
    try registry.register(MagicDecoder(name: "first", magic: [1, 2]))
    try registry.register(MagicDecoder(name: "second", magic: [1]))
    #expect(throws: CodecError.ambiguousFormat(source: "x.bin", decoders: ["first", "second"])) {
      try registry.decoder(for: [1, 2, 3], source: "x.bin")
    }
    #expect(try registry.decoder(for: [1, 3], source: "x.bin").name == "second")
    let message = CodecError.ambiguousFormat(source: "x.bin", decoders: ["first", "second"]).description
    #expect(message == "x.bin: ambiguous format: decoders \"first\" and \"second\" both claim it")
  }

  @Test func registeringANameTwiceIsAnError() throws {
    var registry = DecoderRegistry.standard
    #expect(throws: CodecError.duplicateDecoder(name: "png")) {
      try registry.register(MagicDecoder(name: "png", magic: [0]))
    }
    #expect(registry.decoders.map(\.name) == DecoderRegistry.standard.decoders.map(\.name), "nothing was added")
  }
}
