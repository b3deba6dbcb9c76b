// The article "Golden-image tests in your package" quotes these tests: keep the two in step.

import Badge
import Decor
import DecorTesting
import XCTest

/// XCTest: `assertGolden` fails the test at its own line when the image does not match.
final class PassingGoldenXCTests: XCTestCase {
  func testBlueBadge() throws {
    let image = try Badge(color: Color(red: 0.2, green: 0.4, blue: 0.8)).render()
    assertGolden(image, named: "badges/blue")
  }
}
