/// What one render will ask of every stage of a component tree, worked out before any pixel is computed.
///
/// The plan walks the tree once from the output's tiles down: each stage receives the regions its consumer will
/// ask for (through `inputDemands(for:)`) and passes on what it will ask of its own inputs, so every stage learns
/// the bounding box of everything this render will demand of it, the union over tiles. A stage that materialises
/// (a large blur, see `Materialising`) is computed once over that box, before the tiles, and its own inputs are
/// planned for that single request instead of the tiles'. `decor apply --explain` prints the plan.
///
/// Stages are identified by their path (the input indices from the root), so a component value used twice in a
/// tree is two stages, each with its own demand.
public struct RenderPlan: Sendable, CustomStringConvertible {
  /// One stage of the tree in this render.
  public struct Stage: Sendable, CustomStringConvertible {
    /// The input indices from the root: `[]` is the root, `[0]` its first input, `[0, 1]` that one's second.
    public var path: [Int]
    /// The component's description, such as `rotate 30° bilinear` (made when asked: a render never needs it).
    public var component: String { String(describing: node) }
    public var extent: IntRect
    /// The bounding box of every region this render will ask of the stage.
    public var region: IntRect
    /// How many requests that is (tiles, or parts of tiles), and their pixels summed (saturating at `Int.max`).
    public var requests: Int
    public var pixels: Int
    /// Whether the stage is computed once over `region ∩ extent` before the tiles.
    public var materialised: Bool
    let node: any ImageComponent

    public var description: String {
      String(repeating: "  ", count: path.count) + "\(component): extent \(extent), asked for \(region) "
        + "(\(pixels) pixels in \(requests) request\(requests == 1 ? "" : "s"))"
        + (materialised ? ", computed once over \(region.intersection(extent))" : "")
    }
  }

  /// The stages in tree order (each before its inputs).
  public let stages: [Stage]

  /// Plans `root` for the given requests (the renderer's tiles).
  init(_ root: any ImageComponent, requests: [IntRect]) {
    var stages: [Stage] = []
    func visit(_ component: any ImageComponent, path: [Int], requests: [IntRect]) {
      let asked = requests.filter { !$0.isEmpty }
      guard let first = asked.first else { return }
      let box = asked.dropFirst().reduce(first) { $0.union($1) }
      let extent = component.extent
      let materialised = (component as? any Materialising)?.materialises == true
        && !box.intersection(extent).isEmpty
      stages.append(Stage(path: path, extent: extent, region: box,
        requests: asked.count, pixels: asked.reduce(0) { IntRect.add($0, $1.area) }, materialised: materialised,
        node: component))
      var inputs: [Int: (component: any ImageComponent, regions: [IntRect])] = [:]
      for region in materialised ? [box.intersection(extent)] : asked {
        for demand in component.inputDemands(for: region) where !demand.region.isEmpty {
          inputs[demand.index, default: (demand.component, [])].regions.append(demand.region)
        }
      }
      for (index, input) in inputs.sorted(by: { $0.key < $1.key }) {
        visit(input.component, path: path + [index], requests: input.regions)
      }
    }
    visit(root, path: [], requests: requests)
    self.stages = stages
  }

  public var description: String { stages.map(\.description).joined(separator: "\n") }
}
