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
  }

  private let stages = Mutex<[[Int]: Record]>([:])

  public init() {}

  func record(path: [Int], component: any ImageComponent, region: IntRect) {
    stages.withLock { stages in
      if var stage = stages[path] {
        stage.region = stage.region.union(region)
        stage.pixels = IntRect.add(stage.pixels, region.area)
        stage.requests += 1
        stages[path] = stage
      } else {
        stages[path] = Record(component: component, region: region, pixels: region.area, requests: 1)
      }
    }
  }

  /// Adds what `other` recorded (the renderer gives each parallel job a trace of its own and merges them when the
  /// jobs are done, so that no lock is ever contended while rendering), its paths under `prefix` (an analysis's
  /// pass over its input is a render of its own, whose root is that input).
  func merge(_ other: RenderTrace, under prefix: [Int] = []) {
    let theirs = other.stages.withLock { $0 }
    stages.withLock { stages in
      for (own, stage) in theirs {
        let path = prefix + own
        if var mine = stages[path] {
          mine.region = mine.region.union(stage.region)
          mine.pixels = IntRect.add(mine.pixels, stage.pixels)
          mine.requests += stage.requests
          stages[path] = mine
        } else {
          stages[path] = stage
        }
      }
    }
  }

  /// The stages in tree order (each component before its inputs), numbered in that order: each one's `region` is
  /// the bounding box of the regions asked of it, `pixels` and `requests` what they add up to.
  public var recorded: [RenderPlan.Stage] {
    let records = stages.withLock { $0 }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    return records.enumerated().map { number, entry in
      RenderPlan.Stage(traced: entry.value.component, id: number, path: entry.key, region: entry.value.region,
        requests: entry.value.requests, pixels: entry.value.pixels)
    }
  }
}
