/// A drop shadow under the input: the input's coverage (alpha alone), grown by `spread`, blurred by a Gaussian of
/// standard deviation `sigma`, filled with `color` at `opacity`, moved by `offset`, with the input drawn over it
/// (source-over). With `shadowOnly`, the shadow alone.
///
/// Built as a small graph of primitives, as Skia builds its drop shadow: a `ShadowShape` (coverage → spread → blur
/// → fill), a `Translation` by the offset, and a `Group` that draws the input over it. `decor apply --explain`
/// shows that graph.
///
/// - The meaning is ImageMagick's `\( +clone -background COLOR -shadow (100·opacity)x(σ)+DX+DY \) +swap
///   -background none -layers merge +repage`: checked pixel by pixel against ImageMagick 6.9 for σ from 2 to 20,
///   within 2 to 5 levels (55–62 dB PSNR; Benchmarks/blur.md), except that ImageMagick cuts its shadow 2σ from the
///   shape, where Decor keeps it to 3σ.
/// - Blur units: `sigma` is σ, as CSS `drop-shadow()`'s blur length and ImageMagick's `-shadow` σ are. Core
///   Graphics (`CGContextSetShadowWithColor`), canvas (`shadowBlur`) and CSS `box-shadow` give a blur *radius*,
///   which the HTML canvas and CSS Backgrounds specifications define as 2σ: a Core Graphics blur of 20 is
///   `sigma: 10` here (the step's `radius=20`).
/// - `spread` grows the coverage by a disc of that radius before blurring (negative values shrink it), as CSS
///   `box-shadow`'s spread does: each pixel takes the largest coverage of the pixels whose offsets (dx, dy) have
///   dx² + dy² ≤ spread², so corners come out rounded.
/// - Offsets are rounded to whole pixels (the shadow is soft, so half a pixel would not show), and the extent grows
///   to hold the shadow: the input's extent, grown by the spread and by ⌈3σ⌉, moved by the offset, joined to the
///   input's own extent. σ is clamped to 0 … 2000 (0 gives a hard shadow) and opacity to 0 … 1.
public struct DropShadow: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The shadow's offset as given; it is drawn moved by this rounded to whole pixels.
  public let offset: Point
  /// The Gaussian's standard deviation σ in pixels, as used: clamped to 0 … 2000.
  public let sigma: Double
  /// The shadow's colour; its own alpha multiplies `opacity`.
  public let color: Color
  /// The shadow's opacity, as used: clamped to 0 … 1.
  public let opacity: Double
  /// How far the shape is grown (shrunk, if negative) before blurring, in pixels, as used: clamped to −500 … 500.
  /// Costs O(|spread|) per pixel.
  public let spread: Double
  /// Whether only the shadow is drawn, without the input.
  public let shadowOnly: Bool
  /// The primitives that draw it: determined by the properties above, so that a graph compares them alone.
  let graph: any ImageComponent
  let shift: (dx: Int, dy: Int)
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// A drop shadow under `input`; the defaults are the `shadow` step's (offset 5, 5; σ = 4; black at 0.5).
  ///
  /// The offset, σ, opacity and spread must be finite, and σ and opacity at least 0; otherwise the shadow is an
  /// invalid parameter (its extent is empty and rendering throws `RenderError.invalidParameter`). The offset is
  /// clamped to ±2³⁰, σ to at most 2000, the opacity to at most 1 and the spread to ±500 (`ParameterCheck`).
  public init(
    _ input: any ImageComponent, offset: Point = Point(5, 5), sigma: Double = 4, color: Color = .black,
    opacity: Double = 0.5, spread: Double = 0, shadowOnly: Bool = false
  ) {
    self.input = input
    var check = ParameterValidation("shadow")
    self.offset = check.check(.zero) { () throws(ParameterError) in try ParameterCheck.offset(offset) }
    let sigma = check.check(0) { () throws(ParameterError) in try ParameterCheck.sigma(sigma) }
    let opacity = check.check(0) { () throws(ParameterError) in try ParameterCheck.opacity(opacity) }
    let spread = check.check(0) { () throws(ParameterError) in try ParameterCheck.spread(spread) }
    problem = check.error
    let shape = ShadowShape(input, sigma: sigma, spread: spread, color: color, opacity: opacity)
    self.sigma = shape.sigma
    self.color = color
    self.opacity = shape.opacity
    self.spread = shape.spread
    self.shadowOnly = shadowOnly
    shift = (Self.whole(self.offset.x), Self.whole(self.offset.y))
    let moved = Self.moved(shape, by: shift)
    graph = shadowOnly ? moved : Group([Layer(moved), Layer(input)])
    extent = problem == nil ? graph.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [graph], parameters: [])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input, graph])
  }

  /// A checked length (finite, within ±2³⁰) rounded to whole pixels.
  static func whole(_ value: Double) -> Int { Int(value.rounded()) }

  /// `shape` moved by a whole-pixel offset (itself when there is none).
  static func moved(_ shape: any ImageComponent, by shift: (dx: Int, dy: Int)) -> any ImageComponent {
    shift == (0, 0) ? shape : shape.translated(by: Point(Double(shift.dx), Double(shift.dy)))
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public var inputs: [any ImageComponent] { [graph] }

  public func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(graph, region)] }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try context.render(graph, region)
  }

  public var description: String {
    "shadow \(shift.dx) \(shift.dy) blur=\(format(sigma)) color=\(color) opacity=\(format(opacity))"
      + (spread == 0 ? "" : " spread=\(format(spread))") + (shadowOnly ? " only" : "")
  }
}

extension DropShadow: DeepRendering {
  /// Its graph (the shadow's shape, moved, and a group) renders at either depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}

extension ImageComponent {
  /// This component over its drop shadow: its coverage grown by `spread`, blurred by a Gaussian of standard
  /// deviation `sigma` pixels (a Core Graphics or canvas blur radius R is σ = R / 2; CSS `drop-shadow()`'s length
  /// is σ), filled with `color` at `opacity`, moved by `offset`. With `only`, the shadow alone.
  public func addingDropShadow(
    offset: Point = Point(5, 5), sigma: Double = 4, color: Color = .black, opacity: Double = 0.5, spread: Double = 0,
    only: Bool = false
  ) -> DropShadow {
    DropShadow(self, offset: offset, sigma: sigma, color: color, opacity: opacity, spread: spread, shadowOnly: only)
  }

  /// `addingDropShadow(offset:sigma:…)` with the blur given as a *radius*, as CSS `box-shadow`, canvas's
  /// `shadowBlur` and Core Graphics' `setShadow(offset:blur:)` give it: σ = `radius` / 2. SwiftUI's
  /// `shadow(radius:)` is not this one: see the article "Units".
  public func addingDropShadow(
    offset: Point = Point(5, 5), radius: Double, color: Color = .black, opacity: Double = 0.5, spread: Double = 0,
    only: Bool = false
  ) -> DropShadow {
    addingDropShadow(offset: offset, sigma: radius / 2, color: color, opacity: opacity, spread: spread, only: only)
  }
}

extension ImageComponent {
  /// `addingDropShadow(offset:sigma:…)` under its first name, a noun where the API names methods for their result.
  @available(*, deprecated, renamed: "addingDropShadow(offset:sigma:color:opacity:spread:only:)")
  public func dropShadow(
    offset: Point = Point(5, 5), sigma: Double = 4, color: Color = .black, opacity: Double = 0.5, spread: Double = 0,
    only: Bool = false
  ) -> DropShadow {
    addingDropShadow(offset: offset, sigma: sigma, color: color, opacity: opacity, spread: spread, only: only)
  }

  /// `addingDropShadow(offset:radius:…)` under its first name.
  @available(*, deprecated, renamed: "addingDropShadow(offset:radius:color:opacity:spread:only:)")
  public func dropShadow(
    offset: Point = Point(5, 5), radius: Double, color: Color = .black, opacity: Double = 0.5, spread: Double = 0,
    only: Bool = false
  ) -> DropShadow {
    addingDropShadow(offset: offset, radius: radius, color: color, opacity: opacity, spread: spread, only: only)
  }

  /// `addingDropShadow(offset:sigma:…)` under its first name, whose `blur` was the standard deviation.
  @available(*, deprecated, renamed: "addingDropShadow(offset:sigma:color:opacity:spread:only:)")
  public func dropShadow(
    offset: Point = Point(5, 5), blur: Double, color: Color = .black, opacity: Double = 0.5, spread: Double = 0,
    only: Bool = false
  ) -> DropShadow {
    addingDropShadow(offset: offset, sigma: blur, color: color, opacity: opacity, spread: spread, only: only)
  }
}

extension DropShadow {
  /// `init(_:offset:sigma:…)` under its first name, whose `blur` was the standard deviation.
  @available(*, deprecated, renamed: "init(_:offset:sigma:color:opacity:spread:shadowOnly:)")
  public init(
    _ input: any ImageComponent, offset: Point = Point(5, 5), blur: Double, color: Color = .black,
    opacity: Double = 0.5, spread: Double = 0, shadowOnly: Bool = false
  ) {
    self.init(input, offset: offset, sigma: blur, color: color, opacity: opacity, spread: spread,
      shadowOnly: shadowOnly)
  }
}
