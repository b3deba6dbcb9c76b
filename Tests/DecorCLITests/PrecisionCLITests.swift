#if CLI
import Foundation
import Testing

import Decor
import DecorTestSupport

/// Translucent 8-bit pixels through no step and through the moves (flip, quarter turn, crop, pad, and a chain of
/// them): the render works at 16 bits, so every visible pixel of the written PNG is the file's, as an independent
/// reader (zlib and unfiltering, no libpng) sees them, against the same moves done on the samples here.
@Suite final class PrecisionCLITests: ScratchFolder {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let cutOut = repository.appendingPathComponent("SampleImages/horse-cutout.png").path

  let directory: URL
  init() throws { directory = try Self.makeDirectory("decor-precision") }
  deinit { removeDirectory() }

  /// Straight RGBA samples (8- or 16-bit), with the moves the steps make.
  struct Samples<Channel: FixedWidthInteger>: Equatable {
    var width: Int
    var height: Int
    var rgba: [Channel]

    func pixel(_ x: Int, _ y: Int) -> ArraySlice<Channel> { rgba[(y * width + x) * 4..<(y * width + x + 1) * 4] }

    /// The pixels `source(x, y)` gives for each (x, y) of a `width` × `height` result (`nil`: transparent).
    static func made(_ width: Int, _ height: Int, _ source: (Int, Int) -> ArraySlice<Channel>?) -> Samples {
      var rgba: [Channel] = []
      for y in 0..<height { for x in 0..<width { rgba += source(x, y) ?? [0, 0, 0, 0] } }
      return Samples(width: width, height: height, rgba: rgba)
    }

    var flippedHorizontally: Samples { .made(width, height) { pixel(width - 1 - $0, $1) } }
    var flippedVertically: Samples { .made(width, height) { pixel($0, height - 1 - $1) } }
    /// A quarter turn clockwise (`rotate 90`).
    var turned: Samples { .made(height, width) { pixel($1, height - 1 - $0) } }
    func cropped(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Samples { .made(w, h) { pixel(x + $0, y + $1) } }
    func padded(_ n: Int) -> Samples {
      .made(width + 2 * n, height + 2 * n) { x, y in
        (n..<n + width).contains(x) && (n..<n + height).contains(y) ? pixel(x - n, y - n) : nil
      }
    }

    /// The pixels whose colour differs where either has alpha above 0 (colour under alpha 0 is not kept).
    func visibleDifferences(_ other: Samples) -> Int {
      guard width == other.width && height == other.height else { return -1 }
      return (0..<width * height).filter { i in
        let (a, b) = (rgba[4 * i..<4 * i + 4], other.rgba[4 * i..<4 * i + 4])
        return (a.last! > 0 || b.last! > 0) && !a.elementsEqual(b)
      }.count
    }
  }

  func read(_ path: String) throws -> Samples<UInt8> {
    let image = try StraightPNGReader.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    return Samples(width: image.width, height: image.height, rgba: image.rgba)
  }

  /// A 16-bit file's samples (empty for an 8-bit one).
  func read16(_ path: String) throws -> Samples<UInt16> {
    let image = try StraightPNGReader.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    return Samples(width: image.width, height: image.height, rgba: image.rgba16)
  }

  /// Every pair of an 8-bit colour value and an alpha above 0: 256 × 255 pixels, three different channels (under a
  /// sanitizer, every seventh alpha: the moves' code paths are the same for every row).
  func everyPair() throws -> String {
    let alphas = SanitizerRun.sample(Array(1...255) as [UInt8], every: 7)
    var builder = PNGBuilder(width: 256, height: alphas.count, bitDepth: 8, colorType: 6)
    var rows: [[UInt8]] = []
    for alpha in alphas {
      var row: [UInt8] = []
      for x in 0..<256 { row += [UInt8(x), UInt8(255 - x), UInt8(x / 3), alpha] }
      rows.append(row)
    }
    builder.setRows(rows)
    let path = file("pairs.png")
    try Data(builder.build()).write(to: URL(fileURLWithPath: path))
    return path
  }

  func moves(_ input: String) throws {
    let source = try read(input)
    let cases: [([String], Samples<UInt8>)] = [
      ([], source),
      (["flip horizontal"], source.flippedHorizontally),
      (["rotate 90"], source.turned),
      (["crop 10 20 200 150"], source.cropped(10, 20, min(200, source.width - 10), min(150, source.height - 20))),
      (["pad 10"], source.padded(10)),
      (["rotate 90", "flip vertical", "pad 3"], source.turned.flippedVertically.padded(3)),
    ]
    for (steps, expected) in cases {
      let run = try Decor.run(["apply", input] + steps + ["-o", file("out.png")])
      #expect(run.status == 0 && run.stderr.isEmpty, "\(steps): \(run.stderr)")
      let written = try read(file("out.png"))
      #expect(written.visibleDifferences(expected) == 0, "\(steps)")
    }
  }

  @Test func theCutOutComesOutAsItWentIn() throws { try moves(Self.cutOut) }

  @Test func everyTranslucentPairComesOutAsItWentIn() throws { try moves(try everyPair()) }

  /// `--explain` says which format the render works in, and why not 16 bits where a step holds it back.
  @Test func explainSaysHowDeepTheRenderWorks() throws {
    let deep = try Decor.run(["apply", Self.cutOut, "flip horizontal", "--explain", "-o", file("a.png")])
    #expect(deep.stderr.hasSuffix(
      "the render works at 16 bits a channel, straight (a source is translucent or 16-bit; every step moves pixels)\n"),
      "\(deep.stderr)")
    let blurred = try Decor.run(["apply", Self.cutOut, "blur 2", "--explain", "-o", file("b.png")])
    #expect(blurred.stderr.hasSuffix(
      "the render works at 16 bits a channel (a source is translucent or 16-bit)\n"), "\(blurred.stderr)")
    // Every built-in step works at 16 bits, text and the generators too (a decorator written outside Decor holds a
    // render at 8 bits, and the line names it: DeepRenderTests).
    let texted = try Decor.run(["apply", Self.cutOut, "blur 2", "text Hi", "vignette", "--explain", "-o",
      file("s.png")])
    #expect(texted.stderr.hasSuffix("the render works at 16 bits a channel (a source is translucent or 16-bit)\n"),
      "\(texted.stderr)")
    let jpeg = try Decor.run(["apply", Self.cutOut, "flip horizontal", "--explain", "-o", file("c.jpg")])
    #expect(jpeg.stderr.contains("rounding the translucent or 16-bit source (the output takes 8-bit pixels)"),
      "\(jpeg.stderr)")
    // An opaque 8-bit photo: nothing to say.
    let photo = Self.repository.appendingPathComponent("SampleImages/chelsea.png").path
    let opaque = try Decor.run(["apply", photo, "flip horizontal", "--explain", "-o", file("d.png")])
    #expect(!opaque.stderr.contains("bits a channel"), "\(opaque.stderr)")
  }

  /// A seeded 16-bit PNG of `colorType` (0 grey, 2 RGB, 4 grey+alpha, 6 RGBA): random samples, and where there is
  /// alpha, every third row at alpha 1…299 of 65535 (which premultiplied 16 bits would change) and a few pixels
  /// transparent.
  func sixteenBit(
    _ name: String, colorType: UInt8, width: Int = 61, height: Int = 37, iccProfile: String? = nil
  ) throws -> String {
    let channels = [0: 1, 2: 3, 4: 2, 6: 4][Int(colorType)]!
    var generator = SplitMix64(seed: UInt64(colorType) + 16)
    var builder = PNGBuilder(width: width, height: height, bitDepth: 16, colorType: colorType)
    var rows: [[UInt8]] = []
    for y in 0..<height {
      var row: [UInt8] = []
      for x in 0..<width {
        for c in 0..<channels {
          var value = UInt16.random(in: 0...65535, using: &generator)
          if colorType & 4 != 0 && c == channels - 1 {
            if y % 3 == 0 { value = .random(in: 1...299, using: &generator) }
            if y == 1 && x < 4 { value = 0 }
          }
          row += [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
      }
      rows.append(row)
    }
    builder.setRows(rows)
    if let iccProfile {
      // iCCP: a name, its NUL, compression method 0, then the profile as a zlib stream.
      let profile = try [UInt8](Data(contentsOf: URL(fileURLWithPath: iccProfile)))
      builder.extraChunks.append(("iCCP", Array("P3".utf8) + [0, 0] + PNGBuilder.zlibStored(profile)))
    }
    let path = file(name)
    try Data(builder.build()).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// 16-bit files of every colour type through no step come out 16-bit with every sample the same (colour under
  /// alpha 0 too), and through the moves with every visible sample where the moves put it.
  @Test(arguments: [0, 2, 4, 6] as [UInt8])
  func sixteenBitFilesComeOutAsTheyWentIn(_ colorType: UInt8) throws {
    let input = try sixteenBit("in\(colorType).png", colorType: colorType)
    let source = try read16(input)
    let cases: [([String], Samples<UInt16>)] = [
      ([], source),
      (["flip horizontal"], source.flippedHorizontally),
      (["rotate 90"], source.turned),
      (["crop 10 20 40 15"], source.cropped(10, 20, 40, 15)),
      (["pad 10"], source.padded(10)),
      (["rotate 90", "flip vertical", "pad 3"], source.turned.flippedVertically.padded(3)),
    ]
    for (steps, expected) in cases {
      let run = try Decor.run(["apply", input] + steps + ["-o", file("out.png")])
      #expect(run.status == 0 && run.stderr.isEmpty, "\(steps): \(run.stderr)")
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file("out.png"))))
      // The header's depth and colour type: the input's (grey stays grey, no alpha is added).
      #expect(bytes[24] == 16 && (steps.contains("pad 10") || steps.contains("pad 3") || bytes[25] == colorType),
        "\(steps): depth \(bytes[24]), colour type \(bytes[25])")
      let written = try read16(file("out.png"))
      #expect(written.visibleDifferences(expected) == 0, "\(steps)")
      if steps.isEmpty { #expect(written == source) }
    }
  }

  /// The depth is the input's unless asked: `--depth 8` rounds a 16-bit file quietly, `--depth 16` widens an 8-bit
  /// one exactly; a format of 8 bits says it once, and refuses `--depth 16`.
  @Test func theDepthIsKeptChosenOrSaid() throws {
    let input = try sixteenBit("rgba16.png", colorType: 6)
    let source = try read16(input)
    let eight = try Decor.run(["apply", input, "-o", file("eight.png"), "--depth", "8"])
    #expect(eight.status == 0 && eight.stderr.isEmpty, "\(eight.stderr)")
    let rounded = try read(file("eight.png"))
    var roundedSamples: [UInt8] = []
    for i in stride(from: 0, to: source.rgba.count, by: 4) {
      var n: [UInt8] = []
      for k in i..<i + 4 {
        let scaled: UInt32 = (UInt32(source.rgba[k]) * 255 + 32767) / 65535
        n.append(UInt8(scaled))
      }
      roundedSamples += n[3] == 0 ? [0, 0, 0, 0] : n
    }
    let expected = Samples<UInt8>(width: source.width, height: source.height, rgba: roundedSamples)
    #expect(rounded.visibleDifferences(expected) == 0)
    let wide = try Decor.run(["apply", Self.cutOut, "flip horizontal", "-o", file("wide.png"), "--depth", "16"])
    #expect(wide.status == 0 && wide.stderr.isEmpty, "\(wide.stderr)")
    let cutOut = try read(Self.cutOut).flippedHorizontally
    let widened = Samples<UInt16>(width: cutOut.width, height: cutOut.height, rgba: cutOut.rgba.map { UInt16($0) * 257 })
    #expect(try read16(file("wide.png")).visibleDifferences(widened) == 0)
    let photo = Self.repository.appendingPathComponent("SampleImages/chelsea.png").path
    let opaque = try Decor.run(["apply", photo, "-o", file("photo16.png"), "--depth", "16"])
    #expect(opaque.status == 0)
    let photoWide = try read16(file("photo16.png"))
    #expect(photoWide.rgba == (try read(photo)).rgba.map { UInt16($0) * 257 })
    // Through a step, 16 bits asked for are computed at 16: the blur's samples fall between 8-bit levels.
    let blurred16 = try Decor.run(["apply", photo, "blur 2", "-o", file("photo-blur16.png"), "--depth", "16"])
    #expect(blurred16.status == 0 && blurred16.stderr.isEmpty, "\(blurred16.stderr)")
    let fine = try read16(file("photo-blur16.png")).rgba.filter { $0 % 257 != 0 }.count
    #expect(fine > 10_000, "\(fine) samples between 8-bit levels")
    // Into JPEG: one line naming the output and the depths; none when --depth 8 asked for it.
    let jpeg = try Decor.run(["apply", input, "-o", file("out.jpg")])
    #expect(jpeg.status == 0)
    let lines = jpeg.stderr.split(separator: "\n")
    #expect(lines.filter { $0.contains("16-bit samples written at 8 bits, the most JPEG holds") }.count == 1,
      "\(jpeg.stderr)")
    #expect(lines.allSatisfy { $0.hasPrefix("decor: \(file("out.jpg")): ") }, "\(jpeg.stderr)")
    let asked = try Decor.run(["apply", input, "-o", file("asked.jpg"), "--depth", "8"])
    #expect(asked.status == 0 && !asked.stderr.contains("bits"), "\(asked.stderr)")
    let refused = try Decor.run(["apply", input, "-o", file("refused.jpg"), "--depth", "16"])
    ResourceLimitCLITests.expectOneLineFailure(refused, containing: "--depth does not apply to JPEG output")
    #expect(!FileManager.default.fileExists(atPath: file("refused.jpg")))
    // An 8-bit input into JPEG: nothing to say; `--depth 8` is every format's, GIF's too.
    let plain = try Decor.run(["apply", photo, "-o", file("photo.jpg")])
    #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
    let gif = try Decor.run(["apply", input, "-o", file("out.gif"), "--depth", "8"])
    #expect(gif.status == 0 && gif.stderr.isEmpty, "\(gif.stderr)")
    // An interlaced 16-bit PNG is read at 16 bits: through no step, every sample its non-interlaced twin's.
    let pngSuite = Self.repository.appendingPathComponent("Tests/Fixtures/PngSuite")
    let interlaced = try Decor.run(["apply", pngSuite.appendingPathComponent("ibasn6a16.png").path, "blur 2", "-o",
      file("interlaced.png")])
    #expect(interlaced.status == 0 && interlaced.stderr.isEmpty, "\(interlaced.stderr)")
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: file("interlaced.png"))))[24] == 16)
    for twin in ["basn6a16.png", "basn2c16.png"] {
      let copied = try Decor.run(["apply", pngSuite.appendingPathComponent("i" + twin).path, "-o", file("i" + twin)])
      #expect(copied.status == 0 && copied.stderr.isEmpty, "\(copied.stderr)")
      #expect(try read16(file("i" + twin)) == read16(pngSuite.appendingPathComponent(twin).path), "\(twin)")
    }
    // A 16-bit file converted from its ICC profile to sRGB is converted at 16 bits, and written at 16 with nothing
    // said; kept in its profile, likewise. (A source read at 8 bits is named by the plan: `DeepRenderTests`.)
    let p3 = try sixteenBit("p3-16.png", colorType: 2, iccProfile: Self.repository
      .appendingPathComponent("Tests/Fixtures/ICC/display-p3.icc").path)
    for (name, options) in [("p3-kept.png", [String]()), ("converted.png", ["--colorspace", "srgb"])] {
      let run = try Decor.run(["apply", p3, "blur 2", "-o", file(name)] + options)
      #expect(run.status == 0 && run.stderr.isEmpty, "\(name): \(run.stderr)")
      #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: file(name))))[24] == 16, "\(name)")
    }
  }

  /// A 16-bit Display P3 file converted to sRGB (`--colorspace srgb`) is converted at 16 bits by Little CMS: a
  /// smooth ramp keeps its 1024 levels (8 bits would leave at most 256), every sample within 1 of 65535 of
  /// transicc's floating-point conversion (`Tests/Fixtures/ICC/make-16.py`, which defines the same ramp), and the
  /// output is 16-bit.
  @Test func aSixteenBitFileConvertedFromItsProfileKeepsSixteenBits() throws {
    let (width, height) = (1024, 2)
    func ramp16(_ x: Int, _ y: Int) -> [Int] {
      y == 0 ? [8000 + 48 * x, 16000 + 40 * x, 24000 + 30 * x] : [42000 - 12 * x, 30000 + 14 * x, 36000 + 4 * x]
    }
    var builder = PNGBuilder(width: width, height: height, bitDepth: 16, colorType: 2)
    builder.setRows((0..<height).map { y in
      (0..<width).flatMap { x in ramp16(x, y).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
    })
    let icc = Self.repository.appendingPathComponent("Tests/Fixtures/ICC")
    let profile = try [UInt8](Data(contentsOf: icc.appendingPathComponent("display-p3.icc")))
    builder.extraChunks.append(("iCCP", Array("P3".utf8) + [0, 0] + PNGBuilder.zlibStored(profile)))
    let input = try write("p3-ramp16.png", builder.build())
    let run = try Decor.run(["apply", input, "--colorspace", "srgb", "-o", file("srgb16.png")])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    let written = try read16(file("srgb16.png"))
    let reference = try [UInt8](Data(contentsOf: icc.appendingPathComponent("display-p3-ramp16-to-srgb-transicc.rgb16")))
    #expect(written.width == width && written.height == height && reference.count == width * height * 6)
    var worst = 0
    for p in 0..<width * height {
      for c in 0..<3 {
        let expected = Int(reference[(p * 3 + c) * 2]) << 8 | Int(reference[(p * 3 + c) * 2 + 1])
        worst = max(worst, abs(Int(written.rgba[p * 4 + c]) - expected))
      }
      #expect(written.rgba[p * 4 + 3] == 65535)
    }
    #expect(worst <= 1, "\(worst) of 65535 from transicc's conversion")
    let reds = Set((0..<width).map { written.rgba[$0 * 4] })
    #expect(reds.count > 256, "\(reds.count) levels of red")
    // Not the file's values: the conversion did happen.
    #expect(written.rgba[0] != 8000)

    // A 16-bit grey ramp, 64·x, in a grey profile of gamma 3.0 (Little CMS's, `make.py`): grey to RGB at 16 bits,
    // within 1 of 65535 of transicc's conversion.
    var grey = PNGBuilder(width: width, height: 1, bitDepth: 16, colorType: 0)
    grey.setRows([(0..<width).flatMap { x -> [UInt8] in
      let v = x * 64
      return [UInt8(v >> 8), UInt8(v & 0xFF)]
    }])
    let gamma30 = try [UInt8](Data(contentsOf: icc.appendingPathComponent("gray30.icc")))
    let iccp: [UInt8] = Array("G30".utf8) + [0, 0] + PNGBuilder.zlibStored(gamma30)
    grey.extraChunks.append(("iCCP", iccp))
    let greyRun = try Decor.run(["apply", try write("grey30.png", grey.build()), "--colorspace", "srgb", "-o",
      file("grey-srgb16.png")])
    #expect(greyRun.status == 0 && greyRun.stderr.isEmpty, "\(greyRun.stderr)")
    let greys = try read16(file("grey-srgb16.png"))
    let greyReference = try [UInt8](Data(contentsOf: icc.appendingPathComponent("gray30-ramp16-to-srgb-transicc.rgb16")))
    #expect(greys.width == width && greyReference.count == width * 6)
    var greyWorst = 0
    for x in 0..<width {
      for (c, sample) in greys.pixel(x, 0).prefix(3).enumerated() {
        let expected = Int(greyReference[(x * 3 + c) * 2]) << 8 | Int(greyReference[(x * 3 + c) * 2 + 1])
        greyWorst = max(greyWorst, abs(Int(sample) - expected))
      }
    }
    #expect(greyWorst <= 1, "\(greyWorst) of 65535 from transicc's conversion")
    #expect(Set((0..<width).map { greys.pixel($0, 0).first! }).count > 256)
  }

  /// `decor diff` on two 16-bit PNGs compares at 16 bits and says so: 3/65535 apart, which both files rounded to 8
  /// bits would hide; `--tolerance` in levels of 255 (× 257), `--tolerance16` in levels of 65535.
  @Test func diffComparesSixteenBitFilesAtSixteenBits() throws {
    func ramp(_ name: String, changed: UInt16) throws -> String {
      var builder = PNGBuilder(width: 6, height: 4, bitDepth: 16, colorType: 2)
      var rows: [[UInt8]] = []
      for y in 0..<4 {
        var row: [UInt8] = []
        for x in 0..<6 {
          let v = UInt16(1000 + 7001 * x + 13 * y)
          let r: UInt16 = x == 2 && y == 1 ? v + changed : v
          for sample: UInt16 in [r, 65535 - v, 4000] { row += [UInt8(sample >> 8), UInt8(sample & 0xFF)] }
        }
        rows.append(row)
      }
      builder.setRows(rows)
      try Data(builder.build()).write(to: URL(fileURLWithPath: file(name)))
      return file(name)
    }
    let (actual, reference) = (try ramp("actual.png", changed: 3), try ramp("reference.png", changed: 0))
    let exact = try Decor.run(["diff", actual, reference])
    let line = String(decoding: exact.stdout, as: UTF8.self)
    #expect(exact.status == 1 && line.hasPrefix("max delta 3/65535, PSNR ")
      && line.hasSuffix(" dB, 1 of 24 pixels differ (4.17%)\n"), "\(line)")
    #expect(try Decor.run(["diff", actual, reference, "--tolerance", "1"]).status == 0)
    #expect(try Decor.run(["diff", actual, reference, "--tolerance16", "2"]).status == 1)
    #expect(try Decor.run(["diff", actual, reference, "--tolerance16", "3"]).status == 0)
    // The same files at 8 bits: the difference rounds away, and the report is in levels of 255 as always.
    for (name, path) in [("actual8.png", actual), ("reference8.png", reference)] {
      let narrowed = try Decor.run(["apply", path, "-o", file(name), "--depth", "8"])
      #expect(narrowed.status == 0, "\(narrowed.stderr)")
    }
    let eight = try Decor.run(["diff", file("actual8.png"), file("reference8.png")])
    #expect(eight.status == 0 && String(decoding: eight.stdout, as: UTF8.self)
      == "max delta 0, PSNR ∞, 0 of 24 pixels differ (0.0%)\n")
    // An 8-bit file against a 16-bit one: compared at 16 bits, the 8-bit one widened exactly.
    let mixed = String(decoding: try Decor.run(["diff", file("reference8.png"), reference]).stdout, as: UTF8.self)
    #expect(mixed.hasPrefix("max delta ") && mixed.contains("/65535, PSNR "), "\(mixed)")
    let refused = try Decor.run(["diff", actual, reference, "--tolerance16", "65536"])
    #expect(refused.status != 0 && refused.stderr.contains("--tolerance16 must be 0…65535"), "\(refused.stderr)")
  }

  /// A 16-bit opaque RGB ramp, 16·x + 100 along each row (every row the same), through `resize 50%` and `blur 3`
  /// (the separable scaler and the extended boxes, both at 16 bits): written at 16 bits, every sample away from the
  /// edges within 2 of 65535 of the exact ramp at the output pixel's centre. (A symmetric kernel whose weights sum
  /// to 1 gives back a linear ramp exactly; 8 bits would be up to 128 of 65535 away.)
  @Test func aSixteenBitRampStaysWithinTwoLevelsThroughResizeAndBlur() throws {
    let (width, height) = (400, 24)
    var builder = PNGBuilder(width: width, height: height, bitDepth: 16, colorType: 2)
    let row = (0..<width).flatMap { x -> [UInt8] in
      let v = UInt16(16 * x + 100)
      return [UInt8(v >> 8), UInt8(v & 0xFF), UInt8(v >> 8), UInt8(v & 0xFF), UInt8(v >> 8), UInt8(v & 0xFF)]
    }
    builder.setRows(Array(repeating: row, count: height))
    let input = file("ramp16.png")
    try Data(builder.build()).write(to: URL(fileURLWithPath: input))
    // (step, output width, the exact value at output column x, columns kept from each edge)
    let cases: [(String, Int, (Int) -> Double, Int)] = [
      ("resize 50%", 200, { 16 * (2 * Double($0) + 0.5) + 100 }, 4),
      ("blur 3", 400, { 16 * Double($0) + 100 }, 12),
    ]
    for (step, outputWidth, exact, margin) in cases {
      let run = try Decor.run(["apply", input, step, "-o", file("ramp-out.png")])
      #expect(run.status == 0 && run.stderr.isEmpty, "\(step): \(run.stderr)")
      let written = try read16(file("ramp-out.png"))
      #expect(written.width == outputWidth, "\(step)")
      var worst = 0.0
      for y in 0..<written.height {
        for x in margin..<written.width - margin {
          let pixel = written.pixel(x, y)
          for c in 0..<3 { worst = max(worst, abs(Double(pixel[pixel.startIndex + c]) - exact(x))) }
          #expect(pixel.last == 65535)
        }
      }
      #expect(worst <= 2, "\(step): \(worst) of 65535 from the exact ramp")
    }
  }

  /// An 8-bit RGBA ramp, colour 2·x along each row and alpha 3 … 25 down the columns, through `resize 50%`: the
  /// render works at 16 bits premultiplied, so every colour away from the edges is within 2 levels of the exact
  /// colour at the output pixel's centre, 2·(2x + ½) (at 8 bits premultiplied, alpha 3 keeps two bits of colour).
  @Test func aTranslucentRampStaysWithinTwoLevelsThroughResize() throws {
    let (width, height) = (128, 23)
    var builder = PNGBuilder(width: width, height: height, bitDepth: 8, colorType: 6)
    var rows: [[UInt8]] = []
    for y in 0..<height {
      var row: [UInt8] = []
      for x in 0..<width { row += [UInt8(2 * x), UInt8(2 * x), UInt8(255 - 2 * x), UInt8(3 + y)] }
      rows.append(row)
    }
    builder.setRows(rows)
    let input = file("ramp8.png")
    try Data(builder.build()).write(to: URL(fileURLWithPath: input))
    let run = try Decor.run(["apply", input, "resize 50%", "-o", file("ramp8-out.png")])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    let written = try read(file("ramp8-out.png"))
    #expect(written.width == 64 && written.height == 12)
    var worst = 0.0
    for y in 0..<written.height {
      for x in 4..<written.width - 4 {
        let pixel = written.pixel(x, y)
        let exact = 2 * (2 * Double(x) + 0.5)
        let i = pixel.startIndex
        worst = max(worst, abs(Double(pixel[i]) - exact), abs(Double(pixel[i + 1]) - exact),
          abs(Double(pixel[i + 2]) - (255 - exact)))
      }
    }
    #expect(worst <= 2, "\(worst) levels from the exact colour")
  }

  #if TIFF
    /// 16-bit TIFFs (RGB in strips, grey in tiles, RGBA with unassociated alpha) keep their samples: through no step
    /// into TIFF and on into a 16-bit PNG the independent reader sees the same samples as straight into a PNG, those
    /// samples rounded to 8 bits are the fixture's expected pixels (which the fixture's maker computed from its own
    /// 16-bit data), and they are not merely 8-bit values widened.
    @Test(arguments: ["rgb16-lzw", "grey16-tiles", "rgba16-unassociated-tiles"])
    func sixteenBitTIFFsKeepTheirSamples(_ name: String) throws {
      let fixture = Self.repository.appendingPathComponent("Tests/Fixtures/TIFF/\(name).tif").path
      let direct = try Decor.run(["apply", fixture, "-o", file("direct.png")])
      #expect(direct.status == 0 && direct.stderr.isEmpty, "\(direct.stderr)")
      let tiff = try Decor.run(["apply", fixture, "-o", file("again.tif")])
      #expect(tiff.status == 0 && tiff.stderr.isEmpty, "\(tiff.stderr)")
      let info = try Decor.run(["info", file("again.tif")])
      let header = String(decoding: info.stdout, as: UTF8.self)
      #expect(header.contains("16-bit"), "\(header)")
      _ = try Decor.run(["apply", file("again.tif"), "-o", file("through.png")])
      let samples = try read16(file("direct.png"))
      #expect(!samples.rgba.isEmpty && samples.rgba.contains { $0 % 257 != 0 })
      #expect(try read16(file("through.png")) == samples)
      // Rounded to 8 bits and premultiplied as the fixture's expectation is, they are it.
      let expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.repository
        .appendingPathComponent("Tests/Fixtures/TIFF/\(name)-expected.rgba").path)))
      let premultiplied = stride(from: 0, to: samples.rgba.count, by: 4).flatMap { i -> [UInt8] in
        let (c, a) = (samples.rgba[i..<i + 3].map { UInt32($0) }, UInt32(samples.rgba[i + 3]))
        let colour = c.map { UInt8((($0 * a + 32767) / 65535 * 255 + 32895) >> 16) }
        return colour + [UInt8((a * 255 + 32895) >> 16)]
      }
      #expect(premultiplied == expected)
    }

    /// The pages of a multi-page TIFF written with `--depth 16` are 16-bit, the samples the 8-bit file's × 257.
    @Test func tiffPagesAreWrittenAtTheDepthAskedFor() throws {
      let pages = Self.repository.appendingPathComponent("Tests/Fixtures/TIFF/multipage.tif").path
      let deep = try Decor.run(["apply", pages, "--all-pages", "-o", file("deep.tif"), "--depth", "16"])
      let plain = try Decor.run(["apply", pages, "--all-pages", "-o", file("plain.tif")])
      #expect(deep.status == 0 && plain.status == 0, "\(deep.stderr)\(plain.stderr)")
      let info = String(decoding: try Decor.run(["info", file("deep.tif"), file("plain.tif")]).stdout, as: UTF8.self)
      #expect(info.contains("deep.tif: 48x32, TIFF, RGB, 16-bit") && info.contains("plain.tif: 48x32, TIFF, RGB, 8-bit")
        && info.contains("2 pages"), "\(info)")
      // The first page through PNG at 16 bits: the 16-bit file's samples are the 8-bit file's widened.
      _ = try Decor.run(["apply", file("deep.tif"), "-o", file("deep.png")])
      _ = try Decor.run(["apply", file("plain.tif"), "-o", file("plain.png"), "--depth", "16"])
      let (wide, narrow) = (try read16(file("deep.png")), try read16(file("plain.png")))
      #expect(!wide.rgba.isEmpty && wide == narrow)
    }
  #endif

  #if HEIF
    /// A 10-bit HEIC through no step comes out a 16-bit PNG with its levels (the independent decode's, scaled
    /// exactly), `info` says the input is 10-bit, and so does the notice of a JPEG written from it.
    @Test func aTenBitHEICComesOutSixteenBit() throws {
      let input = Fixtures.root.appendingPathComponent("HEIF/ramp10.heic").path
      let reference = Fixtures.root.appendingPathComponent("HEIF/ramp10-heic-reference16.png").path
      let result = try Decor.run(["apply", input, "-o", file("ramp.png")])
      #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
      let (written, expected) = (try read16(file("ramp.png")), try read16(reference))
      #expect(!written.rgba.isEmpty && written.width == expected.width)
      let worst = zip(written.rgba, expected.rgba).map { abs(Int($0) - Int($1)) }.max() ?? Int.max
      // Straight samples through a premultiplied 16-bit render: alpha is at least 256/1023 here.
      #expect(worst <= 2, "\(worst) of 65535 from the reference")
      let info = String(decoding: try Decor.run(["info", input]).stdout, as: UTF8.self)
      #expect(info.contains("10-bit"), "\(info)")
      // Into JPEG the notice names the file's depth, not the render's.
      let jpeg = try Decor.run(["apply", input, "-o", file("ramp.jpg")])
      #expect(jpeg.status == 0 && jpeg.stderr.contains("10-bit samples written at 8 bits"), "\(jpeg.stderr)")
    }
  #endif
}
#endif
