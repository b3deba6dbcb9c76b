import DecorCore

/// The filters steps can name, found by name or alias (the class-cluster idea: callers ask for "rotate" and get
/// the filter that builds a `Rotation`).
///
/// A value: copy `FilterRegistry.standard` and register your own filters into the copy. Registering a name or
/// alias that is taken is an error naming both filters; an unknown name is an error listing the closest names.
///
/// Every API that parses steps (`Chain(parsing:)`, templates, scenes) takes a `registry:` argument whose default is
/// `FilterRegistry.current`: `standard`, unless a task has set another for the code it runs. Set yours once,
/// around the code that parses, instead of passing it to each call:
///
///     var registry = FilterRegistry.standard
///     try registry.register(vignette)
///     let chain = try FilterRegistry.$current.withValue(registry) {
///       try Chain(parsing: ["vignette 0.4 | rotate 3 | @frame.json"], templates: Chain.templateFiles())
///     }                                    // the template file's steps are looked up in it too
///
/// `withValue` is Swift's, and rethrows untyped errors; `whileCurrent(_:)` does the same and keeps the error's
/// type: `try registry.whileCurrent { () throws(ChainError) in try Chain(parsing: steps) }`.
///
/// A task-local value rather than a global one: it is set for a scope and the tasks it starts, never changed
/// under another thread, and parsing stays a pure function of its inputs.
public struct FilterRegistry: Sendable {
  /// The built-in filters (Documentation/Filters.md).
  public static let standard: FilterRegistry = {
    var registry = FilterRegistry()
    for filter in StandardFilters.all {
      // The built-ins are distinct by construction; a clash would be a bug caught by the tests.
      try? registry.register(filter)
    }
    return registry
  }()

  /// The registry that parsing uses when none is passed: `standard` unless set for a scope with
  /// `FilterRegistry.$current.withValue(_:operation:)` (inherited by the tasks started in it).
  @TaskLocal public static var current: FilterRegistry = .standard

  /// Runs `operation` with this registry as `FilterRegistry.current` (and so the default of every parse in it,
  /// in the tasks it starts too), throwing what `operation` throws, with its type.
  public func whileCurrent<R, E: Error>(_ operation: () throws(E) -> R) throws(E) -> R {
    try FilterRegistry.$current.withValue(self) { Result { () throws(E) in try operation() } }.get()
  }

  /// The `async` form of `whileCurrent(_:)`.
  public func whileCurrent<R: Sendable, E: Error>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws(E) -> R
  ) async throws(E) -> R {
    let result: Result<R, E> = await FilterRegistry.$current.withValue(self) {
      do throws(E) {
        return .success(try await operation())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The registered filters, in registration order.
  public private(set) var filters: [Filter] = []
  private var index: [String: Int] = [:]

  public init() {}

  /// Adds a filter under its name and aliases.
  ///
  /// A name or alias must be one word a step can start with: not empty, without white space, `|`, `=` or a quote,
  /// and not starting with `@` (a template step) or `-` (an option), or no step could ever name it.
  ///
  /// - Throws: `RegistryError.invalidName` for such a word, `.duplicate` if its name or one of its aliases is
  ///   already taken (nothing is added either way).
  public mutating func register(_ filter: Filter) throws(RegistryError) {
    var seen: Set<String> = []
    for word in [filter.name] + filter.aliases {
      if let reason = Self.problem(with: word) { throw .invalidName(word: word, filter: filter.name, reason: reason) }
      if let existing = index[word] {
        let other = filters[existing]
        throw .duplicate(word: word, filter: filter.name, existingFilter: other.name, existingIsAlias: other.name != word)
      }
      guard seen.insert(word).inserted else {
        throw .duplicate(word: word, filter: filter.name, existingFilter: filter.name,
          existingIsAlias: word != filter.name)
      }
    }
    for word in seen { index[word] = filters.count }
    filters.append(filter)
  }

  /// Why `word` cannot name a filter, or `nil` when it can.
  package static func problem(with word: String) -> String? {
    if word.isEmpty { return "it is empty" }
    if word.contains(where: \.isWhitespace) { return "it contains white space" }
    if let bad = word.first(where: { "|=\"'".contains($0) }) { return "it contains \"\(bad)\"" }
    if word.hasPrefix("@") { return "it starts with \"@\", which marks a template step" }
    if word.hasPrefix("-") { return "it starts with \"-\", which marks an option" }
    return nil
  }

  /// The filter with this name or alias.
  ///
  /// - Throws: `RegistryError.unknown` with the closest registered names.
  public func filter(named name: String) throws(RegistryError) -> Filter {
    if let position = index[name] { return filters[position] }
    // As colour names do, step names ignore case (`Rotate`): the registered word that differs only in case, when
    // exactly one does.
    let lowered = name.lowercased()
    let matches = index.filter { $0.key.lowercased() == lowered }
    if matches.count == 1, let position = matches.first?.value { return filters[position] }
    throw .unknown(name: name, closest: closestNames(to: name))
  }

  /// Up to three registered names nearest to `name` by edit distance, nearest first.
  func closestNames(to name: String) -> [String] {
    // Only as much of a long name as a message shows: the ranking of short names does not change past it, and a
    // name megabytes long is not compared whole with every filter's.
    let shown = Quoting.cut(name)
    let scored: [(name: String, distance: Int)] = index.keys.map { ($0, editDistance($0, shown)) }
    let ranked = scored.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
    return ranked.prefix(3).map(\.name)
  }
}

/// Why a filter could not be registered or found.
public enum RegistryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `word`, wanted by `filter`, is already the name (or an alias) of `existingFilter`.
  case duplicate(word: String, filter: String, existingFilter: String, existingIsAlias: Bool)
  /// No filter has this name; `closest` are the nearest registered names.
  case unknown(name: String, closest: [String])
  /// `word`, wanted by `filter`, could never be written in a step, for `reason`.
  case invalidName(word: String, filter: String, reason: String)

  public var description: String {
    switch self {
    case .duplicate(let word, let filter, let existing, let isAlias):
      return "cannot register filter \"\(filter)\": \"\(word)\" is already "
        + (isAlias ? "an alias of filter \"\(existing)\"" : "the name of filter \"\(existing)\"")
    case .invalidName(let word, let filter, let reason):
      return "cannot register filter \"\(filter)\": \"\(word)\" cannot name a step: \(reason) (a name is one word, "
        + "without white space, \"|\", \"=\" or quotes, not starting with \"@\" or \"-\")"
    case .unknown(let name, let closest):
      let near = closest.filter { abs($0.count - name.count) <= max(2, name.count / 3)
        && editDistance($0, name) <= max(2, name.count / 3) }
      if !near.isEmpty { return "unknown filter \(Quoting.quoted(name)); did you mean \(listing(near))?" }
      return "unknown filter \(Quoting.quoted(name)); the closest are \(listing(closest))"
    }
  }
}
