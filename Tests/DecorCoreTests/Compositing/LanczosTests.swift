import Foundation
import Testing

import Decor
import DecorTestSupport

/// Lanczos-3 against references that share no code with it: the kernel's values in closed form, and a ¼ shrink of a
/// photo against float64 Lanczos-3 written in NumPy and against Pillow's `Image.LANCZOS`
/// (`Tests/Fixtures/Lanczos/make.py` made both).
@Suite struct LanczosTests {
  static func fixture(_ name: String) throws -> Raster {
    try Raster(contentsOfFile: Fixtures.root.appendingPathComponent("Lanczos").appendingPathComponent(name).path)
  }

  @Test func theKernelIsSincTimesTheWiderSinc() {
    #expect(Interpolation.lanczos.support == 3)
    #expect(Interpolation.lanczos.weight(0) == 1)
    for k in 1...4 { #expect(abs(Interpolation.lanczos.weight(Double(k))) < 1e-15, "zero at the integer \(k)") }
    // sinc(½)·sinc(⅙) = (2/π)·(3/π): sin(π/2) = 1 and sin(π/6) = ½.
    #expect(abs(Interpolation.lanczos.weight(0.5) - 6 / (Double.pi * Double.pi)) < 1e-15)
    #expect(abs(Interpolation.lanczos.weight(-0.5) - 6 / (Double.pi * Double.pi)) < 1e-15)
    // sinc(1.5)·sinc(½) = (−2/(3π))·(2/π), the first negative lobe.
    #expect(abs(Interpolation.lanczos.weight(1.5) + 4 / (3 * Double.pi * Double.pi)) < 1e-15)
    #expect(Interpolation.lanczos.weight(3) == 0 && Interpolation.lanczos.weight(7.5) == 0)
  }

  /// The bar is 45 dB against a Lanczos reference; the float64 one is met to a level (all equal when this
  /// was written), Pillow's within its fixed-point rounding (56.8 dB), where bicubic is 42.4 dB.
  @Test func aQuarterShrinkMatchesTheReferences() throws {
    let photo = try ImageMetrics.sample("astronaut.png")
    let shrunk = try photo.resized(width: 128, height: 128, interpolation: .lanczos).rendered()
    let exact = try Self.fixture("astronaut-quarter-exact.png")
    let pillow = try Self.fixture("astronaut-quarter-pillow.png")
    #expect(ImageMetrics.maxDelta(shrunk, exact) <= 1)
    #expect(ImageMetrics.psnr(shrunk, pillow) >= 55)
    let bicubic = try photo.resized(width: 128, height: 128, interpolation: .bicubic).rendered()
    #expect(ImageMetrics.psnr(bicubic, exact) < 45, "bicubic is not Lanczos")
  }

  /// Every transform takes it: a quarter turn moves pixels exactly, and an enlargement passes through the source's
  /// pixels (the kernel is 0 at every other integer).
  @Test func transformsTakeIt() throws {
    let image = try ImageMetrics.pattern(width: 9, height: 7)
    let turned = try image.rotated(by: .degrees(90), interpolation: .lanczos).rendered()
    #expect(turned == (try image.rotated(by: .degrees(90), interpolation: .nearest).rendered()))
    let doubled = try image.scaled(by: 3, interpolation: .lanczos).rendered()
    #expect(doubled.width == 27 && doubled.height == 21)
    #expect(try Chain(parsing: ["rotate 30 interpolation=lanczos"]).apply(to: image).rendered().width > 9)
    #expect(try Chain(parsing: ["resize 4x3 interpolation=Lanczos"]).apply(to: image).rendered().width == 4)
  }
}
