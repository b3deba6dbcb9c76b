import Foundation
import Testing

import Decor
import DecorTestSupport

/// `trim`: the boxes libvips and ImageMagick find on a fixture (`Tests/Fixtures/Trim/README.md`),
/// a plain reference of the definition on seeded random images, transparency, blank images, errors, and the same
/// bytes whatever the tiles and threads.
@Suite struct TrimTests {
  static let bordered = Fixtures.root.appendingPathComponent("Trim/bordered.png").path

  /// The definition written plainly: the box of the pixels with a premultiplied channel more than ⌊fuzz⌋ from the
  /// background's, or the whole image when there is none.
  static func referenceBox(_ image: Raster, fuzz: Double, background: RGBA8) -> IntRect {
    var box: IntRect?
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image[x, y]
        let differences = [(p.r, background.r), (p.g, background.g), (p.b, background.b), (p.a, background.a)]
          .map { abs(Int($0.0) - Int($0.1)) }
        guard Double(differences.max()!) > fuzz.rounded(.down) else { continue }
        let pixel = IntRect(x: x, y: y, width: 1, height: 1)
        box = box.map { $0.union(pixel) } ?? pixel
      }
    }
    return box ?? image.bounds
  }

  /// libvips' `find_trim` at every fuzz; ImageMagick's `-trim` where its distance agrees (see the fixture's README).
  @Test(arguments: [("0", IntRect(x: 2, y: 17, width: 106, height: 73)),
    ("5%", IntRect(x: 4, y: 18, width: 102, height: 70)), ("10%", IntRect(x: 4, y: 19, width: 102, height: 69)),
    ("20%", IntRect(x: 4, y: 19, width: 102, height: 69)), ("25.5", IntRect(x: 4, y: 19, width: 102, height: 69))])
  func matchesLibvips(fuzz: String, box: IntRect) throws {
    let image = try Raster(contentsOfFile: Self.bordered)
    let trimmed = try Chain(parsing: ["trim fuzz=\(fuzz)"]).apply(to: image)
    #expect(trimmed.extent == box)
    #expect(try trimmed.rendered() == image.extracting(box))
    let level = fuzz.hasSuffix("%") ? Double(fuzz.dropLast())! / 100 * 255 : Double(fuzz)!
    #expect(box == Self.referenceBox(image, fuzz: level, background: image[0, 0]))
  }

  /// Seeded random pictures on a noisy border, trimmed by colour and by the top-left pixel, against the reference.
  @Test func randomPicturesFollowTheDefinition() throws {
    var random = SplitMix64(seed: 0x7215)
    for round in 0..<12 {
      let (width, height) = (Int.random(in: 8...40, using: &random), Int.random(in: 8...40, using: &random))
      let border = RGBA8(straightRed: 200, green: 190, blue: 180, alpha: round % 3 == 0 ? 0 : 255)
      var image = try Raster(width: width, height: height, fill: border)
      let inner = IntRect(x: Int.random(in: 0..<width / 2, using: &random), y: Int.random(in: 0..<height / 2, using: &random),
        width: Int.random(in: 1...width / 2, using: &random), height: Int.random(in: 1...height / 2, using: &random))
      for y in 0..<height {
        for x in 0..<width {
          if inner.contains(IntRect(x: x, y: y, width: 1, height: 1)) {
            image[x, y] = RGBA8(straightRed: UInt8.random(in: 0...255, using: &random), green: 40, blue: 90, alpha: 255)
          } else if border.a == 255 {
            let noise = UInt8.random(in: 0...6, using: &random)
            image[x, y] = RGBA8(straightRed: 200 - noise, green: 190, blue: 180 + noise, alpha: 255)
          }
        }
      }
      image[0, 0] = border
      for fuzz in [0.0, 3, 6.5, 40] {
        let trimmed = image.trimmed(fuzz: fuzz)
        #expect(trimmed.rect == Self.referenceBox(image, fuzz: fuzz, background: border), "round \(round), fuzz \(fuzz)")
        #expect(try trimmed.rendered() == image.extracting(trimmed.rect))
        let byColor = image.trimmed(fuzz: fuzz, color: Color(red: 200.0 / 255, green: 190.0 / 255, blue: 180.0 / 255,
          alpha: Double(border.a) / 255))
        #expect(byColor.rect == trimmed.rect)
      }
    }
  }

  /// A transparent border goes whatever colour it hides; a blank image is left whole; an explicit colour that is not
  /// the border's keeps everything.
  @Test func transparencyBlankImagesAndColours() throws {
    let cutout = try ImageMetrics.sample("horse-cutout.png")
    // Pillow's getbbox of the same file (the box of the pixels that are not all zero): (17, 8, 390, 314).
    #expect(cutout.trimmed().rect == IntRect(x: 17, y: 8, width: 373, height: 306))
    let blank = try Raster(width: 12, height: 9, fill: .white)
    #expect(blank.trimmed().extent == blank.bounds)
    #expect(try blank.trimmed().rendered() == blank)
    let clear = try Raster(width: 5, height: 4)
    #expect(clear.trimmed().extent == clear.bounds)
    var dot = blank
    dot[7, 2] = RGBA8(r: 0, g: 0, b: 0, a: 255)
    #expect(dot.trimmed().rect == IntRect(x: 7, y: 2, width: 1, height: 1))
    #expect(dot.trimmed(color: .black).rect == dot.bounds)
    #expect(dot.trimmed(fuzz: 255).rect == dot.bounds)
    // An image placed away from the origin is trimmed in its own coordinates.
    let moved = dot.translated(by: Point(-30, 12))
    #expect(moved.trimmed().rect == IntRect(x: -23, y: 14, width: 1, height: 1))
  }

  /// The box and the bytes do not depend on the threads or tiles that looked or render; the box is what the render
  /// asks of the input, and a trim inside a chain sees the steps before it.
  @Test func theSameEverywhere() throws {
    let image = try Raster(contentsOfFile: Self.bordered)
    let chain = image.padded(by: 7).rotated(by: .degrees(90))
    let reference = chain.trimmed(fuzz: 20, renderer: Renderer(tileSize: 4096, threads: 1))
    let expected = try Renderer(tileSize: 4096, threads: 1).render(reference)
    for (tileSize, threads) in [(7, 1), (64, 3), (256, 4)] {
      let trimmed = chain.trimmed(fuzz: 20, renderer: Renderer(tileSize: tileSize, threads: threads))
      #expect(trimmed.rect == reference.rect)
      let renderer = Renderer(tileSize: tileSize, threads: threads)
      #expect(try renderer.render(trimmed) == expected, "tile \(tileSize), \(threads) threads")
    }
    // The transparent padding goes (the top-left pixel is transparent); the flat border of the photo stays.
    #expect(reference.rect.width == 97 && reference.rect.height == 135)
  }

  /// Steps build the Swift calls; bad values are the same error from both; what cannot be looked at is kept as
  /// the component's error.
  @Test func stepsAndErrors() throws {
    let image = try Raster(contentsOfFile: Self.bordered)
    for (step, component) in [("trim", image.trimmed()), ("trim fuzz=10%", image.trimmed(fuzz: 25.5)),
      ("trim color=#f0f0f0 fuzz=3", image.trimmed(fuzz: 3, color: Color(red: 240.0 / 255, green: 240.0 / 255,
        blue: 240.0 / 255))), ("trim Color=AUTO", image.trimmed())] as [(String, Trim)]
    {
      let built = try Chain(parsing: [step]).apply(to: image)
      #expect(built.extent == component.extent, "\(step)")
      #expect(try built.rendered() == component.rendered(), "\(step)")
    }
    #expect("\(image.trimmed(fuzz: 3))" == "trim fuzz=3 color=auto (keeps 104x71+3+18)")
    for (step, component) in [("trim fuzz=-1", image.trimmed(fuzz: -1))] as [(String, Trim)] {
      guard case .invalidParameter(let name, let reason)? = component.parameterError else {
        Issue.record("\(step): no invalidParameter")
        continue
      }
      #expect(name == "trim" && reason == "fuzz must be at least 0, got -1")
      #expect(component.extent.isEmpty)
      let error = #expect(throws: ChainError.self) { try Chain(parsing: [step]) }
      #expect(error?.message == reason)
    }
    #expect(image.trimmed(fuzz: .nan).parameterError != nil)
    #expect(image.trimmed(fuzz: 1e9).fuzz == 255)
    let colour = #expect(throws: ChainError.self) { try Chain(parsing: ["trim color=gren"]) }
    #expect(colour?.message.contains("did you mean \"green\"?") == true)
    let fuzz = #expect(throws: ChainError.self) { try Chain(parsing: ["trim fuzz=lots"]) }
    #expect(fuzz?.message.contains("expected for fuzz=") == true)
    // A generator covers the plane: nothing to trim toward.
    guard case .invalidParameter(_, let reason)? = SolidColor(.white).trimmed().parameterError else {
      Issue.record("a generator was trimmed")
      return
    }
    #expect(reason.contains("crop it before trimming"))
    // An input that fails while it is looked at: its error, kept and thrown by every render.
    let tooLarge = image.trimmed(renderer: Renderer(pixelLimit: 100))
    #expect(tooLarge.extent.isEmpty && tooLarge.parameterError != nil)
    #expect(throws: RenderError.self) { try tooLarge.rendered() }
  }
}
