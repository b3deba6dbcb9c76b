import Badge
import Decor
import DecorTesting
import Testing

/// Swift Testing: this one fails on purpose (a red badge against the blue reference), to show what a failure
/// leaves: actual, reference and diff images under .golden-failures/badges/blue/.
@Test func failingBadgeDiffersFromItsReference() throws {
  try Golden.assert(try Badge(color: Color(red: 0.8, green: 0.2, blue: 0.2)).render(), named: "badges/blue")
}
