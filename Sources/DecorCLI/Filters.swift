import ArgumentParser
import Decor

struct Filters: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "List the filters steps can use, or describe one.")

  @Argument(help: "A filter to describe in full.")
  var name: String?

  func run() throws {
    guard let name else {
      let filters = FilterRegistry.standard.filters
      let width = filters.map(\.usage.count).max() ?? 0
      for filter in filters {
        print(filter.usage.padding(toLength: width + 2) + filter.summary)
      }
      return
    }
    let filter = try FilterRegistry.standard.filter(named: name)
    print(filter.usage)
    print("  " + filter.summary)
    if !filter.aliases.isEmpty { print("  aliases: " + filter.aliases.joined(separator: ", ")) }
    for argument in filter.arguments {
      let fallback = argument.defaultValue.map { " (default: \($0))" } ?? ""
      print("  \(argument.isOption ? argument.name + "=" : argument.name.uppercased()): \(argument.help)\(fallback)")
    }
  }
}

extension String {
  func padding(toLength length: Int) -> String { self + String(repeating: " ", count: max(0, length - count)) }
}
