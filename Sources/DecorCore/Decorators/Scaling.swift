/// The input scaled by (sx, sy) about the top-left of its extent.
///
/// The result has `round(width × sx) × round(height × sy)` pixels (at least one), so the factors actually used are
/// those of the rounded size, as in ImageMagick's `-resize 50%`. Shrinking with `bilinear` or `bicubic` filters the
/// whole covered area (no aliasing); `nearest` point-samples. Edges stay as opaque as the input's. An input with an
/// infinite extent is scaled about the origin by the exact factors.
///
/// Parameters (see `ParameterCheck.scale(_:_:)`): factors are clamped into 0.0001 … 10000 and the resulting sides
/// to 2^30 pixels; a factor that is NaN, ±∞, zero or negative is an invalid parameter (empty extent; rendering
/// throws `RenderError.invalidParameter`).
public struct Scaling: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The factors as used: clamped into 0.0001 … 10000 (as given when refused).
  public let sx: Double
  public let sy: Double
  public let interpolation: Interpolation
  let axes: (x: SeparableScaler.Axis, y: SeparableScaler.Axis)?
  let problem: RenderError?
  public let identity: ComponentIdentity
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, sx: Double, sy: Double, interpolation: Interpolation = .bicubic) {
    self.input = input
    inputLink = InputLink([input])
    var check = ParameterValidation("scale")
    let sx = check.check(sx) { () throws(ParameterError) in try ParameterCheck.scale(sx, "horizontal scale factor") }
    let sy = check.check(sy) { () throws(ParameterError) in try ParameterCheck.scale(sy, "vertical scale factor") }
    problem = check.error
    parameterError = problem ?? input.parameterError
    self.sx = sx
    self.sy = sy
    self.interpolation = interpolation
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [sx, sy, interpolation])
    let e = input.extent
    guard problem == nil, !e.isEmpty else {
      axes = nil
      return
    }
    if e.isInfinite {
      let all = IntRect.infinite
      axes = (
        .init(scale: sx, offset: 0, inputRange: all.minX..<all.maxX, outputRange: all.minX..<all.maxX,
          interpolation: interpolation),
        .init(scale: sy, offset: 0, inputRange: all.minY..<all.maxY, outputRange: all.minY..<all.maxY,
          interpolation: interpolation))
      return
    }
    let limit = Double(ParameterCheck.maxLength)
    let width = min(limit, max(1.0, (Double(e.width) * sx).rounded()))
    let height = min(limit, max(1.0, (Double(e.height) * sy).rounded()))
    axes = (
      .init(from: e.minX..<e.maxX, to: e.minX..<e.minX + Int(width), interpolation: interpolation),
      .init(from: e.minY..<e.maxY, to: e.minY..<e.minY + Int(height), interpolation: interpolation))
  }

  public var extent: IntRect {
    guard let axes else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
    if input.extent.isInfinite { return .infinite }
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

  public var description: String { "scale \(sx) \(sy) \(interpolation)" }
}

/// As the warps do: at the root, the scaled pixels go straight into the renderer's output, with no tile raster to
/// clear and copy.
extension Scaling: DirectRendering {
  func render(_ region: IntRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, context: RenderContext) throws {
    if let problem { throw problem }
    try SeparableScaler.render(region, input: input, axes: axes, into: out, stride: stride, context: context)
  }
}

extension Scaling: DeepRendering {
  /// The separable scaler computes in floats on either depth's scale.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}

extension ImageComponent {
  /// This component scaled by `factor` in both directions, about the top-left of its extent (clamped into
  /// 0.0001 … 10000; see `Scaling`).
  public func scaled(by factor: Double, interpolation: Interpolation = .bicubic) -> Scaling {
    Scaling(self, sx: factor, sy: factor, interpolation: interpolation)
  }

  /// This component scaled by `sx` horizontally and `sy` vertically, about the top-left of its extent.
  public func scaled(x sx: Double, y sy: Double, interpolation: Interpolation = .bicubic) -> Scaling {
    Scaling(self, sx: sx, sy: sy, interpolation: interpolation)
  }
}
