/// The input mirrored within its extent: left-right (`horizontal`), top-bottom (`vertical`) or both (`both`, the
/// same as a half turn). Exact.
public struct Flip: ImageComponent, CustomStringConvertible, LinkedComponent {
  /// Which way to mirror.
  public enum Axis: String, CaseIterable, Sendable {
    case horizontal
    case vertical
    /// Horizontal and vertical at once.
    case both
  }

  public let input: any ImageComponent
  public let axis: Axis
  let warp: AffineWarp
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, axis: Axis) {
    self.input = input
    self.axis = axis
    let e = input.extent.isInfinite ? IntRect(x: 0, y: 0, width: 0, height: 0) : input.extent
    // x' = minX + maxX − x mirrors the columns within the extent, y' = minY + maxY − y the rows.
    let x = axis != .vertical
    let y = axis != .horizontal
    let transform = AffineTransform(a: x ? -1 : 1, b: 0, c: 0, d: y ? -1 : 1, tx: x ? Double(e.minX + e.maxX) : 0,
      ty: y ? Double(e.minY + e.maxY) : 0)
    warp = AffineWarp(transform, interpolation: .nearest)
    extent = warp.extent(of: input.extent)
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [axis])
    parameterError = input.parameterError
    inputLink = InputLink([input])
  }

  public var inputs: [any ImageComponent] { [input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] { warp.inputDemands(for: region, input: input) }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    try warp.render(region, input: input, context: context)
  }

  public var description: String { "flip \(axis.rawValue)" }
}

extension Flip: DeepRendering {
  /// A flip copies pixels, at any depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { true }
}

extension ImageComponent {
  /// This component mirrored within its extent.
  public func flipped(_ axis: Flip.Axis) -> Flip { Flip(self, axis: axis) }
}
