// The article "Golden-image tests in your package" quotes these tests: keep the two in step.

import Badge
import Decor
import DecorTesting
import Testing

/// Swift Testing: `Golden.expect` records an issue at its own line when the image does not match.
@Test func passingBlueBadge() throws {
  let image = try Badge(color: Color(red: 0.2, green: 0.4, blue: 0.8)).render()
  Golden.expect(image, named: "badges/blue")  // Tests/BadgeTests/Goldens/badges/blue.png
}

/// Any framework: `Golden.assert` throws a `GoldenError` whose description starts with this file and line.
@Test func passingBlueBadgeWithinATolerance() throws {
  let image = try Badge(color: Color(red: 0.2, green: 0.4, blue: 0.8)).render()
  try Golden.assert(image, named: "badges/blue", tolerance: GoldenTolerance(maxChannelDelta: 1))
}

/// Tolerances, loosened deliberately and per test (all of these pass: the badge is its reference exactly).
@Test func passingBlueBadgeUnderEachTolerance() throws {
  let image = try Badge(color: Color(red: 0.2, green: 0.4, blue: 0.8)).render()
  Golden.expect(image, named: "badges/blue", tolerance: GoldenTolerance(maxChannelDelta: 1))
  Golden.expect(image, named: "badges/blue",
    tolerance: GoldenTolerance(maxChannelDelta: 8, maxDifferingFraction: 0.001))
  Golden.expect(image, named: "badges/blue", tolerance: GoldenTolerance(ignoresAntialiasing: true))
  Golden.expect(image, named: "badges/blue", tolerance: GoldenTolerance(maxChannelDelta: 255, minimumPSNR: 45))
}
