import Foundation
import Testing

@testable import Decor

/// The streamed sources (`PNGRowSource`, `JPEGRowSource`): rows read in bands of any height equal the whole-image
/// decoders' pixels, and bad files are errors naming them.
@Suite struct RowSourceTests {
  /// Every row of `source`, read `band` rows at a time (the last band shorter), as premultiplied RGBA bytes.
  static func readAll(_ source: any RowSource, band: Int) throws -> [UInt8] {
    let reader = try source.openRows()
    var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: source.width * source.height)
    try pixels.withUnsafeMutableBufferPointer { buffer in
      var y = 0
      while y < source.height {
        let count = min(band, source.height - y)
        try reader.readRows(count: count, into: UnsafeMutableBufferPointer(
          rebasing: buffer[y * source.width..<(y + count) * source.width]))
        y += count
      }
    }
    return pixels.withUnsafeBytes { Array($0) }
  }

  static let pngSuiteFiles: [String] = Fixtures.pngSuiteImages().map { Fixtures.pngSuite.appendingPathComponent($0).path }
    + Fixtures.pngSuiteImages(in: "interlaced").map {
      Fixtures.pngSuite.appendingPathComponent("interlaced").appendingPathComponent($0).path
    }
  /// The photographs and cut-out of `SampleImages/` (the project's copy of some of `shared/sample-images/`), or of
  /// the folder `DECOR_SAMPLE_IMAGES` names (to check all of `shared/sample-images/`, outside the repository).
  static let sampleImages: [String] = {
    let folder = ProcessInfo.processInfo.environment["DECOR_SAMPLE_IMAGES"].map { URL(fileURLWithPath: $0) }
      ?? Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleImages")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".png") }.sorted().map { folder.appendingPathComponent($0).path }
  }()

  // MARK: PNG

  /// Every PngSuite file, in bands of 1, 7 and 64 rows, gives `PNGCodec.decode`'s bytes exactly.
  @Test(arguments: pngSuiteFiles)
  func pngSuiteRowsEqualTheWholeDecode(path: String) throws {
    let expected = try PNGCodec.decode(Fixtures.bytes(URL(fileURLWithPath: path)), source: path)
    let source = try PNGRowSource(contentsOfFile: path, source: path)
    #expect(source.width == expected.width && source.height == expected.height)
    for band in [1, 7, 64] {
      #expect(try Self.readAll(source, band: band) == expected.bytes, "\(path), bands of \(band)")
    }
  }

  @Test func sampleImagesRowsEqualTheWholeDecode() throws {
    #expect(Self.sampleImages.count >= 4)
    for path in Self.sampleImages {
      let expected = try PNGCodec.decode(Fixtures.bytes(URL(fileURLWithPath: path)), source: path)
      let source = try PNGRowSource(contentsOfFile: path, source: path)
      for band in [1, 7, 64] {
        #expect(try Self.readAll(source, band: band) == expected.bytes, "\(path), bands of \(band)")
      }
    }
  }

  /// Random 16-bit files (grey, grey and alpha, RGB with tRNS, RGBA; interlaced or not) exercise every rounding of
  /// the 16-bit premultiplication and reduction against the simplified API's.
  @Test func sixteenBitRoundingEqualsTheWholeDecode() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var random = SplitMix64(seed: 16)
    for (n, colorType) in [0, 4, 2, 6, 6, 4].enumerated() {
      for interlaced in [false, true] {
        let (width, height) = (Int.random(in: 1...37, using: &random), Int.random(in: 1...29, using: &random))
        let channels = [0: 1, 2: 3, 4: 2, 6: 4][colorType]!
        var png = PNGBuilder(width: width, height: height, bitDepth: 16, colorType: UInt8(colorType))
        png.interlaced = interlaced
        // Samples biased to the ends, where the special cases of alpha 0 and 65535 are.
        func sample() -> [UInt8] {
          switch Int.random(in: 0..<8, using: &random) {
          case 0: return [0, 0]
          case 1: return [0xFF, 0xFF]
          default: return be16(Int.random(in: 0...65535, using: &random))
          }
        }
        let pixels = (0..<width * height).map { _ in (0..<channels).flatMap { _ in sample() } }
        if colorType == 2 { png.extraChunks = [("tRNS", Array(pixels[0].prefix(6)))] }
        png.scanlines = Self.scanlines(pixels, width: width, height: height, interlaced: interlaced)
        let path = folder.appendingPathComponent("\(n)-\(interlaced).png").path
        let bytes = png.build()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let expected = try PNGCodec.decode(bytes, source: path)
        let source = try PNGRowSource(contentsOfFile: path, source: path)
        #expect(try Self.readAll(source, band: 3) == expected.bytes, "colour type \(colorType), \(interlaced)")
      }
    }
  }

  /// Unfiltered scanlines of byte-aligned pixels, in Adam7 pass order when `interlaced`.
  static func scanlines(_ pixels: [[UInt8]], width: Int, height: Int, interlaced: Bool) -> [UInt8] {
    guard interlaced else { return (0..<height).flatMap { y in [0] + (0..<width).flatMap { pixels[y * width + $0] } } }
    let passes = [(0, 8, 0, 8), (4, 8, 0, 8), (0, 4, 4, 8), (2, 4, 0, 4), (0, 2, 2, 4), (1, 2, 0, 2), (0, 1, 1, 2)]
    var out: [UInt8] = []
    for (x0, dx, y0, dy) in passes where x0 < width && y0 < height {
      for y in stride(from: y0, to: height, by: dy) {
        out += [0] + stride(from: x0, to: width, by: dx).flatMap { pixels[y * width + $0] }
      }
    }
    return out
  }

  /// A file cut anywhere, or damaged in its image data, is an error naming it, never a trap or a hang; the pixel
  /// limit is checked from the header; a missing file is an I/O error.
  @Test func badPNGFilesAreErrors() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["basn6a16.png", "basn3p04.png", "ibasn2c08.png", "basn0g01.png"] {
      let bytes = try Fixtures.bytes(Fixtures.pngSuite.appendingPathComponent(name))
      let path = folder.appendingPathComponent(name).path
      for length in stride(from: 0, to: bytes.count, by: 13) {
        try Data(bytes.prefix(length)).write(to: URL(fileURLWithPath: path))
        #expect(throws: CodecError.self, "\(name) cut at \(length)") {
          _ = try Self.readAll(PNGRowSource(contentsOfFile: path, source: name), band: 5)
        }
      }
      // Damaged bytes inside the IDAT chunk: libpng's CRC (or zlib) check fails, or the pixels differ; never a trap.
      let idat = bytes.indices.first { bytes[$0...].starts(with: Array("IDAT".utf8)) }!
      for offset in stride(from: idat + 4, to: min(idat + 200, bytes.count - 20), by: 7) {
        var damaged = bytes
        damaged[offset] ^= 0x5A
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        do {
          _ = try Self.readAll(PNGRowSource(contentsOfFile: path, source: name), band: 5)
          Issue.record("\(name) damaged at \(offset) was read")
        } catch let error as CodecError {
          guard case .corrupt(let source, let detail) = error else {
            Issue.record("\(name): \(error)")
            continue
          }
          #expect(source == name && !detail.isEmpty)
        }
      }
    }
    let path = Fixtures.pngSuite.appendingPathComponent("basn6a08.png").path
    #expect(throws: CodecError.tooLarge(source: "s.png", width: 32, height: 32, limit: 1000)) {
      try PNGRowSource(contentsOfFile: path, source: "s.png", pixelLimit: 1000)
    }
    #expect {
      try PNGRowSource(contentsOfFile: folder.appendingPathComponent("none.png").path, source: "none.png")
    } throws: { error in
      guard case .io(let source, _) = error as? CodecError else { return false }
      return source == "none.png"
    }
    // A reader that failed keeps failing with the same error.
    let bytes = try Fixtures.bytes(URL(fileURLWithPath: path))
    let cut = folder.appendingPathComponent("cut.png").path
    var damaged = bytes
    damaged[bytes.count - 30] ^= 0xFF
    try Data(damaged).write(to: URL(fileURLWithPath: cut))
    let reader = try PNGRowSource(contentsOfFile: cut, source: "cut.png").openRows()
    var row = [UInt32](repeating: 0, count: 32 * 32)
    let first = #expect(throws: CodecError.self) {
      try row.withUnsafeMutableBufferPointer { try reader.readRows(count: 32, into: $0) }
    }
    let second = #expect(throws: CodecError.self) {
      try row.withUnsafeMutableBufferPointer { try reader.readRows(count: 1, into: $0) }
    }
    #expect(first != nil && first == second)
  }

  /// The source describes itself, and readers are independent: two at once give the same rows.
  @Test func readersAreIndependent() throws {
    let path = Fixtures.pngSuite.appendingPathComponent("ibasn6a16.png").path
    let source = try PNGRowSource(contentsOfFile: path, source: "ibasn6a16.png")
    #expect(source.description == "png ibasn6a16.png 32x32 16-bit interlaced")
    let (a, b) = (try source.openRows(), try source.openRows())
    var rowA = [UInt32](repeating: 0, count: 32)
    var rowB = [UInt32](repeating: 1, count: 32)
    for _ in 0..<32 {
      try rowA.withUnsafeMutableBufferPointer { try a.readRows(count: 1, into: $0) }
      try rowB.withUnsafeMutableBufferPointer { try b.readRows(count: 1, into: $0) }
      #expect(rowA == rowB)
    }
  }
}
