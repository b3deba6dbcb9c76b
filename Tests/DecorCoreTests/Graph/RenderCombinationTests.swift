import Decor
import Foundation
import Testing
import DecorTestSupport

/// The combinations that crashed before the render plan: stateful filters chained, nested, drawn, in
/// groups, shared between tasks. Each chain is checked against the same steps applied one at a time, every
/// intermediate rendered whole on one thread and fed to the next step as an image: the chained render must give the
/// same extent and the same bytes, whatever the tile size and thread count.
@Suite(.tags(.slow)) struct RenderCombinationTests {
  /// A small cut-out (transparent surroundings, antialiased edges) with an opaque photo inset.
  static func scene() throws -> Raster { try GaussianReference.scene(width: 72) }

  /// `steps` applied one at a time, each result rendered whole on one thread and placed at its extent.
  static func stepwise(_ steps: [String], on image: any ImageComponent) throws -> (IntRect, Raster) {
    var current: any ImageComponent = image
    for step in steps {
      let next = try Chain(parsing: [step]).apply(to: current)
      let e = next.extent
      let pixels = try Renderer(tileSize: 1 << 14, threads: 1).render(next)
      current = pixels.translated(by: Point(Double(e.minX), Double(e.minY)))
    }
    return (current.extent, try Renderer(tileSize: 1 << 14, threads: 1).render(current))
  }

  /// The chain rendered in one go, with `tileSize` and `threads`.
  static func chained(_ steps: [String], on image: any ImageComponent, tileSize: Int, threads: Int) throws
    -> (IntRect, Raster)
  {
    let chain = try Chain(parsing: steps).apply(to: image)
    return (chain.extent, try Renderer(tileSize: tileSize, threads: threads).render(chain))
  }

  static let blurBased = [
    "blur 1.5", "blur 6", "shadow 3 2 blur=4", "shadow -2 3 blur=2 spread=2", "shadow 4 4 blur=7 spread=-1 only",
    "inner-shadow 2 3 blur=3", "inner-shadow -3 1 blur=1.5", "shadow 1 1 blur=9 opacity=0.8",
    "sharpen 5 amount=1.5 threshold=2",
  ]

  static var pairs: [(String, String)] { blurBased.flatMap { a in blurBased.map { b in (a, b) } } }

  /// Every ordered pair of blur-based filters (spread, only and both kernels included), chained.
  @Test(arguments: SanitizerRun.sample(pairs, every: 4))
  func blurBasedFiltersChainInPairs(first: String, second: String) throws {
    let image = try Self.scene()
    let reference = try Self.stepwise([first, second], on: image)
    for (tileSize, threads) in [(32, 2), (17, 1)] {
      let result = try Self.chained([first, second], on: image, tileSize: tileSize, threads: threads)
      #expect(result.0 == reference.0, "\(first) | \(second) extent")
      #expect(result.1 == reference.1, "\(first) | \(second), tiles \(tileSize), \(threads) threads")
    }
  }

  static let resampling = ["rotate 1", "rotate 30 interpolation=bicubic", "scale 0.5", "scale 1.7",
    "translate 0.5 0", "skew 12 -5", "transform 0.9 0.2 -0.1 1.1 3.5 -2", "resize 50x_"]

  /// Each blur-based filter followed by each resampling step (a large shadow followed by `rotate 1` crashed).
  @Test(arguments: SanitizerRun.sample(blurBased, every: 3))
  func blurBasedFiltersFollowedByResampling(step: String) throws {
    let image = try Self.scene()
    for after in Self.resampling {
      let reference = try Self.stepwise([step, after], on: image)
      let result = try Self.chained([step, after], on: image, tileSize: 24, threads: 2)
      #expect(result.0 == reference.0 && result.1 == reference.1, "\(step) | \(after)")
    }
  }

  /// Drawn at a fractional point (`draw(photo.addingDropShadow(sigma: 8), at: Point(10.5, 10))` crashed).
  @Test(arguments: SanitizerRun.sample(blurBased, every: 3))
  func blurBasedFiltersDrawnAtAFractionalPoint(step: String) throws {
    let image = try Self.scene()
    let component = try Chain(parsing: [step]).apply(to: image)
    let e = component.extent
    let flat = try component.rendered().translated(by: Point(Double(e.minX), Double(e.minY)))
    var expected = try Raster(width: 160, height: 130, fill: .white)
    try expected.draw(flat, at: Point(10.5, 10), renderer: Renderer(tileSize: 1 << 14, threads: 1))
    for renderer in [Renderer(tileSize: 16, threads: 1), Renderer(tileSize: 40, threads: 2)] {
      var canvas = try Raster(width: 160, height: 130, fill: .white)
      try canvas.draw(component, at: Point(10.5, 10), renderer: renderer)
      #expect(canvas == expected, "\(step)")
    }
  }

  /// Blur-based filters inside groups (inside groups, inside a blend), at tile sizes from 17 to 512: the same
  /// bytes as one tile on one thread.
  @Test func blurBasedFiltersInNestedGroupsAtAnyTileSize() throws {
    let image = try Self.scene()
    let inner = Group([
      Layer(image.addingDropShadow(offset: Point(4, 4), sigma: 6), x: 0, y: 0),
      Layer(image.blurred(sigma: 3.5).addingInnerShadow(offset: Point(-2, 2), sigma: 5), x: 50, y: 30,
        blendMode: .multiply, opacity: 0.8),
    ])
    let outer = Group([
      Layer(SolidColor(Color(red: 0.9, green: 0.85, blue: 0.7)).cropped(to: IntRect(x: 0, y: 0, width: 190, height: 150))),
      Layer(inner.addingDropShadow(offset: Point(3, 5), sigma: 8, spread: 1), x: 12, y: 9),
      Layer(inner.blurred(sigma: 2).rotated(by: .degrees(8)), x: 60, y: 40, blendMode: .screen),
    ])
    let scene = outer.blurred(sigma: 4).blended(with: inner, mode: .overlay, at: Point(20, 10))
    let reference = try Renderer(tileSize: 1 << 14, threads: 1).render(scene)
    for tileSize in [17, 31, 64, 100, 256, 512] {
      for threads in [1, 4] {
        #expect(try Renderer(tileSize: tileSize, threads: threads).render(scene) == reference,
          "tiles \(tileSize), \(threads) threads")
      }
    }
  }

  /// Blur on blur, shadow on shadow, at depth: every stage computed once, the result as step by step.
  @Test(arguments: [["blur 4", "blur 4", "blur 5", "blur 3"], ["shadow 2 2 blur=3", "shadow 3 -1 blur=4",
    "shadow 1 4 blur=5", "inner-shadow 2 2 blur=3"], ["blur 2", "shadow blur=6", "rotate 10", "blur 8", "scale 0.6"]])
  func deepChainsOfBlurs(steps: [String]) throws {
    let image = try Self.scene()
    let reference = try Self.stepwise(steps, on: image)
    let result = try Self.chained(steps, on: image, tileSize: 40, threads: 2)
    #expect(result.0 == reference.0 && result.1 == reference.1)
  }

  /// A blur whose demanded region is far larger than its output (a large blur shrunk to a thumbnail, a small crop
  /// of a large rotation of a blur).
  @Test func aBlurDemandedFarBeyondItsOutput() throws {
    let image = try Self.scene()
    for steps in [["blur 20", "scale 0.1"], ["blur 12", "rotate 45", "crop 40 40 12 9"], ["blur 30", "resize 7x5"]] {
      let reference = try Self.stepwise(steps, on: image)
      let result = try Self.chained(steps, on: image, tileSize: 4, threads: 2)
      #expect(result.0 == reference.0 && result.1 == reference.1, "\(steps)")
    }
    // The plan asks the blur for all it needs once, though the output is a few pixels.
    let thumbnail = try Chain(parsing: ["blur 20", "scale 0.1"]).apply(to: image)
    let plan = try Renderer(tileSize: 4).plan(thumbnail)
    let blur = try #require(plan.stages.first { $0.path == [0] })
    #expect(blur.materialised && blur.region.area > 20 * thumbnail.extent.area)
  }

  /// One template (a chain applied once) rendered from 8 tasks at once: identical bytes, as one render alone.
  @Test func oneTemplateRenderedByEightTasksAtOnce() async throws {
    let image = try Self.scene()
    let template = try Chain(parsing: ["shadow 5 5 blur=4", "shadow 3 3 blur=9", "blur 7", "rotate 3"]).apply(
      to: image)
    let alone = try await Renderer(threads: 1).renderAsync(template)
    // Under a sanitizer, 3 tasks (each of a tile size and thread count of its own) still render at once.
    let tasks = SanitizerRun.count(8, sanitized: 3)
    let results = try await withThrowingTaskGroup(of: Raster.self) { group in
      for task in 0..<tasks {
        group.addTask { try await Renderer(tileSize: 16 + 8 * task, threads: 1 + task % 3).renderAsync(template) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == tasks && results.allSatisfy { $0 == alone })
  }

  /// The work one render does is the same on every run and every thread count: the trace of requests of
  /// `blur 30 | flip vertical` (whose row counts varied from run to run before) is identical.
  @Test func theWorkDoneIsTheSameOnEveryRun() throws {
    let image = try Self.scene()
    let chain = try Chain(parsing: ["blur 30", "flip vertical"]).apply(to: image)
    var traces: Set<[String]> = []
    for threads in [1, 2, 4, 1, 4] {
      let trace = RenderTrace()
      _ = try Renderer(tileSize: 32, threads: threads).render(chain, trace: trace)
      traces.insert(trace.recorded.map(\.description))
    }
    #expect(traces.count == 1)
    let plan = try Renderer(tileSize: 32).plan(chain)
    // flip → blur (edges extended by default: the extension is a stage of its own) → edges → image.
    #expect(plan.stages.map(\.path) == [[], [0], [0, 0], [0, 0, 0]])
    #expect(plan.stages[1].materialised && !plan.stages[0].materialised && !plan.stages[2].materialised)
  }

  /// The plan is what the tiles ask: each stage's planned region is the bounding box of the requests the render
  /// records for it.
  @Test func thePlanMatchesWhatTheRenderAsks() throws {
    let image = try Self.scene()
    for steps in [["rotate 20", "crop 10 10 50 40"], ["pad 5", "tile 200x150", "scale 0.7"],
      ["shadow 4 4 blur=2", "skew 10"], ["blur 1", "translate 0.5 0.25"]]
    {
      let chain = try Chain(parsing: steps).apply(to: image)
      let renderer = Renderer(tileSize: 24, threads: 2)
      let plan = try renderer.plan(chain)
      let trace = RenderTrace()
      _ = try renderer.render(chain, trace: trace)
      let asked = Dictionary(uniqueKeysWithValues: trace.recorded.map { ($0.path, $0) })
      for stage in plan.stages {
        #expect(asked[stage.path]?.region == stage.region, "\(steps) \(stage)")
      }
    }
  }
}

extension RenderCombinationTests {
  /// Demands far beyond any pixel limit (a strong shrink of a generator that covers the plane) are planned without
  /// overflowing, and rendering them is a typed error, never a trap.
  @Test func hugeDemandsArePlannedAndRefused() throws {
    let shrunk = SolidColor(.black).scaled(by: 0.0001).scaled(by: 0.0001).scaled(by: 0.0001)
      .cropped(to: IntRect(x: 0, y: 0, width: 64, height: 64))
    let plan = try Renderer(tileSize: 16).plan(shrunk)
    #expect(plan.stages.count == 5 && plan.stages[4].pixels == Int.max)
    // The error names the component asked for the region (the middle shrink, which the last one asks).
    #expect(throws: RenderError.stageTooLarge(component: "scale 0.0001 0.0001 bicubic", width: 190_000,
      height: 190_000, limit: Raster.defaultPixelLimit)) {
      try Renderer(tileSize: 16, threads: 2).render(shrunk)
    }
  }
}
