import Testing

import Decor
import DecorTestSupport

/// The plan is a graph: a component reached by several paths is one node, planned for the union of its
/// consumers' demands and computed once, whatever the tiles; stacked shadows cost one shadow each.
@Suite struct RenderGraphTests {
  static func image() throws -> Raster {
    try ImageMetrics.sample("horse-cutout.png").resized(width: 48, height: nil).rendered()
  }

  /// `k` drop shadows over a large blur (which materialises, as the shadows' shapes do).
  static func stacked(_ k: Int, over image: Raster) -> any ImageComponent {
    var component: any ImageComponent = image.blurred(sigma: 4)
    for _ in 0..<k { component = component.addingDropShadow(offset: Point(3, 3), sigma: 3) }
    return component
  }

  @Test func aShadowsInputIsOneStageUsedTwice() throws {
    let image = try Self.image()
    let shadow = image.blurred(sigma: 4).addingDropShadow(offset: Point(3, 3), sigma: 3)
    let plan = try Renderer(tileSize: 16).plan(shadow)
    let blurs = plan.stages.filter { $0.component.hasPrefix("blur") }
    #expect(blurs.count == 1)
    #expect(blurs.first?.uses.count == 2)
    // Its planned region is the union of both consumers': the shape's (grown by the shadow's reach) and the image's.
    #expect(blurs.first?.region == image.bounds)
    #expect(plan.stages.filter { $0.component.hasPrefix("image") }.count == 1)
  }

  /// A render of 10^12 pixels is planned from at most `Renderer.maximumPlanRequests` requests (larger squares than
  /// the tiles), each stage still asked for all it will be asked, and its band schedule is one rectangle a band.
  @Test func aTrillionPixelPlanIsMadeFromFewRequests() throws {
    let side = 1_000_000
    let image = SolidColor(.white).cropped(to: IntRect(x: 0, y: 0, width: side, height: side)).blurred(sigma: 2)
    let renderer = Renderer(pixelLimit: Int.max)
    let plan = try renderer.plan(image)
    #expect(plan.stages[plan.root].requests <= Renderer.maximumPlanRequests)
    #expect(plan.stages[plan.root].region == IntRect(x: 0, y: 0, width: side, height: side))
    #expect(plan.stages.allSatisfy { $0.region.contains(IntRect(x: 0, y: 0, width: side, height: side)) })
    let bands = try renderer.prepareBands(image, bandHeight: 256)
    #expect(bands.bandCount == (side + 255) / 256)
  }

  @Test func stackedShadowsGrowThePlanByOneShadowEach() throws {
    let image = try Self.image()
    var counts: [Int] = []
    for k in 1...6 {
      let plan = try Renderer(tileSize: 16).plan(Self.stacked(k, over: image))
      counts.append(plan.stages.count)
      // Each stage computed once appears once: the blur, each shadow's shape, and each shadow's input (read by the
      // shape and by the group drawing it over the shadow) but the blur, which is computed once anyway.
      #expect(plan.stages.filter(\.materialised).count == 2 * k)
      #expect(plan.description.components(separatedBy: "\n").filter { $0.contains("#") && !$0.contains("= #") }
        .count == plan.stages.count)
    }
    let steps = zip(counts.dropFirst(), counts).map { $0 - $1 }
    #expect(Set(steps).count == 1, "\(counts)")
  }

  @Test func stackedShadowsRenderTheSameInEveryTiling() throws {
    let image = try Self.image()
    let shadows = Self.stacked(3, over: image)
    let reference = try Renderer(tileSize: 512, threads: 1).render(shadows)
    for (tileSize, threads) in [(7, 1), (16, 2), (33, 4)] {
      let renderer = Renderer(tileSize: tileSize, threads: threads)
      let trace = RenderTrace()
      #expect(try renderer.render(shadows, trace: trace) == reference)
      // Recorded per node: one stage a node, its requests from every consumer together.
      let plan = try renderer.plan(shadows)
      #expect(trace.recorded.count == plan.stages.count)
      let asked = Dictionary(uniqueKeysWithValues: trace.recorded.map { ($0.path, $0.region) })
      for stage in plan.stages { #expect(asked[stage.path] == stage.region, "\(stage)") }
    }
  }

  /// A group holding one value twice, and two equal values built apart, are one node; values that differ are not.
  @Test func equalValuesAreOneNode() throws {
    let image = try Self.image()
    let tilted = image.rotated(by: .degrees(20))
    let group = Group([Layer(tilted), Layer(image.rotated(by: .degrees(20)), x: 5, y: 5, blendMode: .multiply)])
    let plan = try Renderer(tileSize: 16).plan(group)
    #expect(plan.stages.filter { $0.component.hasPrefix("rotate") }.count == 1)
    #expect(plan.stages.first { $0.component.hasPrefix("rotate") }?.uses.count == 2)
    #expect(plan.description.contains("= #"))
    let other = Group([Layer(tilted), Layer(image.rotated(by: .degrees(21)))])
    #expect(try Renderer(tileSize: 16).plan(other).stages.filter { $0.component.hasPrefix("rotate") }.count == 2)
    // Two rasters with the same pixels in two buffers are two nodes (identity by buffer, never by bytes); copies
    // of one raster share theirs.
    var copy = image
    copy.withUnsafeMutableBytes { _ in }
    let rasters = Group([Layer(image), Layer(image, x: 1), Layer(copy, x: 2)])
    let stages = try Renderer(tileSize: 16).plan(rasters).stages
    #expect(stages.count == 3 && stages[1].uses.count == 2 && stages[2].uses.count == 1)
    let renderer = Renderer(tileSize: 9, threads: 3)
    #expect(try renderer.render(group) == Renderer(tileSize: 256, threads: 1).render(group))
  }

  /// A decorator holding a closure cannot be compared, so two of them stay two nodes.
  @Test func componentsHoldingClosuresAreNeverMerged() throws {
    struct Tinted: ImageComponent {
      let input: any ImageComponent
      let tint: @Sendable (UInt32) -> UInt32
      var extent: IntRect { input.extent }
      func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }
      func render(_ region: IntRect, context: RenderContext) throws -> Raster {
        try context.render(input, region)
      }
    }
    let image = try Self.image()
    let group = Group([Layer(Tinted(input: image, tint: { $0 })), Layer(Tinted(input: image, tint: { ~$0 }))])
    let stages = try Renderer(tileSize: 16).plan(group).stages
    #expect(stages.count == 4)
  }

  /// A decorator asking an input for more than it declared is refused, naming it: the renderer hands a component
  /// only the regions it declared. One written before `inputs` existed (demands only) is rendered as it asks, and
  /// one that declares nothing is rendered on its own, as before.
  @Test func aRequestOutsideWhatWasDeclaredIsRefused() throws {
    struct Greedy: ImageComponent, CustomStringConvertible {
      let input: any ImageComponent
      var declaresInputs = true
      var extent: IntRect { input.extent }
      var inputs: [any ImageComponent] { declaresInputs ? [input] : [] }
      func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }
      func render(_ region: IntRect, context: RenderContext) throws -> Raster {
        _ = try context.render(input, region.insetBy(dx: -1, dy: -1))
        return try context.render(input, region)
      }
      var description: String { "greedy" }
    }
    struct Undeclared: ImageComponent {
      let input: any ImageComponent
      var extent: IntRect { input.extent }
      func render(_ region: IntRect, context: RenderContext) throws -> Raster { try context.render(input, region) }
    }
    let image = try Self.image()
    let renderer = Renderer(tileSize: 16)
    for input in [image, image.rotated(by: .degrees(10))] as [any ImageComponent] {
      do {
        _ = try renderer.render(Greedy(input: input))
        Issue.record("a request outside the declared regions was rendered")
      } catch {
        #expect("\(error)".hasPrefix("greedy: asked input 0"), "\(error)")
        #expect("\(error)".contains("outside what it declared"), "\(error)")
      }
    }
    #expect(try renderer.render(Greedy(input: image, declaresInputs: false)) == image)
    #expect(try renderer.render(Undeclared(input: image.blurred(sigma: 5))) == image.blurred(sigma: 5).rendered())
  }
}
