import Foundation
import Testing

import Decor
import DecorTestSupport

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

  /// Every PngSuite file, in bands of 1, 7 and 64 rows, gives the whole decode's bytes exactly (`PNGDecoder`, which
  /// reads every row at once: an interlaced file straight into its raster).
  @Test(arguments: pngSuiteFiles)
  func pngSuiteRowsEqualTheWholeDecode(path: String) throws {
    let expected = try PNGDecoder().decode(Fixtures.bytes(URL(fileURLWithPath: path)), source: path)
    let source = try PNGRowSource(contentsOfFile: path, source: path)
    #expect(source.width == expected.width && source.height == expected.height)
    for band in [1, 7, 64] {
      #expect(try Self.readAll(source, band: band) == expected.bytes, "\(path), bands of \(band)")
    }
  }

  @Test func sampleImagesRowsEqualTheWholeDecode() throws {
    #expect(Self.sampleImages.count >= 4)
    for path in Self.sampleImages {
      let expected = try PNGDecoder().decode(Fixtures.bytes(URL(fileURLWithPath: path)), source: path)
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
        let expected = try PNGDecoder().decode(bytes, source: path)
        let source = try PNGRowSource(contentsOfFile: path, source: path)
        #expect(try Self.readAll(source, band: 3) == expected.bytes, "colour type \(colorType), \(interlaced)")
      }
    }
  }

  /// Unfiltered scanlines of byte-aligned pixels, in Adam7 pass order when `interlaced`.
  static func scanlines(_ pixels: [[UInt8]], width: Int, height: Int, interlaced: Bool) -> [UInt8] {
    guard interlaced else {
      var rows: [UInt8] = []
      for y in 0..<height {
        rows.append(0)
        for x in 0..<width { rows += pixels[y * width + x] }
      }
      return rows
    }
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

  // MARK: JPEG

  static let jpegFolder = Fixtures.root.appendingPathComponent("JPEG")
  /// The committed JPEG fixtures: baseline 4:2:0 and 4:4:4, progressive, greyscale, CMYK, 4:2:2, EXIF orientations.
  static let jpegFixtures: [String] = ["photo-420", "photo-444", "photo-progressive", "photo-grey", "cmyk", "icc",
    "rows-progressive", "rows-grey", "rows-422"] + (1...8).map { "orientation-\($0)" }

  /// The fixtures, and photographs encoded here by Decor at quality 75, 90 and 95 in 4:2:0 and 4:4:4 (451x300 and
  /// 600x400: sizes that are no multiple of a block), as files in `folder`.
  static func jpegFiles(in folder: URL) throws -> [String] {
    var paths = jpegFixtures.map { jpegFolder.appendingPathComponent($0 + ".jpg").path }
    let samples = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "SampleImages")
    for name in ["chelsea", "coffee"] {
      let raster = try Raster(contentsOfFile: samples.appendingPathComponent(name + ".png").path)
      for quality in [75, 90, 95] {
        for subsampling in [JPEGOptions.Subsampling.s420, .s444] {
          let path = folder.appendingPathComponent("\(name)-q\(quality)-\(subsampling.rawValue).jpg").path
          let bytes = try JPEGEncoder.encode(raster, options: .init(quality: quality, subsampling: subsampling)).bytes
          try Data(bytes).write(to: URL(fileURLWithPath: path))
          paths.append(path)
        }
      }
    }
    return paths
  }

  /// At full scale the rows are `JPEGDecoder`'s (without auto-orientation) byte for byte, in any bands.
  @Test func jpegAtFullScaleEqualsJPEGDecoder() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for path in try Self.jpegFiles(in: folder) {
      let expected = try JPEGDecoder(autoOrient: false).decode(Fixtures.bytes(URL(fileURLWithPath: path)),
        source: path, pixelLimit: 1 << 24)
      let source = try JPEGRowSource(contentsOfFile: path, source: path)
      #expect(source.width == expected.width && source.height == expected.height, "\(path)")
      for band in [1, 7, 64] {
        #expect(try Self.readAll(source, band: band) == expected.bytes, "\(path), bands of \(band)")
      }
    }
  }

  /// At 1/2, 1/4 and 1/8 the image is ⌈size / n⌉ and close to the full decode averaged over n × n areas.
  @Test func jpegScaledMatchesAnAreaAverage() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var worst: [JPEGRowSource.Scale: Double] = [:]
    for path in try Self.jpegFiles(in: folder) {
      let full = try JPEGDecoder(autoOrient: false).decode(Fixtures.bytes(URL(fileURLWithPath: path)),
        source: path, pixelLimit: 1 << 24)
      for scale in [JPEGRowSource.Scale.half, .quarter, .eighth] {
        let n = scale.rawValue
        let source = try JPEGRowSource(contentsOfFile: path, source: path, scale: scale)
        #expect(source.width == (full.width + n - 1) / n && source.height == (full.height + n - 1) / n)
        #expect(source.storedWidth == full.width && source.storedHeight == full.height)
        let rows = try Self.readAll(source, band: 7)
        #expect(try Self.readAll(source, band: 64) == rows)
        let reference = Self.areaAverage(full, by: n)
        let psnr = Self.psnr(rows, reference)
        // Measured (libjpeg-turbo 2.1.5): 44–60 dB for photographs in 4:2:0, 4:4:4, greyscale, CMYK and progressive
        // files, 38 dB at 1/2 for the 40x24 orientation fixtures (a saturated red corner in 4:2:0 chroma). 4:2:2
        // at 1/8 gives 34 dB: libjpeg scales every component's blocks by the same factor, so the chroma is one DC
        // value per 16x8 pixels, interpolated across two output pixels.
        let bar = path.hasSuffix("422.jpg") && scale == .eighth ? 33.0 : 35.0
        #expect(psnr >= bar, "\(path) at \(scale): \(psnr) dB")
        worst[scale] = min(worst[scale] ?? .infinity, psnr)
      }
    }
    #expect(worst.count == 3)
  }

  /// The orientation is reported as recorded, and not applied: the rows are the stored pixels.
  @Test(arguments: 1...8)
  func jpegOrientationIsReportedNotApplied(n: Int) throws {
    let path = Self.jpegFolder.appendingPathComponent("orientation-\(n).jpg").path
    let source = try JPEGRowSource(contentsOfFile: path, source: "o.jpg")
    #expect(source.orientation?.rawValue == n)
    #expect(source.width == (n >= 5 ? 24 : 40) && source.height == (n >= 5 ? 40 : 24))
    #expect(source.description == "jpeg o.jpg \(source.width)x\(source.height), orientation \(n)")
    let half = try JPEGRowSource(contentsOfFile: path, source: "o.jpg", scale: .half)
    #expect(half.description.hasPrefix("jpeg o.jpg \((source.width + 1) / 2)x\((source.height + 1) / 2) (1/2 of "))
    let plain = try JPEGRowSource(contentsOfFile: Self.jpegFolder.appendingPathComponent("photo-420.jpg").path,
      source: "p.jpg")
    #expect(plain.orientation == nil && !plain.isProgressive)
    #expect(try JPEGRowSource(contentsOfFile: Self.jpegFolder.appendingPathComponent("rows-progressive.jpg").path,
      source: "p.jpg").isProgressive)
  }

  @Test func jpegScaleForADownscale() {
    #expect([1.0, 1.9, 2, 3.99, 4, 7.5, 8, 100].map { JPEGRowSource.Scale(downscale: $0) }
      == [.full, .full, .half, .half, .quarter, .quarter, .eighth, .eighth])
    #expect(JPEGRowSource.Scale(downscale: 0.5) == .full)
  }

  /// Truncated and corrupt files are errors naming the file, never a trap or a hang: cut anywhere, damaged
  /// anywhere in the entropy-coded data (an error, or pixels read past libjpeg's warnings), the header damaged.
  @Test func badJPEGFilesAreErrors() throws {
    let truncated = Self.jpegFolder.appendingPathComponent("truncated.jpg").path
    #expect(throws: CodecError.corrupt(source: "t.jpg", detail: "Premature end of JPEG file")) {
      _ = try Self.readAll(JPEGRowSource(contentsOfFile: truncated, source: "t.jpg"), band: 8)
    }
    // Garbage where a marker should be: libjpeg skips to the next marker and warns; the rows are read and the
    // warning kept (as JPEGDecoder does: JPEGDamageTests).
    let corrupt = try JPEGRowSource(contentsOfFile: Self.jpegFolder.appendingPathComponent("corrupt.jpg").path,
      source: "c.jpg").openJPEGRows()
    var rows = [UInt32](repeating: 0, count: 96 * 64)
    try rows.withUnsafeMutableBufferPointer { try corrupt.readRows(count: 64, into: $0) }
    #expect(corrupt.warnings == 1)
    #expect(corrupt.firstWarning == "Corrupt JPEG data: 18 extraneous bytes before marker 0xdb")
    // What was skipped is the JFIF segment, which changes no pixel.
    let intact = try JPEGDecoder(autoOrient: false).decode(
      Fixtures.bytes(Self.jpegFolder.appendingPathComponent("photo-420.jpg")), source: "p.jpg", pixelLimit: 1 << 20)
    #expect(rows.withUnsafeBytes { Array($0) } == intact.bytes)
    #expect(throws: CodecError.tooLarge(source: "p.jpg", width: 96, height: 64, limit: 1000)) {
      try JPEGRowSource(contentsOfFile: Self.jpegFolder.appendingPathComponent("photo-420.jpg").path,
        source: "p.jpg", pixelLimit: 1000)
    }
    // A progressive file's stored size counts, whatever the scale (libjpeg holds all its coefficients).
    #expect(throws: CodecError.tooLarge(source: "p.jpg", width: 333, height: 251, limit: 10_000)) {
      try JPEGRowSource(contentsOfFile: Self.jpegFolder.appendingPathComponent("rows-progressive.jpg").path,
        source: "p.jpg", scale: .eighth, pixelLimit: 10_000)
    }
    #expect(throws: CodecError.self) {
      try JPEGRowSource(contentsOfFile: Self.jpegFolder.appendingPathComponent("nothing.jpg").path, source: "n")
    }
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("cut.jpg").path
    for name in ["rows-progressive.jpg", "photo-420.jpg"] {
      let bytes = try Fixtures.bytes(Self.jpegFolder.appendingPathComponent(name))
      for length in stride(from: 0, to: bytes.count - 2, by: 211) {
        try Data(bytes.prefix(length)).write(to: URL(fileURLWithPath: path))
        #expect(throws: CodecError.self, "\(name) cut at \(length)") {
          _ = try Self.readAll(JPEGRowSource(contentsOfFile: path, source: name, scale: .quarter), band: 5)
        }
      }
      var random = SplitMix64(seed: 22)
      for _ in 0..<40 {
        var damaged = bytes
        damaged[Int.random(in: 2..<bytes.count - 2, using: &random)] = UInt8.random(in: 0...255, using: &random)
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        _ = try? Self.readAll(JPEGRowSource(contentsOfFile: path, source: name), band: 9)
      }
    }
  }

  /// The full decode averaged over n × n areas (the last column and row of areas over what is left), RGBA bytes.
  static func areaAverage(_ raster: Raster, by n: Int) -> [UInt8] {
    let (w, h) = ((raster.width + n - 1) / n, (raster.height + n - 1) / n)
    let bytes = raster.bytes
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let ys = y * n..<min((y + 1) * n, raster.height)
        let xs = x * n..<min((x + 1) * n, raster.width)
        let count = ys.count * xs.count
        for c in 0..<4 {
          var sum = 0
          for sy in ys { for sx in xs { sum += Int(bytes[(sy * raster.width + sx) * 4 + c]) } }
          out[(y * w + x) * 4 + c] = UInt8((sum + count / 2) / count)
        }
      }
    }
    return out
  }

  /// The PSNR of the colour channels of two RGBA byte arrays, in dB.
  static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    var sum = 0.0
    var count = 0
    for i in 0..<min(a.count, b.count) where i % 4 != 3 {
      let d = Double(a[i]) - Double(b[i])
      sum += d * d
      count += 1
    }
    return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(count)))
  }

  // MARK: WebP

  static let webpFolder = Fixtures.root.appendingPathComponent("WebP")

  /// Lossy and lossless, with and without alpha, an animation's first frame, and files Decor encodes here (600x400
  /// lossy at quality 75 and 95, lossless): the rows are `WebPDecoder`'s byte for byte, in any bands.
  @Test func webpRowsEqualWebPDecoder() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths = ["photo-lossy", "photo-lossless", "cutout-lossy", "cutout-lossless", "animated"].map {
      Self.webpFolder.appendingPathComponent($0 + ".webp").path
    }
    let samples = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "SampleImages")
    for name in ["coffee", "horse-cutout"] {
      let raster = try Raster(contentsOfFile: samples.appendingPathComponent(name + ".png").path)
      for quality in [75, 95, 100] {
        let path = folder.appendingPathComponent("\(name)-\(quality).webp").path
        let options = quality == 100 ? WebPOptions(lossless: true) : WebPOptions(quality: quality)
        try Data(WebPEncoder.encode(raster, options: options)).write(to: URL(fileURLWithPath: path))
        paths.append(path)
      }
    }
    for path in paths {
      let expected = try WebPDecoder().decode(Fixtures.bytes(URL(fileURLWithPath: path)), source: path,
        pixelLimit: 1 << 24)
      let source = try WebPRowSource(contentsOfFile: path, source: path)
      #expect(source.width == expected.width && source.height == expected.height, "\(path)")
      #expect(source.isAnimated == path.hasSuffix("animated.webp"))
      for band in [1, 7, 64] {
        #expect(try Self.readAll(source, band: band) == expected.bytes, "\(path), bands of \(band)")
      }
    }
  }

  @Test func badWebPFilesAreErrors() throws {
    for name in ["truncated.webp", "corrupt.webp"] {
      let path = Self.webpFolder.appendingPathComponent(name).path
      #expect(throws: CodecError.self, "\(name)") {
        _ = try Self.readAll(WebPRowSource(contentsOfFile: path, source: name), band: 8)
      }
    }
    let photo = Self.webpFolder.appendingPathComponent("photo-lossy.webp").path
    #expect(throws: CodecError.tooLarge(source: "w", width: 96, height: 64, limit: 1000)) {
      try WebPRowSource(contentsOfFile: photo, source: "w", pixelLimit: 1000)
    }
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("cut.webp").path
    for name in ["photo-lossy.webp", "cutout-lossless.webp"] {
      let bytes = try Fixtures.bytes(Self.webpFolder.appendingPathComponent(name))
      for length in stride(from: 0, to: bytes.count - 1, by: 97) {
        try Data(bytes.prefix(length)).write(to: URL(fileURLWithPath: path))
        #expect(throws: CodecError.self, "\(name) cut at \(length)") {
          _ = try Self.readAll(WebPRowSource(contentsOfFile: path, source: name), band: 5)
        }
      }
    }
  }

  /// The first rows come before the file is read: a 1024x768 noise image (a large file) gives its first row after
  /// libwebp has had a small part of it.
  @Test func webpRowsComeBeforeTheWholeFileIsRead() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var random = SplitMix64(seed: 7)
    let noise = (0..<1024 * 768 * 4).map { i in i % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &random) }
    let raster = try Raster(width: 1024, height: 768, premultipliedBytes: noise)
    let path = folder.appendingPathComponent("noise.webp").path
    let bytes = try WebPEncoder.encode(raster, options: WebPOptions(quality: 95))
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let reader = try WebPRowSource(contentsOfFile: path, source: "noise.webp").openWebPRows()
    var row = [UInt32](repeating: 0, count: 1024 * 768)
    try row.withUnsafeMutableBufferPointer { try reader.readRows(count: 1, into: $0) }
    #expect(reader.bytesFed < bytes.count / 4, "\(reader.bytesFed) of \(bytes.count) bytes for the first row")
    try row.withUnsafeMutableBufferPointer { try reader.readRows(count: 767, into: $0) }
  }
}
