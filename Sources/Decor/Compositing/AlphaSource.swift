/// A component's coverage (its alpha channel alone), grown (`spread` > 0) or shrunk (`spread` < 0) by a disc of
/// radius |spread|: what the shadows blur. One byte a pixel instead of four, so a shadow's blur costs about a
/// quarter of an image blur.
struct AlphaSource: BlurSource {
  let input: any ImageComponent
  let spread: Double

  var lanes: Int { 1 }

  /// How many whole pixels the spread moves the outline.
  var reach: Int { Int(abs(spread).rounded(.down)) }

  var extent: IntRect {
    let e = input.extent
    if e.isEmpty || e.isInfinite || reach == 0 { return e }
    let d = spread > 0 ? reach : -reach
    return IntRect(x: e.minX - d, y: e.minY - d, width: e.width + 2 * d, height: e.height + 2 * d)
  }

  func render(_ region: IntRect, context: RenderContext) throws -> BytePlane? {
    let target = region.intersection(extent)
    guard !target.isEmpty else { return nil }
    let reach = reach
    if reach == 0 {
      return try context.renderClipped(input, target).flatMap { BytePlane(alphaOf: $0, within: target) }
    }
    let around = IntRect(x: target.minX - reach, y: target.minY - reach, width: target.width + 2 * reach,
      height: target.height + 2 * reach)
    guard let pixels = try context.renderClipped(input, around), let plane = BytePlane(alphaOf: pixels, within: around)
    else { return nil }
    return AlphaMorphology.apply(plane, radius: abs(spread), grow: spread > 0, over: target)
  }
}
