import Synchronization

/// A record of what each stage of a component tree was asked to render: its extent, the bounding box of the
/// regions it was asked for, and how many pixels those requests added up to (more than the box when tiles
/// overlap, as the footprints of a resampling or a blur do). `decor apply --explain` prints it.
///
/// Safe to share between the renderer's threads.
public final class RenderTrace: Sendable {
  /// One stage of the tree: the plan's stage type, whose `region` is the bounding box of the regions asked for.
  @available(*, deprecated, renamed: "RenderPlan.Stage", message: "a trace records the plan's stages")
  public typealias Stage = RenderPlan.Stage

  /// What was asked of one stage so far.
  private struct Record {
    var component: any ImageComponent
    var region: IntRect
    var pixels: Int
    var requests: Int

    mutating func add(_ other: Record) {
      region = region.union(other.region)
      pixels = IntRect.add(pixels, other.pixels)
      requests += other.requests
    }
  }

  /// The records by the place they were asked at (not by path, whose length is the stage's depth: a trace of a long
  /// chain would hold a number of indices quadratic in its length).
  private let stages = Mutex<[TracePosition: Record]>([:])

  public init() {}

  func record(at position: TracePosition, component: any ImageComponent, region: IntRect) {
    stages.withLock { stages in
      let record = Record(component: component, region: region, pixels: region.area, requests: 1)
      if var stage = stages[position] {
        stage.add(record)
        stages[position] = stage
      } else {
        stages[position] = record
      }
    }
  }

  /// Adds what `other` recorded (the renderer gives each parallel job a trace of its own and merges them when the
  /// jobs are done, so that no lock is ever contended while rendering), its places under `prefix` (an analysis's
  /// pass over its input is a render of its own, whose root is that input).
  func merge(_ other: RenderTrace, under prefix: TracePosition = .root) {
    let theirs = other.stages.withLock { $0 }
    stages.withLock { stages in
      for (own, stage) in theirs {
        let position = prefix.appending(own)
        if var mine = stages[position] {
          mine.add(stage)
          stages[position] = mine
        } else {
          stages[position] = stage
        }
      }
    }
  }

  /// The stages in tree order (each component before its inputs), numbered in that order: each one's `region` is
  /// the bounding box of the regions asked of it, `pixels` and `requests` what they add up to. Made in time linear
  /// in the stages, each stage's `path` worked out when asked.
  public var recorded: [RenderPlan.Stage] {
    let records = stages.withLock { $0 }
    let tree = TraceTree()
    var byNode: [Int: Record] = [:]
    for (position, record) in records {
      let node = tree.node(of: position)
      if var known = byNode[node] {
        known.add(record)
        byNode[node] = known
      } else {
        byNode[node] = record
      }
    }
    let paths = PlanPaths(parents: tree.parents)
    var stages: [RenderPlan.Stage] = []
    for (node, depth) in tree.preorder() {
      guard let record = byNode[node] else { continue }
      stages.append(RenderPlan.Stage(traced: record.component, id: stages.count, paths: paths, node: node,
        depth: depth, region: record.region, requests: record.requests, pixels: record.pixels))
    }
    return stages
  }
}

/// Where a request was made, without listing its path: the stage of a plan the request's context was at and the
/// input indices asked from there on outside the plan (one segment), after the segments of the places the renders it
/// is part of were made from (an analysis's pass over its input, whose trace is merged under that input's place).
struct TracePosition: Hashable, Sendable {
  /// A stage of a plan (`nil` outside any plan) and the inputs asked beyond it.
  struct Segment: Hashable, Sendable {
    var paths: PlanPaths?
    var stage: Int?
    var beyond: [Int]

    static func == (a: Segment, b: Segment) -> Bool {
      a.paths === b.paths && a.stage == b.stage && a.beyond == b.beyond
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(paths.map(ObjectIdentifier.init))
      hasher.combine(stage)
      hasher.combine(beyond)
    }
  }

  var segments: [Segment]

  /// The root of the render.
  static let root = TracePosition(segments: [])

  /// `other` taken as below this place.
  func appending(_ other: TracePosition) -> TracePosition { TracePosition(segments: segments + other.segments) }
}

/// The tree of the places a trace recorded: each node a path from the root, reached from its parent by one input
/// index, so that the paths of all a trace's stages take space linear in their number.
private final class TraceTree {
  /// Per node: its parent and the input index it is reached by; `nil` for the root (node 0).
  var parents: [PlanPaths.Parent?] = [nil]
  /// The node reached from a node by an input index.
  private var children: [Pair: Int] = [:]
  /// The node a plan's stage maps to, below a node (the place its plan's render was made from).
  private var stages: [StageKey: Int] = [:]

  private struct Pair: Hashable {
    var node: Int
    var input: Int
  }

  private struct StageKey: Hashable {
    var base: Int
    var paths: ObjectIdentifier
    var stage: Int
  }

  /// The node reached from `node` by input `input`, added if new.
  func child(of node: Int, _ input: Int) -> Int {
    if let known = children[Pair(node: node, input: input)] { return known }
    parents.append(PlanPaths.Parent(stage: node, input: input))
    children[Pair(node: node, input: input)] = parents.count - 1
    return parents.count - 1
  }

  /// The node of `position`.
  func node(of position: TracePosition) -> Int {
    var node = 0
    for segment in position.segments {
      if let paths = segment.paths, let stage = segment.stage { node = self.node(of: stage, in: paths, below: node) }
      for input in segment.beyond { node = child(of: node, input) }
    }
    return node
  }

  /// The node of stage `stage` of the plan whose first paths are `paths`, its root being `base`: found by walking up
  /// the plan's paths to a stage already placed (or the root), then placing the stages passed on the way down.
  private func node(of stage: Int, in paths: PlanPaths, below base: Int) -> Int {
    let id = ObjectIdentifier(paths)
    var passed: [PlanPaths.Parent] = []
    var current = stage
    var node = base
    while true {
      if let known = stages[StageKey(base: base, paths: id, stage: current)] {
        node = known
        break
      }
      guard let parent = paths.parents[current] else { break }
      passed.append(PlanPaths.Parent(stage: current, input: parent.input))
      current = parent.stage
    }
    for step in passed.reversed() {
      node = child(of: node, step.input)
      stages[StageKey(base: base, paths: id, stage: step.stage)] = node
    }
    return node
  }

  /// Every node with its depth, in tree order (each before its inputs, inputs by index), without recursion.
  func preorder() -> [(node: Int, depth: Int)] {
    var below = [[(input: Int, node: Int)]](repeating: [], count: parents.count)
    for (node, parent) in parents.enumerated() {
      if let parent { below[parent.stage].append((parent.input, node)) }
    }
    var order: [(node: Int, depth: Int)] = []
    var pending = [(node: 0, depth: 0)]
    while let (node, depth) = pending.popLast() {
      order.append((node, depth))
      for child in below[node].sorted(by: { $0.input > $1.input }) { pending.append((child.node, depth + 1)) }
    }
    return order
  }
}
