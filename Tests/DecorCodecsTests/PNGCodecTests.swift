import Foundation
import Testing

import Decor
import DecorTestSupport

@Suite struct PNGCodecTests {
  func decode(_ builder: PNGBuilder) throws -> Raster { try PNGDecoder().decode(builder.build(), source: "test.png") }

  // MARK: Known pixel values, from files built byte by byte

  @Test func sixteenBitSamplesAreRoundedNotTruncated() throws {
    // 0x01FF × 255 / 65535 = 1.99 (truncation to the high byte would give 1); 0x8080 is exactly 128.
    var png = PNGBuilder(width: 5, height: 1, bitDepth: 16, colorType: 0)
    png.setRows([[0x0000, 0x01FF, 0x7F7F, 0x8080, 0xFFFF].flatMap { be16($0) }])
    let raster = try decode(png)
    #expect((0..<5).map { raster[$0, 0].r } == [0, 2, 127, 128, 255])
    #expect((0..<5).allSatisfy { raster[$0, 0].a == 255 && raster[$0, 0].g == raster[$0, 0].r })
    // The same samples interlaced: Adam7 passes 1, 2, 4 and 6 hold columns 0, 4, 2 and (1, 3) of the one row.
    png.interlaced = true
    png.scanlines = [[0], [4], [2], [1, 3]].flatMap { columns in
      [0] + columns.flatMap { be16([0x0000, 0x01FF, 0x7F7F, 0x8080, 0xFFFF][$0]) }
    }
    #expect(try decode(png) == raster)
  }

  @Test func sixteenBitAlphaIsPremultipliedAtFullDepth() throws {
    // Colour 65535 at alpha 32768: 255 × 32768 / 65535 = 127.502 → 128 for both; blue 1000 at that alpha:
    // 1000 × 32768 × 255 / 65535² = 1.95 → 2.
    var png = PNGBuilder(width: 2, height: 1, bitDepth: 16, colorType: 6)
    png.setRows([be16(65535) + be16(0) + be16(1000) + be16(32768) + be16(60000) + be16(60000) + be16(0) + be16(0)])
    let raster = try decode(png)
    #expect(raster[0, 0] == RGBA8(r: 128, g: 0, b: 2, a: 128))
    #expect(raster[1, 0] == .clear)
  }

  @Test func palettesWithTransparencyArePremultiplied() throws {
    var png = PNGBuilder(width: 4, height: 1, bitDepth: 2, colorType: 3)
    png.extraChunks = [("PLTE", [255, 0, 0, 0, 0, 255, 10, 20, 30]), ("tRNS", [128, 0])]
    png.setRows([[0b00_01_10_00]])
    let raster = try decode(png)
    #expect(raster[0, 0] == RGBA8(r: 128, g: 0, b: 0, a: 128))
    #expect(raster[1, 0] == .clear)
    #expect(raster[2, 0] == RGBA8(r: 10, g: 20, b: 30, a: 255))
  }

  @Test func lowBitDepthGrayIsScaledToFullRange() throws {
    var png = PNGBuilder(width: 4, height: 1, bitDepth: 2, colorType: 0)
    png.extraChunks = [("tRNS", be16(2))]
    png.setRows([[0b00_01_10_11]])
    let raster = try decode(png)
    #expect(raster[0, 0] == .black)
    #expect(raster[1, 0] == RGBA8(r: 85, g: 85, b: 85, a: 255))
    #expect(raster[2, 0] == .clear)
    #expect(raster[3, 0] == .white)
  }

  @Test func colourSpaceChunksDoNotChangeSamples() throws {
    // gAMA 1.0 would make libpng re-encode 64 as 136; Decor takes samples as sRGB whatever the file says.
    var png = PNGBuilder(width: 2, height: 1, bitDepth: 8, colorType: 2)
    png.setRows([[64, 128, 192, 10, 20, 30]])
    let plain = try decode(png)
    #expect(plain[0, 0] == RGBA8(r: 64, g: 128, b: 192, a: 255))
    png.extraChunks = [("gAMA", be32(100_000)), ("cHRM", [UInt8](repeating: 1, count: 32)), ("sRGB", [0])]
    #expect(try decode(png) == plain)
  }

  /// From disk, where `sRGB` and `iCCP` stay in an 8-bit file libpng reads (it is asked for no conversion by them)
  /// and `gAMA` sends it through memory, as any of them sends a 16-bit file (whose linear output libpng would
  /// convert from the sRGB gamma): the same samples every way, and row by row (`PNGRowSource`).
  @Test(arguments: [8, 16])
  func colourSpaceChunksDoNotChangeSamplesFromDisk(bitDepth: Int) throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var png = PNGBuilder(width: 3, height: 2, bitDepth: UInt8(bitDepth), colorType: 6)
    let rows: [[UInt8]] = [[64, 128, 192, 255, 10, 20, 30, 128, 0, 0, 0, 0], [1, 2, 3, 4, 200, 100, 50, 255, 9, 9, 9, 9]]
    png.setRows(bitDepth == 8 ? rows : rows.map { $0.flatMap { be16(Int($0) * 257 + 3) } })
    let plain = try decode(png)
    // A minimal RGB display profile (header and an empty tag table), zlib-compressed with stored blocks.
    var profile = [UInt8](repeating: 0, count: 132)
    profile.replaceSubrange(0..<4, with: be32(132))
    profile.replaceSubrange(8..<12, with: [2, 0x10, 0, 0])
    profile.replaceSubrange(12..<24, with: Array("mntrRGB XYZ ".utf8))
    profile.replaceSubrange(36..<40, with: Array("acsp".utf8))
    let iccp = Array("profile".utf8) + [0, 0] + PNGBuilder.zlibStored(profile)
    for chunks in [[("sRGB", [UInt8(0)])], [("iCCP", iccp)], [("gAMA", be32(100_000))]] {
      png.extraChunks = chunks
      let path = folder.appendingPathComponent("\(chunks[0].0).png").path
      try Data(png.build()).write(to: URL(fileURLWithPath: path))
      #expect(try Raster(contentsOfFile: path) == plain, "\(chunks[0].0)")
      #expect(try RowSourceTests.readAll(PNGRowSource(contentsOfFile: path, source: path), band: 1) == plain.bytes)
    }
  }

  @Test func transparentPixelsBecomeZeroWhateverTheirColour() throws {
    var png = PNGBuilder(width: 2, height: 1, bitDepth: 8, colorType: 6)
    png.setRows([[255, 200, 100, 0, 255, 255, 255, 1]])
    let raster = try decode(png)
    #expect(raster[0, 0] == .clear)
    #expect(raster[1, 0] == RGBA8(r: 1, g: 1, b: 1, a: 1))
  }

  // MARK: Round trips

  static func randomRaster(width: Int, height: Int, opaque: Bool) throws -> Raster {
    var generator = SplitMix64(seed: 3225714456)  // seeded: a failure can be replayed
    let straight = (0..<width * height * 4).map { i in
      opaque && i % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &generator)
    }
    return try Raster(width: width, height: height, straightBytes: straight)
  }

  @Test(arguments: [PNGCompression.fast, .default])
  func opaqueImagesRoundTripExactlyAsRGB(compression: PNGCompression) throws {
    let raster = try Self.randomRaster(width: 67, height: 31, opaque: true)
    let data = try PNGCodec.encode(raster, compression: compression)
    let header = try PNGCodec.header(of: data, source: "memory")
    #expect(header.colorType == .rgb && header.bitDepth == 8 && !header.hasAlpha)
    #expect(try PNGDecoder().decode(data, source: "memory") == raster)
  }

  @Test(arguments: [PNGCompression.fast, .default])
  func translucentImagesRoundTripExactlyInPremultipliedSpace(compression: PNGCompression) throws {
    let raster = try Self.randomRaster(width: 67, height: 31, opaque: false)
    let data = try PNGCodec.encode(raster, compression: compression)
    #expect(try PNGCodec.header(of: data, source: "memory").colorType == .rgba)
    #expect(try PNGDecoder().decode(data, source: "memory") == raster)
  }

  @Test func fastCompressionTradesSizeForSpeed() throws {
    let photo = try Raster(contentsOfFile: Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("SampleImages/chelsea.png").path)
    let fast = try PNGCodec.encode(photo, compression: .fast)
    let standard = try PNGCodec.encode(photo, compression: .default)
    #expect(fast.count > standard.count)
    #expect(try PNGDecoder().decode(fast, source: "fast") == PNGDecoder().decode(standard, source: "default"))
  }

  // MARK: Bad input

  static let valid: [UInt8] = {
    var png = PNGBuilder(width: 16, height: 16, bitDepth: 8, colorType: 6)
    png.setRows((0..<16).map { (y: Int) -> [UInt8] in (0..<64).map { (x: Int) -> UInt8 in UInt8((x * 7 + y * 13) & 0xFF) } })
    return png.build()
  }()

  @Test func theValidFileDecodes() throws {
    #expect(try PNGDecoder().decode(Self.valid, source: "ok.png").width == 16)
  }

  /// Every cut: inside the signature, the header, the image data, its checksums, and a file missing only `IEND`
  /// (libpng's simplified reader never reads that far; Decor checks the chunk structure itself).
  @Test(arguments: [8, 20, 33, 60, 500, valid.count - 20, valid.count - 16, valid.count - 12, valid.count - 1])
  func truncatedFilesAreCorrupt(length: Int) {
    let truncated = Array(Self.valid.prefix(length))
    #expect {
      try PNGDecoder().decode(truncated, source: "cut.png")
    } throws: { error in
      guard case .corrupt(let source, let detail) = error as? CodecError else { return false }
      return source == "cut.png" && !detail.isEmpty
    }
  }

  @Test func aCorruptedChecksumIsAnError() {
    for chunkOffset in [8, 33] {  // IHDR, IDAT
      var data = Self.valid
      let length = data[chunkOffset..<chunkOffset + 4].reduce(0) { $0 << 8 | Int($1) }
      data[chunkOffset + 8 + length] ^= 0xFF
      #expect(throws: CodecError.self) { try PNGDecoder().decode(data, source: "crc.png") }
    }
  }

  @Test func damagedImageDataIsAnError() {
    var data = Self.valid
    var png = PNGBuilder(width: 16, height: 16, bitDepth: 8, colorType: 6)
    png.scanlines = [UInt8](repeating: 9, count: 16 * 65)  // filter type 9 does not exist
    data = png.build()
    #expect(throws: CodecError.self) { try PNGDecoder().decode(data, source: "filter.png") }
  }

  @Test func aHugeHeaderIsRefusedBeforeAllocating() {
    var png = PNGBuilder(width: 100_000, height: 100_000, bitDepth: 8, colorType: 6)
    png.scanlines = [0, 0, 0, 0, 0]
    #expect(throws: CodecError.tooLarge(source: "huge.png", width: 100_000, height: 100_000,
      limit: Raster.defaultPixelLimit)) { try PNGDecoder().decode(png.build(), source: "huge.png") }
    #expect(throws: CodecError.tooLarge(source: "small.png", width: 16, height: 16, limit: 255)) {
      try PNGDecoder().decode(Self.valid, source: "small.png", pixelLimit: 255)
    }
  }

  @Test func nonPNGDataIsUnsupported() {
    let bmp: [UInt8] = [0x42, 0x4D, 0x36, 0x00, 0x00, 0x00]
    let known = ["png", "jpeg", "webp", "gif", "tiff", "heif"]
    #expect(throws: CodecError.unsupportedFormat(source: "a.bmp", leadingBytes: bmp, known: known)) {
      try DecoderRegistry.standard.decode(bmp, source: "a.bmp")
    }
    // A JPEG's first bytes go to the JPEG decoder, which finds the rest missing.
    #expect(throws: CodecError.corrupt(source: "a.jpg", detail: "Premature end of JPEG file")) {
      try DecoderRegistry.standard.decode([0xFF, 0xD8, 0xFF, 0xE0], source: "a.jpg")
    }
    #expect(throws: CodecError.unsupportedFormat(source: "empty.png", leadingBytes: [], known: known)) {
      try DecoderRegistry.standard.decode([], source: "empty.png")
    }
    #expect(throws: CodecError.self) { try PNGDecoder().decode(Array("not a png at all".utf8), source: "t.png") }
    let message = CodecError.unsupportedFormat(source: "a.jpg", leadingBytes: [0xFF, 0xD8]).description
    #expect(message == "a.jpg: unsupported format: not an image Decor reads")
  }

  @Test func randomDamageNeverCrashes() {
    // Flip bytes all over a valid file: every outcome must be a decoded image or a CodecError.
    var generator = SplitMix64(seed: 3225714457)  // seeded: a failure can be replayed
    for _ in 0..<500 {
      var data = Self.valid
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        data[Int.random(in: 8..<data.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      }
      // `decode` throws only CodecError (typed throws); reaching the end of the loop without trapping is the test.
      let decoded = try? PNGDecoder().decode(data, source: "fuzz.png")
      if let decoded { #expect(decoded.width == 16 && decoded.height == 16) }
    }
  }
}
