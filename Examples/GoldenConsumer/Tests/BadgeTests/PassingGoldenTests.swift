import Badge
import Decor
import DecorTesting
import XCTest

/// XCTest: a throwing golden assertion fails an XCTest test as well.
final class PassingGoldenTests: XCTestCase {
  func testPassingBadgeMatchesItsReference() throws {
    try Golden.assert(try Badge(color: Color(red: 0.2, green: 0.4, blue: 0.8)).render(), named: "badges/blue")
  }
}
