import Badge
import Decor
import DecorTesting
import Testing

/// Swift Testing: these fail on purpose (a red badge against the blue reference), to show what a failure leaves
/// (actual, reference and diff images under .golden-failures/badges/blue/) and where it is reported: the line of
/// the assertion (`check.sh` looks for it).
@Test func failingRedBadgeExpected() throws {
  let image = try Badge(color: Color(red: 0.8, green: 0.2, blue: 0.2)).render()
  Golden.expect(image, named: "badges/blue")
}

@Test func failingRedBadgeAsserted() throws {
  let image = try Badge(color: Color(red: 0.8, green: 0.2, blue: 0.2)).render()
  try Golden.assert(image, named: "badges/blue")
}
