import Testing

import Decor
import DecorTestSupport

/// A graph as deep as a hostile template can make it (a chain of 100,000 steps) is walked without recursion:
/// checked, described, planned, explained, compared, rendered, encoded and released with a stack of constant depth.
/// Each case fails by crashing the test run (a stack overflow is a signal), so each is also checked for its answer.
@Suite struct DeepGraphTests {
  /// The depth of the chain every walk is run over: under a sanitizer, whose frames are larger but whose stack is as
  /// large, a tenth.
  static let depth = SanitizerRun.count(100_000, sanitized: 10_000)
  /// The depth of the other cases, which a debug build renders more slowly (kept low for CI's time): deep enough that
  /// a walk recursing once per level needs megabytes of stack (30,000 flips crashed a release build's main thread).
  static let shallower = SanitizerRun.count(20_000, sanitized: 4_000)

  /// A 4×4 image whose pixels all differ, so that a wrong flip shows.
  static func image() throws -> Raster {
    var bytes: [UInt8] = []
    for n in 0..<16 { bytes += [UInt8(n * 16), UInt8(255 - n * 16), 7, 255] }
    return try Raster(width: 4, height: 4, straightBytes: bytes)
  }

  /// `depth` horizontal flips over `base`.
  static func flips(over base: any ImageComponent, _ depth: Int = depth) -> any ImageComponent {
    var chain = base
    for _ in 0..<depth { chain = chain.flipped(.horizontal) }
    return chain
  }

  @Test func everyWalkOfAHundredThousandStepChainKeepsTheStack() throws {
    let image = try Self.image()
    let chain = Self.flips(over: image)  // an even number of flips: the image itself
    #expect(chain.extent == image.bounds)
    #expect(chain.parameterError == nil)
    #expect(String(describing: chain) == "flip horizontal")
    #expect(chain.identity == Self.flips(over: image).identity)
    #expect(chain.identity != chain.flipped(.horizontal).identity)

    let renderer = Renderer(threads: 2)
    let plan = try renderer.plan(chain)
    #expect(plan.stages.count == Self.depth + 1)
    let explained = plan.description.split(separator: "\n")
    #expect(explained.count == Self.depth + 1)
    // Indented up to a depth, then the depth written out: linear in the chain's length, not quadratic.
    #expect(explained.last?.contains("(depth \(Self.depth))") == true)
    #expect(explained.map(\.count).max() ?? 0 < 200)

    let part = IntRect(x: 1, y: 1, width: 2, height: 2)
    let trace = RenderTrace()
    #expect(try renderer.render(chain, region: part, trace: trace) == image.rendered(part))
    let recorded = trace.recorded
    #expect(recorded.count == Self.depth + 1)
    #expect(recorded.first?.path == [])
    #expect(recorded.last?.path == Array(repeating: 0, count: Self.depth))
    #expect(recorded.last?.component.hasPrefix("image") == true)
    // Encoding walks the plan for the grey hint too.
    #expect(try Raster(decoding: chain.encoded(as: .png(), renderer: renderer)) == image)
  }

  /// The problem of the bottom step of a deep chain is what the top reports (each step's check is made when it is
  /// built), and rendering throws it.
  @Test func aProblemAtTheBottomOfADeepChainIsReportedAtTheTop() throws {
    let image = try Self.image()
    var rotations: any ImageComponent = image.multiplyingOpacity(by: -1)
    var opacities: any ImageComponent = image.rotated(by: .degrees(.nan))
    for _ in 0..<Self.shallower {
      rotations = rotations.rotated(by: .degrees(0))
      opacities = opacities.multiplyingOpacity(by: 1)
    }
    let badOpacity = try #require(image.multiplyingOpacity(by: -1).parameterError)
    let badAngle = try #require(image.rotated(by: .degrees(.nan)).parameterError)
    #expect(rotations.parameterError == badOpacity)
    #expect(opacities.parameterError == badAngle)
    #expect(throws: badOpacity) { try rotations.rendered() }
    #expect(throws: badAngle) { try opacities.rendered(IntRect(x: 0, y: 0, width: 1, height: 1)) }
  }

  /// Groups nested as deep: their extent, problem and identity are made when each is built, and they render and are
  /// released without recursion.
  @Test func deeplyNestedGroupsRenderAndAreReleased() throws {
    let image = try Self.image()
    var group: any ImageComponent = image
    for _ in 0..<Self.shallower { group = Group([Layer(group)]) }
    #expect(group.extent == image.bounds)
    #expect(group.parameterError == nil)
    #expect(try group.rendered(IntRect(x: 0, y: 0, width: 1, height: 1), renderer: Renderer(threads: 2))
      == image.rendered(IntRect(x: 0, y: 0, width: 1, height: 1)))
    var bad: any ImageComponent = image
    for n in 0..<Self.shallower { bad = Group([Layer(bad, opacity: n == 0 ? -1 : 1)]) }
    #expect(bad.parameterError != nil)
  }

  /// A chain shared by two graphs stays whole when one of them is released: the release stops where the other
  /// still holds the chain, directly or through an `AnyImageComponent`.
  @Test func releasingOneOfTwoGraphsOverADeepChainLeavesTheOther() throws {
    let image = try Self.image()
    let shared = Self.flips(over: image, Self.shallower)
    do { _ = Self.flips(over: shared, 1_000).flipped(.vertical) }
    do { _ = Self.flips(over: AnyImageComponent(shared), 1_000) }
    #expect(shared.identity == Self.flips(over: image, Self.shallower).identity)
    let pixel = IntRect(x: 0, y: 0, width: 1, height: 1)
    #expect(try shared.rendered(pixel, renderer: Renderer(threads: 2)) == image.rendered(pixel))
  }

  /// A group of many layers checks each layer's request against its declared demands in logarithmic time, not by a
  /// scan of all the layers: 10,000 layers render at once.
  @Test func aGroupOfManyLayersRenders() throws {
    let count = SanitizerRun.count(10_000, sanitized: 2_000)
    let colors: [Color] = [.white, .black]
    let group = Group((0..<count).map { n in
      Layer(SolidColor(colors[n % 2]).cropped(to: IntRect(x: 0, y: 0, width: 1, height: 1)), x: n % 100, y: n / 100)
    })
    let raster = try group.rendered(renderer: Renderer(threads: 2))
    #expect(raster.width == 100 && raster.height == (count + 99) / 100)
    #expect(raster[0, 0] == RGBA8(r: 255, g: 255, b: 255, a: 255))
    #expect(raster[1, 0] == RGBA8(r: 0, g: 0, b: 0, a: 255))
  }
}
