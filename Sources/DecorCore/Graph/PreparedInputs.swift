import Synchronization

/// The regions of its inputs a component declared (`inputDemands(for:)`), rendered by the renderer before the
/// component's `render` asks for them, as Core Image hands a kernel the regions of interest it declared: what one
/// evaluation (`RenderContext.evaluate`) computed for the stages of its graph, by stage, each kept until its last
/// declared consumer has taken it.
///
/// A raster taken by its last consumer is handed over without another reference to it, so a decorator that changes
/// its input's pixels in place (a colour filter) does so without copying them.
final class PreparedInputs: Sendable {
  /// One region of a stage, rendered, and how many declared demands have yet to take it.
  struct Entry: Sendable {
    var region: IntRect
    var raster: Raster?
    var uses: Int
  }

  private let entries = Mutex<[Int: [Entry]]>([:])

  /// Keeps `raster`, region `region` of stage `stage`, for `uses` demands.
  func keep(_ raster: Raster, region: IntRect, of stage: Int, uses: Int) {
    entries.withLock { $0[stage, default: []].append(Entry(region: region, raster: raster, uses: Swift.max(1, uses))) }
  }

  /// The pixels of `region` of stage `stage`, if a kept region holds them: the kept raster itself for the same
  /// region (let go of by the last use), else the part of a larger one, copied. `nil` when nothing kept holds
  /// `region`.
  func take(_ region: IntRect, of stage: Int, pixelLimit: Int) throws -> Raster? {
    let found: (raster: Raster, rect: IntRect)? = entries.withLock { entries in
      guard var kept = entries[stage] else { return nil }
      if let index = kept.firstIndex(where: { $0.region == region && $0.raster != nil }) {
        let raster = kept[index].raster!
        kept[index].uses -= 1
        if kept[index].uses <= 0 { kept[index].raster = nil }
        entries[stage] = kept.contains(where: { $0.raster != nil }) ? kept : nil
        return (raster, region)
      }
      guard let holding = kept.first(where: { $0.raster != nil && $0.region.contains(region) }) else { return nil }
      return (holding.raster!, holding.region)
    }
    guard let found else { return nil }
    if found.rect == region { return found.raster }
    var part = try Raster(width: region.width, height: region.height, format: found.raster.format,
      pixelLimit: pixelLimit)
    part.copy(found.raster, from: region.offsetBy(dx: -found.rect.minX, dy: -found.rect.minY), toX: 0, y: 0)
    return part
  }
}
