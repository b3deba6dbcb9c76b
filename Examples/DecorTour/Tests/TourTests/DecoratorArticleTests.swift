import Decor
import Testing
import Tour

/// The decorators of the article "Writing your own decorator" (`Posterize`, `Dilate`, `Fade`) behave as it says.
@Suite struct DecoratorArticleTests {
  @Test func posterizeWorksInCodeAndAsAStep() throws {
    let photo = try TourTests.photo()
    let registry = try registryWithPosterize()
    let result = try Chain(parsing: ["rotate 10 | posterize 4"], registry: registry).apply(to: photo).rendered()
    #expect(result == (try photo.rotated(by: .degrees(10)).posterized(levels: 4).rendered()))
    for (step, message) in [
      ("posterize x", "step 2 \"posterize x\": whole number expected, got \"x\""),
      ("posterize 300", "step 2 \"posterize 300\": levels must be from 2 to 255, got 300"),
    ] {
      do {
        _ = try Chain(parsing: ["rotate 10", step], registry: registry)
        Issue.record("parsed \(step)")
      } catch {
        #expect(error.description == message)
      }
    }
    // The declaration is what `decor filters` prints: the range and unit of its rule.
    #expect(posterizeLevels.argument.range == "2 to 255" && posterizeLevels.argument.unit == "levels")
  }

  /// Declaring its demand keeps the plan: a large blur below is computed once, not tile by tile.
  @Test func posterizeKeepsThePlan() throws {
    let blurred = try Raster(width: 40, height: 30, fill: RGBA8(r: 200, g: 100, b: 50, a: 255))
      .blurred(sigma: 6, edge: .transparent)
    let plan = try Renderer(tileSize: 16).plan(blurred.posterized(levels: 4))
    #expect(plan.stages.map(\.path) == [[], [0], [0, 0]])
    #expect(plan.stages[1].materialised && plan.stages[1].region == blurred.extent)
  }

  /// The same pixels whatever the tiles, and the declared demand is what the render asks for.
  @Test func dilateGivesTheSameBytesForEveryTileSize() throws {
    let photo = try TourTests.photo().cropped(to: IntRect(x: 0, y: 0, width: 40, height: 30)).padded(by: 3)
    let dilated = Dilate(photo, reach: 2)
    #expect(dilated.extent == photo.extent.insetBy(dx: -2, dy: -2))
    let whole = try dilated.rendered(renderer: Renderer(tileSize: 512, threads: 1))
    for tileSize in [1, 7, 16] {
      #expect(try dilated.rendered(renderer: Renderer(tileSize: tileSize, threads: 2)) == whole, "\(tileSize)")
    }
    // A pixel is the channel-wise maximum of its 5×5 neighbourhood.
    let source = try photo.rendered()
    let (x, y) = (12, 9)
    var expected = RGBA8.clear
    for dy in -2...2 {
      for dx in -2...2 {
        let p = source[x + dx, y + dy]
        expected = RGBA8(r: max(expected.r, p.r), g: max(expected.g, p.g), b: max(expected.b, p.b),
          a: max(expected.a, p.a))
      }
    }
    #expect(whole[x + 2, y + 2] == expected)
    let blurredBelow = try Renderer(tileSize: 8).plan(Dilate(photo.blurred(sigma: 8), reach: 2))
    #expect(blurredBelow.stages.contains { $0.materialised })
  }

  @Test func fadeFollowsTheParameterRule() throws {
    let image = try TourTests.photo()
    #expect(try Fade(image, amount: 0.5).rendered() == image.multiplyingOpacity(by: 0.5).rendered())
    #expect(Fade(image, amount: 3).amount == 1)
    let refused = RenderError.invalidParameter(component: "fade", reason: "amount must be at least 0, got -1")
    #expect(throws: refused) { try Fade(image, amount: -1).rendered() }
    #expect(throws: refused) { try Fade(image, amount: -1).padded(by: 2).rendered() }
    var canvas = try Raster(width: 4, height: 4)
    #expect(throws: refused) { try canvas.draw(Fade(image, amount: -1), at: .zero) }
    #expect(Fade(image.rotated(by: .degrees(.nan)), amount: 0).parameterError != nil)
  }
}
