import Foundation
import Testing

import Decor

/// A fraction parameter takes a percentage (`ParameterRule.unit`): in a step and as a template's string, the same
/// chain as the fraction; other numbers do not.
@Suite struct PercentageTests {
  @Test func aPercentageIsTheFraction() throws {
    let pairs = [("opacity 50%", "opacity 0.5"), ("grayscale 12.5%", "grayscale 0.125"), ("invert 0%", "invert 0"),
      ("shadow 2 2 opacity=30%", "shadow 2 2 opacity=0.3"), ("sepia 100%", "sepia 1")]
    for (percent, fraction) in pairs {
      #expect(try Chain(parsing: percent) == Chain(parsing: fraction), "\(percent)")
    }
    // Checked as the number is.
    #expect(throws: ChainError.self) { try Chain(parsing: "opacity -1%") }
    // Every unit-rule argument takes one; no other number does (a blur's σ is not a fraction).
    for filter in FilterRegistry.standard.filters {
      for argument in filter.arguments where argument.takesPercentage {
        guard case .number = argument.kind else {
          Issue.record("\(filter.name) \(argument.name): a percentage on a \(argument.kind)")
          continue
        }
        #expect(argument.range == ParameterRule<Double>.unit.range, "\(filter.name) \(argument.name)")
      }
    }
    #expect(throws: ChainError.self) { try Chain(parsing: "blur 50%") }
  }

  @Test func aTemplateTakesAPercentageAsAString() throws {
    let text = #"{"version": 1, "steps": [{"filter": "opacity", "a": "50%"}, {"filter": "grayscale", "a": 0.25}]}"#
    let chain = try JSONDecoder().decode(Chain.self, from: Data(text.utf8))
    #expect(chain == (try Chain(parsing: "opacity 0.5 | grayscale 0.25")))
    let refused = #"{"version": 1, "steps": [{"filter": "blur", "sigma": "50%"}]}"#
    #expect(throws: (any Error).self) { try JSONDecoder().decode(Chain.self, from: Data(refused.utf8)) }
  }
}
