import Testing

import Decor
import DecorTestSupport

@Suite(.tags(.slow)) struct GaussianBlurTests {
  /// The blur tests' scene (`GaussianReference.scene`).
  static func scene(width: Int = 100) throws -> Raster { try GaussianReference.scene(width: width) }

  @Test(arguments: [1.0, 2.5, 6, 20])
  func matchesAnExactGaussian(sigma: Double) throws {
    let image = try Self.scene()
    let blurred = try image.blurred(sigma: sigma, edge: .transparent).rendered()
    let reference = try GaussianReference.blur(image, sigma: sigma)
    #expect(blurred.width == reference.width && blurred.height == reference.height)
    let psnr = ImageMetrics.psnr(blurred, reference)
    let delta = ImageMetrics.maxDelta(blurred, reference)
    print("blur σ = \(sigma): \(psnr) dB against the exact Gaussian, max delta \(delta)")
    #expect(psnr >= 40, "σ = \(sigma): \(psnr) dB, max delta \(delta)")
    // The exact kernel is exact to float rounding.
    if sigma < GaussianKernel.exactLimit { #expect(ImageMetrics.maxDelta(blurred, reference) <= 1) }
  }

  @Test(arguments: [0.5, 1.0, 2.9, 3, 4.7, 8, 33.3, 100])
  func theExtentGrowsByThreeSigma(sigma: Double) throws {
    let image = try Raster(width: 20, height: 10, fill: .white)
    let margin = Int((3 * sigma).rounded(.up))
    #expect(image.blurred(sigma: sigma, edge: .transparent).extent == IntRect(x: -margin, y: -margin,
      width: 20 + 2 * margin, height: 10 + 2 * margin))
    #expect(image.translated(by: Point(7, -3)).blurred(sigma: sigma, edge: .transparent).extent.minX == 7 - margin)
    // The other modes keep the extent, wherever it is.
    for edge in [EdgeMode.extend, .mirror, .wrap] {
      #expect(image.blurred(sigma: sigma, edge: edge).extent == image.bounds)
      #expect(image.translated(by: Point(7, -3)).blurred(sigma: sigma, edge: edge).extent
        == IntRect(x: 7, y: -3, width: 20, height: 10))
    }
  }

  @Test(arguments: [0.5, 1.7, 3, 6.2, 20, 150])
  func theBoxesHaveTheGaussiansVariance(sigma: Double) {
    let kernel = GaussianKernel(sigma: sigma)
    let reach = kernel.reach
    let weights = kernel.taps
    #expect(weights.count == 2 * reach + 1)
    #expect(abs(weights.reduce(0, +) - 1) < 1e-6)
    let variance = zip(-reach...reach, weights).reduce(0.0) { $0 + Double($1.0 * $1.0) * $1.1 }
    if case .boxes = kernel.method {
      #expect(abs(variance - sigma * sigma) < 1e-6 * sigma * sigma, "σ = \(sigma): variance \(variance)")
      // The reach is 3σ, give or take the last pixel, where the weight is negligible.
      #expect(reach <= kernel.margin + 2)
      #expect(weights.prefix(max(0, reach - kernel.margin)).allSatisfy { $0 < 1e-4 })
    } else {
      #expect(reach == kernel.margin)
    }
  }

  @Test(arguments: EdgeMode.allCases)
  func zeroSigmaLeavesThePixelsAlone(edge: EdgeMode) throws {
    let image = try ImageMetrics.pattern(width: 13, height: 9)
    #expect(try image.blurred(sigma: 0, edge: edge).rendered() == image)
    #expect(image.blurred(sigma: 0, edge: edge).extent == image.bounds)
  }

  @Test(arguments: [1.5, 4, 12])
  func aUniformInteriorStaysExact(sigma: Double) throws {
    let color = RGBA8(straightRed: 200, green: 100, blue: 30, alpha: 255)
    let image = try Raster(width: 90, height: 80, fill: color)
    let blurred = try image.blurred(sigma: sigma).rendered()
    let margin = Int((3 * sigma).rounded(.up))
    // Pixels more than 3σ inside the image see only the colour.
    for y in 2 * margin + 1..<80 - 1 {
      for x in 2 * margin + 1..<90 - 1 { #expect(blurred[x, y] == color, "(\(x), \(y))") }
    }
  }

  @Test(arguments: [2.0, 5, 40])
  func everyPixelIsValidPremultiplied(sigma: Double) throws {
    let blurred = try Self.scene().blurred(sigma: sigma).rendered()
    var invalid = 0
    for y in 0..<blurred.height { for x in 0..<blurred.width where !blurred[x, y].isPremultiplied { invalid += 1 } }
    #expect(invalid == 0)
  }

  @Test(arguments: EdgeMode.allCases)
  func transparentOutsideTheExtent(edge: EdgeMode) throws {
    let image = try Raster(width: 10, height: 10, fill: .white)
    let blur = image.blurred(sigma: 4, edge: edge)
    let around = IntRect(x: -40, y: -40, width: 90, height: 90)
    let pixels = try blur.rendered(around)
    let e = blur.extent
    for y in 0..<around.height {
      for x in 0..<around.width {
        let inside = x + around.minX >= e.minX && x + around.minX < e.maxX && y + around.minY >= e.minY
          && y + around.minY < e.maxY
        if !inside { #expect(pixels[x, y] == .clear) }
      }
    }
  }

  /// The large-σ blur keeps state between requests; whatever the order and shape of the requests, and however
  /// often the same blur is rendered, the bytes must be those of a plain render.
  @Test(arguments: SanitizerRun.sample([(2.0, EdgeMode.transparent), (7, .transparent), (25, .transparent),
    (2, .extend), (7, .mirror), (25, .wrap)], every: 2))
  func tilesOrderAndRepetitionDoNotChangeAPixel(sigma: Double, edge: EdgeMode) throws {
    let image = try Self.scene()
    let blur = image.blurred(sigma: sigma, edge: edge)
    let reference = try Renderer(tileSize: 4096, threads: 1).render(image.blurred(sigma: sigma, edge: edge))
    for tileSize in [7, 32, 64, 100] {
      for threads in [1, 3] {
        #expect(try Renderer(tileSize: tileSize, threads: threads).render(blur) == reference,
          "tile \(tileSize), \(threads) threads")
      }
    }
    // Regions in a random order, overlapping and of all sizes, some far from the others.
    var generator = SplitMix64(seed: 4134523954)  // seeded: a failure can be replayed
    let e = blur.extent
    for _ in 0..<40 {
      let x = Int.random(in: e.minX - 5..<e.maxX, using: &generator)
      let y = Int.random(in: e.minY - 5..<e.maxY, using: &generator)
      let region = IntRect(x: x, y: y, width: Int.random(in: 1...90, using: &generator),
        height: Int.random(in: 1...90, using: &generator))
      let pixels = try blur.rendered(region, renderer: Renderer(tileSize: 4096, threads: 1))
      let inside = region.intersection(e)
      var expected = try Raster(width: region.width, height: region.height)
      if !inside.isEmpty {
        expected.copy(reference, from: inside.offsetBy(dx: -e.minX, dy: -e.minY), toX: inside.minX - region.minX,
          y: inside.minY - region.minY)
      }
      #expect(pixels == expected, "region \(region)")
    }
    // A crop after the blur, drawn twice.
    let crop = IntRect(x: 10, y: 5, width: 70, height: 60)
    for _ in 0..<2 {
      let pixels = try Renderer(tileSize: 16, threads: 2).render(blur.cropped(to: crop))
      #expect(pixels == (try reference.extracting(crop.offsetBy(dx: -e.minX, dy: -e.minY))))
    }
  }

  @Test func theChainStepParsesAndChecksSigma() throws {
    let white = try Raster(width: 4, height: 4, fill: .white)
    let blurred = try Chain(parsing: ["blur 2.5 edge=transparent"]).apply(to: white)
    #expect(blurred.extent == IntRect(x: -8, y: -8, width: 20, height: 20))
    // By default the edges repeat: the size stays, and white stays white.
    let extended = try Chain(parsing: ["blur 2.5"]).apply(to: white)
    #expect(extended.extent == white.bounds)
    #expect(try extended.rendered() == white)
    for edge in EdgeMode.allCases {
      let step = try Chain(parsing: ["blur 2.5 edge=\(edge)"]).apply(to: white)
      #expect((step as? GaussianBlur)?.edge == edge)
    }
    #expect(ChainProbe.message("blur 2 edge=clamp")?.contains(#""extend", "mirror", "wrap" or "transparent""#) == true,
      "\(ChainProbe.message("blur 2 edge=clamp") ?? "")")
    #expect(ChainProbe.message("blur -3") == "sigma must be at least 0, got -3")
    #expect(ChainProbe.message("blur") != nil)
    #expect(ChainProbe.message("blur x") == "number expected, got \"x\"")
    #expect(ChainProbe.message("blur 1e300") == nil)  // clamped, as `ParameterCheck.sigma` does
  }
}

extension GaussianBlurTests {
  /// From σ = 3 the plan computes the blur once over what the render needs: the input is asked for each row once
  /// (in bands), whatever the tile size or thread count, and a second render does exactly the same work again.
  @Test(arguments: [(8.0, 32, 1), (8, 64, 3), (30, 32, 2), (30, 100, 1)])
  func theBlurIsComputedOncePerRender(sigma: Double, tileSize: Int, threads: Int) throws {
    let image = try Self.scene()
    let blur = image.blurred(sigma: sigma, edge: .transparent)
    let renderer = Renderer(tileSize: tileSize, threads: threads)
    let plan = try renderer.plan(blur)
    #expect(plan.stages.count == 2)
    #expect(plan.stages[0].materialised && plan.stages[0].region == blur.extent)
    #expect(plan.stages[1].region == image.bounds)
    var traces: [[String]] = []
    for _ in 1...2 {
      let trace = RenderTrace()
      _ = try renderer.render(blur, trace: trace)
      traces.append(trace.recorded.map(\.description))
      let input = try #require(trace.recorded.first { $0.path == [0] })
      // Each band of rows asks for its rows once: the image's rows, no more.
      #expect(input.region == image.bounds)
    }
    #expect(traces[0] == traces[1])
    // Cut back to the image (as other tools return a blur): computed over the image only.
    let cropped = try renderer.plan(blur.cropped(to: image.bounds))
    #expect(cropped.stages[1].materialised && cropped.stages[1].region == image.bounds)
  }
}

extension GaussianBlurTests {
  /// Decorators after a blur ask for its pixels in their own order (a flip bottom first, a rotation along
  /// diagonals): the result is that of the same decorator over the blur rendered whole.
  @Test(arguments: [3.5, 12])
  func decoratorsAfterABlurSeeTheSamePixels(sigma: Double) throws {
    let image = try Self.scene()
    let whole = try image.blurred(sigma: sigma).rendered()
    let e = image.blurred(sigma: sigma).extent
    let flat = whole.translated(by: Point(Double(e.minX), Double(e.minY)))
    for (after, reference) in [
      (image.blurred(sigma: sigma).flipped(.vertical), flat.flipped(.vertical)),
      (image.blurred(sigma: sigma).rotated(by: .degrees(30)), flat.rotated(by: .degrees(30))),
      (image.blurred(sigma: sigma).scaled(by: 0.6), flat.scaled(by: 0.6)),
    ] as [(any ImageComponent, any ImageComponent)] {
      #expect(after.extent == reference.extent)
      #expect(try Renderer(tileSize: 32, threads: 2).render(after) == (try Renderer(tileSize: 4096).render(reference)))
    }
  }
}

extension GaussianBlurTests {
  /// A blur taller than several slabs (the horizontal passes are kept a slab at a time), of pixels and of coverage
  /// (a shadow), for reaches both shorter and longer than a slab: computed once per render, the same bytes as every
  /// region rendered on its own (without a plan).
  @Test(arguments: [3.5, 9, 60])
  func tallBlursAreTheSameMaterialisedOrNot(sigma: Double) throws {
    let strip = try Self.scene().resized(width: 37, height: 3 * GaussianFilter.slabRows(elements: 37) + 41).rendered()
    for component in [strip.blurred(sigma: sigma), strip.addingDropShadow(offset: Point(3, -2), sigma: sigma, spread: 1)]
      as [any ImageComponent]
    {
      let plan = try Renderer(tileSize: 64).plan(component)
      #expect(plan.stages.contains { $0.materialised })
      let materialised = try Renderer(tileSize: 64, threads: 2).render(component)
      let alone = try component.render(component.extent, context: RenderContext())
      #expect(materialised == alone, "\(component)")
    }
  }
}

extension GaussianBlurTests {
  /// A blur computed once whose region (or working buffer) is over the pixel limit is refused by name, not as a
  /// raster of a size the user never asked for.
  @Test func aStageOverThePixelLimitIsNamed() throws {
    let blurred = try Raster(width: 8, height: 8, fill: RGBA8(r: 255, g: 0, b: 0, a: 255))
      .blurred(sigma: 50, edge: .transparent).cropped(to: IntRect(x: 0, y: 0, width: 4, height: 4))
    do {
      _ = try Renderer(pixelLimit: 1000).render(blurred)
      Issue.record("rendered over the limit")
    } catch {
      guard case .stageTooLarge(let component, _, _, let limit) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(component == "blur 50 edge=transparent" && limit == 1000)
      #expect(error.description.hasPrefix("blur 50 edge=transparent: needs a region of "))
    }
    // Within the limit, the same render works.
    #expect(try Renderer(pixelLimit: 1 << 20).render(blurred).width == 4)
  }
}

extension GaussianBlurTests {
  /// The unit is in the label: `radius:` (Core Graphics, canvas, SwiftUI) is 2σ, for the blur and both shadows.
  @Test func aRadiusIsTwoSigmas() throws {
    let image = try Raster(width: 12, height: 10, fill: RGBA8(r: 200, g: 100, b: 50, a: 255)).padded(by: 6)
    #expect(try image.blurred(radius: 8, edge: .transparent).rendered()
      == image.blurred(sigma: 4, edge: .transparent).rendered())
    #expect(try image.addingDropShadow(offset: Point(3, 2), radius: 6, opacity: 0.7).rendered()
      == image.addingDropShadow(offset: Point(3, 2), sigma: 3, opacity: 0.7).rendered())
    #expect(try image.addingInnerShadow(radius: 5).rendered() == image.addingInnerShadow(sigma: 2.5).rendered())
    #expect(image.blurred(radius: 8).sigma == 4)
  }
}
