/// The input resized to an exact size, keeping the top-left of its extent.
///
/// Give both sides, or one with `nil` for the other to follow the aspect ratio (`_` on the command line). With
/// both sides, `fit` decides: `fill` stretches to exactly width × height; `contain` scales uniformly to fit
/// inside (one side may come out shorter); `cover` scales uniformly to cover and crops the overflow evenly from
/// both sides, giving exactly width × height. Resampling as in `Scaling`. An input with an infinite extent gives an
/// empty extent (nothing is drawn); with `nil` for both sides the size stays.
///
/// Parameters (see `ParameterCheck.size(_:_:)`): sides are clamped to 2^30 pixels; a side below 1 is an invalid
/// parameter (empty extent; rendering throws `RenderError.invalidParameter`).
public struct Resizing: ImageComponent, CustomStringConvertible {
  /// How a size with a different aspect ratio is met.
  public enum Fit: String, CaseIterable, Sendable {
    case fill
    case contain
    case cover
  }

  public let input: any ImageComponent
  /// The sides as used: clamped to 2^30 (as given when refused).
  public let width: Int?
  public let height: Int?
  public let fit: Fit
  public let interpolation: Interpolation
  let axes: (x: SeparableScaler.Axis, y: SeparableScaler.Axis)?
  let problem: RenderError?

  public init(
    _ input: any ImageComponent, width: Int?, height: Int?, fit: Fit = .fill, interpolation: Interpolation = .bicubic
  ) {
    self.input = input
    var check = ParameterValidation("resize")
    let width = width.map { w in check.check(w) { () throws(ParameterError) in try ParameterCheck.size(w, "width") } }
    let height = height.map { h in
      check.check(h) { () throws(ParameterError) in try ParameterCheck.size(h, "height") }
    }
    problem = check.error
    self.width = width
    self.height = height
    self.fit = fit
    self.interpolation = interpolation
    let e = input.extent
    guard problem == nil, !e.isEmpty, !e.isInfinite else {
      axes = nil
      return
    }
    let aspect = Double(e.width) / Double(e.height)
    // A side that follows the aspect ratio is clamped like a given one.
    func side(_ value: Double) -> Int { Int(min(Double(ParameterCheck.maxLength), max(1, value.rounded()))) }
    let w = width ?? side(Double(height ?? e.height) * aspect)
    let h = height ?? side(Double(width ?? e.width) / aspect)
    let sx = Double(w) / Double(e.width)
    let sy = Double(h) / Double(e.height)
    switch (width == nil || height == nil) ? .fill : fit {
    case .fill:
      axes = (
        .init(from: e.minX..<e.maxX, to: e.minX..<e.minX + w, interpolation: interpolation),
        .init(from: e.minY..<e.maxY, to: e.minY..<e.minY + h, interpolation: interpolation))
    case .contain:
      let s = min(sx, sy)
      let cw = side(Double(e.width) * s)
      let ch = side(Double(e.height) * s)
      axes = (
        .init(from: e.minX..<e.maxX, to: e.minX..<e.minX + cw, interpolation: interpolation),
        .init(from: e.minY..<e.maxY, to: e.minY..<e.minY + ch, interpolation: interpolation))
    case .cover:
      // Uniform scale, centred on the target: the overflow is cut evenly from both sides.
      let s = max(sx, sy)
      func axis(_ lower: Int, _ count: Int, _ target: Int) -> SeparableScaler.Axis {
        let offset = Double(lower) + Double(target) / 2 - (Double(lower) + Double(count) / 2) * s
        return .init(scale: s, offset: offset, inputRange: lower..<lower + count, outputRange: lower..<lower + target,
          interpolation: interpolation)
      }
      axes = (axis(e.minX, e.width, w), axis(e.minY, e.height, h))
    }
  }

  public var extent: IntRect {
    guard let axes else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
    return IntRect(x: axes.x.outputRange.lowerBound, y: axes.y.outputRange.lowerBound,
      width: axes.x.outputRange.count, height: axes.y.outputRange.count)
  }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    SeparableScaler.inputDemands(for: region, input: input, axes: axes)
  }

  public var parameterError: RenderError? { problem ?? input.parameterError }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try SeparableScaler.render(region, input: input, axes: axes, context: context)
  }

  public var description: String {
    "resize \(width.map(String.init) ?? "_")x\(height.map(String.init) ?? "_") fit=\(fit.rawValue) \(interpolation)"
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

extension ImageComponent {
  /// This component resized to `width` × `height` (either may be `nil` to keep the aspect ratio; sides at least 1,
  /// clamped to 2^30, see `Resizing`).
  public func resized(width: Int?, height: Int?, fit: Resizing.Fit = .fill, interpolation: Interpolation = .bicubic)
    -> Resizing
  {
    Resizing(self, width: width, height: height, fit: fit, interpolation: interpolation)
  }
}
