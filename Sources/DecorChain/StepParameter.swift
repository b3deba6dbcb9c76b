import DecorCore

/// One parameter of a step, declared once with its type: the `FilterArgument` that parsing, the reference and the
/// fuzz dictionary read, its rule (range, unit, typical values and the `ParameterCheck` that refuses and clamps),
/// and how its typed value is read from parsed arguments (`arguments[parameter]`).
///
/// A filter built from step parameters never looks an argument up by name: a required argument or one with a default
/// is always present once a step is parsed, so its reader returns the value itself; one that may be left out reads as
/// an optional. (A reader's fallback, for arguments built by hand without parsing, is the default, or a neutral value
/// such as 0 that the decorator's own check then judges.)
public struct StepParameter<Value: Sendable>: Sendable {
  /// The argument as parsing and the reference see it.
  public var argument: FilterArgument
  let read: @Sendable (FilterArguments) -> Value

  /// A parameter with a reader of its own, for a kind the factories below do not cover.
  public init(_ argument: FilterArgument, read: @escaping @Sendable (FilterArguments) -> Value) {
    self.argument = argument
    self.read = read
  }

  /// The same parameter with example values as a step writes them (`90` for an angle whose quarter turns are exact):
  /// drawn as often as the typical values, where examples and the tests' random chains are made.
  public func examples(_ values: [String]) -> StepParameter {
    var parameter = self
    parameter.argument.examples = values
    return parameter
  }

  /// The argument for a number, integer or angle checked by `rule` under the name `checkedAs` (the argument's name
  /// when `nil`).
  static func ruled<Number>(
    _ argument: FilterArgument, _ rule: ParameterRule<Number>, checkedAs: String?,
    _ number: @escaping @Sendable (ArgumentValue) -> Number?
  ) -> FilterArgument {
    var argument = argument
    let name = checkedAs ?? argument.name
    argument.range = rule.range
    argument.unit = rule.unit
    argument.typical = rule.typical
    argument.takesPercentage = rule.takesPercentage
    argument.check = { value throws(ParameterError) in
      if let number = number(value) { _ = try rule.checked(number, name) }
    }
    return argument
  }
}

// MARK: - Numbers

/// A number as written, from a number or a whole number.
private func double(_ value: ArgumentValue) -> Double? {
  switch value {
  case .number(let v): return v
  case .integer(let v): return Double(v)
  default: return nil
  }
}

private func integer(_ value: ArgumentValue) -> Int? {
  if case .integer(let v) = value { return v }
  return nil
}

private func degrees(_ value: ArgumentValue) -> Double? {
  if case .angle(let v) = value { return v.degrees }
  return nil
}

/// How one kind of number is declared and read: its argument kind, its value as written (for the rule's check), its
/// default as text, and its lookup in parsed arguments.
private struct NumberKind<Number: Sendable>: Sendable {
  var kind: FilterArgument.Kind
  var value: @Sendable (ArgumentValue) -> Number?
  var text: @Sendable (Number) -> String
  var lookup: @Sendable (FilterArguments, String) -> Number?

  static var real: NumberKind<Double> {
    NumberKind<Double>(kind: .number(), value: double(_:), text: format(_:)) { $0.number($1) }
  }

  static var whole: NumberKind<Int> {
    NumberKind<Int>(kind: .integer(), value: integer(_:), text: { String($0) }) { $0.integer($1) }
  }
}

extension StepParameter {
  /// The one declaration behind every number and whole-number factory: required, with a default, or optional, the
  /// typed value made by `make` from what was parsed (`nil` when absent).
  fileprivate static func numeric<Number>(
    _ name: String, _ number: NumberKind<Number>, _ rule: ParameterRule<Number>, checkedAs: String?,
    option: Bool = false, required: Bool = false, default value: Number? = nil, help: String,
    _ make: @escaping @Sendable (Number?) -> Value
  ) -> StepParameter {
    let argument = FilterArgument(name, number.kind, option: option, required: required,
      default: value.map(number.text), help: help)
    let lookup = number.lookup
    return StepParameter(ruled(argument, rule, checkedAs: checkedAs, number.value)) { make(lookup($0, name)) }
  }
}

extension StepParameter where Value == Double {
  /// A number the step must give, positional.
  public static func number(_ name: String, _ rule: ParameterRule<Double>, checkedAs: String? = nil, help: String)
    -> StepParameter
  {
    numeric(name, .real, rule, checkedAs: checkedAs, required: true, help: help) { $0 ?? 0 }
  }

  /// A number with a default: positional (after the required ones) or, with `option`, `name=VALUE`.
  public static func number(
    _ name: String, _ rule: ParameterRule<Double>, checkedAs: String? = nil, option: Bool = false,
    default value: Double, help: String
  ) -> StepParameter {
    numeric(name, .real, rule, checkedAs: checkedAs, option: option, default: value, help: help) { $0 ?? value }
  }
}

extension StepParameter where Value == Double? {
  /// A number the step may leave out (`nil` then): positional or, with `option`, `name=VALUE`.
  public static func optionalNumber(
    _ name: String, _ rule: ParameterRule<Double>, checkedAs: String? = nil, option: Bool = false, help: String
  ) -> StepParameter {
    numeric(name, .real, rule, checkedAs: checkedAs, option: option, help: help) { $0 }
  }
}

extension StepParameter where Value == Int {
  /// A whole number the step must give, positional.
  public static func integer(_ name: String, _ rule: ParameterRule<Int>, checkedAs: String? = nil, help: String)
    -> StepParameter
  {
    numeric(name, .whole, rule, checkedAs: checkedAs, required: true, help: help) { $0 ?? 0 }
  }

  /// A whole number with a default: positional or, with `option`, `name=VALUE`.
  public static func integer(
    _ name: String, _ rule: ParameterRule<Int>, checkedAs: String? = nil, option: Bool = false, default value: Int,
    help: String
  ) -> StepParameter {
    numeric(name, .whole, rule, checkedAs: checkedAs, option: option, default: value, help: help) { $0 ?? value }
  }
}

extension StepParameter where Value == Int? {
  /// A whole number the step may leave out (`nil` then).
  public static func optionalInteger(
    _ name: String, _ rule: ParameterRule<Int>, checkedAs: String? = nil, option: Bool = false, help: String
  ) -> StepParameter {
    numeric(name, .whole, rule, checkedAs: checkedAs, option: option, help: help) { $0 }
  }
}

extension StepParameter where Value == Angle {
  /// An angle the step must give, positional (degrees; a `deg` suffix accepted).
  public static func angle(_ name: String, _ rule: ParameterRule<Double> = .angle, help: String) -> StepParameter {
    StepParameter(ruled(FilterArgument(name, .angle, required: true, help: help), rule, checkedAs: "angle",
      degrees(_:))) { $0.angle(name) ?? .degrees(0) }
  }

  /// An angle with a default.
  public static func angle(
    _ name: String, _ rule: ParameterRule<Double> = .angle, checkedAs: String? = nil, default value: Double,
    help: String
  ) -> StepParameter {
    StepParameter(ruled(FilterArgument(name, .angle, default: format(value), help: help), rule,
      checkedAs: checkedAs ?? "angle", degrees(_:))) { $0.angle(name) ?? .degrees(value) }
  }
}

// MARK: - Other kinds

extension StepParameter {
  /// One of the cases of `type`, by raw value: an option with a default or, with `required`, a positional the step
  /// must give (`value` is then only the reader's fallback, for arguments not parsed).
  public static func choice(
    _ name: String, _ type: Value.Type, default value: Value, required: Bool = false, help: String
  ) -> StepParameter where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    StepParameter(FilterArgument(name, .choice(Value.allCases.map(\.rawValue)), option: !required,
      required: required, default: required ? nil : value.rawValue, help: help))
    { $0.choice(name).flatMap(Value.init(rawValue:)) ?? value }
  }

  /// One of the cases of `type` that the step may leave out (`nil` then): an option.
  public static func optionalChoice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, _ type: Choice.Type, help: String
  ) -> StepParameter where Value == Choice?, Choice.RawValue == String {
    StepParameter(FilterArgument(name, .choice(Choice.allCases.map(\.rawValue)), option: true, help: help)) {
      $0.choice(name).flatMap(Choice.init(rawValue:))
    }
  }

  /// A flag: present or not.
  public static func flag(_ name: String, help: String) -> StepParameter where Value == Bool {
    StepParameter(FilterArgument(name, .flag, option: true, help: help)) { $0.flag(name) }
  }

  /// A colour the step must give (positional), or with a default (`option`: `name=COLOR`), written as a step
  /// writes it.
  public static func color(_ name: String, option: Bool = true, default text: String? = nil, help: String)
    -> StepParameter where Value == Color
  {
    let fallback = text.flatMap { try? Color(parsing: $0) } ?? .clear
    return StepParameter(FilterArgument(name, .color, option: option, required: text == nil, default: text,
      help: help)) { $0.color(name) ?? fallback }
  }

  /// A colour the step may leave out (`nil` then): an option.
  public static func optionalColor(_ name: String, help: String) -> StepParameter where Value == Color? {
    StepParameter(FilterArgument(name, .color, option: true, help: help)) { $0.color(name) }
  }

  /// A point `X,Y` in pixels, an option with a default; each coordinate checked by `rule`.
  public static func point(
    _ name: String, _ rule: ParameterRule<Double> = .offset, default value: Point, help: String
  ) -> StepParameter where Value == Point {
    var argument = FilterArgument(name, .point, option: true, default: "\(format(value.x)),\(format(value.y))",
      help: help)
    argument.range = rule.range
    argument.unit = rule.unit
    argument.typical = rule.typical
    argument.check = { v throws(ParameterError) in
      if case .point(let p) = v { _ = try ParameterCheck.offset(p, name) }
    }
    return StepParameter(argument) { $0.point(name) ?? value }
  }

  /// Text the step must give (positional), or with a default (`option`: `name=TEXT`); `examples` are typical values
  /// as a step writes them, `range` what the text may say.
  public static func text(
    _ name: String, option: Bool = false, default text: String? = nil, range: String? = nil, examples: [String] = [],
    help: String
  ) -> StepParameter where Value == String {
    var argument = FilterArgument(name, .text, option: option, required: text == nil, default: text, range: range,
      help: help)
    argument.examples = examples
    return StepParameter(argument) { $0.text(name) ?? text ?? "" }
  }

  /// Text the step may leave out (`nil` then).
  public static func optionalText(_ name: String, option: Bool = true, range: String? = nil, examples: [String] = [],
    help: String) -> StepParameter where Value == String?
  {
    var argument = FilterArgument(name, .text, option: option, range: range, help: help)
    argument.examples = examples
    return StepParameter(argument) { $0.text(name) }
  }

  /// The name of an image the step must give (positional), loaded when the chain is applied.
  public static func image(_ name: String, help: String) -> StepParameter where Value == String {
    StepParameter(FilterArgument(name, .image, required: true, help: help)) { $0.imageName(name) ?? "" }
  }

  /// A size `WxH` the step must give (positional): the value as parsed, `.size` or (with `allowsKeep`)
  /// `.fractionalSize`; `nil` only for arguments not parsed.
  public static func size(_ name: String, allowsKeep: Bool, range: String, examples: [String], help: String)
    -> StepParameter where Value == ArgumentValue?
  {
    var argument = FilterArgument(name, .size(allowsKeep: allowsKeep), required: true, range: range, help: help)
    argument.examples = examples
    return StepParameter(argument) { $0.values[name] }
  }
}

extension FilterArguments {
  /// The typed value of a step parameter.
  public subscript<Value>(_ parameter: StepParameter<Value>) -> Value { parameter.read(self) }
}
