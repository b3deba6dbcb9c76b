import DecorCore

/// A named step of the chain language: its arguments, a one-line summary, and how it decorates its input.
///
/// The built-in filters are in `FilterRegistry.standard`; register your own with `FilterRegistry.register(_:)`.
public struct Filter: Sendable {
  /// Builds the decorated component from the parsed arguments and the input (the chain so far). Throw a
  /// `FilterError` for arguments that do not suit the input (its message is shown after the step).
  public typealias Build = @Sendable (_ arguments: FilterArguments, _ input: any ImageComponent) throws(FilterError)
    -> any ImageComponent
  /// Checks combinations of arguments the declarations cannot express, when the step is parsed (before any
  /// image is read), as in `step 2 "pad 1 2": 1 or 4 margins expected, got 2`.
  public typealias Validate = @Sendable (_ arguments: FilterArguments) throws(FilterError) -> Void

  /// The name steps use, such as `rotate`.
  public var name: String
  /// Other names for the same filter.
  public var aliases: [String]
  /// One line for `decor filters`.
  public var summary: String
  public var arguments: [FilterArgument]
  /// The positional part of the usage line, when the declarations would not say it well (`N|T R B L`).
  public var syntax: String?
  public var validate: Validate?
  public var build: Build

  public init(
    _ name: String, aliases: [String] = [], summary: String, arguments: [FilterArgument], syntax: String? = nil,
    validate: Validate? = nil, build: @escaping Build
  ) {
    self.name = name
    self.aliases = aliases
    self.summary = summary
    self.arguments = arguments
    self.syntax = syntax
    self.validate = validate
    self.build = build
  }

  /// The step's syntax: `rotate DEG [interpolation=nearest|bilinear|bicubic|lanczos]`.
  public var usage: String {
    let positional = syntax.map { [$0] } ?? arguments.filter { !$0.isOption }.map(\.usage)
    return ([name] + positional + arguments.filter(\.isOption).map(\.usage)).joined(separator: " ")
  }

  /// Checks the words of a step against the declared arguments and parses them.
  ///
  /// Bare words that name a flag set it; other bare words fill the positional arguments in order; `key=value`
  /// words fill options.
  public func parseArguments(_ words: [String]) throws(FilterError) -> FilterArguments {
    let positionals = arguments.filter { !$0.isOption }
    let options = Dictionary(arguments.filter(\.isOption).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    var values: [String: ArgumentValue] = [:]
    var extra: [ArgumentValue] = []
    var position = 0
    // An option's key as declared: any case (`Color=`), and `colour` for `color`.
    func option(_ written: String) -> FilterArgument? {
      if let exact = options[written] { return exact }
      var lowered = written.lowercased()
      if lowered.hasPrefix("colour") { lowered = "color" + lowered.dropFirst(6) }
      return options.first { $0.key.lowercased() == lowered }?.value
    }
    for word in words {
      if let equals = word.firstIndex(of: "=") {
        let written = String(word[..<equals])
        let text = String(word[word.index(after: equals)...])
        guard let argument = option(written) else { throw FilterError(unknownOption: written, of: self) }
        let key = argument.name
        let kind = argument.kind
        guard !isFlag(kind) else {
          throw FilterError("\(key) is a flag and takes no value, got \(Quoting.quoted(word))")
        }
        guard values[key] == nil else { throw FilterError("\(key)= given twice") }
        guard let value = try Filter.parse(text, for: argument) else {
          try Filter.refuseNumber(text, kind, named: key)
          throw FilterError(
            "\(argument.expectation) expected for \(key)=, got \(Quoting.quoted(text))\(Filter.hint(text, kind))")
        }
        values[key] = value
      } else if let flag = option(word), isFlag(flag.kind) {
        guard values[flag.name] == nil else { throw FilterError("\(flag.name) given twice") }
        values[flag.name] = .flag
      } else {
        guard position < positionals.count else {
          throw FilterError("unexpected \(Quoting.quoted(word)): \(name) takes \(usage.dropFirst(name.count + 1))")
        }
        let argument = positionals[position]
        guard let value = try Filter.parse(word, for: argument) else {
          try Filter.refuseNumber(word, argument.kind,
            named: positionals.count > 1 ? argument.name.uppercased() : name)
          let which = positionals.count > 1 ? " for \(argument.name.uppercased())" : ""
          throw FilterError(
            "\(argument.expectation) expected\(which), got \(Quoting.quoted(word))\(Filter.hint(word, argument.kind))")
        }
        values[argument.name] = value
        extra.append(value)
        position += 1
      }
    }
    return try completeArguments(values, positional: extra)
  }

  /// Arguments from values already parsed (by name, and the positional ones in order): defaults filled in, required
  /// ones checked, then `validate`. Words on the command line and keys in a template both end here, so both are
  /// held to the same rules and build the same component.
  func completeArguments(_ given: [String: ArgumentValue], positional: [ArgumentValue]) throws(FilterError)
    -> FilterArguments
  {
    var values = given
    for argument in arguments where values[argument.name] == nil {
      if let fallback = argument.defaultValue, let value = try? ArgumentValue.parse(fallback, as: argument.kind) {
        values[argument.name] = value
      } else if argument.isRequired {
        throw FilterError("missing \(argument.name.uppercased()) (\(argument.expectation)): \(usage)")
      }
    }
    let parsed = FilterArguments(values: values, positional: positional)
    try validate?(parsed)
    // Then each value its parameter's rule refuses, in the order the arguments are declared.
    for argument in arguments {
      guard let check = argument.check, let value = values[argument.name] else { continue }
      do { try check(value) } catch { throw FilterError(error) }
    }
    return parsed
  }

  /// `ArgumentValue.parse(_:for:)`, with a refused parameter as the step's error.
  private static func parse(_ text: String, for argument: FilterArgument) throws(FilterError) -> ArgumentValue? {
    do {
      return try ArgumentValue.parse(text, for: argument)
    } catch {
      throw FilterError(error)
    }
  }

  /// Throws, for a number refused for its value rather than its form, the reason: for a number or an angle that
  /// reads as NaN or infinite (`nan`, `inf`, `1e400`), the one the Swift initialisers give (`ParameterCheck.finite`):
  /// "angle must be a finite number, got nan", as `rotated(by:)` says; for a whole number beyond those a step may give
  /// (`ArgumentValue.wholeNumbers`), "border 1e19 is out of range (at most …)" (an argument that declares a range
  /// is refused by its expectation, which names the range). A number is named by its option, its positional's
  /// name, or the step's name when it is the only one.
  static func refuseNumber(_ text: String, _ kind: FilterArgument.Kind, named name: String) throws(FilterError) {
    let digits: Substring
    switch kind {
    case .number: digits = Substring(text)
    case .angle: digits = text.hasSuffix("deg") ? text.dropLast(3) : Substring(text)
    case .integer(nil):
      if let problem = ArgumentValue.rangeProblem(text) { throw FilterError(ParameterError(name, problem)) }
      return
    default: return
    }
    guard let value = Double(digits), !value.isFinite else { return }
    if case .angle = kind {
      throw FilterError(ParameterError("angle", "must be a finite number, got \(ParameterCheck.text(value))"))
    }
    throw FilterError(ParameterError(name, "must be a finite number, got \(ParameterCheck.text(value))"))
  }

  /// What to add to a refusal of `text` as `kind`: why a number that reads as one was refused (NaN or infinite:
  /// `nan`, `inf`, `1e400`; or not decimal: `0x10`), or the nearest colour name or choice (`gren`: did you mean
  /// "green"?); empty otherwise.
  static func hint(_ text: String, _ kind: FilterArgument.Kind) -> String {
    let digits: Substring
    switch kind {
    case .number: digits = Substring(text)
    case .angle: digits = text.hasSuffix("deg") ? text.dropLast(3) : Substring(text)
    case .color:
      guard let near = ColorParseError.invalidSyntax(text).suggestion else { return "" }
      return "; did you mean \"\(near)\"?"
    case .choice(let words):
      let typed = text.lowercased()
      // A word more than two characters longer or shorter is never within two edits (and a long text is not
      // compared at all).
      let length = typed.count
      let near = words.filter { abs($0.count - length) <= 2 }
        .map { (word: $0, distance: editDistance($0.lowercased(), typed)) }
        .filter { $0.distance <= 2 && $0.distance < typed.count }
        .min { ($0.distance, $0.word) < ($1.distance, $1.word) }
      return near.map { "; did you mean \"\($0.word)\"?" } ?? ""
    default: return ""
    }
    guard let value = Double(digits) else { return "" }
    if !value.isFinite { return " (numbers must be finite)" }
    return ArgumentValue.decimal(digits) == nil ? " (decimal numbers only)" : ""
  }

  private func isFlag(_ kind: FilterArgument.Kind) -> Bool {
    if case .flag = kind { return true }
    return false
  }
}

/// Why a step's words do not make a valid use of its filter. The chain adds which step it was.
public struct FilterError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) { self.message = message }

  init(unknownOption key: String, of filter: Filter) {
    let known = filter.arguments.filter(\.isOption).map(\.name)
    let typed = key.lowercased()
    let length = typed.count
    let near = known.filter { abs($0.count - length) <= 2 }
      .map { (name: $0, distance: editDistance($0.lowercased(), typed)) }
      .filter { $0.distance <= 2 && $0.distance < typed.count }
      .min { ($0.distance, $0.name) < ($1.distance, $1.name) }
    let guess = near.map { " (did you mean \"\($0.name)\"?)" } ?? ""
    message = known.isEmpty
      ? "unknown option \(Quoting.quoted(key)): \(filter.name) takes none"
      : "unknown option \(Quoting.quoted(key))\(guess): \(filter.name) takes \(listing(known))"
  }

  public var description: String { message }
}

extension FilterError {
  /// A step's error for a refused parameter: the same reason as the component's `RenderError`.
  init(_ error: ParameterError) { self.init(error.reason) }
}

/// Checks parameters for a `Filter.validate`, reporting a refusal as the step's error.
func checkParameters(_ body: () throws(ParameterError) -> Void) throws(FilterError) {
  do { try body() } catch { throw FilterError(error) }
}

/// The value `body` returns from checking parameters, a refusal as the step's error.
func checkedParameters<T>(_ body: () throws(ParameterError) -> T) throws(FilterError) -> T {
  do { return try body() } catch { throw FilterError(error) }
}
