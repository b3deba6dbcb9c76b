import Synchronization

/// A record of what each stage of a component tree was asked to render: its extent, the bounding box of the
/// regions it was asked for, and how many pixels those requests added up to (more than the box when tiles
/// overlap, as the footprints of a resampling or a blur do). `decor apply --explain` prints it.
///
/// Safe to share between the renderer's threads.
public final class RenderTrace: Sendable {
  /// One stage of the tree.
  public struct Stage: Sendable, CustomStringConvertible {
    /// The input indices from the root: `[]` is the root, `[0]` its first input, `[0, 1]` that one's second.
    public var path: [Int]
    /// The component's description, such as `rotate 30° bilinear`.
    public var component: String
    public var extent: IntRect
    /// The bounding box of every region asked for.
    public var requested: IntRect
    /// The pixels asked for, summed over all requests (saturating at `Int.max`).
    public var pixels: Int
    /// How many requests were made.
    public var requests: Int

    public var description: String {
      String(repeating: "  ", count: path.count) + "\(component): extent \(extent), asked for \(requested) "
        + "(\(pixels) pixels in \(requests) request\(requests == 1 ? "" : "s"))"
    }
  }

  private let stages = Mutex<[[Int]: Stage]>([:])

  public init() {}

  func record(path: [Int], component: any ImageComponent, region: IntRect) {
    stages.withLock { stages in
      if var stage = stages[path] {
        stage.requested = stage.requested.union(region)
        stage.pixels = IntRect.add(stage.pixels, region.area)
        stage.requests += 1
        stages[path] = stage
      } else {
        stages[path] = Stage(path: path, component: String(describing: component), extent: component.extent,
          requested: region, pixels: region.area, requests: 1)
      }
    }
  }

  /// Adds what `other` recorded (the renderer gives each parallel job a trace of its own and merges them when the
  /// jobs are done, so that no lock is ever contended while rendering), its paths under `prefix` (an analysis's
  /// pass over its input is a render of its own, whose root is that input).
  func merge(_ other: RenderTrace, under prefix: [Int] = []) {
    let theirs = other.stages.withLock { $0 }
    stages.withLock { stages in
      for (own, var stage) in theirs {
        let path = prefix + own
        stage.path = path
        if var mine = stages[path] {
          mine.requested = mine.requested.union(stage.requested)
          mine.pixels = IntRect.add(mine.pixels, stage.pixels)
          mine.requests += stage.requests
          stages[path] = mine
        } else {
          stages[path] = stage
        }
      }
    }
  }

  /// The stages in tree order (each component before its inputs).
  public var recorded: [Stage] {
    stages.withLock { $0.values.sorted { $0.path.lexicographicallyPrecedes($1.path) } }
  }
}
