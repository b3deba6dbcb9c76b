/// The input placed with the top-left of its extent at (`x`, `y`) on a `width` × `height` canvas of `color`
/// (transparent by default): ImageMagick's `-extent` with a `-page` offset, libvips' `embed` with a background.
///
/// - The extent is exactly (0, 0, `width`, `height`): whatever of the input falls outside is clipped, and nothing
///   outside the canvas is ever asked of the input.
/// - The input is drawn over the colour (source-over, as the draw calls and ImageMagick's `-extent` draw): where
///   the input is transparent the colour shows, where it is opaque the input does. On a transparent canvas the
///   input's pixels are copied unchanged.
/// - Positions are whole pixels (a fractional placement would resample: `translated(by:)` first). An input with an
///   infinite extent has no top-left: its origin (0, 0) is placed at (`x`, `y`). An empty input gives the bare canvas.
///
/// Parameters: `width` and `height` are checked by `ParameterCheck.size(_:_:)` (below 1 an invalid parameter: empty
/// extent, rendering throws `RenderError.invalidParameter`; clamped to 2^30); `x` and `y` are clamped to ±2^30
/// (`ParameterCheck.position(_:)`).
public struct Canvas: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The canvas size as used: at least 1, clamped to 2^30 (1 when the given value was refused).
  public let width: Int
  public let height: Int
  /// Where the input's top-left lands on the canvas, clamped to ±2^30.
  public let x: Int
  public let y: Int
  public let color: Color
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, width: Int, height: Int, x: Int = 0, y: Int = 0, color: Color = .clear) {
    self.input = input
    var check = ParameterValidation("canvas")
    self.width = check.check(1) { () throws(ParameterError) in try ParameterCheck.size(width, "width") }
    self.height = check.check(1) { () throws(ParameterError) in try ParameterCheck.size(height, "height") }
    problem = check.error
    self.x = ParameterCheck.position(x)
    self.y = ParameterCheck.position(y)
    self.color = color
    extent = problem == nil ? IntRect(x: 0, y: 0, width: self.width, height: self.height) : .empty
    identity = ComponentIdentity(Self.self, inputs: [input],
      parameters: [self.width, self.height, self.x, self.y, color])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  /// How far the input moves: from the top-left of its extent (or its origin when it has none) to (x, y).
  var shift: (dx: Int, dy: Int) {
    let e = input.extent
    let origin = e.isEmpty || e.isInfinite ? (x: 0, y: 0) : (x: e.minX, y: e.minY)
    return (x - origin.x, y - origin.y)
  }

  /// The part of `region` on the canvas, and the region of the input that lands on it (`nil` when none does).
  func parts(of region: IntRect) -> (inside: IntRect, asked: IntRect?) {
    let inside = region.intersection(extent)
    guard !inside.isEmpty else { return (inside, nil) }
    let (dx, dy) = shift
    let asked = inside.offsetBy(dx: -dx, dy: -dy).intersection(input.extent)
    return (inside, asked.isEmpty ? nil : asked)
  }

  public var inputs: [any ImageComponent] { [input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    parts(of: region).asked.map { [InputDemand(input, $0)] } ?? []
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    let (inside, asked) = parts(of: region)
    let fill = color.premultiplied
    // At 8 bits a region all on the canvas starts filled; otherwise the colour is filled in at the render's precision.
    let whole = inside == region && context.format == .rgba8
    var output = whole
      ? try Raster(width: region.width, height: region.height, fill: fill, pixelLimit: context.pixelLimit)
      : try Raster(width: region.width, height: region.height, format: context.format, pixelLimit: context.pixelLimit)
    if !whole && fill != .clear && !inside.isEmpty {
      output.fill(color, in: inside.offsetBy(dx: -region.minX, dy: -region.minY))
    }
    guard let asked, let pixels = try context.renderClipped(input, asked) else { return output }
    // Only the asked part: a raster input is handed over whole, and its pixels beyond the canvas are clipped.
    let part = asked.offsetBy(dx: -pixels.rect.minX, dy: -pixels.rect.minY)
    let (dx, dy) = shift
    let at = asked.offsetBy(dx: dx - region.minX, dy: dy - region.minY)
    if fill == .clear {
      output.copy(pixels.raster, from: part, toX: at.minX, y: at.minY)
    } else {
      let source = part == pixels.raster.bounds ? pixels.raster : try pixels.raster.extracting(part)
      Compositor.composite(source, at: at, onto: &output, mode: .normal, opacity: 1)
    }
    return output
  }

  public var description: String { "canvas \(width) \(height) x=\(x) y=\(y) color=\(color)" }
}

extension Canvas: DeepRendering {
  /// Placing on a transparent canvas copies pixels, at any depth; over a colour it composites, at either depth
  /// (the colour at the render's precision).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { color.premultiplied == .clear }
}

extension ImageComponent {
  /// This component with the top-left of its extent at (`x`, `y`) on a `width` × `height` canvas of `color`, drawn
  /// over it; the result's extent is exactly (0, 0, `width`, `height`) (see `Canvas` for the limits).
  public func placedOnCanvas(width: Int, height: Int, x: Int = 0, y: Int = 0, color: Color = .clear) -> Canvas {
    Canvas(self, width: width, height: height, x: x, y: y, color: color)
  }

  /// This component placed on a `width` × `height` canvas where `gravity` says (`center` centres it, `southeast` puts
  /// it in the bottom-right corner; whole pixels, rounded down), moved by `x`, `y` from there, as ImageMagick's
  /// `-gravity G -extent WxH` is. An input without a finite extent is placed as by `placedOnCanvas(width:height:x:y:)`.
  public func placedOnCanvas(
    width: Int, height: Int, gravity: Gravity, x: Int = 0, y: Int = 0, color: Color = .clear
  ) -> Canvas {
    let e = extent
    let at = e.isEmpty || e.isInfinite ? (x: 0, y: 0)
      : gravity.offset(placing: (e.width, e.height), in: (width, height))
    return Canvas(self, width: width, height: height, x: ParameterCheck.position(at.x) &+ ParameterCheck.position(x),
      y: ParameterCheck.position(at.y) &+ ParameterCheck.position(y), color: color)
  }
}
