/// What a component needs while rendering: the pixel limit, and the way to ask its inputs for pixels.
///
/// Each component receives a context that knows where the component sits in the tree being rendered, so requests
/// made through it can be recorded per stage (see `RenderTrace`, which `decor apply --explain` prints).
public struct RenderContext: Sendable {
  /// The most pixels any one region may have; larger requests throw `RasterError.tooLarge`.
  public var pixelLimit: Int
  /// Where requests are recorded, if anywhere.
  public let trace: RenderTrace?
  /// The position of the component this context was given to: the input indices from the root.
  public private(set) var path: [Int]

  public init(pixelLimit: Int = Raster.defaultPixelLimit, trace: RenderTrace? = nil) {
    self.pixelLimit = pixelLimit
    self.trace = trace
    path = []
  }

  /// Renders the root component (the one this context's path leads to) over `region`, recording the request.
  func renderRoot(_ component: any ImageComponent, _ region: IntRect) throws -> Raster {
    trace?.record(path: path, component: component, region: region)
    return try component.render(region, context: self)
  }

  /// Renders `region` of `input`, the input number `index` of the component that owns this context.
  public func render(_ input: any ImageComponent, _ region: IntRect, input index: Int = 0) throws -> Raster {
    var child = self
    child.path.append(index)
    _ = try Raster.byteCount(width: region.width, height: region.height, pixelLimit: pixelLimit)
    trace?.record(path: child.path, component: input, region: region)
    return try input.render(region, context: child)
  }

  /// Renders the part of `region` that `input` covers, or returns `nil` if `region` misses its extent: the way to
  /// ask for pixels without paying for the transparent surroundings. The result may cover more than was asked
  /// (a raster input is handed over whole, without copying); use its `rect`.
  public func renderClipped(_ input: any ImageComponent, _ region: IntRect, input index: Int = 0) throws
    -> RenderedRegion?
  {
    let covered = region.intersection(input.extent)
    guard !covered.isEmpty else { return nil }
    if let raster = input as? Raster {
      // Pixels already in memory: hand over the whole raster (shared, not copied) rather than a copy of the part.
      var child = self
      child.path.append(index)
      trace?.record(path: child.path, component: input, region: covered)
      return RenderedRegion(rect: raster.bounds, raster: raster)
    }
    return RenderedRegion(rect: covered, raster: try render(input, covered, input: index))
  }
}
