import Foundation
import Testing

import Decor
import DecorTestSupport

/// Every PngSuite image decodes, to the pixels worked out by `Fixtures/PngSuite/make-references.py` (a decoder
/// independent of libpng and of Decor), and interlaced images equal their non-interlaced twins.
@Suite struct PNGSuiteTests {
  static let images = Fixtures.pngSuiteImages()
  static let interlacedFolderImages = Fixtures.pngSuiteImages(in: "interlaced")

  func decode(_ folder: String, _ name: String) throws -> Raster {
    let url = folder.isEmpty ? Fixtures.pngSuite.appendingPathComponent(name)
      : Fixtures.pngSuite.appendingPathComponent(folder).appendingPathComponent(name)
    return try Raster(contentsOfFile: url.path)
  }

  @Test func theSuiteIsThere() {
    #expect(Self.images.count == 51)
    #expect(Self.interlacedFolderImages.count == 9)
  }

  @Test(arguments: images.map { ("", $0) } + interlacedFolderImages.map { ("interlaced", $0) })
  func decodesLikeTheIndependentReference(folder: String, name: String) throws {
    let raster = try decode(folder, name)
    let referenceURL = Fixtures.pngSuite.appendingPathComponent("reference").appendingPathComponent(folder)
      .appendingPathComponent(name.replacingOccurrences(of: ".png", with: ".rgba"))
    let reference = try Fixtures.bytes(referenceURL)
    #expect(raster.width == 32 && raster.height == 32)
    #expect(raster.bytes.count == reference.count)
    let maxDelta = zip(raster.bytes, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
    // Within one level in premultiplied space; in fact every image matches exactly.
    #expect(maxDelta == 0, "\(name): max delta \(maxDelta)")
    for i in stride(from: 0, to: raster.bytes.count, by: 4) {
      let pixel = RGBA8(r: raster.bytes[i], g: raster.bytes[i + 1], b: raster.bytes[i + 2], a: raster.bytes[i + 3])
      #expect(pixel.isPremultiplied)
    }
  }

  /// Files are decoded as libpng reads them from disk, through the byte source of a path; the bytes in memory
  /// decode the same.
  @Test(arguments: images)
  func fromDiskAsFromMemory(name: String) throws {
    let url = Fixtures.pngSuite.appendingPathComponent(name)
    #expect(try Raster(contentsOfFile: url.path) == PNGDecoder().decode(Fixtures.bytes(url), source: name))
  }

  /// A file on disk cut short after its image data is refused as in memory, by the walk of its chunk headers.
  @Test func aTruncatedFileOnDiskIsCorrupt() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes = try Fixtures.bytes(Fixtures.pngSuite.appendingPathComponent("basn6a08.png"))
    let path = folder.appendingPathComponent("cut.png").path
    try Data(bytes.dropLast(2)).write(to: URL(fileURLWithPath: path))
    #expect {
      try Raster(contentsOfFile: path)
    } throws: { error in
      guard case .corrupt(_, let detail) = error as? CodecError else { return false }
      return detail == "truncated: the file ends inside its IEND chunk (2 bytes missing)"
    }
    // As in memory, with the same words.
    #expect(throws: CodecError.corrupt(source: "cut.png",
      detail: "truncated: the file ends inside its IEND chunk (2 bytes missing)")) {
      try PNGDecoder().decode(Array(bytes.dropLast(2)), source: "cut.png")
    }
  }

  @Test(arguments: images.filter { $0.hasPrefix("i") })
  func interlacedEqualsItsTwin(name: String) throws {
    let twin = String(name.dropFirst())
    #expect(try decode("", name) == decode("", twin), "\(name) vs \(twin)")
  }

  /// An interlaced 16-bit file is read at 16 bits, to exactly the 16-bit pixels of its non-interlaced twin: whole
  /// (`Raster(keepingDepthOf:)`) and by rows in bands of 1, 5 and 32, premultiplied and straight (the file's
  /// samples). So a render keeps it at 16 bits, as it keeps the twin.
  @Test(arguments: ["ibasn0g16.png", "ibasn2c16.png", "ibasn4a16.png", "ibasn6a16.png", "iftbwn0g16.png"])
  func interlacedSixteenBitEqualsItsTwinAtSixteenBits(name: String) throws {
    let url = Fixtures.pngSuite.appendingPathComponent(name)
    let twinURL = Fixtures.pngSuite.appendingPathComponent(String(name.dropFirst()))
    let (whole, twin) = (try Raster(keepingDepthOf: url.path), try Raster(keepingDepthOf: twinURL.path))
    #expect(whole.depth == .sixteen && twin.depth == .sixteen)
    #expect(whole == twin, "\(name)")
    // More than 8 bits: some sample lies between the 8-bit levels.
    let fine = (0..<32 * 32).contains { p in
      let pixel = whole[rgba16: p % 32, p / 32]
      return [pixel.r, pixel.g, pixel.b, pixel.a].contains { $0 % 257 != 0 }
    }
    #expect(fine, "\(name) holds only 8-bit levels")
    let source = try PNGRowSource(contentsOfFile: url.path, source: name)
    let twinSource = try PNGRowSource(contentsOfFile: twinURL.path, source: name)
    #expect(source.isInterlaced && source.holdsMoreThanEightBits && source.sourceDepth == 16)
    for format in [PixelFormat.rgba16, .rgba16Straight] {
      let expected = try Self.deepRows(twinSource, band: 32, format: format)
      for band in [1, 5, 32] {
        #expect(try Self.deepRows(source, band: band, format: format) == expected, "\(name) \(format) by \(band)")
      }
    }
  }

  /// An interlaced file of fewer than 16 bits is still decoded whole at 8 bits: a translucent one does not ask a
  /// render for 16 bits.
  @Test func interlacedEightBitFilesStayAtEightBits() throws {
    let source = try PNGRowSource(contentsOfFile: Fixtures.pngSuite.appendingPathComponent("ibasn6a08.png").path,
      source: "ibasn6a08.png")
    #expect(source.isInterlaced && !source.holdsMoreThanEightBits && source.sourceDepth == 8)
    #expect(try Raster(keepingDepthOf: Fixtures.pngSuite.appendingPathComponent("ibasn6a08.png").path).depth == .eight)
  }

  /// Every row of `source` read at 16 bits in `format`, `band` rows at a time, as the samples' 16-bit values.
  static func deepRows(_ source: PNGRowSource, band: Int, format: PixelFormat) throws -> [UInt16] {
    let reader = try source.openPNGRows()
    var pixels = [RGBA16](repeating: RGBA16(r: 0, g: 0, b: 0, a: 0), count: source.width * source.height)
    var row = 0
    while row < source.height {
      let count = min(band, source.height - row)
      try pixels.withUnsafeMutableBufferPointer { buffer in
        try reader.readDeepRows(count: count,
          into: UnsafeMutableBufferPointer(rebasing: buffer[row * source.width..<(row + count) * source.width]),
          format: format)
      }
      row += count
    }
    return pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] }
  }

  @Test(arguments: interlacedFolderImages)
  func interlacedFolderEqualsItsTwin(name: String) throws {
    #expect(try decode("interlaced", name) == decode("", String(name.dropFirst())))
  }

  @Test func headersDescribeTheFiles() throws {
    func header(_ name: String) throws -> PNGHeader {
      try PNGHeader(contentsOfFile: Fixtures.pngSuite.appendingPathComponent(name).path)
    }
    let cases: [(String, PNGHeader.ColorType, Int, Bool, Bool)] = [
      ("basn0g01.png", .grayscale, 1, false, false), ("basn2c16.png", .rgb, 16, false, false),
      ("basn3p04.png", .palette, 4, false, false), ("basn4a08.png", .grayscaleAlpha, 8, true, false),
      ("basn6a16.png", .rgba, 16, true, false), ("ibasn6a08.png", .rgba, 8, true, true),
      ("ftbbn3p08.png", .palette, 8, true, false), ("ftp0n3p08.png", .palette, 8, false, false),
    ]
    for (name, colorType, depth, alpha, interlaced) in cases {
      let h = try header(name)
      #expect(h.width == 32 && h.height == 32 && h.colorType == colorType && h.bitDepth == depth, "\(name)")
      #expect(h.hasAlpha == alpha && h.isInterlaced == interlaced, "\(name)")
    }
    #expect(try header("ibasn6a08.png").description == "32x32, RGBA, 8-bit, alpha, interlaced")
  }
}
