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
      ]).cropped(to: IntRect(x: 0, y: 0, width: 30, height: 20)).rendered().write(to: path, as: .png())
    } catch {
      Issue.record("cannot write the overlay: \(error)")
    }
    return path
  }()

  /// One valid step of the named filter, drawn from its declaration: each argument from its examples, its choices or
  /// its rule's typical values (which keep images small), optional ones left out at random; drawn again until the
  /// step parses (a step's arguments may depend on each other, as `levels`' black and white do).
  static func step(_ name: String, _ g: inout SplitMix64) -> String {
    guard let filter = try? FilterRegistry.standard.filter(named: name) else { return "" }
    for _ in 0..<200 {
      let text = candidate(filter, &g)
      if (try? Chain(parsing: [text])) != nil { return text }
    }
    return ""
  }

  /// A step of `filter` with random values for its arguments, valid one by one.
  static func candidate(_ filter: Filter, _ g: inout SplitMix64) -> String {
    var words = [filter.name]
    var positionalsGoOn = true
    for argument in filter.arguments {
      if !argument.isOption {
        // An optional positional is left out at random, and so are all after it.
        if !argument.isRequired && Bool.random(using: &g) { positionalsGoOn = false }
        if positionalsGoOn { words.append(value(of: argument, &g)) }
      } else if Bool.random(using: &g) {
        if case .flag = argument.kind {
          words.append(argument.name)
        } else {
          words.append("\(argument.name)=\(value(of: argument, &g))")
        }
      }
    }
    return words.joined(separator: " ")
  }

  /// A random value of an argument, as a step writes it.
  static func value(of argument: FilterArgument, _ g: inout SplitMix64) -> String {
    func number(_ range: ClosedRange<Double>) -> String { String(format: "%.2f", Double.random(in: range, using: &g)) }
    func integer(_ range: ClosedRange<Double>) -> String {
      String(Int.random(in: Int(range.lowerBound.rounded(.up))...Int(range.upperBound.rounded(.down)), using: &g))
    }
    if let example = argument.examples.randomElement(using: &g), argument.typical == nil || Bool.random(using: &g) {
      return example
    }
    let typical = argument.typical ?? 0...1
    switch argument.kind {
    case .number, .angle: return number(typical)
    case .integer: return integer(typical)
    case .point: return "\(integer(typical)),\(integer(typical))"
    case .color: return ["white", "#3366cc80", "#ff000080", "rebeccapurple", "#10203080"].randomElement(using: &g) ?? ""
    case .choice(let words): return words.randomElement(using: &g) ?? ""
    case .image: return "\"\(overlay)\""
    case .size: return "\(integer(8...90))x\(integer(8...90))"
    case .text, .flag: return "x"
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

  /// The same at 16 bits: random chains on a translucent PNG read by rows, which the plan renders at 16 bits wherever
  /// every step of the chain can, give the same 16-bit pixels on 1 and 4 threads and with two tile and band sizes.
  @Test(arguments: SanitizerRun.sample(Array(0..<4), every: 2))
  func randomChainsRenderTheSameEverywhereAtSixteenBits(batch: Int) throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("decor-random-chains-\(batch)-\(ProcessInfo.processInfo.processIdentifier).png").path
    try Self.image().write(to: path, as: .png())
    defer { try? FileManager.default.removeItem(atPath: path) }
    let image = StreamedImage(try PNGRowSource(contentsOfFile: path, source: path))
    let names = FilterRegistry.standard.filters.map(\.name)
    var g = SplitMix64(seed: 0x16B1 + UInt64(batch))
    var deep = 0
    for _ in 0..<20 {
      let steps = (0..<Int.random(in: 1...6, using: &g)).map { _ in Self.step(names.randomElement(using: &g)!, &g) }
      let built = Result { () throws -> any ImageComponent in try Chain(parsing: steps).apply(to: image) }
      if case .failure(let error) = built, "\(error)".contains("misses the image") { continue }
      let chain = try built.get()
      if chain.extent.isEmpty || chain.extent.isInfinite { continue }
      let one = try DeepBands.render(chain, threads: 1, tileSize: 64)
      if one.format == .rgba8 { continue }
      deep += 1
      let many = try DeepBands.render(chain, threads: 4, tileSize: 23, bandHeight: 16)
      #expect(many.format == one.format, "\(steps)")
      #expect(one.pixels.count == many.pixels.count, "\(steps)")
      #expect(zip(one.pixels, many.pixels).filter { $0 != $1 }.count == 0, "\(steps): pixels that differ")
    }
    // Most chains reach 16 bits; a batch whose every chain holds a step still at 8 bits would test nothing.
    #expect(deep > 0, "no chain rendered at 16 bits")
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
        let renderer = Renderer(tileSize: tileSize, threads: threads)
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
