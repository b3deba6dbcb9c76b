import Decor
import DecorTesting
import Foundation
import Testing

/// What the program does, against what a PNG round trip and a Gaussian say it must.
@Suite struct ShadowedTests {
  /// A 40×30 opaque square padded by 24 and shadowed as `shadowed` shadows it.
  static func shadowedSquare() throws -> DropShadow {
    let square = try Raster(width: 40, height: 30, fill: RGBA8(r: 200, g: 60, b: 40, a: 255))
    return square.padded(by: 24).addingDropShadow(offset: Point(8, 8), radius: 16, opacity: 0.6)
  }

  static func shadowed() throws -> Raster { try shadowedSquare().rendered() }

  /// The PNG written and read back is the image exactly (ImageComparison, no tolerance).
  @Test func aPNGRoundTripIsExact() throws {
    let image = try Self.shadowed()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("pngonly-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try image.write(to: path, as: .png())
    let back = try Raster(contentsOfFile: path)
    let comparison = try ImageComparison(back, image)
    #expect(comparison.differingPixels == 0)
  }

  /// The shadow is where its offset puts it and as dark as an exact Gaussian of σ = 8 (radius 16) over the square
  /// says: the square's coverage, a box, blurred, times the opacity.
  @Test func theShadowFollowsAGaussian() throws {
    let shadowed = try Self.shadowedSquare()
    let image = try shadowed.rendered()
    // The square stays at the origin (padding grows outwards), x 0..<40, y 0..<30; its shadow is the box x 8..<48,
    // y 8..<38 blurred. The rendered image starts at the extent's corner. Samples lie below the square, where only
    // the shadow shows.
    let origin = shadowed.extent
    let sigma = 8.0
    func phi(_ t: Double) -> Double { 0.5 * (1 + erf(t / (sigma * 2.squareRoot()))) }
    func expected(_ x: Int, _ y: Int) -> Double {
      let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
      return 0.6 * (phi(48 - cx) - phi(8 - cx)) * (phi(38 - cy) - phi(8 - cy))
    }
    for (x, y) in [(28, 31), (28, 37), (28, 45), (10, 33), (45, 40), (60, 60)] {
      let alpha = Double(image[x - origin.minX, y - origin.minY].a) / 255
      #expect(abs(alpha - expected(x, y)) < 0.02, "at (\(x), \(y))")
    }
  }

  /// The same render as a golden image, through DecorTesting.
  @Test func matchesItsGolden() throws {
    Golden.expect(try Self.shadowed(), named: "shadowed/square")
  }
}
