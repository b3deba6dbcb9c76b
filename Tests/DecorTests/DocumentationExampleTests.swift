import Testing

@testable import Decor

/// The decorator of the article "Writing your own decorator", verbatim, so the article's code keeps compiling.
public struct Posterize: ImageComponent, CustomStringConvertible {
  public let input: any ImageComponent
  public let levels: Int

  public init(_ input: any ImageComponent, levels: Int) {
    self.input = input
    self.levels = min(255, max(2, levels))
  }

  public var extent: IntRect { input.extent }

  /// Pixel by pixel: each region needs the same region of the input (see "Declaring what you ask for").
  public func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    // Ask through the context, never `input.render` directly: tracing (`--explain`) and limits depend on it.
    var pixels = try context.render(input, region)
    let step = 255.0 / Double(levels - 1)
    for y in 0..<pixels.height {
      for x in 0..<pixels.width {
        let (r, g, b, a) = pixels[x, y].straight
        func level(_ c: UInt8) -> UInt8 { UInt8((Double(c) / step).rounded() * step) }
        pixels[x, y] = RGBA8(straightRed: level(r), green: level(g), blue: level(b), alpha: a)
      }
    }
    return pixels
  }

  public var description: String { "posterize \(levels)" }
}

extension ImageComponent {
  /// This component with each channel reduced to `levels` values.
  public func posterized(levels: Int) -> Posterize { Posterize(self, levels: levels) }
}

/// The article's example of parameters, verbatim.
public struct Fade: ImageComponent {
  public let input: any ImageComponent
  public let amount: Double
  let problem: RenderError?

  public init(_ input: any ImageComponent, amount: Double) {
    self.input = input
    do {
      self.amount = try ParameterCheck.opacity(amount, "amount")  // finite, at least 0, clamped to 1
      problem = nil
    } catch {
      self.amount = 0
      problem = .invalidParameter(component: "fade", reason: error.reason)
    }
  }

  public var extent: IntRect { problem == nil ? input.extent : IntRect(x: 0, y: 0, width: 0, height: 0) }

  public var parameterError: RenderError? { problem ?? input.parameterError }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try context.render(input.opacity(1 - amount), region)
  }
}

@Suite struct DocumentationExampleTests {
  @Test func theArticlesParametersFollowTheRule() throws {
    let image = try ImageMetrics.pattern(width: 4, height: 4)
    #expect(try Fade(image, amount: 0.5).rendered() == image.opacity(0.5).rendered())
    #expect(Fade(image, amount: 3).amount == 1)
    let refused = RenderError.invalidParameter(component: "fade", reason: "amount must be at least 0, got -1")
    #expect(throws: refused) { try Fade(image, amount: -1).rendered() }
    #expect(throws: refused) { try Fade(image, amount: -1).padded(by: 2).rendered() }
    var canvas = try Raster(width: 4, height: 4)
    #expect(throws: refused) { try canvas.draw(Fade(image, amount: -1), at: .zero) }
    #expect(Fade(image.rotated(by: .degrees(.nan)), amount: 0).parameterError != nil)
  }

  @Test func theArticlesDecoratorWorksAsAStep() throws {
    var registry = FilterRegistry.standard
    try registry.register(Filter(
      "posterize", summary: "reduce each channel to N levels",
      arguments: [FilterArgument("levels", .integer(2...255), required: true, help: "levels per channel")]
    ) { arguments, input in
      input.posterized(levels: arguments.integer("levels")!)
    })
    let photo = try GoldenScenes.photo()
    let result = try Chain(parsing: ["rotate 10 | posterize 4"], registry: registry).apply(to: photo).rendered()
    #expect(result == (try photo.rotated(by: .degrees(10)).posterized(levels: 4).rendered()))
    // Opaque pixels keep only the levels 0, 85, 170, 255.
    let opaque = stride(from: 0, to: result.bytes.count, by: 4).filter { result.bytes[$0 + 3] == 255 }
    #expect(!opaque.isEmpty && opaque.allSatisfy { [0, 85, 170, 255].contains(result.bytes[$0]) })
    #expect(throws: ChainError.self) { try Chain(parsing: ["posterize x"], registry: registry) }
    #expect((try? Chain(parsing: ["posterize x"], registry: registry)) == nil)
    do {
      _ = try Chain(parsing: ["rotate 10", "posterize x"], registry: registry)
    } catch {
      #expect(error.description == "step 2 \"posterize x\": whole number from 2 to 255 expected, got \"x\"")
    }
  }
}

extension DocumentationExampleTests {
  /// The article's decorator declares its demand, so a large blur below it is planned and computed once.
  @Test func theArticlesDecoratorKeepsThePlan() throws {
    let blurred = try Raster(width: 40, height: 30, fill: RGBA8(r: 200, g: 100, b: 50, a: 255)).blurred(sigma: 6, edge: .transparent)
    let plan = try Renderer(tileSize: 16).plan(blurred.posterized(levels: 4))
    #expect(plan.stages.map(\.path) == [[], [0], [0, 0]])
    #expect(plan.stages[1].materialised && plan.stages[1].region == blurred.extent)
  }
}
