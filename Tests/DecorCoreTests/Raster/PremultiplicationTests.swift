import Testing

import Decor
import DecorTestSupport

@Suite struct PremultiplicationTests {
  /// Round to nearest with halves up, in exact integer arithmetic: the definition, not the implementation.
  static func roundedQuotient(_ n: Int, _ d: Int) -> Int { (2 * n + d) / (2 * d) }

  @Test func scalarConversionsAreExactForEveryPair() {
    for a in 0...255 {
      for c in 0...255 {
        #expect(Int(Premultiplication.premultiply(UInt8(c), UInt8(a))) == Self.roundedQuotient(c * a, 255))
        let expected = a == 0 ? 0 : min(255, Self.roundedQuotient(c * 255, a))
        #expect(Int(Premultiplication.unpremultiply(UInt8(c), UInt8(a))) == expected)
      }
    }
  }

  @Test func opaquePixelsAndValidPremultipliedPixelsRoundTrip() {
    for c in 0...255 {
      #expect(Premultiplication.premultiply(UInt8(c), 255) == UInt8(c))
      #expect(Premultiplication.unpremultiply(UInt8(c), 255) == UInt8(c))
    }
    for a in 1...255 {
      for p in 0...a {
        let straight = Premultiplication.unpremultiply(UInt8(p), UInt8(a))
        #expect(Premultiplication.premultiply(straight, UInt8(a)) == UInt8(p), "p=\(p) a=\(a)")
      }
    }
  }

  /// The SIMD body and the scalar tail must give the same bytes: every buffer length from 0 to 67 pixels, so each
  /// pixel position is met by both paths.
  @Test func vectorAndScalarPathsAgree() {
    var generator = SplitMix64(seed: 2942478364)  // seeded: a failure can be replayed
    for pixels in 0...67 {
      var straight = (0..<pixels * 4).map { _ in UInt8.random(in: 0...255, using: &generator) }
      // Alpha 0, 1, 254 and 255 turn up at every position across the lengths.
      if pixels > 0 { straight[(pixels - 1) * 4 + 3] = [0, 1, 254, 255][pixels % 4] }
      var vector = straight
      vector.withUnsafeMutableBytes { Premultiplication.premultiply($0) }
      var scalar = straight
      for i in stride(from: 0, to: scalar.count, by: 4) {
        for k in 0..<3 { scalar[i + k] = Premultiplication.premultiply(scalar[i + k], scalar[i + 3]) }
      }
      #expect(vector == scalar, "premultiply, \(pixels) pixels")

      var back = vector
      back.withUnsafeMutableBytes { Premultiplication.unpremultiply($0) }
      var scalarBack = vector
      for i in stride(from: 0, to: scalarBack.count, by: 4) {
        for k in 0..<3 { scalarBack[i + k] = Premultiplication.unpremultiply(scalarBack[i + k], scalarBack[i + 3]) }
      }
      #expect(back == scalarBack, "unpremultiply, \(pixels) pixels")
      var again = back
      again.withUnsafeMutableBytes { Premultiplication.premultiply($0) }
      #expect(again == vector, "premultiply ∘ unpremultiply, \(pixels) pixels")
    }
  }

  @Test func vectorUnpremultiplyIsExactForEveryPair() {
    // All 65 536 (p, a) pairs, 8 to a SIMD group, including invalid p > a (clamped to 255).
    var bytes: [UInt8] = []
    for a in 0...255 { for p in 0...255 { bytes += [UInt8(p), UInt8(p), UInt8(p), UInt8(a)] } }
    bytes.withUnsafeMutableBytes { Premultiplication.unpremultiply($0) }
    var i = 0
    for a in 0...255 {
      for p in 0...255 {
        let expected = a == 0 ? 0 : min(255, Self.roundedQuotient(p * 255, a))
        #expect(Int(bytes[i]) == expected && Int(bytes[i + 2]) == expected, "p=\(p) a=\(a)")
        i += 4
      }
    }
  }
}
