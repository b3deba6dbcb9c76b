extension RenderContext {
  /// Renders `region` of `component`, the node of this context's stage, and every stage below it the request
  /// reaches, without recursion: as Core Image hands a kernel the regions of interest it declared, the regions each
  /// stage declares it will ask of its inputs (`inputDemands(for:)`) are followed down the plan first, then rendered
  /// from the deepest stage up, each stage's `render` finding its inputs' regions ready in its context
  /// (`PreparedInputs`). A chain of any length is rendered with a stack of constant depth, and a region two
  /// consumers declare alike is rendered once.
  ///
  /// Not prepared, but asked for when `render` asks: leaves (a raster, a generator: nothing below them), stages
  /// whose inputs are all leaves and that one consumer asks (`RenderPlan.rendersWhenAsked`: one level deeper, and
  /// computed once either way), and stages the render computed once whose rows hold the region. A request a
  /// component did not declare is rendered when it is asked, by an evaluation of its own; the bytes are the same either way, a render being a pure function of the
  /// graph and the region. A request outside what the component declared is refused (`checkDemand`).
  func evaluate(_ component: any ImageComponent, _ region: IntRect) throws -> Raster {
    guard let plan, let root = stage, !plan.stages[root].inputs.isEmpty, !plan.rendersWhenAsked[root] else {
      return try component.render(region, context: rendering(region))
    }
    let stages = plan.stages
    // The regions asked of each stage from `root` on (inputs come after their consumers in the plan), how many
    // declared demands ask for each, and the stages to render, consumers first.
    var asked = [[IntRect]](repeating: [], count: stages.count - root)
    var uses = [[IntRect: Int]](repeating: [:], count: stages.count - root)
    var order: [Int] = []
    asked[0] = [region]
    for id in root..<stages.count where !asked[id - root].isEmpty {
      let stage = stages[id]
      if id != root {
        if stage.inputs.isEmpty || plan.rendersWhenAsked[id] { continue }
        if let rows = materialised.isEmpty ? nil : materialised[id],
          asked[id - root].allSatisfy({ rows.servesPixels($0.intersection(stage.extent)) })
        {
          continue
        }
      }
      var regions: [IntRect] = []
      for region in asked[id - root] where !regions.contains(region) { regions.append(region) }
      asked[id - root] = regions
      order.append(id)
      for region in regions {
        for demand in stage.demands(for: region) {
          guard let input = stage.inputs[demand.index] else { continue }
          // Refused as its consumer's request would be, the nearest the output first.
          try Self.checkSize(demand.region, of: stages[input].node, pixelLimit: pixelLimit)
          asked[input - root].append(demand.region)
          uses[input - root][demand.region, default: 0] += 1
        }
      }
    }
    let prepared = PreparedInputs()
    for id in order.reversed() where id != root {
      let stage = stages[id]
      var context = with(stage: id, materialised: materialised)
      context.prepared = prepared
      for region in asked[id - root] {
        try cancellation?.check()
        let pixels: Raster
        do {
          pixels = try stage.node.render(region, context: context.rendering(region))
        } catch {
          throw RenderError.wrapping(error, in: String(describing: stage.node))
        }
        prepared.keep(pixels, region: region, of: id, uses: uses[id - root][region] ?? 1)
      }
    }
    var context = rendering(region)
    context.prepared = prepared
    return try component.render(region, context: context)
  }

  /// Throws `RenderError.stageTooLarge` naming `component` when `region` is over the pixel limit.
  static func checkSize(_ region: IntRect, of component: any ImageComponent, pixelLimit: Int) throws(RenderError) {
    if (try? Raster.byteCount(width: region.width, height: region.height, pixelLimit: pixelLimit)) == nil {
      throw .stageTooLarge(component: String(describing: component), width: region.width, height: region.height,
        limit: pixelLimit)
    }
  }
}
