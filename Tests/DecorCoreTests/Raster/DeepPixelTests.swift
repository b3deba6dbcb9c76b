import Testing

import DecorCore
import DecorTestSupport

/// The 16-bit premultiplied format: its conversions against exact integer arithmetic, the reason it exists (every
/// 8-bit straight colour survives it, where 8-bit premultiplied storage changes half of them), and rasters that
/// hold it.
@Suite struct DeepPixelTests {
  /// `round(x / d)` with halves up, in integers wide enough for any product of two 16-bit values.
  static func rounded(_ x: UInt64, _ d: UInt64) -> UInt64 { (2 * x + d) / (2 * d) }

  @Test func everyEightBitStraightColourSurvivesSixteenBitPremultiplication() {
    var changedAtEightBits = 0
    for a in 1...255 {
      for c in 0...255 {
        let (c8, a8) = (UInt8(c), UInt8(a))
        let deep = RGBA16(straight8: c8, 255 - c8, c8 / 2, a8)
        #expect(deep.isPremultiplied)
        let back = deep.straight8
        #expect(back.r == c8 && back.g == 255 - c8 && back.b == c8 / 2 && back.a == a8, "c \(c), a \(a)")
        // The same pair through today's 8-bit premultiplied storage.
        if RGBA8(straightRed: c8, green: c8, blue: c8, alpha: a8).straight.r != c8 { changedAtEightBits += 1 }
      }
    }
    // Counted independently (Python, the same formulas): 32,385 of the 65,280 pairs change at 8 bits.
    #expect(changedAtEightBits == 32_385)
  }

  @Test func conversionsAreTheExactRoundings() {
    var generator = SplitMix64(seed: 45)
    let edges: [UInt16] = [0, 1, 2, 127, 128, 255, 256, 257, 32767, 32768, 65279, 65534, 65535]
    var pairs = edges.flatMap { c in edges.map { (c, $0) } }
    for _ in 0..<200_000 {
      pairs.append((UInt16.random(in: 0...65535, using: &generator), UInt16.random(in: 0...65535, using: &generator)))
    }
    for (c, a) in pairs {
      let p = DeepPremultiplication.premultiply(c, a)
      #expect(UInt64(p) == Self.rounded(UInt64(c) * UInt64(a), 65535), "premultiply \(c) \(a)")
      if a > 0 {
        let (low, high) = (min(c, a), max(c, a))
        let u = DeepPremultiplication.unpremultiply(low, high)
        let exact = min(65535, Self.rounded(UInt64(low) * 65535, UInt64(high)))
        #expect(UInt64(u) == exact, "unpremultiply \(low) \(high)")
      }
      #expect(UInt64(DeepPremultiplication.narrow(c)) == Self.rounded(UInt64(c), 257), "narrow \(c)")
    }
    #expect(DeepPremultiplication.unpremultiply(0, 0) == 0 && DeepPremultiplication.unpremultiply(5, 0) == 0)
    // Opaque pixels pass through unchanged, and re-premultiplying an un-premultiplied pixel gives it back.
    for (c, a) in pairs {
      #expect(DeepPremultiplication.premultiply(c, 65535) == c)
      guard a > 0 else { continue }
      let p = min(c, a)
      #expect(DeepPremultiplication.premultiply(DeepPremultiplication.unpremultiply(p, a), a) == p, "\(p) \(a)")
    }
  }

  /// A 16-bit alpha that rounds to 0 at 8 bits gives a transparent 8-bit pixel, all zeros, as 8-bit storage would.
  @Test func whatRoundsToTransparentIsZeros() throws {
    let faint = RGBA16(r: 50, g: 60, b: 0, a: 100)
    #expect(faint.straight8 == (0, 0, 0, 0))
    #expect(RGBA16(r: 50, g: 60, b: 0, a: 129).straight8.a == 1)
    var raster = try Raster(width: 1, height: 1, format: .rgba16)
    raster[deep: 0, 0] = faint
    #expect(raster.straightBytes() == [0, 0, 0, 0])
  }

  @Test func eightBitPremultipliedPixelsWidenAndNarrowExactly() {
    for a in 0...255 {
      for p in 0...a {
        let pixel = RGBA8(r: UInt8(p), g: UInt8(a - p), b: 0, a: UInt8(a))
        let deep = RGBA16(pixel)
        #expect(deep.isPremultiplied && deep.premultiplied8 == pixel)
      }
    }
  }

  @Test func sixteenBitRastersHoldEightBytesAPixel() throws {
    var raster = try Raster(width: 5, height: 3, format: .rgba16)
    #expect(raster.format == .rgba16 && raster.bytesPerRow == 40 && raster.bytes.count == 120)
    #expect(raster.bytes.allSatisfy { $0 == 0 })
    let pixel = RGBA16(r: 1000, g: 2000, b: 3000, a: 40000)
    raster[deep: 4, 2] = pixel
    #expect(raster[deep: 4, 2] == pixel)
    // The 8-bit accessors read and write it rounded.
    #expect(raster[4, 2] == pixel.premultiplied8)
    raster[0, 0] = RGBA8(r: 10, g: 20, b: 30, a: 40)
    #expect(raster[deep: 0, 0] == RGBA16(r: 2570, g: 5140, b: 7710, a: 10280))
    #expect(!raster.isOpaque && !raster.isGrey)
    #expect(try Raster(width: 2, height: 2, format: .rgba16).isGrey)
    // The pixel limit counts pixels, the byte count the format's bytes.
    #expect(try Raster.byteCount(width: 100, height: 10, format: .rgba16) == 8000)
    #expect(throws: RasterError.tooLarge(width: 100, height: 10, limit: 999)) {
      try Raster(width: 100, height: 10, format: .rgba16, pixelLimit: 999)
    }
    // Extracting and copying keep the format; a copy from an 8-bit raster is widened first.
    let part = try raster.extracting(IntRect(x: 3, y: 1, width: 2, height: 2))
    #expect(part.format == .rgba16 && part[deep: 1, 1] == pixel)
    var target = try Raster(width: 3, height: 3, format: .rgba16)
    let small = RGBA8(r: 1, g: 2, b: 3, a: 4)
    let square = IntRect(x: 0, y: 0, width: 2, height: 2)
    target.copy(try Raster(width: 2, height: 2, fill: small), from: square, toX: 1, y: 1)
    #expect(target[deep: 2, 2] == RGBA16(small) && target[deep: 0, 0] == RGBA16(r: 0, g: 0, b: 0, a: 0))
  }

  /// The end-to-end statement for files: 8-bit straight pixels (a cut-out's) premultiplied into a 16-bit raster
  /// come back as the same bytes when an 8-bit encoder asks for straight pixels; the same pixels through an 8-bit
  /// raster do not.
  @Test func aCutOutsStraightBytesSurviveASixteenBitRaster() throws {
    var straight: [UInt8] = []
    for a in 1...255 { for c in 0...255 { straight += [UInt8(c), UInt8(255 - c), UInt8(c / 3), UInt8(a)] } }
    var deep = try Raster(width: 256, height: 255, format: .rgba16)
    for y in 0..<255 {
      for x in 0..<256 {
        let i = (y * 256 + x) * 4
        deep[deep: x, y] = RGBA16(straight8: straight[i], straight[i + 1], straight[i + 2], straight[i + 3])
      }
    }
    #expect(try deep.converted(to: .rgba8, straight: true).bytes == straight)
    #expect(deep.straightBytes() == straight)
    #expect(try Raster(width: 256, height: 255, straightBytes: straight).straightBytes() != straight)
    // 8 → 16 → 8 bits gives the premultiplied bytes back.
    let eight = try Raster(width: 256, height: 255, straightBytes: straight)
    #expect(try eight.converted(to: .rgba16).converted(to: .rgba8) == eight)
    #expect(try eight.converted(to: .rgba16).format == .rgba16)
  }

  /// The straight 16-bit format keeps every value, 16-bit ones at any alpha too (which premultiplied 16 bits cannot
  /// below alpha 1/256), and converts to the others as `RGBA16` does.
  @Test func straightSixteenBitsKeepsEveryValue() throws {
    var generator = SplitMix64(seed: 7)
    var pixels: [RGBA16] = [RGBA16(r: 0, g: 0, b: 0, a: 0), RGBA16(r: 65535, g: 12345, b: 1, a: 1)]
    for _ in 0..<10_000 {
      let a = UInt16.random(in: 1...65535, using: &generator)
      pixels.append(RGBA16(r: .random(in: 0...65535, using: &generator), g: .random(in: 0...65535, using: &generator),
        b: .random(in: 0...65535, using: &generator), a: a))
    }
    var raster = try Raster(width: pixels.count, height: 1, format: .rgba16Straight)
    raster.withDeepPixels { out in for (i, pixel) in pixels.enumerated() { out[i] = pixel } }
    // A copy into a straight raster changes no value; premultiplied 16 bits would change most at low alpha.
    var copy = try Raster(width: pixels.count, height: 1, format: .rgba16Straight)
    copy.copy(raster, from: raster.bounds, toX: 0, y: 0)
    #expect(copy.deepPixels { Array($0) } == pixels)
    let premultiplied = try raster.converted(to: .rgba16)
    #expect(premultiplied.deepPixels { $0.allSatisfy(\.isPremultiplied) })
    #expect(premultiplied.deepPixels { Array($0) } == pixels.map(\.premultiplied))
    #expect(try premultiplied.converted(to: .rgba16Straight).deepPixels { Array($0) } != pixels)
    // Through 8 bits: each straight value narrowed, premultiplied or not.
    #expect(try raster.converted(to: .rgba8, straight: true).bytes
      == pixels.flatMap { p in [p.narrowedStraight].flatMap { [$0.r, $0.g, $0.b, $0.a] } })
    #expect(try raster.converted(to: .rgba8) == raster.converted(to: .rgba16).converted(to: .rgba8))
    // 8-bit straight values widened come back exactly.
    let eight = pixels.map { RGBA16(r: $0.r / 257 * 257, g: $0.g / 257 * 257, b: $0.b / 257 * 257, a: $0.a / 257 * 257) }
    for pixel in eight where pixel.a > 0 {
      let n = pixel.narrowedStraight
      #expect([UInt16(n.r), UInt16(n.g), UInt16(n.b), UInt16(n.a)].map { $0 * 257 } == [pixel.r, pixel.g, pixel.b, pixel.a])
    }
  }
}
