import DecorCore
#if Text
  import DecorText
#endif

/// A chain as a template: built from Swift, written to and read from JSON (`Codable`), applied to any input.
///
/// The JSON form (version 1) is an object with `"version": 1` and `"steps"`, one object per step: `"filter"` and
/// one key per argument, named as `decor filters NAME` lists them, holding every value the step used, defaults
/// included, so a template renders the same even if a default changes later:
///
/// ```json
/// {
///   "version": 1,
///   "steps": [
///     {"filter": "rotate", "deg": 30, "interpolation": "bilinear"},
///     {"filter": "shadow", "dx": 6, "dy": 6, "blur": 8, "color": "#000000", "opacity": 0.5, "spread": 0}
///   ]
/// }
/// ```
///
/// Values: numbers and angles (degrees) as JSON numbers; colours as `#rrggbb`/`#rrggbbaa` (any form a step accepts
/// is read; a colour that 8-bit hex would round is written `[r, g, b, a]`, each 0…1); sizes as `"WxH"`; points as
/// `[x, y]`; flags as `true`; choices, text and image names as strings. Any value may also be a string written as
/// on the command line (`"deg": "30deg"`). A template, a command line and Swift code that give the same values build
/// the same chain (`==`), which renders to the same bytes.
extension Chain: Codable, Equatable {
  /// The version of the JSON form that this library writes and reads.
  public static let templateVersion = 1

  /// The registry `init(from:)` looks filters up in, set in a decoder's `userInfo`; `FilterRegistry.current` when
  /// absent.
  public static let registryKey = CodingUserInfoKey(rawValue: "Decor.FilterRegistry")!

  /// An empty chain, to build on with `append(_:_:registry:)`.
  public init() { steps = [] }

  /// Equal when the steps use the same filters with the same values (as written or defaulted), however the chains
  /// were made.
  public static func == (a: Chain, b: Chain) -> Bool {
    a.steps.count == b.steps.count
      && zip(a.steps, b.steps).allSatisfy { $0.filter.name == $1.filter.name && $0.arguments.values == $1.arguments.values }
  }

  /// Appends a step built from argument values by name, checked as a command-line step is:
  /// `try chain.append("shadow", ["dx": 6, "dy": 6, "blur": 8])`.
  ///
  /// - Throws: `TemplateError` naming the step and the key: an unknown filter or key, or a value the argument
  ///   refuses.
  public mutating func append(
    _ filter: String, _ arguments: KeyValuePairs<String, JSONValue> = [:], registry: FilterRegistry = .current
  ) throws(TemplateError) {
    let object = JSONValue.object([(key: "filter", value: .string(filter))] + arguments.map { (key: $0.0, value: $0.1) })
    steps.append(try Chain.step(from: object, number: steps.count + 1, registry: registry))
  }

  /// This chain with one more step (see `append(_:_:registry:)`).
  public func appending(
    _ filter: String, _ arguments: KeyValuePairs<String, JSONValue> = [:], registry: FilterRegistry = .current
  ) throws(TemplateError) -> Chain {
    var chain = self
    try chain.append(filter, arguments, registry: registry)
    return chain
  }

  /// Appends every step of `other`, renumbered to follow this chain's.
  public mutating func append(contentsOf other: Chain) {
    for var step in other.steps {
      step.index = steps.count + 1
      steps.append(step)
    }
  }

  /// The template as JSON (see the type's documentation).
  public var template: JSONValue {
    .object([
      (key: "version", value: .number(Double(Chain.templateVersion))),
      (key: "steps", value: .array(steps.map(\.template))),
    ])
  }

  /// A chain from its JSON form, its filters found in `registry`.
  ///
  /// - Throws: `TemplateError` naming the step (from 1) and the key that is wrong.
  public init(template: JSONValue, registry: FilterRegistry = .current) throws(TemplateError) {
    guard case .object(let pairs) = template else {
      throw TemplateError(message: "an object with \"version\" and \"steps\" expected, got \(template.shortDescription)")
    }
    for pair in pairs where pair.key != "version" && pair.key != "steps" {
      throw TemplateError(key: pair.key, message: "unknown key; a template has \"version\" and \"steps\"")
    }
    guard let version = template["version"] else {
      throw TemplateError(key: "version", message: "missing; this library reads version \(Chain.templateVersion)")
    }
    guard version == .number(Double(Chain.templateVersion)) else {
      throw TemplateError(key: "version",
        message: "version \(Chain.templateVersion) expected, got \(version.shortDescription)")
    }
    guard case .array(let list) = template["steps"] else {
      throw TemplateError(key: "steps", message: "an array of steps expected, got "
        + (template["steps"]?.shortDescription ?? "nothing"))
    }
    steps = []
    for (n, item) in list.enumerated() {
      steps.append(try Chain.step(from: item, number: n + 1, registry: registry))
    }
  }

  public init(from decoder: any Decoder) throws {
    let registry = decoder.userInfo[Chain.registryKey] as? FilterRegistry ?? .current
    try self.init(template: JSONValue(from: decoder), registry: registry)
  }

  public func encode(to encoder: any Encoder) throws { try template.encode(to: encoder) }

  /// The chain with every image name (the `blend` step's file) passed through `transform`: how the files layer
  /// makes a template's paths relative to the template's folder, and back.
  public func mappingImageNames(_ transform: (String) -> String) -> Chain {
    mappingImageNames(skippingInMemory: false, recordingAsWritten: false, transform)
  }

  /// `mappingImageNames(_:)` that leaves the names of images kept in memory as they are (`skippingInMemory`), and
  /// remembers each name as it was before (`recordingAsWritten`): what saving and reading a template file need.
  package func mappingImageNames(skippingInMemory: Bool, recordingAsWritten: Bool, _ transform: (String) -> String)
    -> Chain
  {
    var chain = self
    for s in chain.steps.indices {
      var step = chain.steps[s]
      var changed = false
      for argument in step.filter.arguments {
        guard case .image = argument.kind, let name = step.arguments.imageName(argument.name),
          !(skippingInMemory && step.arguments.imagesInMemory.contains(argument.name))
        else { continue }
        let mapped = transform(name)
        if recordingAsWritten && mapped != name { step.arguments.imageNamesAsWritten[argument.name] = name }
        step.arguments.setValue(.image(mapped), for: argument.name)
        changed = true
      }
      if changed { step.text = Chain.text(of: step.filter, step.arguments.values) }
      chain.steps[s] = step
    }
    return chain
  }

  /// One step from its JSON object.
  static func step(from value: JSONValue, number: Int, registry: FilterRegistry) throws(TemplateError) -> Step {
    guard case .object(let pairs) = value else {
      throw TemplateError(step: number, message: "an object with \"filter\" expected, got \(value.shortDescription)")
    }
    guard case .string(let name)? = value["filter"] else {
      throw TemplateError(step: number, key: "filter",
        message: "a filter name expected, got \(value["filter"]?.shortDescription ?? "nothing")")
    }
    let filter: Filter
    do {
      filter = try registry.filter(named: name)
    } catch {
      throw TemplateError(step: number, key: "filter", message: error.description)
    }
    func fail(_ key: String?, _ message: String) -> TemplateError {
      TemplateError(step: number, filter: name, key: key, message: message)
    }
    var given: [String: ArgumentValue] = [:]
    for pair in pairs where pair.key != "filter" {
      guard let argument = filter.arguments.first(where: { $0.name == pair.key }) else {
        let keys = filter.arguments.map(\.name)
        throw fail(pair.key, keys.isEmpty ? "unknown key: \(name) takes no arguments"
          : "unknown key: \(name) takes \(listing(keys))")
      }
      let parsed: ArgumentValue?
      do {
        // A string as on the command line (`"50%"` where a percentage is taken), any other value by its JSON type.
        if case .string(let text) = pair.value {
          parsed = try ArgumentValue.parse(text, for: argument)
        } else {
          parsed = try ArgumentValue(json: pair.value, as: argument.kind)
        }
      } catch {
        throw fail(pair.key, error.reason)
      }
      if let parsed {
        given[argument.name] = parsed
      } else if case .flag = argument.kind, pair.value == .bool(false) {
        continue
      } else if let problem = ArgumentValue.rangeProblem(json: pair.value, argument.kind) {
        throw fail(pair.key, problem)
      } else {
        throw fail(pair.key, "\(argument.expectation) expected, got \(pair.value.shortDescription)")
      }
    }
    // The positional arguments in order, as the command line would give them: none may follow a missing one.
    var positional: [ArgumentValue] = []
    var missing: String?
    for argument in filter.arguments where !argument.isOption {
      guard let value = given[argument.name] else {
        missing = missing ?? argument.name
        continue
      }
      if let missing { throw fail(argument.name, "given without \"\(missing)\", which comes before it") }
      positional.append(value)
    }
    let arguments: FilterArguments
    do {
      arguments = try filter.completeArguments(given, positional: positional)
    } catch {
      throw fail(culprit(of: filter, given, positional: positional), error.message)
    }
    return Step(index: number, text: text(of: filter, given), filter: filter, arguments: arguments)
  }

  /// The key a refused combination is down to: the only one given, or the one whose default would be accepted in
  /// its place (`"opacity": 2`); `nil` when no single key is.
  static func culprit(of filter: Filter, _ given: [String: ArgumentValue], positional: [ArgumentValue]) -> String? {
    if given.count == 1 { return given.keys.first }
    for argument in filter.arguments where given[argument.name] != nil && argument.defaultValue != nil {
      var without = given
      without[argument.name] = nil
      let rest = positional.filter { $0 != given[argument.name] }
      if (try? filter.completeArguments(without, positional: rest)) != nil { return argument.name }
    }
    return nil
  }

  /// The step as it would be written on the command line: name, positional values, then options.
  static func text(of filter: Filter, _ values: [String: ArgumentValue]) -> String {
    var words = [filter.name]
    for argument in filter.arguments where !argument.isOption {
      if let value = values[argument.name] { words.append(quoted(value.text)) }
    }
    for argument in filter.arguments where argument.isOption {
      guard let value = values[argument.name] else { continue }
      words.append(value == .flag ? argument.name : argument.name + "=" + quoted(value.text))
    }
    return words.joined(separator: " ")
  }

  /// A word quoted, when it must be, so that `split` reads it back as one word: in double quotes, with `"` and `\`
  /// escaped and a line break written `\n`, so that the step stays on one line.
  static func quoted(_ word: String) -> String {
    let special: Set<Character> = [" ", "\t", "\n", "|", "\"", "'", "\\"]
    guard word.contains(where: { special.contains($0) }) || word.isEmpty else { return word }
    var out = "\""
    for character in word {
      if character == "\n" {
        out += "\\n"
        continue
      }
      if character == "\"" || character == "\\" { out.append("\\") }
      out.append(character)
    }
    return out + "\""
  }
}

extension Chain.Step {
  /// The step's JSON object: its filter, then every value it uses in the order the filter declares them.
  var template: JSONValue {
    var pairs: [(key: String, value: JSONValue)] = [(key: "filter", value: .string(filter.name))]
    for argument in filter.arguments {
      if let value = arguments.values[argument.name] { pairs.append((key: argument.name, value: value.json)) }
    }
    return .object(pairs)
  }
}

extension ArgumentValue {
  /// The value as a template writes it.
  var json: JSONValue {
    switch self {
    case .number(let v): return .number(v)
    // Beyond 2^53 a JSON number (a Double) would round the integer, so it is written as its text.
    case .integer(let v): return v.magnitude <= 1 << 53 ? .number(Double(v)) : .string(String(v))
    case .angle(let v): return .number(v.degrees)
    case .color(let c):
      // Text when it reads back to exactly this colour; otherwise the components themselves, so nothing is rounded.
      if let text = ArgumentValue.exactText(of: c) { return .string(text) }
      return .array([.number(c.red), .number(c.green), .number(c.blue), .number(c.alpha)])
    case .size, .fractionalSize, .geometry, .choice, .text, .image: return .string(text)
    case .point(let p): return .array([.number(p.x), .number(p.y)])
    case .flag: return .bool(true)
    }
  }

  /// The value as a step writes it.
  var text: String {
    switch self {
    case .number(let v): return format(v)
    case .integer(let v): return String(v)
    case .angle(let v): return format(v.degrees)
    case .color(let c):
      if let text = ArgumentValue.exactText(of: c) { return text }
      return "rgba(\(format(c.red * 255)),\(format(c.green * 255)),\(format(c.blue * 255)),\(format(c.alpha)))"
    case .size(let w, let h): return (w.map(String.init) ?? "_") + "x" + (h.map(String.init) ?? "_")
    case .fractionalSize(let w, let h):
      func percent(_ f: Double?) -> String { f.map { format($0 * 100) + "%" } ?? "_" }
      return w == h ? percent(w) : percent(w) + "x" + percent(h)
    case .geometry(let w, let h, let flags):
      return ArgumentValue.size(width: w, height: h).text + GeometryFlag.allCases.filter(flags.contains).map(\.rawValue)
        .joined()
    case .point(let p): return "\(format(p.x)),\(format(p.y))"
    case .choice(let v), .text(let v), .image(let v): return v
    case .flag: return ""
    }
  }

  /// `#rrggbb[aa]`, or `rgba(R,G,B,A)` with whole R, G, B, when that text reads back to exactly `color`.
  static func exactText(of color: Color) -> String? {
    if (try? Color(parsing: color.description)) == color { return color.description }
    let (r, g, b, _) = color.straight8
    let text = "rgba(\(r),\(g),\(b),\(format(color.alpha)))"
    return (try? Color(parsing: text)) == color ? text : nil
  }

  /// Why a template's value for a whole-number argument of `kind` that declares no range is refused for its size
  /// (`1e+19 is out of range (at most …)`, or a JSON number past 2^53, which holds whole numbers only
  /// approximately); `nil` for any other value or kind.
  static func rangeProblem(json: JSONValue, _ kind: FilterArgument.Kind) -> String? {
    guard case .integer(nil) = kind else { return nil }
    switch json {
    case .string(let text): return rangeProblem(text)
    case .number(let v) where v == v.rounded():
      if v.magnitude <= 9_007_199_254_740_992 { return nil }
      if v.magnitude < 0x1p63 {
        let text = String(Int64(v))
        return "\(text) is past 2^53, where JSON numbers hold whole numbers only approximately: write it as a string"
      }
      return rangeProblem(JSONValue.number(v) as String)
    default: return nil
    }
  }

  /// A template's value for an argument of `kind`: its JSON type, or a string written as on the command line.
  /// `nil` when it is neither.
  ///
  /// - Throws: `ParameterError` for a value of the right kind that `ParameterCheck` refuses.
  init?(json: JSONValue, as kind: FilterArgument.Kind) throws(ParameterError) {
    if case .string(let text) = json {
      guard let value = try ArgumentValue.parse(text, as: kind) else { return nil }
      self = value
      return
    }
    switch (kind, json) {
    case (.number, .number(let v)):
      // Through the text form, so that ranges are checked as on the command line.
      guard try ArgumentValue.parse(format(v), as: kind) != nil else { return nil }
      self = .number(v)
    case (.integer, .number(let v)):
      // A JSON number holds whole numbers exactly up to 2^53; larger ones come as text (see `json`).
      guard v == v.rounded(), v.magnitude <= 9_007_199_254_740_992,
        let value = try ArgumentValue.parse(String(Int64(v)), as: kind)
      else { return nil }
      self = value
    case (.angle, .number(let v)):
      guard v.isFinite else { return nil }
      self = .angle(.degrees(v))
    case (.color, .array(let parts)):
      let numbers = parts.compactMap { if case .number(let v) = $0 { return v } else { return nil } }
      guard numbers.count == parts.count, numbers.count == 3 || numbers.count == 4,
        numbers.allSatisfy({ $0.isFinite && (0...1).contains($0) })
      else { return nil }
      self = .color(Color(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers.count == 4 ? numbers[3] : 1))
    case (.size, .array(let parts)) where parts.count == 2:
      func side(_ value: JSONValue) -> String? {
        if value == .null || value == .string("_") { return "_" }
        if case .number(let v) = value, v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return nil
      }
      guard let w = side(parts[0]), let h = side(parts[1]), let value = try ArgumentValue.parse(w + "x" + h, as: kind)
      else { return nil }
      self = value
    case (.point, .array(let parts)) where parts.count == 2:
      guard case .number(let x) = parts[0], case .number(let y) = parts[1], x.isFinite, y.isFinite else { return nil }
      self = .point(Point(x: x, y: y))
    case (.flag, .bool(true)):
      self = .flag
    default:
      return nil
    }
  }
}

/// A template that cannot be read: which file (when it came from one), which step (from 1), which key, and why.
///
/// `T.json: step 2 "shadow", key "blur": number expected, got "abc"`.
public struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file or scene the template came from, when there was one.
  public var source: String?
  /// The step's number, from 1; `nil` for the template as a whole.
  public var step: Int?
  /// The step's filter, when it was known.
  public var filter: String?
  /// The key that is wrong; `nil` when the step as a whole is.
  public var key: String?
  public var message: String

  public init(source: String? = nil, step: Int? = nil, filter: String? = nil, key: String? = nil, message: String) {
    self.source = source
    self.step = step
    self.filter = filter
    self.key = key
    self.message = message
  }

  public var description: String {
    var place: [String] = []
    if let step { place.append("step \(step)" + (filter.map { " " + Quoting.quoted($0) } ?? "")) }
    if let key { place.append("key \(Quoting.quoted(key))") }
    let prefix = (source.map { $0 + ": " } ?? "") + place.joined(separator: ", ")
    return prefix.isEmpty ? message : (place.isEmpty ? prefix + message : prefix + ": " + message)
  }
}
