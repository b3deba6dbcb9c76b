import Badge
import Decor
import DecorTesting
import XCTest

/// XCTest: fails on purpose, at the line of `assertGolden` (`check.sh` looks for it), not at `<EXPR>:0`.
final class FailingGoldenXCTests: XCTestCase {
  func testRedBadge() throws {
    let image = try Badge(color: Color(red: 0.8, green: 0.2, blue: 0.2)).render()
    assertGolden(image, named: "badges/blue")
  }
}
