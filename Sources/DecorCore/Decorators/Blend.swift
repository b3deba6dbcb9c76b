/// Another image drawn onto the input with a blend mode and an opacity (the `blend` step): the source is `image`,
/// the backdrop is the input, and the result covers the input's extent. With `below`, the roles swap: the input is
/// drawn onto `image`, and the result covers `image`'s extent.
///
/// - Placement: `image`'s top-left goes to `offset` from the input's top-left (the origin for an input without
///   one, such as a generator), in both cases; so with `below` the input stays where it is and the result's
///   extent is `image`'s, moved there. Whole-pixel offsets are exact; fractional ones resample `image` (bilinear),
///   as `translated(by:)` does.
/// - The mode acts only where the source is (as in `Group` and the draw calls): outside the source's extent the
///   backdrop is unchanged, even for `copy`, `clear` or `source-in`. Pixels outside the backdrop's extent stay
///   transparent whatever the source, since the result is cut to the backdrop.
/// - Demand-driven: the source is asked only for the part of a region it overlaps within the backdrop, and the
///   backdrop only for the part of the region inside its extent (less the source's part, for `copy` and `clear`,
///   which do not read it).
/// - `opacity` is applied as a coverage of the render's depth (see `Compositor`).
/// - Parameters (see `ParameterCheck`): an opacity above 1 counts as 1, and the offset's coordinates are clamped to
///   ±2^30; an opacity that is NaN, ±∞ or negative, or an offset that is not finite, is an invalid parameter (empty
///   extent; rendering throws `RenderError.invalidParameter`).
public struct Blend: ImageComponent, CustomStringConvertible, LinkedComponent {
  /// The chain's input: the backdrop, or with `below` the source.
  public let input: any ImageComponent
  /// The other image: the source, or with `below` the backdrop.
  public let image: any ImageComponent
  public let mode: BlendMode
  /// The opacity as used: clamped to 1 (as given when refused).
  public let opacity: Double
  /// Where `image`'s top-left goes, from the input's top-left: clamped to ±2^30 (as given when refused).
  public let offset: Point
  /// Whether the input is drawn onto `image` rather than `image` onto the input.
  public let below: Bool
  let problem: RenderError?
  public let identity: ComponentIdentity
  /// `image` moved to its place.
  let placedImage: any ImageComponent
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(
    _ input: any ImageComponent, with image: any ImageComponent, mode: BlendMode = .normal, opacity: Double = 1,
    at offset: Point = Point(0, 0), below: Bool = false
  ) {
    self.input = input
    self.image = image
    self.mode = mode
    var check = ParameterValidation("blend")
    self.opacity = check.check(opacity) { () throws(ParameterError) in try ParameterCheck.opacity(opacity) }
    self.offset = check.check(offset) { () throws(ParameterError) in try ParameterCheck.offset(offset) }
    problem = check.error
    self.below = below
    placedImage = Self.placed(image, over: input, at: self.offset)
    identity = ComponentIdentity(Self.self, inputs: [input, placedImage],
      parameters: [mode, self.opacity, self.offset, below])
    parameterError = problem ?? input.parameterError ?? image.parameterError
    inputLink = InputLink([input, image, placedImage])
  }

  /// `image` moved to its place: its top-left `offset` from `input`'s.
  static func placed(_ image: any ImageComponent, over input: any ImageComponent, at offset: Point)
    -> any ImageComponent
  {
    let to = Self.origin(input.extent)
    let from = Self.origin(image.extent)
    let move = Point(Double(to.x - from.x) + offset.x, Double(to.y - from.y) + offset.y)
    return move.x == 0 && move.y == 0 ? image : Translation(image, placingBy: move)
  }

  /// The top-left of an extent, or the origin for one without (empty or infinite).
  static func origin(_ extent: IntRect) -> (x: Int, y: Int) {
    extent.isInfinite || extent.isEmpty ? (0, 0) : (extent.minX, extent.minY)
  }

  /// The backdrop and the source, in place, with their input numbers for the render trace (the chain's input is 0).
  var layers: (backdrop: any ImageComponent, backdropIndex: Int, source: any ImageComponent, sourceIndex: Int) {
    below ? (placedImage, 1, input, 0) : (input, 0, placedImage, 1)
  }

  public var extent: IntRect { problem == nil ? layers.backdrop.extent : .empty }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  /// What rendering `region` asks of the backdrop (one or more parts, or the whole region when it lies inside the
  /// backdrop) and of the source (`nil` when nothing is drawn), given the two `layers`.
  func requests(for region: IntRect, backdrop: any ImageComponent, source: any ImageComponent)
    -> (backdrop: [IntRect], wholeBackdrop: Bool, source: IntRect?)
  {
    let inside = region.intersection(backdrop.extent)
    let covered = inside.intersection(source.extent)
    let drawn = !covered.isEmpty && (opacity > 0 || !mode.keepsBackdropUnderTransparentSource)
    let readsBackdrop = mode != .copy && mode != .clear
    if inside == region && (readsBackdrop || !drawn) { return ([region], true, drawn ? covered : nil) }
    let parts = (readsBackdrop || !drawn ? [inside] : Self.subtracting(covered, from: inside)).filter { !$0.isEmpty }
    return (parts, false, drawn ? covered : nil)
  }

  public var inputs: [any ImageComponent] { [input, placedImage] }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    let (backdrop, backdropIndex, source, sourceIndex) = layers
    let asked = requests(for: region, backdrop: backdrop, source: source)
    return asked.backdrop.map { InputDemand(backdrop, $0, input: backdropIndex) }
      + (asked.source.map { [InputDemand(source, $0, input: sourceIndex)] } ?? [])
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    let (backdrop, backdropIndex, source, sourceIndex) = layers
    let asked = requests(for: region, backdrop: backdrop, source: source)
    var output: Raster
    if asked.wholeBackdrop {
      output = try context.render(backdrop, region, input: backdropIndex)
    } else {
      output = try Raster(width: region.width, height: region.height, format: context.format,
        pixelLimit: context.pixelLimit)
      for part in asked.backdrop {
        let pixels = try context.render(backdrop, part, input: backdropIndex)
        output.copy(pixels, from: pixels.bounds, toX: part.minX - region.minX, y: part.minY - region.minY)
      }
    }
    guard let covered = asked.source else { return output }
    let pixels = try context.render(source, covered, input: sourceIndex)
    Compositor.composite(pixels, at: covered.offsetBy(dx: -region.minX, dy: -region.minY), onto: &output, mode: mode,
      opacity: opacity)
    return output
  }

  /// `rect` without `hole` (which lies inside it), as up to four bands: above, below, left and right of the hole.
  static func subtracting(_ hole: IntRect, from rect: IntRect) -> [IntRect] {
    guard !hole.isEmpty else { return [rect] }
    return [
      IntRect(x: rect.minX, y: rect.minY, width: rect.width, height: hole.minY - rect.minY),
      IntRect(x: rect.minX, y: hole.maxY, width: rect.width, height: rect.maxY - hole.maxY),
      IntRect(x: rect.minX, y: hole.minY, width: hole.minX - rect.minX, height: hole.height),
      IntRect(x: hole.maxX, y: hole.minY, width: rect.maxX - hole.maxX, height: hole.height),
    ]
  }

  public var description: String {
    var text = "blend \(mode)"
    if opacity != 1 { text += " opacity=\(format(opacity))" }
    if offset.x != 0 || offset.y != 0 { text += " at=\(format(offset.x)),\(format(offset.y))" }
    return below ? text + " below" : text
  }
}

extension Blend: DeepRendering {
  /// Blends premultiplied pixels at either depth (`Compositor`).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}

extension ImageComponent {
  /// `image` drawn onto this component in `mode` at `opacity`, its top-left at `offset` from this component's
  /// top-left; the result keeps this component's extent. With `below`, this component is drawn onto `image`
  /// instead (placed the same way), and the result keeps `image`'s extent. See `Blend`.
  public func blended(
    with image: any ImageComponent, mode: BlendMode = .normal, opacity: Double = 1, at offset: Point = Point(0, 0),
    below: Bool = false
  ) -> Blend {
    Blend(self, with: image, mode: mode, opacity: opacity, at: offset, below: below)
  }

  /// This component drawn over `backdrop` in `mode` at `opacity`, both where their extents put them: Core Image's
  /// order (`a.composited(over: b)` draws `a` on `b`), the reverse of `blended(with:)`, which draws its argument
  /// onto this component as the `blend` step does. The result covers `backdrop`'s extent (Core Image's covers both;
  /// `Group` composes layers over the union). A `Blend` with `below`, the backdrop placed at its own position.
  public func composited(over backdrop: any ImageComponent, mode: BlendMode = .normal, opacity: Double = 1) -> Blend {
    let (top, bottom) = (extent, backdrop.extent)
    let bounded = !top.isEmpty && !top.isInfinite && !bottom.isEmpty && !bottom.isInfinite
    let offset = bounded ? Point(Double(bottom.minX - top.minX), Double(bottom.minY - top.minY)) : Point(0, 0)
    return Blend(self, with: backdrop, mode: mode, opacity: opacity, at: offset, below: true)
  }
}
