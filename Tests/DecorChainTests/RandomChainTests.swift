import Decor
import Foundation
import Testing
import DecorTestSupport

/// A seeded property test over random valid chains of 1 to 6 steps drawn from every registered filter: each renders
/// without error, nothing is drawn outside its extent, and the bytes are the same on 1 and 4 threads and with two
/// tile sizes.
@Suite(.tags(.slow)) struct RandomChainTests {

  /// A PNG for the `blend` step, written once per process.
  static let overlay: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("decor-random-chain-\(getpid()).png").path
    do {
      try LinearGradient(from: Point(0, 0), to: Point(30, 20), stops: [
        GradientStop(location: 0, color: Color(red: 1, green: 0.2, blue: 0.1, alpha: 0.9)),
        GradientStop(location: 1, color: Color(red: 0.1, green: 0.3, blue: 1, alpha: 0.4)),
      ]).cropped(to: IntRect(x: 0, y: 0, width: 30, height: 20)).rendered().writePNG(toFile: path)
    } catch {
      Issue.record("cannot write the overlay: \(error)")
    }
    return path
  }()

  /// One valid step of the named filter, with random arguments in ranges that keep images small.
  static func step(_ name: String, _ g: inout SplitMix64) -> String {
    func number(_ range: ClosedRange<Double>) -> String { String(format: "%.2f", Double.random(in: range, using: &g)) }
    func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &g) }
    func pick(_ options: [String]) -> String { options.randomElement(using: &g)! }
    let interpolation = pick(["", " interpolation=nearest", " interpolation=bilinear", " interpolation=bicubic",
      " interpolation=lanczos"])
    switch name {
    case "rotate": return "rotate \(pick(["90", "-180", number(-60...60)]))" + interpolation
    case "scale": return "scale \(number(0.3...1.6)) \(number(0.3...1.6))" + interpolation
    case "resize":
      let size = pick(["\(int(8...90))x\(pick(["_", "", String(int(8...90))]))", "x\(int(8...90))",
        "\(int(20...150))%", "\(int(20...150))%x\(pick(["_", "\(int(20...150))%"]))"])
      if Bool.random(using: &g) {
        return "resize \(int(8...90))x\(int(8...90)) fit=\(pick(["contain", "inside"])) background=\(pick(["white", "#10203080"]))"
          + pick(["", " gravity=\(pick(Gravity.allCases.map(\.rawValue)))"]) + pick(["", " shrink-only"])
      }
      return "resize \(size) fit=\(pick(["fill", "contain", "cover", "inside"]))"
        + pick(["", " gravity=\(pick(Gravity.allCases.map(\.rawValue)))"]) + pick(["", " shrink-only"]) + interpolation
    case "translate": return "translate \(pick([String(int(-9...9)), number(-9...9)])) \(number(-9...9))" + interpolation
    case "skew": return "skew \(number(-30...30)) \(number(-20...20))" + interpolation
    case "flip": return "flip \(pick(["horizontal", "vertical", "both"]))"
    case "transform": return "transform \(number(0.6...1.3)) \(number(-0.3...0.3)) \(number(-0.3...0.3)) \(number(0.6...1.3)) \(number(-5...5)) \(number(-5...5))"
    case "crop":
      let gravity = " gravity=\(pick(Gravity.allCases.map(\.rawValue)))"
      return pick(["crop \(int(0...20)) \(int(0...20)) \(int(5...60)) \(int(5...60))", "crop \(int(5...60)) \(int(5...60))",
        "crop \(int(5...60)) \(int(5...60))" + gravity, "crop \(int(-5...5)) \(int(-5...5)) \(int(5...60)) \(int(5...60))" + gravity])
    case "pad": return pick(["pad \(int(0...6))", "pad \(int(0...4)) \(int(0...4)) \(int(0...4)) \(int(0...4)) color=#3366cc80"])
    case "opacity": return "opacity \(number(0.1...1))"
    case "background": return "background \(pick(["white", "#20304080", "rebeccapurple"]))"
    case "tile": return "tile \(int(20...90))x\(int(20...90))"
    case "round": return "round \(pick([String(int(0...30)), number(0.5...12), "\(int(5...60))%"]))"
    case "border": return "border \(int(0...6))" + pick(["", " color=#3366cc80", " color=white"])
    case "replicate": return "replicate \(int(1...3))x\(int(1...3))"
    case "mask":
      return "mask \"\(overlay)\"" + pick(["", " channel=luminance", " channel=alpha"]) + pick(["", " invert"])
    case "blend":
      return "blend \(BlendMode.allCases.randomElement(using: &g)!) \"\(overlay)\" opacity=\(number(0.2...1)) at=\(int(-5...20)),\(int(-5...20))"
        + pick(["", " below"])
    case "blur":
      return "blur \(pick([number(0.5...2.9), number(3...12)]))" + pick(["", " edge=mirror", " edge=wrap", " edge=transparent"])
    case "canvas":
      return "canvas \(int(10...80)) \(int(10...80)) x=\(int(-15...25)) y=\(int(-15...25))"
        + pick(["", " color=#ffcc0080", " color=white"]) + pick(["", " gravity=\(pick(Gravity.allCases.map(\.rawValue)))"])
    case "shadow":
      return "shadow \(int(-6...6)) \(int(-6...6)) blur=\(number(0...9)) opacity=\(number(0.2...1))"
        + pick(["", " spread=\(number(-2...3))"]) + pick(["", " only"]) + pick(["", " color=#ff000080"])
    case "inner-shadow": return "inner-shadow \(int(-4...4)) \(int(-4...4)) blur=\(number(0...8))"
    case "brightness", "contrast", "saturate": return "\(name) \(number(0...2))"
    case "grayscale", "sepia", "invert": return "\(name) \(number(0...1))"
    case "hue-rotate": return "hue-rotate \(number(-180...180))"
    case "sharpen":
      return "sharpen \(pick([number(0.5...2.9), number(3...8)])) amount=\(number(0...3))"
        + pick(["", " threshold=\(number(0...20))"])
    case "levels":
      return pick(["levels \(int(0...100)) \(int(150...255))", "levels \(number(0...30))% \(number(60...100))%"])
        + pick(["", " gamma=\(number(0.3...3))"])
    case "gamma": return "gamma \(number(0.3...3))"
    case "text":
      return "text \(pick(["Hi", "\"a b\"", "ffi", "שלום"])) size=\(int(6...20))"
        + pick(["", " color=white", " color=#ff000080"]) + pick(["", " gravity=\(pick(Gravity.allCases.map(\.rawValue)))"])
        + pick(["", " margin=\(int(0...6))", " x=\(int(-5...5)) y=\(int(-5...5))"]) + pick(["", " opacity=0.5"])
        + pick(["", " width=\(int(8...30)) align=\(pick(["start", "center", "end", "right"]))"])
    case "trim": return "trim" + pick(["", " fuzz=\(int(0...40))", " fuzz=10%", " color=white", " color=#00000000"])
    case "normalize":
      return "normalize" + pick(["", " low=\(number(0...5))%", " low=1% high=\(number(0...5))"])
    default: return ""
    }
  }

  static func image() throws -> Raster {
    try ImageMetrics.sample("horse-cutout.png").resized(width: 40, height: nil).rendered()
  }

  /// Every filter in the registry has a generator here, so a new filter cannot be left out of the property test.
  @Test func everyRegisteredFilterIsGenerated() {
    var g = SplitMix64(seed: 1)
    for filter in FilterRegistry.standard.filters {
      let text = Self.step(filter.name, &g)
      #expect(!text.isEmpty, "no generator for \(filter.name)")
      #expect(throws: Never.self) { try Chain(parsing: [text]) }
    }
  }

  @Test(arguments: SanitizerRun.sample(Array(0..<8), every: 4))
  func randomChainsRenderTheSameEverywhere(batch: Int) throws {
    let image = try Self.image()
    let names = FilterRegistry.standard.filters.map(\.name)
    var g = SplitMix64(seed: 0xDEC0 + UInt64(batch))
    for _ in 0..<20 {
      let steps = (0..<Int.random(in: 1...6, using: &g)).map { _ in Self.step(names.randomElement(using: &g)!, &g) }
      let built = Result { () throws -> any ImageComponent in try Chain(parsing: steps).apply(to: image) }
      // A crop that the steps before it shrank the image away from is refused, as it should be.
      if case .failure(let error) = built, "\(error)".contains("misses the image") { continue }
      let chain = try built.get()
      let e = chain.extent
      if e.isEmpty { continue }
      #expect(!e.isInfinite, "\(steps)")
      // Rendered beyond its extent by 3 pixels on every side: nothing is drawn outside it.
      let around = e.insetBy(dx: -3, dy: -3)
      let reference = try Renderer(tileSize: 64, threads: 1).render(chain, region: around)
      var outside = 0
      reference.withUnsafeBytes { bytes in
        let pixels = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
        for y in 0..<around.height {
          for x in 0..<around.width where x < 3 || y < 3 || x >= around.width - 3 || y >= around.height - 3 {
            if pixels[y * around.width + x] != 0 { outside += 1 }
          }
        }
      }
      #expect(outside == 0, "\(steps): \(outside) pixels outside the extent")
      for (tileSize, threads) in [(64, 4), (23, 1), (23, 4)] {
        // Every request a decorator makes is one it declared to the plan (the render fails otherwise), and the plan
        // is what the render asks: each stage's planned region is the bounding box of its recorded requests.
        var renderer = Renderer(tileSize: tileSize, threads: threads)
        renderer.checksDemands = true
        let trace = RenderTrace()
        let pixels: Raster
        do { pixels = try renderer.render(chain, region: around, trace: trace) } catch {
          Issue.record("\(steps): tiles \(tileSize), \(threads) threads: \(error)")
          continue
        }
        #expect(pixels == reference, "\(steps): tiles \(tileSize), \(threads) threads")
        let plan = try renderer.plan(chain, region: around)
        let asked = Dictionary(trace.recorded.map { ($0.path, $0.region) }, uniquingKeysWith: { $0.union($1) })
        // Below a stage computed once, the plan is made for its one request over the stage's region and the
        // producer asks in bands: the union of a nearest scale's bands can skip a row their union's demand holds
        // (a tile's wrap then widens it to the whole cell), so there the plan may hold more than was asked.
        let planned = Dictionary(plan.stages.map { ($0.path, $0.region) }, uniquingKeysWith: { $0.union($1) })
        let computedOnce = Set(plan.stages.filter(\.materialised).map(\.path))
        // Below an analysis (normalize), the trace also holds the analysis's own pass over the input's whole
        // extent, a render with a plan of its own: there the trace holds the plan and more.
        let analysed = Set(plan.stages.filter { $0.node is any Analysing }.map(\.path))
        func below(_ stages: Set<[Int]>, _ path: [Int]) -> Bool {
          (0..<path.count).contains { stages.contains(Array(path.prefix($0))) }
        }
        #expect(Set(planned.keys).isSubset(of: asked.keys)
          && asked.keys.allSatisfy { planned[$0] != nil || below(analysed, $0) },
          "\(steps): plan \(plan) against trace \(trace.recorded)")
        for (path, region) in asked {
          let plannedRegion = planned[path] ?? .empty
          if below(analysed, path) {
            #expect(region.contains(plannedRegion), "\(steps): \(path) planned \(plannedRegion), asked \(region)")
            continue
          }
          let belowOnce = (0..<path.count).contains { computedOnce.contains(Array(path.prefix($0))) }
          #expect(belowOnce ? plannedRegion.contains(region) : plannedRegion == region,
            "\(steps): \(path) planned \(plannedRegion), asked \(region); plan \(plan)")
        }
      }
    }
  }
}
