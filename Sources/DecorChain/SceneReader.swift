import DecorCore
#if Text
  import DecorText
#endif

/// Reads one JSON object of a scene, knowing where it is (`layers[2].group`), so that every error names the key.
struct SceneReader {
  let pairs: [(key: String, value: JSONValue)]
  let path: String
  let registry: FilterRegistry

  init(_ json: JSONValue, at path: String, registry: FilterRegistry) throws(SceneError) {
    guard case .object(let pairs) = json else {
      throw SceneError(path: path, message: "an object expected, got \(json.shortDescription)")
    }
    self.pairs = pairs
    self.path = path
    self.registry = registry
  }

  /// Where `key` is: `layers[2].opacity`; a key is shown as `Quoting` shows values (an unknown one may be long).
  func place(_ key: String) -> String { path.isEmpty ? Quoting.shown(key) : path + "." + Quoting.shown(key) }

  func error(_ key: String, _ message: String) -> SceneError { SceneError(path: place(key), message: message) }

  func value(_ key: String) -> JSONValue? { pairs.last { $0.key == key }?.value }

  func allowKeys(_ keys: [String]) throws(SceneError) {
    for pair in pairs where !keys.contains(pair.key) {
      throw error(pair.key, "unknown key; expected \(listing(keys))")
    }
  }

  func number(_ key: String) throws(SceneError) -> Double? {
    guard let value = value(key) else { return nil }
    guard case .number(let number) = value, number.isFinite else {
      throw error(key, "number expected, got \(value.shortDescription)")
    }
    return number
  }

  func integer(_ key: String) throws(SceneError) -> Int? {
    guard let number = try number(key) else { return nil }
    guard number == number.rounded(), abs(number) <= Double(ParameterCheck.maxLength) else {
      throw error(key, "whole number from \(-ParameterCheck.maxLength) to \(ParameterCheck.maxLength) expected, got "
        + JSONValue.number(number))
    }
    return Int(number)
  }

  /// A count of lines: 1 … 2^30, or `nil` when absent.
  func lineCount(_ key: String) throws(SceneError) -> Int? {
    guard let number = try number(key) else { return nil }
    guard number == number.rounded(), number >= 1, number <= Double(ParameterCheck.maxLength) else {
      throw error(key, "whole number of lines from 1 to \(ParameterCheck.maxLength) expected, got "
        + JSONValue.number(number))
    }
    return Int(number)
  }

  /// A width or height: 1 … 2^30, or `fallback` when absent (an error when there is none).
  func size(_ key: String, default fallback: Int?) throws(SceneError) -> Int {
    guard let number = try number(key) else {
      guard let fallback else { throw error(key, "missing: a whole number of pixels, 1 to \(ParameterCheck.maxLength)") }
      return fallback
    }
    guard number == number.rounded(), number >= 1, number <= Double(ParameterCheck.maxLength) else {
      throw error(key, "whole number of pixels from 1 to \(ParameterCheck.maxLength) expected, got "
        + JSONValue.number(number))
    }
    return Int(number)
  }

  func color(_ key: String) throws(SceneError) -> Color? {
    guard let value = value(key) else { return nil }
    return try color(value, at: key)
  }

  func color(_ value: JSONValue, at key: String) throws(SceneError) -> Color {
    do {
      if case .string(let text) = value { return try Color(parsing: text) }
      if let parsed = try ArgumentValue(json: value, as: .color), case .color(let color) = parsed { return color }
    } catch let problem as ColorParseError {
      throw error(key, problem.shortDescription)
    } catch {
      throw self.error(key, "\(error)")
    }
    throw error(key, "a colour expected (\"#rrggbb\", \"rgba(…)\", a CSS name or [r, g, b, a] from 0 to 1), got "
      + value.shortDescription)
  }

  func point(_ key: String) throws(SceneError) -> Point {
    guard let value = value(key) else { throw error(key, "missing: a point [x, y]") }
    guard case .array(let parts) = value, parts.count == 2, case .number(let x) = parts[0],
      case .number(let y) = parts[1], x.isFinite, y.isFinite
    else { throw error(key, "a point [x, y] expected, got \(value.shortDescription)") }
    return Point(x: x, y: y)
  }

  /// The `layers` array, every layer read (`canvas` is kept for the readers of groups' layers).
  func layers(canvas: (width: Int, height: Int)) throws(SceneError) -> [SceneLayer] {
    guard let value = value("layers") else { return [] }
    guard case .array(let list) = value else {
      throw error("layers", "an array of layers expected, got \(value.shortDescription)")
    }
    var layers: [SceneLayer] = []
    for (n, item) in list.enumerated() {
      let reader = try SceneReader(item, at: place("layers") + "[\(n)]", registry: registry)
      layers.append(try reader.layer(canvas: canvas))
    }
    return layers
  }

  func layer(canvas: (width: Int, height: Int)) throws(SceneError) -> SceneLayer {
    let kinds = ["image", "color", "gradient", "group", "text"]
    let textKeys = ["font", "size", "lineHeight", "letterSpacing", "align", "maxLines"]
    try allowKeys(kinds + ["x", "y", "width", "height", "chain", "blend", "opacity", "fit", "anchor"] + textKeys)
    // A text layer's colour is its glyphs': `color` is then an option, not the kind.
    let isText = value("text") != nil
    let given = kinds.filter { value($0) != nil && !(isText && $0 == "color") }
    guard given.count == 1, let kind = given.first else {
      throw SceneError(path: path, message: given.isEmpty
        ? "a layer needs one of \(listing(kinds))" : "a layer has one of \(listing(kinds)), got \(listing(given))")
    }
    let content: SceneLayer.Content
    switch kind {
    case "image":
      guard case .string(let name)? = value("image"), !name.isEmpty else {
        throw error("image", "a file name expected, got \(value("image")!.shortDescription)")
      }
      if let problem = ParameterCheck.pathProblem(name) { throw error("image", problem) }
      content = .image(name)
    case "color":
      content = .color(try color("color")!)
    case "gradient":
      content = try SceneReader(value("gradient")!, at: place("gradient"), registry: registry).gradient()
    case "text":
      #if Text
        guard case .string(let string)? = value("text") else {
          throw error("text", "a string expected, got \(value("text")!.shortDescription)")
        }
        var font = "DejaVu Sans"
        if let given = value("font") {
          guard case .string(let name) = given, !name.isEmpty else {
            throw error("font", "a family (\"DejaVu Sans Bold\") or a font file's path expected, got "
              + given.shortDescription)
          }
          if let problem = StandardFilters.fontNameProblem(name) { throw error("font", problem) }
          font = name
        }
        let align = try choice("align", StandardFilters.alignmentNames)
        content = .text(SceneText(string, font: font, size: try number("size") ?? 32,
          color: try color("color") ?? .black, lineHeight: try number("lineHeight") ?? 1.2,
          letterSpacing: try number("letterSpacing") ?? 0,
          alignment: StandardFilters.alignment(align), maxLines: try lineCount("maxLines")))
      #else
        throw error("text", "text is drawn by the Text trait, which this build of Decor leaves out")
      #endif
    default:
      let group = try SceneReader(value("group")!, at: place("group"), registry: registry)
      try group.allowKeys(["layers"])
      content = .group(try group.layers(canvas: canvas))
    }
    // A generator without a size stays without one (the canvas's size is applied when the scene is built), so the
    // scene written back to JSON is the one read.
    let width = try value("width").map { _ throws(SceneError) in try size("width", default: nil) }
    let height = try value("height").map { _ throws(SceneError) in try size("height", default: nil) }
    if case .group = content, width != nil || height != nil {
      throw error(width != nil ? "width" : "height", "a group takes its size from its layers")
    }
    #if Text
      if case .text = content, height != nil {
        throw error("height", "a text takes its height from its lines (width is where they break)")
      }
    #endif
    if !isText, let key = textKeys.first(where: { value($0) != nil }) {
      throw error(key, "only a text layer takes \(key)")
    }
    var opacity = 1.0
    if let given = try number("opacity") {
      guard (0...1).contains(given) else { throw error("opacity", "number from 0 to 1 expected, got \(format(given))") }
      opacity = given
    }
    var mode = BlendMode.normal
    if let blend = value("blend") {
      guard case .string(let name) = blend, let parsed = BlendMode(name: name) else {
        let names = BlendMode.allCases.map(\.rawValue)
        var message = "one of the 28 blend modes expected (normal, multiply, screen, …), got \(blend.shortDescription)"
        if case .string(let name) = blend, let near = Self.nearest(name, among: names) {
          message += "; did you mean \"\(near)\"?"
        }
        throw error("blend", message)
      }
      mode = parsed
    }
    let fit = try choice("fit", Resizing.Fit.allCases.map(\.rawValue)).flatMap(Resizing.Fit.init(rawValue:))
    let anchor = try choice("anchor", Gravity.allCases.map(\.rawValue)).flatMap(Gravity.init(rawValue:))
    for (key, given) in [("fit", fit != nil), ("anchor", anchor != nil)] where given {
      guard case .image = content else { throw error(key, "only an image layer takes \(key) (it sizes an image)") }
      guard width != nil && height != nil else {
        throw error(key, "\(key) needs both width and height (the box the image is fitted into)")
      }
    }
    return SceneLayer(content, x: try integer("x") ?? 0, y: try integer("y") ?? 0, width: width, height: height,
      chain: try chain(), blendMode: mode, opacity: opacity, fit: fit, anchor: anchor)
  }

  /// `key`'s value, one of `words` (ignoring case, as steps' choices do), or `nil` when absent.
  func choice(_ key: String, _ words: [String]) throws(SceneError) -> String? {
    guard let given = value(key) else { return nil }
    guard case .string(let text) = given, let word = words.first(where: { $0.lowercased() == text.lowercased() }) else {
      var message = "\(listing(words)) expected, got \(given.shortDescription)"
      if case .string(let text) = given, let near = Self.nearest(text, among: words) {
        message += "; did you mean \"\(near)\"?"
      }
      throw error(key, message)
    }
    return word
  }

  /// The word of `words` nearest `text` when it is within a third of its length in edits (at least 2), as a
  /// suggestion; a text that no word comes near in length is not compared.
  static func nearest(_ text: String, among words: [String]) -> String? {
    let length = text.count
    let allowed = max(2, length / 3)
    let scored = words.filter { abs($0.count - length) <= allowed }.map { (word: $0, distance: editDistance($0, text)) }
    guard let near = scored.min(by: { $0.distance < $1.distance }), near.distance <= allowed else { return nil }
    return near.word
  }

  /// `chain`: steps as on the command line, or a template's array of step objects.
  func chain() throws(SceneError) -> Chain? {
    guard let value = value("chain") else { return nil }
    switch value {
    case .string(let text):
      do {
        return try Chain(parsing: [text], registry: registry)
      } catch {
        throw self.error("chain", error.description)
      }
    case .array:
      do {
        return try Chain(template: .object([(key: "version", value: 1), (key: "steps", value: value)]),
          registry: registry)
      } catch {
        throw self.error("chain", error.description)
      }
    default:
      throw error("chain", "steps expected (\"rotate 10 | shadow\", or an array of step objects), got "
        + value.shortDescription)
    }
  }

  func gradient() throws(SceneError) -> SceneLayer.Content {
    guard case .string(let type)? = value("type"), type == "linear" || type == "radial" else {
      throw error("type", "\"linear\" or \"radial\" expected, got \(value("type")?.shortDescription ?? "nothing")")
    }
    try allowKeys(type == "linear" ? ["type", "from", "to", "stops"] : ["type", "center", "radius", "stops"])
    guard case .array(let list)? = value("stops"), !list.isEmpty else {
      throw error("stops", "at least one stop expected (colours, or {\"color\": …, \"offset\": 0…1} objects), got "
        + (value("stops")?.shortDescription ?? "nothing"))
    }
    var stops: [GradientStop] = []
    for (n, item) in list.enumerated() {
      let key = "stops[\(n)]"
      if case .object = item {
        let stop = try SceneReader(item, at: place(key), registry: registry)
        try stop.allowKeys(["color", "offset"])
        guard let color = try stop.color("color") else { throw stop.error("color", "missing") }
        let offset = try stop.number("offset") ?? (list.count == 1 ? 0 : Double(n) / Double(list.count - 1))
        guard (0...1).contains(offset) else { throw stop.error("offset", "number from 0 to 1 expected") }
        stops.append(GradientStop(location: offset, color: color))
      } else {
        let offset = list.count == 1 ? 0 : Double(n) / Double(list.count - 1)
        stops.append(GradientStop(location: offset, color: try color(item, at: key)))
      }
    }
    if type == "linear" {
      return .linearGradient(from: try point("from"), to: try point("to"), stops: stops)
    }
    guard let radius = try number("radius"), radius > 0 else {
      throw error("radius", "a radius above 0 expected, got \(value("radius")?.shortDescription ?? "nothing")")
    }
    return .radialGradient(center: try point("center"), radius: radius, stops: stops)
  }
}
