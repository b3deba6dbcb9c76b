import Testing

import Decor
import DecorTestSupport

@Suite struct FilterRegistryTests {
  static let builtIns = [
    "rotate", "scale", "resize", "translate", "skew", "flip", "transform", "crop", "pad", "opacity", "background",
    "tile",
  ]

  /// A filter that does nothing, named as asked.
  static func stub(_ name: String, aliases: [String] = []) -> Filter {
    Filter(name, aliases: aliases, summary: "stub \(name)", arguments: []) { _, input in input }
  }

  /// The error `register` throws, or `nil` when it succeeds.
  static func registrationError(_ filter: Filter, into registry: inout FilterRegistry) -> RegistryError? {
    do {
      try registry.register(filter)
      return nil
    } catch {
      return error
    }
  }

  static func lookupError(_ name: String, in registry: FilterRegistry = .standard) -> RegistryError? {
    do {
      _ = try registry.filter(named: name)
      return nil
    } catch {
      return error
    }
  }

  @Test func theStandardRegistryHasEveryBuiltIn() throws {
    let registry = FilterRegistry.standard
    let names = registry.filters.map(\.name)
    for name in Self.builtIns {
      #expect(names.contains(name), "\(name) is not registered")
      #expect(try registry.filter(named: name).name == name)
      #expect(!(try registry.filter(named: name).summary.isEmpty))
    }
    // Every name and alias is taken once, and each alias leads to its own filter.
    let words = registry.filters.flatMap { [$0.name] + $0.aliases }
    #expect(Set(words).count == words.count, "clashing names: \(words)")
    for filter in registry.filters {
      for alias in filter.aliases { #expect(try registry.filter(named: alias).name == filter.name, "\(alias)") }
    }
    #expect(try registry.filter(named: "move").name == "translate")
    #expect(try registry.filter(named: "extend").name == "pad")
  }

  /// Registering every built-in into an empty registry succeeds (the standard registry ignores errors while building).
  @Test func theBuiltInsRegisterWithoutAClash() throws {
    var registry = FilterRegistry()
    for filter in FilterRegistry.standard.filters { try registry.register(filter) }
    #expect(registry.filters.map(\.name) == FilterRegistry.standard.filters.map(\.name))
  }

  @Test func aUserFilterCanBeRegisteredAndUsedInAChain() throws {
    let border = Filter(
      "mat", aliases: ["frame"], summary: "a coloured frame",
      arguments: [FilterArgument("width", .integer(1...100), required: true, help: "pixels"),
        FilterArgument("color", .color, option: true, default: "black", help: "frame colour")]
    ) { arguments, input in
      input.padded(by: arguments.integer("width")!, color: arguments.color("color")!)
    }
    var registry = FilterRegistry.standard
    try registry.register(border)
    #expect(registry.filters.count == FilterRegistry.standard.filters.count + 1)
    #expect(try registry.filter(named: "frame").name == "mat")

    var image = try Raster(width: 4, height: 3, fill: RGBA8(r: 10, g: 20, b: 30, a: 40))
    image[1, 1] = RGBA8(r: 200, g: 100, b: 0, a: 255)
    let chain = try Chain(parsing: ["scale 2 interpolation=nearest", "mat 3 color=#ff0000 | frame 1"],
      registry: registry)
    #expect(chain.steps.map(\.filter.name) == ["scale", "mat", "mat"])
    let result = try chain.apply(to: image).rendered()
    let expected = try image.scaled(by: 2, interpolation: .nearest)
      .padded(by: 3, color: Color(red: 1, green: 0, blue: 0)).padded(by: 1, color: .black).rendered()
    #expect(result == expected)
    #expect(result.width == 16 && result.height == 14)
    #expect(result[0, 0] == .black && result[1, 1] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(result[4, 4] == RGBA8(r: 10, g: 20, b: 30, a: 40) && result[6, 6] == RGBA8(r: 200, g: 100, b: 0, a: 255))
    // The user filter's own errors name the step.
    #expect(throws: ChainError(step: 2, text: "frame 0",
      message: "whole number from 1 to 100 expected, got \"0\"")) {
      try Chain(parsing: ["rotate 5 | frame 0"], registry: registry)
    }
    // The standard registry is a value: the copy's registration did not reach it.
    #expect(Self.lookupError("mat") != nil)
    #expect(throws: ChainError.self) { try Chain(parsing: ["mat 1"]) }
  }

  @Test func registeringANameTwiceNamesBothFilters() {
    var registry = FilterRegistry()
    #expect(Self.registrationError(Self.stub("glow"), into: &registry) == nil)
    let again = Self.registrationError(Self.stub("glow"), into: &registry)
    #expect(again == .duplicate(word: "glow", filter: "glow", existingFilter: "glow", existingIsAlias: false))
    #expect(again?.description == "cannot register filter \"glow\": \"glow\" is already the name of filter \"glow\"")

    var standard = FilterRegistry.standard
    let rotate = Self.registrationError(Self.stub("rotate"), into: &standard)
    #expect(rotate == .duplicate(word: "rotate", filter: "rotate", existingFilter: "rotate", existingIsAlias: false))
    // A new filter whose name is another filter's alias.
    let move = Self.registrationError(Self.stub("move"), into: &standard)
    #expect(move?.description
      == "cannot register filter \"move\": \"move\" is already an alias of filter \"translate\"")
  }

  @Test func anAliasClashingWithANameOrAnAlias() {
    var registry = FilterRegistry.standard
    let withName = Self.registrationError(Self.stub("spin", aliases: ["twirl", "rotate"]), into: &registry)
    #expect(withName == .duplicate(word: "rotate", filter: "spin", existingFilter: "rotate", existingIsAlias: false))
    #expect(withName?.description
      == "cannot register filter \"spin\": \"rotate\" is already the name of filter \"rotate\"")
    let withAlias = Self.registrationError(Self.stub("relocate", aliases: ["move"]), into: &registry)
    #expect(withAlias
      == .duplicate(word: "move", filter: "relocate", existingFilter: "translate", existingIsAlias: true))
    #expect(withAlias?.description
      == "cannot register filter \"relocate\": \"move\" is already an alias of filter \"translate\"")
    // The same alias twice within one filter.
    var empty = FilterRegistry()
    let repeated = Self.registrationError(Self.stub("spin", aliases: ["twirl", "twirl"]), into: &empty)
    #expect(repeated == .duplicate(word: "twirl", filter: "spin", existingFilter: "spin", existingIsAlias: true))
    #expect(repeated?.description
      == "cannot register filter \"spin\": \"twirl\" is already an alias of filter \"spin\"")
  }

  /// A filter listing its own name as an alias: refused, and the message says the word is its name (which it is),
  /// not an alias.
  @Test func aFilterWhoseNameEqualsItsAlias() {
    var registry = FilterRegistry()
    let error = Self.registrationError(Self.stub("spin", aliases: ["spin"]), into: &registry)
    #expect(error == .duplicate(word: "spin", filter: "spin", existingFilter: "spin", existingIsAlias: false))
    #expect(error?.description == "cannot register filter \"spin\": \"spin\" is already the name of filter \"spin\"")
    #expect(registry.filters.isEmpty)
    #expect(Self.lookupError("spin", in: registry) != nil)
  }

  @Test func aFailedRegistrationLeavesTheRegistryUnchanged() throws {
    var registry = FilterRegistry.standard
    let before = registry.filters.map(\.name)
    // "spin" and "twirl" are free; "move" is not, so none of the three may be added.
    #expect(Self.registrationError(Self.stub("spin", aliases: ["twirl", "move"]), into: &registry) != nil)
    #expect(registry.filters.map(\.name) == before)
    #expect(Self.lookupError("spin", in: registry) != nil)
    #expect(Self.lookupError("twirl", in: registry) != nil)
    #expect(try registry.filter(named: "move").name == "translate")
    // Both words are still free for a later registration.
    try registry.register(Self.stub("twirl", aliases: ["spin"]))
    #expect(try registry.filter(named: "spin").name == "twirl")
    #expect(registry.filters.count == before.count + 1)
  }

  /// A name or alias no step could ever write is refused when registered, saying why; nothing is added. Every
  /// built-in filter passes the same rule (none was dropped from `standard`).
  @Test func namesAreValidatedWhenRegistered() throws {
    var registry = FilterRegistry.standard
    let before = registry.filters.map(\.name)
    for (word, reason) in [("", "it is empty"), ("drop shadow", "it contains white space"),
      ("a|b", "it contains \"|\""), ("k=v", "it contains \"=\""), ("it's", "it contains \"'\""),
      ("@mine", "it starts with \"@\", which marks a template step"), ("-x", "it starts with \"-\", which marks an option")]
    {
      let error = Self.registrationError(Self.stub("ok-name", aliases: [word]), into: &registry)
      #expect(error == .invalidName(word: word, filter: "ok-name", reason: reason), "\(word)")
      #expect(registry.filters.map(\.name) == before)
    }
    #expect(RegistryError.invalidName(word: "a|b", filter: "ok", reason: "it contains \"|\"").description
      == "cannot register filter \"ok\": \"a|b\" cannot name a step: it contains \"|\" (a name is one word, without "
      + "white space, \"|\", \"=\" or quotes, not starting with \"@\" or \"-\")")
    for filter in FilterRegistry.standard.filters {
      for word in [filter.name] + filter.aliases { #expect(FilterRegistry.problem(with: word) == nil, "\(word)") }
    }
    #expect(FilterRegistry.standard.filters.count == StandardFilters.all.count)
  }

  @Test func anUnknownNameSuggestsTheClosest() {
    let rotat = Self.lookupError("rotat")
    #expect(rotat?.description == "unknown filter \"rotat\"; did you mean \"rotate\"?")
    if case .unknown(let name, let closest) = rotat {
      #expect(name == "rotat" && closest.first == "rotate" && closest.count == 3)
    } else {
      Issue.record("expected .unknown, got \(String(describing: rotat))")
    }
    // Two names at the same distance are both suggested.
    let skip = Self.lookupError("skip")?.description ?? ""
    #expect(skip.hasPrefix("unknown filter \"skip\"; did you mean ") && skip.contains("\"skew\"")
      && skip.contains("\"flip\""), "\(skip)")
  }

  @Test func aFarOffNameListsTheThreeClosest() throws {
    var registry = FilterRegistry()
    for name in ["zzzzzz", "axyzwv", "abcxyz", "abxyzw"] { try registry.register(Self.stub(name)) }
    let error = Self.lookupError("abcdef", in: registry)
    #expect(error == .unknown(name: "abcdef", closest: ["abcxyz", "abxyzw", "axyzwv"]))
    #expect(error?.description
      == "unknown filter \"abcdef\"; the closest are \"abcxyz\", \"abxyzw\" or \"axyzwv\"")
    // In the standard registry too: three names, none of them close.
    let far = Self.lookupError("qqqqqqqqqq")?.description ?? ""
    #expect(far.hasPrefix("unknown filter \"qqqqqqqqqq\"; the closest are "), "\(far)")
    #expect(far.filter { $0 == "\"" }.count == 8, "\(far)")  // the name and three suggestions, quoted
    // Library language: the command line's own hint (`decor filters`) is the CLI's to add.
    #expect(!far.contains("decor"))
  }
}
