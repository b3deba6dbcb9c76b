/// What one render will ask of every node of a component graph, worked out before any pixel is computed.
///
/// The plan is a graph, not a tree: a component reached by several paths (a shadow's input, which the shape and
/// the image over it both use; a `Group` holding one value twice; a value a user passed to two decorators) is one
/// node (`ComponentIdentity` tells which values are the same node). Each node receives the regions all its consumers
/// will ask for (through `inputDemands(for:)`), once every consumer has been planned, and passes on what it will ask
/// of its own inputs, so every node learns the bounding box of everything this render will demand of it, the union
/// over tiles and consumers. A node that materialises (a large blur, see `Materialising`) is computed once over that
/// box, before the tiles, and its own inputs are planned for that single request instead of the tiles'; the
/// renderer keeps what it computed by node, so every consumer reads the one result. `decor apply --explain` prints
/// the plan, each node once.
public struct RenderPlan: Sendable, CustomStringConvertible {
  /// One node of the graph in this render.
  public struct Stage: Sendable, CustomStringConvertible {
    /// The node's number: its index in `stages`.
    public var id: Int
    /// The input indices from the root along the first path that reaches the node (in tree order): `[]` is the
    /// root, `[0]` its first input, `[0, 1]` that one's second. A node reached by several paths has this one only;
    /// `uses` lists every consumer. Made when asked, from the plan's tree of first paths, so that a plan of a long
    /// chain does not hold a path per stage (quadratic in the chain's length).
    public var path: [Int] {
      get { givenPath ?? paths.path(of: pathNode ?? id) }
      set { givenPath = newValue }
    }
    private var givenPath: [Int]?
    /// The first paths of every stage of the plan, shared (a trace's: the paths of the places it recorded).
    let paths: PlanPaths
    /// The stage's node in `paths` when it is not `id` (a trace's stage), and its depth there when known.
    private var pathNode: Int?
    private var givenDepth: Int?
    /// How many inputs lie between the root and the node along `path`.
    var depth: Int { givenPath?.count ?? givenDepth ?? paths.depth(of: pathNode ?? id) }
    /// The component's description, such as `rotate 30° bilinear` (made when asked: a render never needs it).
    public var component: String {
      get { givenComponent ?? String(describing: node) }
      @available(*, deprecated, message: "a stage's description is its component's; set it only to label a copy")
      set { givenComponent = newValue }
    }
    /// A description set in place of the component's (the deprecated setter of `component`).
    private var givenComponent: String?
    public var extent: IntRect
    /// The bounding box of every region this render will ask of the stage.
    public var region: IntRect
    /// How many requests that is (tiles, or parts of tiles), and their pixels summed (saturating at `Int.max`).
    public var requests: Int
    public var pixels: Int
    /// Whether the stage is computed once over `region ∩ extent`, band by band ahead of the tiles: a stage that is
    /// worth it on its own (a large blur, a streamed input), or one with inputs that several consumers read.
    public var materialised: Bool
    /// Every consumer of the node: which stage asks it for pixels, as which of its inputs. Empty for the root; two or
    /// more for a node reached by several paths.
    public var uses: [Use]
    /// The stage each input index of this one leads to.
    package let inputs: [Int: Int]
    /// What the stage asks of its inputs for each region the plan gave it, as its `inputDemands(for:)` said when
    /// the plan asked: the one time a region's demand is worked out, read again by the band schedule and by each
    /// tile's evaluation (see `demands(for:)`).
    let demands: [IntRect: [PlannedDemand]]
    package let node: any ImageComponent
    /// Whether the component lists its `inputs`, and so is handed only the regions it declared (see
    /// `RenderContext.checkDemand`); one that does not is an older decorator whose requests are rendered as asked.
    let declaresInputs: Bool

    init(
      id: Int, paths: PlanPaths, extent: IntRect, region: IntRect, requests: Int, pixels: Int, materialised: Bool,
      uses: [Use], inputs: [Int: Int], node: any ImageComponent, demands: [IntRect: [PlannedDemand]] = [:]
    ) {
      self.demands = demands
      self.id = id
      self.paths = paths
      self.extent = extent
      self.region = region
      self.requests = requests
      self.pixels = pixels
      self.materialised = materialised
      self.uses = uses
      self.inputs = inputs
      self.node = node
      self.declaresInputs = !node.inputs.isEmpty
    }

    /// A stage as a trace records it: what was asked of `component`, outside any plan, at node `node` of the
    /// trace's `paths`, `depth` inputs below the root.
    init(
      traced component: any ImageComponent, id: Int, paths: PlanPaths, node: Int, depth: Int, region: IntRect,
      requests: Int, pixels: Int
    ) {
      self.init(id: id, paths: paths, extent: component.extent, region: region, requests: requests,
        pixels: pixels, materialised: false, uses: [], inputs: [:], node: component)
      pathNode = node
      givenDepth = depth
      isPlanned = false
    }

    /// What the stage asks of its inputs for `region` (input index and region, empty regions left out): as the
    /// plan recorded it for a region the plan gave the stage, else asked of the component now (a band's rows of a
    /// stage computed once, or a request the plan did not foresee).
    func demands(for region: IntRect) -> [PlannedDemand] {
      if let planned = demands[region] { return planned }
      return PlannedDemand.of(node, for: region)
    }

    /// Whether the stage is a plan's (not a trace's record).
    private var isPlanned = true

    /// The bounding box of every region asked of the stage: `region`, under the name a trace's stage gave it.
    @available(*, deprecated, renamed: "region")
    public var requested: IntRect {
      get { region }
      set { region = newValue }
    }

    public var description: String {
      RenderPlan.indent(depth) + summary
    }

    /// The stage without its indentation.
    var summary: String {
      "\(component): extent \(extent), asked for \(region) "
        + "(\(pixels) pixels in \(requests) request\(requests == 1 ? "" : "s"))"
        + (materialised ? ", computed once over \(region.intersection(extent))" : "")
        + (isPlanned && node is any Analysing ? ", its input analysed once over its extent" : "")
        + (uses.count > 1 ? ", used \(uses.count) times" : "")
    }
  }

  /// What a stage asks of one input for one region: input number `index`, over `region`.
  struct PlannedDemand: Sendable {
    var index: Int
    var region: IntRect

    /// What `component` asks of its inputs for `region`, empty regions left out, ordered by input (see `of(_:)`).
    static func of(_ component: any ImageComponent, for region: IntRect) -> [PlannedDemand] {
      of(component.inputDemands(for: region))
    }

    /// `demands` without their empty regions, ordered by input index (each input's in the order given), so that
    /// the demands of one input are found by a binary search (`declares`): a group of many layers is checked in
    /// time logarithmic, not linear, in its layers for each layer it asks for.
    static func of(_ demands: [InputDemand]) -> [PlannedDemand] {
      demands.enumerated().compactMap { position, demand in
        demand.region.isEmpty ? nil : (position, PlannedDemand(index: demand.index, region: demand.region))
      }
      .sorted { ($0.1.index, $0.0) < ($1.1.index, $1.0) }
      .map(\.1)
    }

    /// Whether `demands` (ordered by input, as `of` makes them) hold a region of input `index` containing `region`.
    static func declares(_ demands: [PlannedDemand], input index: Int, containing region: IntRect) -> Bool {
      var low = 0
      var high = demands.count
      while low < high {
        let middle = (low + high) / 2
        if demands[middle].index < index { low = middle + 1 } else { high = middle }
      }
      while low < demands.count && demands[low].index == index {
        if demands[low].region.contains(region) { return true }
        low += 1
      }
      return false
    }
  }

  /// A consumer of a stage: stage `stage` asks for it as its input number `input`.
  public struct Use: Sendable, Equatable {
    public var stage: Int
    public var input: Int
  }

  /// The stages, each before its inputs (for a tree, in tree order: each stage followed by its inputs' subtrees).
  public let stages: [Stage]

  /// The stage of the root.
  package var root: Int { 0 }

  /// Per stage: whether it is rendered when its consumer asks rather than prepared ahead (see
  /// `RenderContext.evaluate`): a stage with inputs, all of them leaves, that one consumer asks. Rendering it when
  /// asked goes one level below its consumer and no deeper, so no chain's depth reaches the stack, and nothing is
  /// computed twice; preparing it would cost a context, a kept raster and a lookup for nothing (a scene's 100,000
  /// colour layers, each a crop of a colour).
  let rendersWhenAsked: [Bool]

  /// The pixel format every raster of this render has: 16 bits when the render may go deeper (`deep`), a source
  /// holds more than 8-bit premultiplied pixels keep (`DeepSource`), and every stage renders at 16 bits
  /// (`DeepRendering`), straight when every stage only moves pixels (`PixelFormat.rgba16Straight`: exact for every
  /// source) and premultiplied otherwise; else 8 bits.
  package let format: PixelFormat
  /// The most bits a channel of a source file holds (`DeepSource.sourceDepth`): 16 when one is a 16-bit file, 10 or
  /// 12 for a 10- or 12-bit HEIC, else 8. An output keeps this depth where its format can and is not told otherwise.
  package let sourceDepth: Int
  /// Whether a source holds more than 8-bit premultiplied pixels keep (`DeepSource`): then the description says
  /// which format the render works in and, at 8 bits, why.
  let hasDeepSource: Bool
  /// Whether the render was allowed 16 bits (`Renderer.allowsDeep` with the `automatic` precision, or the
  /// `sixteenBits` one).
  let deepAllowed: Bool
  /// The renderer's precision.
  let precision: RenderPrecision
  /// The first stage that renders at 8 bits only, if any.
  let firstShallow: Int?

  /// The stage input `index` of stage `stage` leads to, if the plan saw that input asked for.
  func input(_ index: Int, of stage: Int) -> Int? { stages[stage].inputs[index] }

  /// Plans `root` for the given requests (the renderer's tiles): the graph is walked from the inputs each component
  /// declares, ordered once (every node after all its consumers) and the requests passed down it in that order, so
  /// that planning costs time linear in the nodes and requests, with no recursion. An edge a component did not
  /// declare (a decorator written before `inputs` existed) is found when its demand names it; the requests are then
  /// passed down again, ordered with it, until no new edge appears.
  ///
  /// `deep` says whether the output takes 16-bit pixels (`Renderer.allowsDeep`); `precision` whether the render
  /// works at 16 bits then (`automatic`), always (`sixteenBits`: whatever the sources hold) or never (`eightBits`).
  init(_ root: any ImageComponent, requests: [IntRect], deep: Bool = false, precision: RenderPrecision = .automatic) {
    let graph = PlanGraph(root.unwrapped)
    graph.propagate(requests)
    var rounds = 0
    while graph.foundEdges && rounds < graph.nodes.count {
      graph.propagate(requests)
      rounds += 1
    }
    let stages = graph.stages()
    self.stages = stages
    rendersWhenAsked = stages.map { stage in
      !stage.inputs.isEmpty && stage.uses.count <= 1 && stage.inputs.values.allSatisfy { stages[$0].inputs.isEmpty }
    }
    let sources = stages.compactMap { $0.node as? any DeepSource }
    hasDeepSource = sources.contains { $0.holdsMoreThanEightBits }
    sourceDepth = sources.map(\.sourceDepth).max() ?? 8
    firstShallow = stages.firstIndex { ($0.node as? any DeepRendering)?.rendersDeep != true }
    self.precision = precision
    deepAllowed = precision == .sixteenBits || (precision == .automatic && deep)
    if deepAllowed && (hasDeepSource || precision == .sixteenBits) && firstShallow == nil {
      let moves = stages.allSatisfy { ($0.node as? any DeepRendering)?.onlyMovesPixels == true }
      format = moves ? .rgba16Straight : .rgba16
    } else {
      format = .rgba8
    }
  }

  /// Why a render allowed 16 bits works at 8 (`#0 duotone works at 8 bits`, `a source is read at
  /// 8 bits so far`); `nil` when it works at 16 bits or was not allowed to.
  package var depthLimit: String? {
    if precision == .eightBits { return "the renderer's precision is 8 bits" }
    guard deepAllowed, format.depth != 16 else { return nil }
    return shallowStep ?? "a source is read at 8 bits so far"
  }

  /// The first stage that works at 8 bits only, said as the plan's lines name it.
  private var shallowStep: String? {
    firstShallow.map { "#\($0) \(stages[$0].component) works at 8 bits" }
  }

  /// The line that says what the render works in, when a source holds more than 8-bit premultiplied pixels keep.
  var formatLine: String? {
    if precision == .sixteenBits && !hasDeepSource {
      return format.depth == 16 ? "the render works at 16 bits a channel (asked for)"
        : "the render works at 8 bits a channel, though 16 were asked for (\(shallowStep ?? "a source"))"
    }
    guard hasDeepSource else { return nil }
    if format == .rgba16Straight {
      return "the render works at 16 bits a channel, straight (a source is translucent or 16-bit; every step moves "
        + "pixels)"
    }
    if format == .rgba16 { return "the render works at 16 bits a channel (a source is translucent or 16-bit)" }
    let why = precision == .eightBits ? "the renderer's precision is 8 bits"
      : shallowStep ?? "the output takes 8-bit pixels"
    return "the render works at 8 bits a channel, rounding the translucent or 16-bit source (\(why))"
  }

  /// The indentation of a line `depth` inputs below the root: two spaces a level up to `deepestIndent`, and the
  /// depth written out below that, so that a plan of a long chain prints in space linear in its length.
  static func indent(_ depth: Int) -> String {
    depth <= deepestIndent
      ? String(repeating: "  ", count: depth)
      : String(repeating: "  ", count: deepestIndent) + "(depth \(depth)) "
  }

  /// The deepest level indented (see `indent`).
  static let deepestIndent = 32

  /// Each stage once, indented along its first path in tree order; a stage reached again is a line pointing to it.
  public var description: String {
    var lines: [String] = []
    var printed = Set<Int>()
    // Depth first with a stack of its own, so that a chain of any length prints without recursion.
    var pending: [(id: Int, depth: Int)] = stages.isEmpty ? [] : [(root, 0)]
    while let (id, depth) = pending.popLast() {
      let indent = Self.indent(depth)
      let stage = stages[id]
      guard printed.insert(id).inserted else {
        lines.append(indent + "= #\(id) \(stage.component) (the node above: planned once for all its uses)")
        continue
      }
      lines.append(indent + "#\(id) " + stage.summary)
      for (_, input) in stage.inputs.sorted(by: { $0.key > $1.key }) {
        pending.append((input, depth + 1))
      }
    }
    if let formatLine { lines.append(formatLine) }
    return lines.joined(separator: "\n")
  }
}

/// The first path from the root to every stage of a plan, as a tree: each stage's parent along it and the input
/// index it is reached by. Shared by the plan's stages.
final class PlanPaths: Sendable {
  struct Parent: Sendable {
    var stage: Int
    var input: Int
  }

  /// Per stage: its parent on the first path, `nil` for the root.
  let parents: [Parent?]

  init(parents: [Parent?]) { self.parents = parents }

  /// The input indices from the root to `stage`.
  func path(of stage: Int) -> [Int] {
    var path: [Int] = []
    var current = stage
    while let parent = parents[current] {
      path.append(parent.input)
      current = parent.stage
    }
    return path.reversed()
  }

  /// How many inputs lie between the root and `stage`.
  func depth(of stage: Int) -> Int {
    var depth = 0
    var current = stage
    while let parent = parents[current] {
      depth += 1
      current = parent.stage
    }
    return depth
  }
}

/// The working state of planning one graph: its nodes, the edges between them, and the requests each node receives
/// in a propagation.
private final class PlanGraph {
  struct Node {
    var component: any ImageComponent
    var extent: IntRect
    var materialises: Bool
    /// Input index → node.
    var inputs: [Int: Int] = [:]
    /// What this propagation asks of the node.
    var requests: [IntRect] = []
    var materialised = false
    /// What the node asks of its inputs for each region this propagation gave it.
    var demands: [IntRect: [RenderPlan.PlannedDemand]] = [:]
  }

  var nodes: [Node] = []
  /// Node identity → index in `nodes`.
  var numbers: [ComponentIdentity: Int] = [:]
  /// Whether the last propagation found an edge it had not known when it ordered the nodes.
  var foundEdges = false

  /// The graph reachable from `root` through the inputs each component declares.
  init(_ root: any ImageComponent) {
    _ = node(of: root)
    var pending = [0]
    while let id = pending.popLast() {
      for (index, input) in nodes[id].component.inputs.enumerated() {
        let known = nodes.count
        let target = node(of: input.unwrapped)
        nodes[id].inputs[index] = target
        if target == known { pending.append(target) }
      }
    }
  }

  /// The node of `component`, added if new.
  func node(of component: any ImageComponent) -> Int {
    let key = component.identity
    if let id = numbers[key] { return id }
    numbers[key] = nodes.count
    nodes.append(Node(component: component, extent: component.extent,
      materialises: (component as? any Materialising)?.materialises == true))
    return nodes.count - 1
  }

  /// The nodes reachable from the root through the known edges, each before all of its inputs: the reverse of a
  /// depth-first post-order that visits inputs from the last to the first, so that a tree comes out in tree order.
  func order() -> [Int] {
    var state = [UInt8](repeating: 0, count: nodes.count)  // 0 new, 1 on the stack, 2 done
    var postOrder: [Int] = []
    // Iterative, so that a chain of thousands of steps cannot exhaust the stack.
    var stack: [(node: Int, inputs: [Int], next: Int)] = []
    func push(_ id: Int) {
      state[id] = 1
      let inputs = nodes[id].inputs.sorted { $0.key > $1.key }.map(\.value)
      stack.append((id, inputs, 0))
    }
    push(0)
    while let top = stack.last {
      if top.next < top.inputs.count {
        stack[stack.count - 1].next += 1
        let input = top.inputs[top.next]
        // A node on the stack reached again would be a cycle, which values cannot build; it is skipped.
        if state[input] == 0 { push(input) }
      } else {
        stack.removeLast()
        state[top.node] = 2
        postOrder.append(top.node)
      }
    }
    return postOrder.reversed()
  }

  /// The node `demand` asks for as input `demand.index` of node `id`: the one that input leads to (declared, or
  /// found before), else its node, the edge recorded and flagged.
  func input(_ demand: InputDemand, of id: Int) -> Int {
    if let known = nodes[id].inputs[demand.index] { return known }
    let input = node(of: demand.component)
    nodes[id].inputs[demand.index] = input
    foundEdges = true
    return input
  }

  /// Passes `requests` from the root down the graph, every node after all its consumers known so far.
  func propagate(_ requests: [IntRect]) {
    foundEdges = false
    for index in nodes.indices {
      nodes[index].requests = []
      nodes[index].materialised = false
      nodes[index].demands = [:]
    }
    nodes[0].requests = requests
    let order = order()
    var done = [Bool](repeating: false, count: nodes.count)
    // Whether two or more consumers (stage and input index) asked each node for something in this propagation:
    // the first consumer of each node, and whether another came.
    var firstUser = [(stage: Int, index: Int)?](repeating: nil, count: nodes.count)
    var sharedBy = [Bool](repeating: false, count: nodes.count)
    for id in order {
      done[id] = true
      let asked = nodes[id].requests.filter { !$0.isEmpty }
      nodes[id].requests = asked
      guard let first = asked.first else { continue }
      let box = asked.dropFirst().reduce(first) { $0.union($1) }
      // A node that materialises, and a node with inputs that two or more consumers read (a shadow's input: the
      // shape and the image over it), is computed once, band by band, rather than once per consumer's request.
      let shared = sharedBy[id] && !nodes[id].inputs.isEmpty
      let materialised = (nodes[id].materialises || shared) && !box.intersection(nodes[id].extent).isEmpty
      nodes[id].materialised = materialised
      let component = nodes[id].component
      for region in materialised ? [box.intersection(nodes[id].extent)] : asked {
        // Each region's demand is asked of the component once; a region asked again reads it back.
        var planned = nodes[id].demands[region]
        if planned == nil {
          let demands = component.inputDemands(for: region).filter { !$0.region.isEmpty }
          for demand in demands { _ = input(demand, of: id) }
          planned = RenderPlan.PlannedDemand.of(demands)
          nodes[id].demands[region] = planned
        }
        for demand in planned ?? [] {
          guard let input = nodes[id].inputs[demand.index] else { continue }
          // An input already passed on is reached by an edge the order did not know (`input` flagged it), as is a
          // node found just now, which the order does not hold: the next propagation gives them this demand.
          if input < done.count && done[input] { foundEdges = true }
          nodes[input].requests.append(demand.region)
          if input < firstUser.count {
            if let user = firstUser[input] {
              if user != (id, demand.index) { sharedBy[input] = true }
            } else {
              firstUser[input] = (id, demand.index)
            }
          }
        }
      }
    }
  }

  /// The planned stages, in `order()` with their identifiers renumbered to it: the nodes asked for something.
  func stages() -> [RenderPlan.Stage] {
    let order = order().filter { !nodes[$0].requests.isEmpty }
    guard order.first == 0 else { return [] }
    var number = [Int: Int]()
    for (position, id) in order.enumerated() { number[id] = position }
    var uses = [[RenderPlan.Use]](repeating: [], count: order.count)
    var parents = [PlanPaths.Parent?](repeating: nil, count: order.count)
    var reached = [Bool](repeating: false, count: order.count)
    reached[0] = true
    for (position, id) in order.enumerated() {
      for (index, input) in nodes[id].inputs.sorted(by: { $0.key < $1.key }) {
        guard let target = number[input] else { continue }
        uses[target].append(RenderPlan.Use(stage: position, input: index))
        // Consumers come first, so the first path found is the first in tree order among those through earlier
        // stages.
        if !reached[target] && reached[position] {
          reached[target] = true
          parents[target] = PlanPaths.Parent(stage: position, input: index)
        }
      }
    }
    let paths = PlanPaths(parents: parents)
    return order.enumerated().map { position, id in
      let node = nodes[id]
      let box = node.requests.dropFirst().reduce(node.requests[0]) { $0.union($1) }
      var inputs: [Int: Int] = [:]
      for (index, input) in node.inputs { if let target = number[input] { inputs[index] = target } }
      return RenderPlan.Stage(id: position, paths: paths, extent: node.extent, region: box,
        requests: node.requests.count, pixels: node.requests.reduce(0) { IntRect.add($0, $1.area) },
        materialised: node.materialised, uses: uses[position], inputs: inputs, node: node.component,
        demands: node.demands)
    }
  }
}
