/// The input moved by (dx, dy) pixels.
///
/// Whole-pixel moves are free: the extent shifts and the input is asked for the shifted region, with no
/// resampling. Fractional moves resample with `interpolation`, so the edges become partly transparent.
public struct Translation: ImageComponent, CustomStringConvertible {
  public let input: any ImageComponent
  public let offset: Point
  public let interpolation: Interpolation
  let warp: AffineWarp?

  public init(_ input: any ImageComponent, by offset: Point, interpolation: Interpolation = .bilinear) {
    self.input = input
    self.offset = offset
    self.interpolation = interpolation
    let whole = offset.x == offset.x.rounded() && offset.y == offset.y.rounded() && abs(offset.x) < 1e15
      && abs(offset.y) < 1e15
    warp = whole ? nil : AffineWarp(.translation(offset.x, offset.y), interpolation: interpolation)
  }

  var integerOffset: (dx: Int, dy: Int) { (Int(offset.x), Int(offset.y)) }

  public var extent: IntRect {
    if let warp { return warp.extent(of: input.extent) }
    if input.extent.isInfinite { return input.extent }
    return input.extent.offsetBy(dx: integerOffset.dx, dy: integerOffset.dy)
  }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    if let warp { return warp.inputDemands(for: region, input: input) }
    return [InputDemand(input, shifted(region))]
  }

  /// Where a region comes from, for whole-pixel moves.
  func shifted(_ region: IntRect) -> IntRect { region.offsetBy(dx: -integerOffset.dx, dy: -integerOffset.dy) }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let warp { return try warp.render(region, input: input, context: context) }
    return try context.render(input, shifted(region))
  }

  public var description: String { "translate \(offset.x) \(offset.y)" }
}

extension ImageComponent {
  /// This component moved by `offset` pixels (right and down for positive values).
  public func translated(by offset: Point, interpolation: Interpolation = .bilinear) -> Translation {
    Translation(self, by: offset, interpolation: interpolation)
  }
}
