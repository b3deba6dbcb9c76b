import Decor
import CZlib
import Foundation
import Testing
import DecorTestSupport

/// The PNG writer: row filters against a plain reference, every libdeflate level, band and thread
/// independence, the RGB-to-RGBA start-over, rendering straight into the encoder, and the container as an
/// independent checker (`pngcheck`) reads it.
@Suite(.tags(.slow)) struct PNGEncoderTests {
  // MARK: Row filters against a plain reference

  /// The five filters of the PNG specification, byte by byte in `Int`, and the minimum-sum choice (first wins ties).
  static func referenceFilter(_ row: [UInt8], previous: [UInt8]?, bpp: Int) -> [UInt8] {
    func at(_ bytes: [UInt8]?, _ i: Int) -> Int { i >= 0 ? Int(bytes?[i] ?? 0) : 0 }
    func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
      let p = a + b - c
      let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
      return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }
    let candidates: [[UInt8]] = (0..<5).map { type in
      row.indices.map { i in
        let (x, a, b, c) = (Int(row[i]), at(row, i - bpp), at(previous, i), at(previous, i - bpp))
        let prediction = [0, a, b, (a + b) / 2, paeth(a, b, c)][type]
        return UInt8((x - prediction + 256) % 256)
      }
    }
    let sums = candidates.map { $0.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) } }
    let best = sums.indices.min { sums[$0] < sums[$1] || (sums[$0] == sums[$1] && $0 < $1) }!
    return [UInt8(best)] + candidates[best]
  }

  static func filtered(_ row: [UInt8], previous: [UInt8]?, bpp: Int) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: row.count + 1)
    var scratch = [UInt8](repeating: 0, count: PNGRowFilter.scratchCount(rowBytes: row.count))
    row.withUnsafeBufferPointer { r in
      output.withUnsafeMutableBufferPointer { o in
        scratch.withUnsafeMutableBufferPointer { s in
          if let previous {
            previous.withUnsafeBufferPointer { p in
              PNGRowFilter.filter(r.baseAddress!, previous: p.baseAddress!, count: row.count, bytesPerPixel: bpp,
                into: o.baseAddress!, scratch: s.baseAddress!)
            }
          } else {
            PNGRowFilter.filter(r.baseAddress!, previous: nil, count: row.count, bytesPerPixel: bpp,
              into: o.baseAddress!, scratch: s.baseAddress!)
          }
        }
      }
    }
    return output
  }

  /// Rows of every length around the vector width, random and smooth (so that each filter wins somewhere), with
  /// and without a row above: the SIMD path and its scalar edges give the reference's bytes and choice.
  @Test(arguments: [3, 4])
  func filtersMatchTheReference(bpp: Int) {
    var random = SplitMix64(seed: 11)
    var chosen = Set<UInt8>()
    for count in [1, 2, 3, 4, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 100, 255, 1000, 4099] {
      for shape in 0..<5 {
        func sample(_ i: Int, _ y: Int) -> UInt8 {
          switch shape {
          case 0: UInt8(truncatingIfNeeded: random.next())
          case 1: UInt8(truncatingIfNeeded: i / bpp * 3)  // horizontal ramp: Sub
          case 2: UInt8(truncatingIfNeeded: y * 40 + Int(random.next() % 200))  // rows repeat: Up
          case 3: UInt8(truncatingIfNeeded: (i / bpp + y) * 5 + i % bpp * 60)  // diagonal: Average or Paeth
          default: i % 7 == 0 ? 255 : 0  // sparse
          }
        }
        let above = (0..<count).map { sample($0, 0) }
        var row = (0..<count).map { sample($0, 1) }
        if shape == 2 { row = above.map { $0 &+ 40 } }
        for previous in [nil, above] {
          let actual = Self.filtered(row, previous: previous, bpp: bpp)
          #expect(actual == Self.referenceFilter(row, previous: previous, bpp: bpp), "\(count) bytes, shape \(shape)")
          chosen.insert(actual[0])
        }
      }
    }
    #expect(chosen == [0, 1, 2, 3, 4], "every filter is chosen for some row")
  }

  // MARK: Levels, bands and threads

  @Test func everyLevelRoundTripsExactly() throws {
    let translucent = try PNGCodecTests.randomRaster(width: 45, height: 23, opaque: false)
    let opaque = try PNGCodecTests.randomRaster(width: 45, height: 23, opaque: true)
    for compression in PNGCompression.levels.map({ PNGCompression(level: $0)! }) + [.fast] {
      #expect(try PNGDecoder().decode(PNGCodec.encode(translucent, compression: compression), source: "t") == translucent)
      #expect(try PNGDecoder().decode(PNGCodec.encode(opaque, compression: compression), source: "o") == opaque)
    }
    #expect(PNGCompression(level: 13) == nil && PNGCompression(level: -1) == nil)
    #expect(PNGCompression(name: "best") == .best && PNGCompression(name: "7")?.level == 7)
    #expect(PNGCompression(name: "fastest") == nil && PNGCompression(name: "13") == nil)
  }

  /// `default` is level 7 up to 8.4 megapixels and 4 above; a level asked by number is that level at any size.
  @Test func theDefaultLevelDependsOnTheImagesSize() throws {
    let limit = PNGCompression.defaultLargeImagePixels
    #expect(PNGCompression.default.level(forPixels: 1) == 7)
    #expect(PNGCompression.default.level(forPixels: limit) == 7)
    #expect(PNGCompression.default.level(forPixels: limit + 1) == PNGCompression.defaultLargeImageLevel)
    #expect(PNGCompression(level: 7)!.level(forPixels: limit + 1) == 7)
    #expect(PNGCompression.fast.level(forPixels: limit + 1) == 1)
    #expect(PNGCompression(level: 7) != .default && PNGCompression(name: "default") == .default)
    // Below the size, `default` writes level 7's bytes.
    let photo = try PNGCodecTests.randomRaster(width: 61, height: 17, opaque: true)
    #expect(try PNGCodec.encode(photo, compression: .default) == PNGCodec.encode(photo, compression: .init(level: 7)!))
  }

  @Test func harderLevelsMakeSmallerFiles() throws {
    let photo = try Raster(contentsOfFile: Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("SampleImages/chelsea.png").path)
    let sizes = try [PNGCompression(level: 0)!, .fast, .default, .best].map { try PNGCodec.encode(photo, compression: $0).count }
    #expect(sizes == sizes.sorted(by: >), "\(sizes)")
    // Level 0 stores: the filtered rows and little more.
    #expect(sizes[0] > photo.width * photo.height * 3)
  }

  /// Encodes `raster` handed over in bands of `bandHeight` rows, with parts of about `partBytes`.
  static func encode(
    _ raster: Raster, compression: PNGCompression, bandHeight: Int, threads: Int, partBytes: Int, opaque: Bool? = nil
  ) throws -> [UInt8] {
    let width = raster.width
    let sink = ByteSink()
    try raster.withUnsafeBytes { bytes in
      let pixels = bytes.bindMemory(to: UInt32.self)
      try PNGEncoder.encode(
        width: width, height: raster.height, bandHeight: bandHeight, opaque: opaque, compression: compression,
        threads: threads, destination: "bands", partBytes: partBytes, into: sink
      ) { rows, body in
        try body(UnsafeBufferPointer(rebasing: pixels[rows.lowerBound * width..<rows.upperBound * width]))
      }
    }
    return sink.bytes
  }

  /// The same image handed over in bands of 1, 3, 7, 8 or 256 rows, filtered and compressed on 1 to 4 threads: the
  /// same file, for every compressor and several levels. Parts of about 1000 bytes (4 rows of 245) end inside bands
  /// and bands inside parts; parts of 8 rows end exactly where bands of 8 do; parts of 4 KiB hold 16 rows.
  @Test(arguments: SanitizerRun.sample([PNGCompression(level: 0)!, .fast, PNGCompression(level: 1)!,
    PNGCompression(level: 6)!, .default, PNGCompression(level: 9)!, .best], every: 3))
  func bandsAndThreadsDoNotChangeTheFile(compression: PNGCompression) throws {
    let raster = try GaussianReference.scene(width: 61)
    let stride = raster.width * 4 + 1
    for partBytes in [1000, 8 * stride, 4096] {
      var files: Set<[UInt8]> = []
      for bandHeight in [1, 3, 7, 8, 256] {
        for threads in 1...4 {
          files.insert(try Self.encode(raster, compression: compression, bandHeight: bandHeight, threads: threads,
            partBytes: partBytes))
        }
      }
      #expect(files.count == 1, "\(compression), parts of \(partBytes) bytes")
      #expect(try PNGDecoder().decode(files.first!, source: "bands") == raster)
      #expect(Self.chunkTypes(files.first!).filter { $0 == "IDAT" }.count
        == (raster.height + partBytes / stride - 1) / (partBytes / stride), "one IDAT chunk a part")
    }
  }

  /// An image smaller than one part is one libdeflate call: the IDAT data is exactly what libdeflate's own zlib
  /// compressor makes of the filtered rows (those of a level-0 file, which stores them), header and Adler-32
  /// included.
  @Test(arguments: [1, 6, 7, 12])
  func anImageSmallerThanAPartIsOneLibdeflateCall(level: Int) throws {
    let raster = try PNGCodecTests.randomRaster(width: 20, height: 9, opaque: false)
    let stored = try PNGCodec.encode(raster, compression: PNGCompression(level: 0)!)
    let filtered = try #require(Self.inflate(Self.idatData(stored), count: 9 * 81))
    let expected = try #require(PNGEncoder.zlibCompressed(filtered, level: level))
    let png = try PNGCodec.encode(raster, compression: PNGCompression(level: level)!)
    #expect(Self.idatData(png) == expected)
    #expect(try PNGDecoder().decode(png, source: "small") == raster)
  }

  /// Joining parts by gzjoin's method, straight: libdeflate parts of every size from 1 byte up, of random and of
  /// repetitive bytes, joined by `DeflateParts` and inflated by zlib as one stream, give back the input. The parts
  /// end at every bit position: already byte-aligned, with fewer than three bits left (the empty stored block's
  /// header takes a byte more) and with three or more.
  @Test func joinedPartsInflateToTheirInput() throws {
    var random = SplitMix64(seed: 5)
    var endings = Set<Int>()
    for level in [0, 1, 5, 7, 10, 12] {
      var input: [UInt8] = []
      var stream: [UInt8] = []
      var adler: UInt32 = 1
      for index in 0..<24 {
        let count = [1, 2, 7, 100, 1000, 40_000][index % 6] + Int(random.next() % 50)
        let part: [UInt8] = index % 2 == 0
          ? (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
          : (0..<count).map { UInt8(truncatingIfNeeded: $0 / 7 % 5) }
        let final = index == 23
        let compressed = try part.withUnsafeBytes {
          try DeflateParts.compress($0, PNGCompression(level: level)!, final: final, destination: "join")
        }
        if !final {
          let alone = try part.withUnsafeBytes {
            try DeflateParts.libdeflate($0, level: level, final: true, destination: "join")
          }
          endings.insert(compressed.bytes.count - alone.count)
        }
        input += part
        stream += compressed.bytes
        adler = UInt32(decor_adler32_combine(UInt(adler), UInt(compressed.adler), compressed.count))
      }
      let zlib = DeflateParts.zlibHeader(level: level) + stream + PNGEncoder.bigEndian(adler)
      #expect(Self.inflate(zlib, count: input.count) == input, "level \(level)")
    }
    #expect(endings == [0, 4, 5], "byte-aligned, a stored block in the last byte's bits, and one a byte longer")
  }

  static func chunkTypes(_ png: [UInt8]) -> [String] {
    var types: [String] = []
    var offset = 8
    while offset + 8 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
      offset += 12 + length
    }
    return types
  }

  /// The IDAT chunks' data, joined.
  static func idatData(_ png: [UInt8]) -> [UInt8] {
    var data: [UInt8] = []
    var offset = 8
    while offset + 8 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == "IDAT" {
        data += png[offset + 8..<offset + 8 + length]
      }
      offset += 12 + length
    }
    return data
  }

  /// A zlib stream inflated by zlib, or `nil` unless it is exactly one valid stream of `count` bytes.
  static func inflate(_ zlib: [UInt8], count: Int) -> [UInt8]? {
    var output = [UInt8](repeating: 0, count: count + 1)
    var length = uLongf(output.count)
    let status = output.withUnsafeMutableBufferPointer { out in
      zlib.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
    }
    return status == Z_OK && Int(length) == count ? Array(output[..<count]) : nil
  }

  /// An opaque image whose one translucent pixel is in its last band: started as RGB, finished as RGBA.
  @Test func aTranslucentPixelInTheLastBandStartsOverAsRGBA() throws {
    var raster = try PNGCodecTests.randomRaster(width: 40, height: 30, opaque: true)
    raster[39, 29] = RGBA8(r: 10, g: 20, b: 30, a: 40)
    let png = try raster.encoded(as: .png(), region: raster.extent, renderer: Renderer(tileSize: 8, threads: 2))
    #expect(try PNGCodec.header(of: png, source: "late").colorType == .rgba)
    #expect(try PNGDecoder().decode(png, source: "late") == raster)
    raster[39, 29] = RGBA8(r: 10, g: 20, b: 30, a: 255)
    let opaque = try raster.encoded(as: .png(), region: raster.extent, renderer: Renderer(tileSize: 8, threads: 2))
    #expect(try PNGCodec.header(of: opaque, source: "opaque").colorType == .rgb)
  }

  // MARK: Rendering into the encoder

  /// Chains rendered band by band into the encoder give the file of the whole render encoded, for two tile sizes
  /// and one or four threads.
  @Test(arguments: [
    "rotate 30 | shadow 8 8 blur=6 opacity=0.6", "blur 9", "scale 0.5", "shadow 3 3 blur=2 | inner-shadow 2 2 blur=4",
    "resize 50x_ | tile 123x77", "flip vertical | background #336699",
  ])
  func renderingIntoTheEncoderEqualsEncodingTheRender(chain: String) throws {
    let image = try Chain(parsing: [chain]).apply(to: GaussianReference.scene(width: 72))
    for compression in [PNGCompression.default, .fast] {
      let whole = try PNGCodec.encode(Renderer(threads: 1).render(image), compression: compression)
      for (tileSize, threads) in [(256, 1), (32, 4), (17, 2)] {
        let renderer = Renderer(tileSize: tileSize, threads: threads)
        #expect(try image.encoded(as: .png(compression: compression), renderer: renderer) == whole, "tile \(tileSize), \(threads) threads")
      }
    }
  }

  @Test func bandsTogetherAreTheRender() throws {
    let image = try Chain(parsing: ["rotate 20 | shadow 4 4 blur=8"]).apply(to: GaussianReference.scene(width: 50))
    let renderer = Renderer(tileSize: 16, threads: 3)
    let expected = try renderer.render(image)
    let bands = try renderer.prepareBands(image, bandHeight: 20)
    #expect(bands.bandHeight == 32 && bands.region == image.extent)
    var pixels = [UInt32](repeating: 0, count: bands.region.width * bands.region.height)
    try pixels.withUnsafeMutableBufferPointer { buffer in
      // Out of order, and one band twice: each is a pure function of its rows.
      for index in (0..<bands.bandCount).reversed() + [0] {
        let rows = bands.rows(ofBand: index)
        let width = bands.region.width
        try bands.render(band: index, into: UnsafeMutableBufferPointer(
          rebasing: buffer[rows.lowerBound * width..<rows.upperBound * width]))
      }
      #expect(throws: RenderError.self) { try bands.render(band: 0, into: UnsafeMutableBufferPointer(rebasing: buffer[0..<5])) }
      #expect(throws: RenderError.self) { try bands.render(band: bands.bandCount, into: buffer) }
    }
    let raster = try Raster(width: bands.region.width, height: bands.region.height,
      premultipliedBytes: pixels.withUnsafeBytes { Array($0) })
    #expect(raster == expected)
  }

  // MARK: The container, as others read it

  /// The chunks in order with their lengths, read by hand: signature, IHDR, sRGB, one IDAT, IEND.
  @Test func theContainerHoldsTheExpectedChunks() throws {
    let png = try PNGCodec.encode(PNGCodecTests.randomRaster(width: 9, height: 4, opaque: false))
    #expect(Array(png.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
    var types: [String] = []
    var offset = 8
    while offset + 8 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
      offset += 12 + length
    }
    #expect(types == ["IHDR", "sRGB", "IDAT", "IEND"] && offset == png.count)
    #expect(Array(png[16..<29]) == [0, 0, 0, 9, 0, 0, 0, 4, 8, 6, 0, 0, 0])
  }

  /// Decor's own files (with their `sRGB` chunk) read back from disk, through libpng's stdio reader, unchanged.
  @Test func ownFilesReadBackFromDiskUnchanged() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for opaque in [true, false] {
      let raster = try PNGCodecTests.randomRaster(width: 50, height: 20, opaque: opaque)
      let path = folder.appendingPathComponent("\(opaque).png").path
      try raster.write(to: path, as: .png())
      #expect(try Raster(contentsOfFile: path) == raster)
    }
  }

  static let pngcheck = ["/usr/bin/pngcheck", "/usr/local/bin/pngcheck", "/opt/homebrew/bin/pngcheck"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// `pngcheck` (installed by `.ci/run`) accepts RGB and RGBA files at the extreme levels, of one part and of many
  /// joined ones: chunk CRCs, the zlib stream and the filter bytes.
  @Test(.enabled(if: pngcheck != nil, "pngcheck is not installed (.ci/run installs it)"))
  func pngcheckAcceptsTheFiles() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    let cases: [(Bool, PNGCompression)] = [
      (true, PNGCompression(level: 0)!), (false, PNGCompression(level: 0)!), (true, .default), (false, .best),
      (false, .fast), (true, .fast),
    ]
    for (index, (opaque, compression)) in cases.enumerated() {
      let raster = try PNGCodecTests.randomRaster(width: 33 + index, height: 17, opaque: opaque)
      let path = folder.appendingPathComponent("\(index).png").path
      try ImageFile.writeBytes(PNGCodec.encode(raster, compression: compression), toPath: path)
      paths.append(path)
    }
    // 16-bit files, RGBA and RGB.
    for opaque in [false, true] {
      let raster = try PNGCodecTests.randomRaster(width: 29, height: 13, opaque: opaque)
      let path = folder.appendingPathComponent("deep-\(opaque).png").path
      try raster.write(to: path, as: .png(depth: .sixteen))
      paths.append(path)
    }
    // Files of many joined parts (of 3 or 4 rows, in bands of 7): a smooth scene, RGBA, and the same flattened, RGB.
    let scene = try GaussianReference.scene(width: 61)
    let opaqueScene = try scene.flattened(onto: .white).rendered()
    for (index, compression) in [PNGCompression(level: 0)!, .fast, .default, .best].enumerated() {
      for (name, raster) in [("rgba", scene), ("rgb", opaqueScene)] {
        let path = folder.appendingPathComponent("parts-\(index)-\(name).png").path
        try ImageFile.writeBytes(Self.encode(raster, compression: compression, bandHeight: 7, threads: 2,
          partBytes: 900), toPath: path)
        paths.append(path)
      }
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.pngcheck!)
    process.arguments = ["-q"] + paths
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(text)")
  }

  /// A raster written at 16 bits from Swift (`.png(depth: .sixteen)`): each straight 8-bit sample widened exactly
  /// (`v × 257`), read by an independent reader, and read back by Decor as the same raster; grey stays grey.
  @Test func aRasterWrittenAtSixteenBitsIsItsSamplesWidened() throws {
    for opaque in [false, true] {
      let raster = try PNGCodecTests.randomRaster(width: 31, height: 19, opaque: opaque)
      let bytes = try raster.encoded(as: .png(depth: .sixteen))
      let image = try StraightPNGReader.read(bytes)
      #expect(image.depth == 16 && bytes[25] == (opaque ? 2 : 6))
      #expect(image.rgba16 == raster.straightBytes().map { UInt16($0) * 257 })
      #expect(try PNGDecoder().decode(bytes, source: "deep.png") == raster)
    }
    let grey = try Raster(width: 5, height: 4, fill: RGBA8(r: 40, g: 40, b: 40, a: 255))
    let greyBytes = try grey.encoded(as: .png(depth: .sixteen))
    #expect(greyBytes[24] == 16 && greyBytes[25] == 0)
    // 8 bits asked for is the 8-bit file.
    #expect(try grey.encoded(as: .png(depth: .eight)) == grey.encoded(as: .png()))
  }
}
