/// The input resized to an exact size, keeping the top-left of its extent.
///
/// Give both sides, or one with `nil` for the other to follow the aspect ratio (`_` on the command line). With
/// both sides, `fit` decides: `fill` stretches to exactly width × height; `contain` scales uniformly to fit
/// inside (one side may come out shorter); `cover` scales uniformly to cover and crops the overflow evenly from
/// both sides, giving exactly width × height. Resampling as in `Scaling`. An input with an infinite extent, or a
/// size below one pixel, gives an empty extent (nothing is drawn).
public struct Resizing: ImageComponent, CustomStringConvertible {
  /// How a size with a different aspect ratio is met.
  public enum Fit: String, CaseIterable, Sendable {
    case fill
    case contain
    case cover
  }

  public let input: any ImageComponent
  public let width: Int?
  public let height: Int?
  public let fit: Fit
  public let interpolation: Interpolation
  let axes: (x: SeparableScaler.Axis, y: SeparableScaler.Axis)?

  public init(
    _ input: any ImageComponent, width: Int?, height: Int?, fit: Fit = .fill, interpolation: Interpolation = .bicubic
  ) {
    self.input = input
    self.width = width
    self.height = height
    self.fit = fit
    self.interpolation = interpolation
    let e = input.extent
    guard !e.isEmpty, !e.isInfinite, width ?? 1 >= 1, height ?? 1 >= 1, width ?? 1 < 1 << 40, height ?? 1 < 1 << 40
    else {
      axes = nil
      return
    }
    let aspect = Double(e.width) / Double(e.height)
    let w = width ?? max(1, Int((Double(height ?? e.height) * aspect).rounded()))
    let h = height ?? max(1, Int((Double(width ?? e.width) / aspect).rounded()))
    let sx = Double(w) / Double(e.width)
    let sy = Double(h) / Double(e.height)
    switch (width == nil || height == nil) ? .fill : fit {
    case .fill:
      axes = (
        .init(from: e.minX..<e.maxX, to: e.minX..<e.minX + w, interpolation: interpolation),
        .init(from: e.minY..<e.maxY, to: e.minY..<e.minY + h, interpolation: interpolation))
    case .contain:
      let s = min(sx, sy)
      let cw = max(1, Int((Double(e.width) * s).rounded()))
      let ch = max(1, Int((Double(e.height) * s).rounded()))
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
    guard let axes, let needed = SeparableScaler.inputRegion(for: region, x: axes.x, y: axes.y)?
      .intersection(input.extent), !needed.isEmpty
    else { return [] }
    return [InputDemand(input, needed)]
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    guard let axes else { return try Raster(width: region.width, height: region.height) }
    let asked = SeparableScaler.inputRegion(for: region, x: axes.x, y: axes.y)
    let source = try asked.flatMap { try context.renderClipped(input, $0) }
    return try SeparableScaler.render(source, region: region, x: axes.x, y: axes.y, pixelLimit: context.pixelLimit)
  }

  public var description: String {
    "resize \(width.map(String.init) ?? "_")x\(height.map(String.init) ?? "_") fit=\(fit.rawValue) \(interpolation)"
  }
}

extension ImageComponent {
  /// This component resized to `width` × `height` (either may be `nil` to keep the aspect ratio).
  public func resized(width: Int?, height: Int?, fit: Resizing.Fit = .fill, interpolation: Interpolation = .bicubic)
    -> Resizing
  {
    Resizing(self, width: width, height: height, fit: fit, interpolation: interpolation)
  }
}
