import DecorCore
#if Text
  import DecorText
#endif

/// A canvas of layers, the Composite pattern as data: what `decor compose SCENE.json` draws.
///
/// ```json
/// {
///   "width": 640, "height": 400, "background": "#fff",
///   "layers": [
///     {"image": "a.png", "x": 40, "y": 30, "chain": "rotate 10 | shadow 6 6 blur=8", "blend": "multiply", "opacity": 0.9},
///     {"color": "#ff000080", "x": 0, "y": 0, "width": 100, "height": 100},
///     {"gradient": {"type": "linear", "from": [0, 0], "to": [0, 400], "stops": ["#fff", "#000"]}},
///     {"group": {"layers": [{"image": "b.png"}]}, "x": 10, "y": 10, "blend": "screen"}
///   ]
/// }
/// ```
///
/// - The canvas is `width` × `height` pixels (each 1 … 2^30) of `background` (default transparent); what layers
///   draw outside it is cut off. `"version": 1` may be given; no other version exists.
/// - A layer is exactly one of `image` (a file name, relative to the scene file's folder), `color` (a rectangle),
///   `gradient` (`"type": "linear"` with `from` and `to`, or `"radial"` with `center` and `radius`, in the layer's
///   own coordinates, and `stops`: colours spread evenly, or `{"color": …, "offset": 0…1}` objects; at least one) or
///   `group` (an object with its own `layers`, composited on its own and then drawn as one layer).
/// - Every layer may have `x` and `y` (whole pixels, default 0: where its top-left goes in its parent), `chain`
///   (steps as on the command line, or a template's array of step objects, applied to the layer's content before it
///   is placed), `blend` (one of the 28 mode names, default `normal`) and `opacity` (0 … 1, default 1).
/// - `width` and `height` size a `color` or `gradient` layer (default: the canvas's size) and resize an `image`
///   (one of them alone keeps the aspect ratio). With both, an image layer may take `fit` (`fill`, the default,
///   stretches; `contain` or `inside` fits it inside the box; `cover` fills the box and crops) and `anchor` (where
///   in the box a contained image sits, or which part `cover` keeps: `center`, the default, `north`, `southeast`, …).
///
/// Layers are drawn in order, the first at the bottom. Unknown keys are errors, so a typo is never ignored.
public struct Scene: Sendable, Codable, Equatable {
  public var width: Int
  public var height: Int
  public var background: Color
  public var layers: [SceneLayer]

  public init(width: Int, height: Int, background: Color = .clear, layers: [SceneLayer]) {
    self.width = width
    self.height = height
    self.background = background
    self.layers = layers
  }

  /// The registry scene chains are parsed with, set in a decoder's `userInfo` (`Chain.registryKey`); the standard
  /// one when absent.
  public init(from decoder: any Decoder) throws {
    let registry = decoder.userInfo[Chain.registryKey] as? FilterRegistry ?? .current
    try self.init(json: JSONValue(from: decoder), registry: registry)
  }

  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

  /// A scene from its JSON form.
  ///
  /// - Throws: `SceneError` naming the place in the JSON (`layers[2].group.layers[0].opacity`) and what was expected.
  public init(json: JSONValue, registry: FilterRegistry = .current) throws(SceneError) {
    let object = try SceneReader(json, at: "", registry: registry)
    try object.allowKeys(["version", "width", "height", "background", "layers"])
    if let version = object.value("version"), version != .number(1) {
      throw object.error("version", "1 expected, got \(version.shortDescription)")
    }
    width = try object.size("width", default: nil)
    height = try object.size("height", default: nil)
    background = try object.color("background") ?? .clear
    layers = try object.layers(canvas: (width, height))
  }

  /// The scene as JSON.
  public var json: JSONValue {
    .object([
      (key: "version", value: 1), (key: "width", value: .number(Double(width))),
      (key: "height", value: .number(Double(height))), (key: "background", value: ArgumentValue.color(background).json),
      (key: "layers", value: .array(layers.map(\.json))),
    ])
  }

  /// The scene as one component, of extent exactly (0, 0, width, height). `images` gives each image file's content
  /// (called once per distinct name, before anything renders: `Scene.component(relativeTo:)` in the codecs reads
  /// files). Chains' `blend` images come through `images` too.
  ///
  /// - Throws: `SceneError` naming the layer whose image cannot be had or whose chain refuses it, or the canvas
  ///   when it has more than `pixelLimit` pixels (refused before any image is read).
  /// Layers' chains are held to `pixelLimit` as `Chain.apply(to:pixelLimit:images:)` holds them.
  public func component(
    pixelLimit: Int = Raster.defaultPixelLimit, images: (String) throws -> any ImageComponent
  ) throws(SceneError) -> any ImageComponent {
    let canvas = IntRect(x: 0, y: 0, width: width, height: height)
    let pixels = Chain.pixelCount(canvas)
    guard pixels <= pixelLimit else {
      throw SceneError(path: "", message: "the canvas of \(width)x\(height) (\(pixels) pixels) is over the limit of "
        + "\(pixelLimit) pixels")
    }
    var cache: [String: any ImageComponent] = [:]
    func load(_ name: String) throws -> any ImageComponent {
      if let image = cache[name] { return image }
      let image = try images(name)
      cache[name] = image
      return image
    }
    // A solid colour is infinite, so the group always covers the canvas and the crop gives exactly its size.
    let base = Layer(SolidColor(background))
    let built = try SceneLayer.build(layers, at: "layers", canvas: canvas, pixelLimit: pixelLimit, load: load)
    return Group([base] + built).cropped(to: canvas)
  }
}

/// One layer of a `Scene`: its content, where it goes, and how it is drawn.
public struct SceneLayer: Sendable, Equatable {
  /// What the layer draws.
  public enum Content: Sendable, Equatable {
    /// An image file, named as in the scene (relative to the scene's folder).
    case image(String)
    /// A rectangle of a colour.
    case color(Color)
    /// A linear gradient from one point to another, in the layer's coordinates.
    case linearGradient(from: Point, to: Point, stops: [GradientStop])
    /// A radial gradient around a centre, in the layer's coordinates.
    case radialGradient(center: Point, radius: Double, stops: [GradientStop])
    /// Layers composited on their own, then drawn as one.
    case group([SceneLayer])
    /// A text laid out and drawn by `Text`; the layer's `width` is the width its lines break at. (A case added in
    /// the release that brought text: a `switch` over `Content` in code of yours wants an `@unknown default`.)
    #if Text
      case text(SceneText)
    #endif
  }

  public var content: Content
  public var x: Int
  public var y: Int
  /// The size of a colour or gradient layer, or what an image is resized to; `nil` for the canvas's size (or the
  /// image's own, or to keep the aspect ratio when the other is given).
  public var width: Int?
  public var height: Int?
  public var chain: Chain?
  public var blendMode: BlendMode
  public var opacity: Double
  /// How an image meets its `width` × `height` box (both given): `nil` or `fill` stretches it (as before there was a
  /// choice); `contain` and `inside` fit it inside, placed in the box where `anchor` says (transparent around it);
  /// `cover` fills the box, cropping where `anchor` says. Only image layers take it.
  public var fit: Resizing.Fit?
  /// Where `fit` puts the image in its box, or which part `cover` keeps; `nil` is the centre. Only image layers
  /// take it.
  public var anchor: Gravity?

  public init(
    _ content: Content, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil, chain: Chain? = nil,
    blendMode: BlendMode = .normal, opacity: Double = 1
  ) {
    self.init(content, x: x, y: y, width: width, height: height, chain: chain, blendMode: blendMode, opacity: opacity,
      fit: nil, anchor: nil)
  }

  /// A layer whose image is fitted into its `width` × `height` box by `fit` and placed in it by `anchor`. (A
  /// signature of its own, so that code naming the one without them still builds.)
  public init(
    _ content: Content, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil, chain: Chain? = nil,
    blendMode: BlendMode = .normal, opacity: Double = 1, fit: Resizing.Fit?, anchor: Gravity? = nil
  ) {
    self.fit = fit
    self.anchor = anchor
    self.content = content
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.chain = chain
    self.blendMode = blendMode
    self.opacity = opacity
  }

  var json: JSONValue {
    var pairs: [(key: String, value: JSONValue)] = []
    func stops(_ stops: [GradientStop]) -> JSONValue {
      .array(stops.map { .object([(key: "color", value: ArgumentValue.color($0.color).json),
        (key: "offset", value: .number($0.location))]) })
    }
    func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
    switch content {
    case .image(let name): pairs.append((key: "image", value: .string(name)))
    case .color(let color): pairs.append((key: "color", value: ArgumentValue.color(color).json))
    case .linearGradient(let from, let to, let list):
      pairs.append((key: "gradient", value: .object([(key: "type", value: "linear"), (key: "from", value: point(from)),
        (key: "to", value: point(to)), (key: "stops", value: stops(list))])))
    case .radialGradient(let center, let radius, let list):
      pairs.append((key: "gradient", value: .object([(key: "type", value: "radial"),
        (key: "center", value: point(center)), (key: "radius", value: .number(radius)),
        (key: "stops", value: stops(list))])))
    case .group(let layers):
      pairs.append((key: "group", value: .object([(key: "layers", value: .array(layers.map(\.json)))])))
    #if Text
    case .text(let text):
      pairs.append((key: "text", value: .string(text.string)))
      pairs.append((key: "font", value: .string(text.font)))
      pairs.append((key: "size", value: .number(text.size)))
      pairs.append((key: "color", value: ArgumentValue.color(text.color).json))
      if text.lineHeight != 1.2 { pairs.append((key: "lineHeight", value: .number(text.lineHeight))) }
      if text.letterSpacing != 0 { pairs.append((key: "letterSpacing", value: .number(text.letterSpacing))) }
      if text.alignment != .start { pairs.append((key: "align", value: .string(text.alignment.rawValue))) }
      if let maxLines = text.maxLines { pairs.append((key: "maxLines", value: .number(Double(maxLines)))) }
    #endif
    }
    if x != 0 { pairs.append((key: "x", value: .number(Double(x)))) }
    if y != 0 { pairs.append((key: "y", value: .number(Double(y)))) }
    if let width { pairs.append((key: "width", value: .number(Double(width)))) }
    if let height { pairs.append((key: "height", value: .number(Double(height)))) }
    if let chain { pairs.append((key: "chain", value: chain.template["steps"] ?? .array([]))) }
    if blendMode != .normal { pairs.append((key: "blend", value: .string(blendMode.rawValue))) }
    if opacity != 1 { pairs.append((key: "opacity", value: .number(opacity))) }
    if let fit { pairs.append((key: "fit", value: .string(fit.rawValue))) }
    if let anchor { pairs.append((key: "anchor", value: .string(anchor.rawValue))) }
    return .object(pairs)
  }

  /// The layers as `Layer`s, in order; `path` is where they are in the JSON, for errors. A colour or gradient
  /// without a width or height takes the canvas's.
  static func build(
    _ layers: [SceneLayer], at path: String, canvas: IntRect, pixelLimit: Int,
    load: (String) throws -> any ImageComponent
  ) throws(SceneError) -> [Layer] {
    var built: [Layer] = []
    for (n, layer) in layers.enumerated() {
      let place = "\(path)[\(n)]"
      var component: any ImageComponent
      switch layer.content {
      case .image(let name):
        do {
          component = try load(name)
        } catch {
          throw SceneError(path: place + ".image", message: Quoting.shortening([name], in: "\(error)"))
        }
        if layer.width != nil || layer.height != nil {
          let fit = layer.fit ?? .fill
          let anchor = layer.anchor ?? .center
          component = component.resized(width: layer.width, height: layer.height, fit: fit, gravity: anchor)
          // Fitted inside its box, the image sits in it where the anchor says (the box is the layer's extent).
          if fit == .contain || fit == .inside, let width = layer.width, let height = layer.height {
            component = component.placedOnCanvas(width: width, height: height, gravity: anchor)
          }
        }
      case .color(let color):
        // One node rather than a crop of a plane: a scene of many colour layers plans and renders half the nodes.
        component = SolidColor(color, extent: IntRect(x: 0, y: 0, width: layer.width ?? canvas.width,
          height: layer.height ?? canvas.height))
      case .linearGradient(let from, let to, let stops):
        component = LinearGradient(from: from, to: to, stops: stops)
      case .radialGradient(let center, let radius, let stops):
        component = RadialGradient(center: center, radius: radius, stops: stops)
      case .group(let children):
        component = Group(try build(children, at: place + ".group.layers", canvas: canvas, pixelLimit: pixelLimit,
          load: load))
      #if Text
      case .text(let spec):
        let text = spec.component(maxWidth: layer.width)
        if case .invalidParameter(_, let reason)? = text.parameterError {
          throw SceneError(path: place + ".text", message: Quoting.shortening([spec.font], in: reason))
        }
        component = text
      #endif
      }
      if layer.content.isGenerator && component.extent.isInfinite {
        component = component.cropped(to: IntRect(x: 0, y: 0, width: layer.width ?? canvas.width,
          height: layer.height ?? canvas.height))
      }
      if let chain = layer.chain {
        do {
          component = try chain.apply(to: component, pixelLimit: pixelLimit) { name in try load(name) }
        } catch {
          throw SceneError(path: place + ".chain", message: error.description)
        }
      }
      built.append(Layer(component, x: layer.x, y: layer.y, blendMode: layer.blendMode, opacity: layer.opacity))
    }
    return built
  }
}

extension SceneLayer.Content {
  /// A colour or a gradient: infinite until the layer gives it a size.
  var isGenerator: Bool {
    switch self {
    case .color, .linearGradient, .radialGradient: return true
    case .image, .group: return false
    #if Text
    case .text: return false
    #endif
    }
  }
}

/// A scene that cannot be read or built: the file, the place in its JSON, and what was expected.
///
/// `scene.json: layers[1].group.layers[0].opacity: number from 0 to 1 expected, got 2`.
public struct SceneError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The scene file, when there was one.
  public var source: String?
  /// Where in the JSON: `layers[1].blend`; empty for the scene as a whole.
  public var path: String
  public var message: String

  public init(source: String? = nil, path: String, message: String) {
    self.source = source
    self.path = path
    self.message = message
  }

  public var description: String {
    (source.map { $0 + ": " } ?? "") + (path.isEmpty ? "" : path + ": ") + message
  }
}

#if Text
/// A scene's text layer: what `Text` draws, with the font as a scene names it (a family with an optional style, or a
/// font file's path).
public struct SceneText: Sendable, Equatable {
  public var string: String
  /// "DejaVu Sans Bold", or a path such as `fonts/Inter.ttf` (relative to the working folder).
  public var font: String
  /// Pixels (the em square's height).
  public var size: Double
  public var color: Color
  /// A multiple of `size`, as CSS's unitless `line-height`.
  public var lineHeight: Double
  /// Pixels added after each character.
  public var letterSpacing: Double
  public var alignment: TextAlignment
  /// The most lines drawn, the last ending in an ellipsis when more were cut (`Text`'s `maxLines`); `nil` for no
  /// limit.
  public var maxLines: Int?

  public init(_ string: String, font: String = "DejaVu Sans", size: Double = 32, color: Color = .black,
    lineHeight: Double = 1.2, letterSpacing: Double = 0, alignment: TextAlignment = .start, maxLines: Int? = nil)
  {
    self.maxLines = maxLines
    self.string = string
    self.font = font
    self.size = size
    self.color = color
    self.lineHeight = lineHeight
    self.letterSpacing = letterSpacing
    self.alignment = alignment
  }

  /// The `Text` it draws, broken at `maxWidth` when given.
  func component(maxWidth: Int?) -> Text {
    Text(string, font: StandardFilters.font(font, size: size), color: color, lineHeight: lineHeight,
      letterSpacing: letterSpacing, maxWidth: maxWidth.map(Double.init), alignment: alignment, maxLines: maxLines)
  }
}
#endif
