import DecorCore

/// The arguments of one step, parsed and checked against its filter's `FilterArgument`s, with defaults filled in.
///
/// The typed accessors return the value of the named argument, or `nil` when it was neither given nor defaulted.
/// Asking for an argument as a kind it was not declared with also gives `nil`.
public struct FilterArguments: Sendable, Equatable {
  public private(set) var values: [String: ArgumentValue]
  /// The positional values beyond the declared ones' names, in order (filters with a variable count, like `pad`).
  public private(set) var positional: [ArgumentValue]
  /// The images the `.image` arguments name, by argument name: loaded by `Chain.apply(to:images:)` just before
  /// the step is built, so a filter never reads files itself.
  var images: [String: any ImageComponent] = [:]
  /// The `.image` arguments whose kept image was given in memory (by name, not read from a file): a template
  /// saved from the chain writes their names as they are, where a file's name is rewritten for the new folder.
  var imagesInMemory: Set<String> = []
  /// An `.image` argument's name as a template file wrote it, before it was made relative to the current folder
  /// (`Chain(contentsOfTemplate:)`): the name an in-memory image may be given under.
  var imageNamesAsWritten: [String: String] = [:]

  /// Equal when the same values were written (the loaded images follow from them).
  public static func == (a: FilterArguments, b: FilterArguments) -> Bool {
    a.values == b.values && a.positional == b.positional
  }

  init(values: [String: ArgumentValue], positional: [ArgumentValue]) {
    self.values = values
    self.positional = positional
  }

  /// Replaces one value (a template's image name made relative to its folder, say).
  mutating func setValue(_ value: ArgumentValue, for name: String) {
    let old = values[name]
    values[name] = value
    if let old, let n = positional.firstIndex(of: old) { positional[n] = value }
  }

  public func number(_ name: String) -> Double? {
    switch values[name] {
    case .number(let v): return v
    case .integer(let v): return Double(v)
    default: return nil
    }
  }

  public func integer(_ name: String) -> Int? {
    if case .integer(let v) = values[name] { return v }
    return nil
  }

  public func angle(_ name: String) -> Angle? {
    if case .angle(let v) = values[name] { return v }
    return nil
  }

  public func color(_ name: String) -> Color? {
    if case .color(let v) = values[name] { return v }
    return nil
  }

  public func size(_ name: String) -> (width: Int?, height: Int?)? {
    if case .size(let w, let h) = values[name] { return (w, h) }
    return nil
  }

  /// A size given as fractions of the input's sides (`resize 50%`), each `nil` where the aspect ratio decides.
  public func fractionalSize(_ name: String) -> (width: Double?, height: Double?)? {
    if case .fractionalSize(let w, let h) = values[name] { return (w, h) }
    return nil
  }

  /// A size in pixels with ImageMagick's geometry flags (`resize 200x200>`), each side `nil` where it was left out.
  public func geometry(_ name: String) -> (width: Int?, height: Int?, flags: Set<GeometryFlag>)? {
    if case .geometry(let w, let h, let flags) = values[name] { return (w, h, flags) }
    return nil
  }

  public func point(_ name: String) -> Point? {
    if case .point(let v) = values[name] { return v }
    return nil
  }

  public func choice(_ name: String) -> String? {
    if case .choice(let v) = values[name] { return v }
    return nil
  }

  public func text(_ name: String) -> String? {
    if case .text(let v) = values[name] { return v }
    return nil
  }

  /// The name an `.image` argument gives (a file path, as written).
  public func imageName(_ name: String) -> String? {
    if case .image(let v) = values[name] { return v }
    return nil
  }

  /// The image an `.image` argument names, as loaded when the chain was applied; `nil` before that.
  public func image(_ name: String) -> (any ImageComponent)? { images[name] }

  /// Whether a flag was given.
  public func flag(_ name: String) -> Bool { values[name] == .flag }

  /// The interpolation chosen with `interpolation=`, or `fallback`.
  public func interpolation(default fallback: Interpolation) -> Interpolation {
    choice("interpolation").flatMap(Interpolation.init(rawValue:)) ?? fallback
  }
}
