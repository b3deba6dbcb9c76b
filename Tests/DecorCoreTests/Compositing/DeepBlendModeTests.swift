import Foundation
import Testing

import DecorCore
import DecorTestSupport

/// The compositing core at 16 bits (`Lanes16`) against `BlendReference` rounded to 16 bits: every mode within ±1 of
/// the exact W3C value, the integer modes exact, results valid, spans of every length alike, the division by 65535
/// exact at its rounding boundaries, and 8-bit pixels widened agreeing with the 8-bit kernels.
@Suite(.tags(.slow)) struct DeepBlendModeTests {
  /// Full, partial, tiny, almost full (which is not full at 16 bits) and zero.
  static let opacities: [Double] = [1, 0.5, 0.8, 0.25, 0.004, 0.9999, 0]

  /// `source` drawn onto `backdrop` by the 16-bit kernels, as one span.
  static func blended(_ mode: BlendMode, _ source: [RGBA16], onto backdrop: [RGBA16], opacity: Double = 1)
    -> [RGBA16]
  {
    precondition(source.count == backdrop.count)
    var result = backdrop
    source.withUnsafeBytes { s in
      result.withUnsafeMutableBytes { d in
        Compositor.blend(Lanes16.self, mode, source: s.baseAddress!.assumingMemoryBound(to: UInt64.self),
          destination: d.baseAddress!.assumingMemoryBound(to: UInt64.self), count: source.count, opacity: opacity)
      }
    }
    return result
  }

  /// Random premultiplied pixels: alpha 0, 1, 65534 or 65535 half of the time, any other value otherwise; each
  /// colour channel 0, alpha, or anything in between.
  static func pixels(_ count: Int, seed: UInt64) -> [RGBA16] {
    var random = SplitMix64(seed: seed)
    var result: [RGBA16] = []
    result.reserveCapacity(count)
    for _ in 0..<count {
      let special: [UInt16] = [0, 1, 65534, 65535]
      let a = Bool.random(using: &random)
        ? special.randomElement(using: &random)! : UInt16.random(in: 0...65535, using: &random)
      func channel() -> UInt16 {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return 0
        case 1: return a
        default: return UInt16.random(in: 0...a, using: &random)
        }
      }
      let (r, g, b) = (channel(), channel(), channel())
      result.append(RGBA16(r: r, g: g, b: b, a: a))
    }
    return result
  }

  /// The largest difference of any channel from the reference rounded to 16 bits, and an example where it occurs.
  static func worst(_ mode: BlendMode, _ source: [RGBA16], _ backdrop: [RGBA16], opacity: Double)
    -> (delta: Int, example: String)
  {
    let result = blended(mode, source, onto: backdrop, opacity: opacity)
    let coverage = Double(Lanes16.coverage(opacity)) / 65535
    var worst = (delta: 0, example: "")
    for i in source.indices {
      let expected = BlendReference.rounded(mode, source: source[i], backdrop: backdrop[i], coverage: coverage)
      let got = [Int(result[i].r), Int(result[i].g), Int(result[i].b), Int(result[i].a)]
      var delta = 0
      for c in 0..<4 { delta = max(delta, abs(expected[c] - got[c])) }
      if delta > worst.delta {
        worst = (delta, "\(source[i]) onto \(backdrop[i]) at \(opacity): \(got), expected \(expected)")
      }
    }
    return worst
  }

  static let integerModes: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .hardLight,
    .difference, .exclusion, .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
    .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter]

  @Test(arguments: BlendMode.allCases)
  func randomPixelsAreWithinOneOfTheReference(mode: BlendMode) {
    let source = Self.pixels(1500, seed: 21)
    let backdrop = Self.pixels(1500, seed: 22)
    for opacity in Self.opacities {
      let worst = Self.worst(mode, source, backdrop, opacity: opacity)
      #expect(worst.delta <= 1, "\(mode): \(worst.example)")
      let result = Self.blended(mode, source, onto: backdrop, opacity: opacity)
      let invalid = result.firstIndex { !$0.isPremultiplied }
      #expect(invalid == nil, "\(mode): \(invalid.map { "\(source[$0]) onto \(backdrop[$0])" } ?? "")")
    }
  }

  @Test func theIntegerModesAreExactlyRounded() {
    let source = Self.pixels(3000, seed: 23)
    let backdrop = Self.pixels(3000, seed: 24)
    for mode in Self.integerModes {
      #expect(Self.worst(mode, source, backdrop, opacity: 1).delta == 0, "\(mode)")
    }
  }

  @Test(arguments: BlendMode.allCases)
  func spansOfEveryLengthGiveEachPixelsOwnResult(mode: BlendMode) {
    // Opaque, transparent and mixed spans take the fast paths, the pair step, the single blocks and the padded
    // tail: each pixel's result is the one it gets alone, and nothing past the span changes.
    let mixed = Self.pixels(23, seed: 25)
    let opaque = mixed.map { RGBA16(r: $0.r, g: $0.g, b: $0.b, a: 65535) }
    let transparent = [RGBA16](repeating: RGBA16(r: 0, g: 0, b: 0, a: 0), count: 23)
    let backdrops = [Self.pixels(23, seed: 26), opaque.reversed(), transparent]
    for backdrop in backdrops {
      for source in [mixed, opaque, transparent] {
        for count in 0...20 {
          for opacity in [1, 0.7] {
            var expected = backdrop
            for i in 0..<count {
              expected[i] = Self.blended(mode, [source[i]], onto: [backdrop[i]], opacity: opacity)[0]
            }
            var result = backdrop
            source.withUnsafeBytes { s in
              result.withUnsafeMutableBytes { d in
                Compositor.blend(Lanes16.self, mode, source: s.baseAddress!.assumingMemoryBound(to: UInt64.self),
                  destination: d.baseAddress!.assumingMemoryBound(to: UInt64.self), count: count, opacity: opacity)
              }
            }
            #expect(result == expected, "\(mode), \(count) pixels, opacity \(opacity)")
          }
        }
      }
    }
  }

  @Test func theDivisionBy65535IsExactAtEveryRoundingBoundary() {
    // round(x / 65535) changes only at x = k·65535 + 32767.5: the values on both sides of every boundary, and the
    // largest product, 65535².
    var wrong: [UInt32] = []
    var k: UInt32 = 0
    while k < 65535 {
      let below = k * 65535 + 32767
      let lanes = SIMD8<UInt32>(below, below + 1, k * 65535, k * 65535 + 1, 65535 * 65535, 0, 32767, 32768)
      let divided = Lanes16.divide(Lanes16.Lanes(lanes)).v
      for i in 0..<8 where UInt64(divided[i]) != (UInt64(lanes[i]) + 32767) / 65535 { wrong.append(lanes[i]) }
      k += 1
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  @Test func opacityIsASixteenBitCoverage() {
    #expect(Lanes16.coverage(1) == 65535 && Lanes16.coverage(.infinity) == 65535 && Lanes16.coverage(.nan) == 0)
    #expect(Lanes16.coverage(0.5) == 32768 && Lanes16.coverage(0.9999) == 65528 && Lanes16.coverage(-1) == 0)
    #expect(Compositor.isFull(0.999, at: .rgba8) && !Compositor.isFull(0.999, at: .rgba16))
  }

  @Test(arguments: BlendMode.allCases)
  func eightBitPixelsWidenedBlendAsTheEightBitKernelsDo(mode: BlendMode) {
    // The same pixels at both depths: 8-bit ones widened (v × 257) and blended at 16 bits, then rounded back, are
    // within 1 of the 8-bit kernels' result.
    let narrow = BlendModeTests.pixels(1000, seed: 27)
    let backdrop = BlendModeTests.pixels(1000, seed: 28)
    func wide(_ p: RGBA8) -> RGBA16 {
      RGBA16(r: UInt16(p.r) * 257, g: UInt16(p.g) * 257, b: UInt16(p.b) * 257, a: UInt16(p.a) * 257)
    }
    for opacity in [1, 0.6] {
      let eight = BlendModeTests.blended(mode, narrow, onto: backdrop, opacity: opacity)
      let sixteen = Self.blended(mode, narrow.map(wide), onto: backdrop.map(wide), opacity: opacity)
      var worst = 0
      for (e, s) in zip(eight, sixteen) {
        let r = s.premultiplied8
        worst = max(worst, abs(Int(e.r) - Int(r.r)), abs(Int(e.g) - Int(r.g)), abs(Int(e.b) - Int(r.b)),
          abs(Int(e.a) - Int(r.a)))
      }
      #expect(worst <= 1, "\(mode) at \(opacity): \(worst)")
    }
  }
}
