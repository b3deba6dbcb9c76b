/// The input resized to an exact size, keeping the top-left of its extent.
///
/// Give both sides, or one with `nil` for the other to follow the aspect ratio (`_` on the command line). With
/// both sides, `fit` decides: `fill` stretches to exactly width × height; `contain` scales uniformly to fit
/// inside (one side may come out shorter); `cover` scales uniformly to cover and crops the overflow evenly from
/// both sides, giving exactly width × height; `inside` is `contain` under the name sharp and CSS `object-fit:
/// scale-down` users look for. `gravity` says which part `cover` keeps (the centre by default; `north` keeps the
/// top). With `shrinkOnly`, the image is never enlarged (Pillow's `thumbnail`, vipsthumbnail's `--size WxH>`): each
/// scale is at most 1, so an image already inside the box keeps its size, and `cover` crops without enlarging.
/// Resampling as in `Scaling`. An input with an infinite extent gives an empty extent (nothing is drawn); with `nil`
/// for both sides the size stays.
///
/// `Fit` may gain cases in a later release, as `inside` was added: a `switch` over it needs `@unknown default`.
///
/// Parameters (see `ParameterCheck.size(_:_:)`): sides are clamped to 2^30 pixels; a side below 1 is an invalid
/// parameter (empty extent; rendering throws `RenderError.invalidParameter`).
public struct Resizing: ImageComponent, CustomStringConvertible, LinkedComponent {
  /// How a size with a different aspect ratio is met.
  public enum Fit: String, CaseIterable, Sendable {
    case fill
    case contain
    case cover
    case inside
  }

  public let input: any ImageComponent
  /// The sides as used: clamped to 2^30 (as given when refused).
  public let width: Int?
  public let height: Int?
  public let fit: Fit
  public let interpolation: Interpolation
  /// The part `cover` keeps.
  public let gravity: Gravity
  /// Whether scales are capped at 1.
  public let shrinkOnly: Bool
  let axes: (x: SeparableScaler.Axis, y: SeparableScaler.Axis)?
  let problem: RenderError?
  public let identity: ComponentIdentity
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// The input resized as `fit` says, `cover` keeping the centre, enlarging when the box is larger.
  public init(
    _ input: any ImageComponent, width: Int?, height: Int?, fit: Fit = .fill, interpolation: Interpolation = .bicubic
  ) {
    self.init(input, width: width, height: height, fit: fit, interpolation: interpolation, gravity: .center,
      shrinkOnly: false)
  }

  /// As `init(_:width:height:fit:interpolation:)`, never enlarging when `shrinkOnly`.
  public init(
    _ input: any ImageComponent, width: Int?, height: Int?, fit: Fit = .fill, interpolation: Interpolation = .bicubic,
    shrinkOnly: Bool
  ) {
    self.init(input, width: width, height: height, fit: fit, interpolation: interpolation, gravity: .center,
      shrinkOnly: shrinkOnly)
  }

  /// As `init(_:width:height:fit:interpolation:)`, `cover` keeping the part `gravity` names, never enlarging when
  /// `shrinkOnly`. (Separate signatures rather than defaults on the first, so that code naming the first still
  /// builds.)
  public init(
    _ input: any ImageComponent, width: Int?, height: Int?, fit: Fit = .fill, interpolation: Interpolation = .bicubic,
    gravity: Gravity, shrinkOnly: Bool = false
  ) {
    self.input = input
    inputLink = InputLink([input])
    var check = ParameterValidation("resize")
    let width = width.map { w in check.check(w) { () throws(ParameterError) in try ParameterCheck.size(w, "width") } }
    let height = height.map { h in
      check.check(h) { () throws(ParameterError) in try ParameterCheck.size(h, "height") }
    }
    problem = check.error
    parameterError = problem ?? input.parameterError
    self.width = width
    self.height = height
    self.fit = fit
    self.interpolation = interpolation
    self.gravity = gravity
    self.shrinkOnly = shrinkOnly
    identity = ComponentIdentity(Self.self, inputs: [input],
      parameters: [width, height, fit, interpolation, gravity, shrinkOnly])
    let e = input.extent
    guard problem == nil, !e.isEmpty, !e.isInfinite else {
      axes = nil
      return
    }
    let aspect = Double(e.width) / Double(e.height)
    // A side that follows the aspect ratio is clamped like a given one.
    func side(_ value: Double) -> Int { Int(min(Double(ParameterCheck.maxLength), max(1, value.rounded()))) }
    var w = width ?? side(Double(height ?? e.height) * aspect)
    var h = height ?? side(Double(width ?? e.width) / aspect)
    let sx = Double(w) / Double(e.width)
    let sy = Double(h) / Double(e.height)
    let mode = (width == nil || height == nil) ? .fill : fit
    if shrinkOnly && mode == .fill {
      // Each side at most the input's (one given side keeps the aspect ratio: both shrink together).
      if width == nil || height == nil {
        if sx > 1 || sy > 1 { (w, h) = (e.width, e.height) }
      } else {
        (w, h) = (min(w, e.width), min(h, e.height))
      }
    }
    switch mode {
    case .fill:
      axes = (
        .init(from: e.minX..<e.maxX, to: e.minX..<e.minX + w, interpolation: interpolation),
        .init(from: e.minY..<e.maxY, to: e.minY..<e.minY + h, interpolation: interpolation))
    case .contain, .inside:
      let s = shrinkOnly ? min(sx, sy, 1) : min(sx, sy)
      let cw = side(Double(e.width) * s)
      let ch = side(Double(e.height) * s)
      axes = (
        .init(from: e.minX..<e.maxX, to: e.minX..<e.minX + cw, interpolation: interpolation),
        .init(from: e.minY..<e.maxY, to: e.minY..<e.minY + ch, interpolation: interpolation))
    case .cover:
      // Uniform scale; the overflow is cut where the gravity says (evenly from both sides for the centre). Never
      // enlarging, the target shrinks to what the unscaled image covers.
      let s = shrinkOnly ? min(max(sx, sy), 1) : max(sx, sy)
      func axis(_ lower: Int, _ count: Int, _ target: Int, _ a: Double) -> SeparableScaler.Axis {
        let target = shrinkOnly ? min(target, side(Double(count) * s)) : target
        // (For the centre, a = ½, the same arithmetic as `Double(target) / 2`: no byte changes.)
        let offset = Double(lower) + a * Double(target) - (Double(lower) + a * Double(count)) * s
        return .init(scale: s, offset: offset, inputRange: lower..<lower + count, outputRange: lower..<lower + target,
          interpolation: interpolation)
      }
      let a = gravity.alignment
      axes = (axis(e.minX, e.width, w, a.x), axis(e.minY, e.height, h, a.y))
    }
  }

  public var extent: IntRect {
    guard let axes else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
    return IntRect(x: axes.x.outputRange.lowerBound, y: axes.y.outputRange.lowerBound,
      width: axes.x.outputRange.count, height: axes.y.outputRange.count)
  }

  public var inputs: [any ImageComponent] { [input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    SeparableScaler.inputDemands(for: region, input: input, axes: axes)
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try SeparableScaler.render(region, input: input, axes: axes, context: context)
  }

  public var description: String {
    "resize \(width.map(String.init) ?? "_")x\(height.map(String.init) ?? "_") fit=\(fit.rawValue) \(interpolation)"
      + (gravity == .center ? "" : " gravity=\(gravity)") + (shrinkOnly ? " shrink-only" : "")
  }
}

/// As the warps do: at the root, the scaled pixels go straight into the renderer's output, with no tile raster to
/// clear and copy.
extension Resizing: DirectRendering {
  func render(_ region: IntRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, context: RenderContext) throws {
    if let problem { throw problem }
    try SeparableScaler.render(region, input: input, axes: axes, into: out, stride: stride, context: context)
  }
}

extension Resizing: DeepRendering {
  /// The separable scaler computes in floats on either depth's scale.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}

extension ImageComponent {
  /// This component resized to `width` × `height` (either may be `nil` to keep the aspect ratio; sides at least 1,
  /// clamped to 2^30), the part `cover` keeps chosen by `gravity`, never enlarged with `shrinkOnly` (see `Resizing`).
  public func resized(width: Int?, height: Int?, fit: Resizing.Fit = .fill, interpolation: Interpolation = .bicubic)
    -> Resizing
  {
    Resizing(self, width: width, height: height, fit: fit, interpolation: interpolation)
  }

  /// As `resized(width:height:fit:interpolation:)`, never enlarging when `shrinkOnly`.
  public func resized(
    width: Int?, height: Int?, fit: Resizing.Fit = .fill, interpolation: Interpolation = .bicubic, shrinkOnly: Bool
  ) -> Resizing {
    Resizing(self, width: width, height: height, fit: fit, interpolation: interpolation, shrinkOnly: shrinkOnly)
  }

  /// As `resized(width:height:fit:interpolation:)`, `cover` keeping the part `gravity` names, never enlarging when
  /// `shrinkOnly`. (Separate signatures rather than new defaults on the first, so that code naming the first still
  /// builds.)
  public func resized(
    width: Int?, height: Int?, fit: Resizing.Fit = .fill, interpolation: Interpolation = .bicubic,
    gravity: Gravity, shrinkOnly: Bool = false
  ) -> Resizing {
    Resizing(self, width: width, height: height, fit: fit, interpolation: interpolation, gravity: gravity,
      shrinkOnly: shrinkOnly)
  }
}
