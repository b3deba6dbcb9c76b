/// A number as messages and descriptions write it: whole numbers without a fraction (`30`, not `30.0`), others as
/// Swift prints them (the shortest text that reads back to the same `Double`). Here, below every layer that writes
/// numbers into text (the decorators' descriptions, the parameter checks, the chain language).
package func format(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
