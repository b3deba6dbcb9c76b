/// The input mirrored within its extent: left-right (`horizontal`) or top-bottom (`vertical`). Exact.
public struct Flip: ImageComponent, CustomStringConvertible {
  /// Which way to mirror.
  public enum Axis: String, CaseIterable, Sendable {
    case horizontal
    case vertical
  }

  public let input: any ImageComponent
  public let axis: Axis
  let warp: AffineWarp

  public init(_ input: any ImageComponent, axis: Axis) {
    self.input = input
    self.axis = axis
    let e = input.extent.isInfinite ? IntRect(x: 0, y: 0, width: 0, height: 0) : input.extent
    let transform = axis == .horizontal
      ? AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: Double(e.minX + e.maxX), ty: 0)
      : AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: Double(e.minY + e.maxY))
    warp = AffineWarp(transform, interpolation: .nearest)
  }

  public var extent: IntRect { warp.extent(of: input.extent) }

  public func inputDemands(for region: IntRect) -> [InputDemand] { warp.inputDemands(for: region, input: input) }

  public var parameterError: RenderError? { input.parameterError }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    try warp.render(region, input: input, context: context)
  }

  public var description: String { "flip \(axis.rawValue)" }
}

extension ImageComponent {
  /// This component mirrored within its extent.
  public func flipped(_ axis: Flip.Axis) -> Flip { Flip(self, axis: axis) }
}
