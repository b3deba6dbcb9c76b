import Decor
import DecorTesting
import Testing
import Tour

/// The tour's examples, checked: a golden image for the drawing sheet and the poster, the same cards from
/// concurrent tasks as from one, and errors that say what went wrong.
@Suite struct TourTests {
  /// A small synthetic photo: deterministic, so the goldens do not depend on a sample file.
  static func photo() throws -> Raster {
    var raster = try Raster(width: 160, height: 120)
    for y in 0..<120 {
      for x in 0..<160 {
        raster[x, y] = RGBA8(r: UInt8(40 + x), g: UInt8(60 + y), b: UInt8((x * y) % 200), a: 255)
      }
    }
    return raster
  }

  @Test func theDrawingSheetMatchesItsGolden() throws {
    try Golden.assert(try drawingSheet(Self.photo()), named: "tour/drawing")
  }

  @Test func thePosterMatchesItsGolden() throws {
    let cutout = try Self.photo().extracting(IntRect(x: 20, y: 20, width: 80, height: 80))
    try Golden.assert(try poster(Self.photo(), cutout: cutout).rendered(), named: "tour/poster")
  }

  @Test func cardsFromConcurrentTasksAreTheCardsOfOne() async throws {
    let template = try Chain(parsing: ["resize 80x_ | pad 4 color=white | rotate 4 | shadow 3 3 blur=2"])
    // `renderedAsync()` renders off the concurrency pool, so each render is awaited.
    let photos = try await [Self.photo(), Self.photo().flipped(.vertical).renderedAsync(), Self.photo().sepia().renderedAsync()]
    let cards = try await cards(from: photos, template: template)
    #expect(cards.count == 3)
    for (photo, card) in zip(photos, cards) {
      let alone = try await template.apply(to: photo).renderedAsync(renderer: Renderer(threads: 1))
      #expect(card == alone)
    }
  }

  @Test func aConditionalCardHasOneType() throws {
    let plain = try card(Self.photo(), tilted: false).rendered()
    let tilted = try card(Self.photo(), tilted: true).rendered()
    #expect(plain.width < tilted.width)
  }

  @Test func posterizeIsAStepOnceItsRegistryIsCurrent() throws {
    let result = try posterizedFromSteps(Self.photo())
    let opaque = stride(from: 0, to: result.bytes.count, by: 4).filter { result.bytes[$0 + 3] == 255 }
    #expect(!opaque.isEmpty && opaque.allSatisfy { [0, 85, 170, 255].contains(result.bytes[$0]) })
    // Outside that scope the step is unknown, and the error names the step in the library's terms.
    #expect(describeFailure(of: "posterize 4", on: try Self.photo()).hasPrefix("step 1: unknown filter \"posterize\""))
    #expect(describeFailure(of: "rotate 30 | blurr 4", on: try Self.photo())
      == "step 2: unknown filter \"blurr\"; did you mean \"blur\"?")
  }
}

/// The article "Text and cards": the card is 1200×630, its title wrapped into centred lines over the navy, and a
/// font that is not installed is an error naming the closest families.
@Suite struct SocialCardTests {
  @Test func theCardHasItsSizeTitleAndPhoto() throws {
    let card = try socialCard(photo: TourTests.photo(), title: "Summer sale on every cup", subtitle: "تخفيضات الصيف")
    let pixels = try card.rendered()
    #expect(pixels.width == 1200 && pixels.height == 630)
    let navy = RGBA8(r: 0x1d, g: 0x2b, b: 0x4f, a: 255)
    #expect(pixels[10, 10] == navy)
    // White glyphs in the title's box, the photo in its own.
    let title = (160..<320).flatMap { y in (50..<610).map { pixels[$0, y] } }
    #expect(title.contains { $0.r > 240 && $0.g > 240 && $0.b > 240 })
    #expect(pixels[900, 315] != navy)
    let heading = Text("Summer sale on every cup", font: Font(family: "DejaVu Sans Bold", size: 64), maxWidth: 560,
      alignment: .center)
    #expect(heading.lines.count == 2)
    let clamped = twoLineTitle("Summer sale on every cup, every saucer and every teapot in the shop")
    #expect(clamped.isTruncated && clamped.lines.count == 2)
    #expect(!twoLineTitle("Summer sale").isTruncated)
    let missing = Text("x", font: Font(family: "Nonexistent Sans", size: 12))
    #expect(missing.fontError != nil && missing.extent.isEmpty)
  }
}
