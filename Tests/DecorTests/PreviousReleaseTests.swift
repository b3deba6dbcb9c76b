import Testing

import Decor

/// Calls that compiled against earlier releases and were renamed since: each still compiles (as a deprecated alias)
/// and does what its new name does. Not `@testable`: these are a user's calls.
@Suite struct PreviousReleaseTests {
  @available(*, deprecated, message: "calls renamed API on purpose")
  static func previousCalls(_ image: Raster) throws -> [(old: Raster, new: Raster)] {
    [
      (try image.dropShadow(offset: Point(3, 2), blur: 2).rendered(),
        try image.dropShadow(offset: Point(3, 2), sigma: 2).rendered()),
      (try DropShadow(image, blur: 3, opacity: 0.8).rendered(), try DropShadow(image, sigma: 3, opacity: 0.8).rendered()),
      (try image.innerShadow(blur: 2).rendered(), try image.innerShadow(sigma: 2).rendered()),
      (try InnerShadow(image, offset: Point(1, 1), blur: 1.5).rendered(),
        try InnerShadow(image, offset: Point(1, 1), sigma: 1.5).rendered()),
    ]
  }

  @available(*, deprecated, message: "calls renamed API on purpose")
  @Test func renamedCallsStillCompileAndAgree() throws {
    let image = try Raster(width: 24, height: 16, fill: RGBA8(r: 50, g: 128, b: 230, a: 255)).padded(by: 6)
      .rendered()
    for (old, new) in try Self.previousCalls(image) { #expect(old == new) }
  }
}
