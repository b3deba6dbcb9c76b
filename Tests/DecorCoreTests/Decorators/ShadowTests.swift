import Foundation
import Testing

import Decor
import DecorTestSupport

@Suite struct ShadowTests {
  /// The horse cut-out, 64 px wide: antialiased edges, thin legs, a transparent surround.
  static func cutout() throws -> Raster {
    try ImageMetrics.sample("horse-cutout.png").resized(width: 64, height: nil).rendered()
  }

  /// Exact shadows in `Double`: the coverage grown by a disc of radius `spread` (shrunk if negative), blurred by an
  /// exact Gaussian, in `color` at `opacity`, moved by `offset`; then, unless `only`, the image drawn over it
  /// (source-over), or for `inner`, the inverted shadow drawn atop the image. Rounded once, at the end, over
  /// `region` (absolute coordinates).
  static func reference(
    _ image: Raster, sigma: Double, offset: (Int, Int), color: Color = .black, opacity: Double, spread: Double = 0,
    only: Bool = false, inner: Bool = false, over region: IntRect
  ) throws -> Raster {
    let reach = Int(abs(spread).rounded(.down))
    let pad = Int((6 * sigma).rounded(.up)) + reach + abs(offset.0) + abs(offset.1) + 2
    let width = image.width + 2 * pad
    let height = image.height + 2 * pad
    var alpha = [Double](repeating: 0, count: width * height)
    for y in 0..<image.height {
      for x in 0..<image.width { alpha[(y + pad) * width + x + pad] = Double(image[x, y].a) }
    }
    if reach > 0 {
      var grown = alpha
      for y in 0..<height {
        for x in 0..<width {
          var value = spread > 0 ? 0.0 : 255.0
          for dy in -reach...reach {
            for dx in -reach...reach where Double(dx * dx + dy * dy) <= spread * spread {
              let (u, v) = (x + dx, y + dy)
              let a = u >= 0 && u < width && v >= 0 && v < height ? alpha[v * width + u] : 0
              value = spread > 0 ? max(value, a) : min(value, a)
            }
          }
          grown[y * width + x] = value
        }
      }
      alpha = grown
    }
    let blurred = GaussianReference.blur(alpha, width: width, height: height, channels: 1, sigma: sigma, margin: 0)
    var bytes = [UInt8](repeating: 0, count: region.width * region.height * 4)
    let shade = [color.red, color.green, color.blue, 1].map { $0 * color.alpha * opacity }
    for row in 0..<region.height {
      for column in 0..<region.width {
        let (x, y) = (region.minX + column, region.minY + row)
        let (u, v) = (x - offset.0 + pad, y - offset.1 + pad)
        let covered = u >= 0 && u < width && v >= 0 && v < height ? blurred[v * width + u] : 0
        let pixel = image.pixel(x: x, y: y) ?? .clear
        let source = [pixel.r, pixel.g, pixel.b, pixel.a].map(Double.init)
        var result: [Double]
        if inner {
          let t = 1 - covered / 255
          let shadow = shade.map { $0 * t * 255 }
          // source-atop: shadow · αb + backdrop · (1 − αs).
          result = (0..<4).map { shadow[$0] * source[3] / 255 + source[$0] * (1 - shadow[3] / 255) }
          result[3] = source[3]
        } else {
          let shadow = shade.map { $0 * covered }
          result = only ? shadow : (0..<4).map { source[$0] + shadow[$0] * (1 - source[3] / 255) }
        }
        for c in 0..<4 { bytes[(row * region.width + column) * 4 + c] = UInt8(max(0, min(255, result[c].rounded()))) }
      }
    }
    return try Raster(width: region.width, height: region.height, premultipliedBytes: bytes)
  }

  @Test(arguments: [(0.0, 4, 3), (1.2, -2, 5), (2.5, 6, 6), (5, 8, 8), (11, -7, 3)])
  func matchesAnExactShadow(sigma: Double, dx: Int, dy: Int) throws {
    let image = try Self.cutout()
    let color = Color(red: 0.2, green: 0.1, blue: 0.6, alpha: 0.9)
    let shadow = image.addingDropShadow(offset: Point(Double(dx), Double(dy)), sigma: sigma, color: color, opacity: 0.7)
    let rendered = try shadow.rendered()
    let expected = try Self.reference(image, sigma: sigma, offset: (dx, dy), color: color, opacity: 0.7,
      over: shadow.extent)
    let psnr = ImageMetrics.psnr(rendered, expected)
    let delta = ImageMetrics.maxDelta(rendered, expected)
    print("shadow σ = \(sigma): \(psnr) dB, max delta \(delta)")
    #expect(psnr >= 40, "σ = \(sigma): \(psnr) dB, max delta \(delta)")
    // The exact kernel is exact but for roundings (the shadow is rounded before the image goes over it).
    #expect(delta <= (sigma < GaussianKernel.exactLimit ? 2 : 6), "σ = \(sigma): max delta \(delta)")
  }

  @Test(arguments: [(3.0, 2.0), (1.5, 4.5), (4, -2), (2, -3.5)])
  func spreadGrowsOrShrinksTheShapeByADisc(sigma: Double, spread: Double) throws {
    let image = try Self.cutout()
    let shadow = image.addingDropShadow(offset: Point(3, 2), sigma: sigma, opacity: 1, spread: spread, only: true)
    let expected = try Self.reference(image, sigma: sigma, offset: (3, 2), opacity: 1, spread: spread, only: true,
      over: shadow.extent)
    let rendered = try shadow.rendered()
    let delta = ImageMetrics.maxDelta(rendered, expected)
    #expect(delta <= (sigma < GaussianKernel.exactLimit ? 2 : 6), "spread \(spread): max delta \(delta)")
    #expect(ImageMetrics.psnr(rendered, expected) >= 40)
  }

  /// Every pixel an exact shadow would colour (≥ 1 level) lies inside the extent, and nothing is drawn outside it.
  @Test func theExtentHoldsEveryShadowPixel() throws {
    var generator = SplitMix64(seed: 688410842)  // seeded: a failure can be replayed
    let image = try ImageMetrics.sample("horse-cutout.png").resized(width: 24, height: nil).rendered()
    for _ in 0..<12 {
      let sigma = [0, 0.7, 2, 3.4, 6].randomElement(using: &generator)!
      let dx = Int.random(in: -9...9, using: &generator)
      let dy = Int.random(in: -9...9, using: &generator)
      let spread = [0, 2, -1.5, 3.2].randomElement(using: &generator)!
      let only = Bool.random(using: &generator)
      let shadow = image.addingDropShadow(offset: Point(Double(dx), Double(dy)), sigma: sigma, opacity: 1, spread: spread,
        only: only)
      let e = shadow.extent
      let around = IntRect(x: e.minX - 12, y: e.minY - 12, width: e.width + 24, height: e.height + 24)
      let exact = try Self.reference(image, sigma: sigma, offset: (dx, dy), opacity: 1, spread: spread, only: only,
        over: around)
      let rendered = try shadow.rendered(around)
      for y in 0..<around.height {
        for x in 0..<around.width {
          let inside = e.contains(IntRect(x: x + around.minX, y: y + around.minY, width: 1, height: 1))
          if !inside {
            #expect(exact[x, y] == .clear, "σ \(sigma) offset (\(dx), \(dy)) spread \(spread): (\(x), \(y))")
            #expect(rendered[x, y] == .clear)
          }
        }
      }
    }
  }

  @Test func theImageIsDrawnOverItsShadow() throws {
    let image = try Self.cutout()
    let shadow = try image.addingDropShadow(offset: Point(4, 4), sigma: 3).rendered()
    let e = image.addingDropShadow(offset: Point(4, 4), sigma: 3).extent
    // Where the image is opaque it is all that shows.
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].a == 255 {
        #expect(shadow[x - e.minX, y - e.minY] == image[x, y])
      }
    }
    // `only` leaves the image out: the shadow of an opaque pixel far inside is the colour at the opacity.
    let alone = try Raster(width: 40, height: 40, fill: .white).addingDropShadow(offset: .zero, sigma: 2, opacity: 0.5,
      only: true).rendered()
    #expect(alone[26, 26] == RGBA8(r: 0, g: 0, b: 0, a: 128))
  }

  @Test func aHardShadowIsTheCoverageMoved() throws {
    let image = try Self.cutout()
    let shadow = try image.addingDropShadow(offset: Point(7, -3), sigma: 0, color: .white, opacity: 1, only: true)
      .rendered(image.bounds.offsetBy(dx: 7, dy: -3))
    for y in 0..<image.height {
      for x in 0..<image.width {
        let a = image[x, y].a
        #expect(shadow[x, y] == RGBA8(r: a, g: a, b: a, a: a))
      }
    }
  }

  @Test(arguments: [(2.0, 0, 3), (6, 3, -2)])
  func anInnerShadowMatchesTheExactOne(sigma: Double, dx: Int, dy: Int) throws {
    let image = try Self.cutout()
    let color = Color(red: 0.1, green: 0, blue: 0.3)
    let inner = image.addingInnerShadow(offset: Point(Double(dx), Double(dy)), sigma: sigma, color: color, opacity: 0.8)
    #expect(inner.extent == image.bounds)
    let rendered = try inner.rendered()
    let expected = try Self.reference(image, sigma: sigma, offset: (dx, dy), color: color, opacity: 0.8, inner: true,
      over: image.bounds)
    let delta = ImageMetrics.maxDelta(rendered, expected)
    #expect(delta <= (sigma < GaussianKernel.exactLimit ? 2 : 6), "max delta \(delta)")
    #expect(ImageMetrics.psnr(rendered, expected) >= 40)
    // The shape keeps its alpha, and far inside an opaque square the shadow does not reach.
    for y in 0..<image.height { for x in 0..<image.width { #expect(rendered[x, y].a == image[x, y].a) } }
    let square = try Raster(width: 60, height: 60, fill: .white).addingInnerShadow(offset: Point(0, 4), sigma: 2)
      .rendered()
    #expect(square[30, 30] == .white)
    #expect(square[30, 1].r < 200)  // the top edge, under the outside moved down
    #expect(square[30, 58] == .white)  // the bottom edge is lit
  }

  @Test func largeShadowsRenderTheSameInAnyTiling() throws {
    let image = try Self.cutout()
    for shadow in [image.addingDropShadow(offset: Point(5, 9), sigma: 9, spread: 2), image.addingDropShadow(sigma: 2.2, only: true)]
    {
      let whole = try Renderer(tileSize: 4096, threads: 1).render(shadow)
      for tile in [16, 50] {
        #expect(try Renderer(tileSize: tile, threads: 3).render(shadow) == whole)
      }
    }
    let inner = image.addingInnerShadow(offset: Point(-3, 4), sigma: 7)
    #expect(try Renderer(tileSize: 24, threads: 2).render(inner) == (try Renderer(tileSize: 4096).render(inner)))
  }

  /// The design's example reads like the step it mirrors, `rotate 30 | shadow 6 6 blur=8`.
  @Test func theDesignsExampleIsTheStep() throws {
    let image = try Self.cutout()
    let swift = image.rotated(by: .degrees(30)).addingDropShadow(offset: .init(6, 6), sigma: 8)
    let step = try Chain(parsing: ["rotate 30 | shadow 6 6 blur=8"]).apply(to: image)
    #expect(swift.extent == step.extent)
    #expect(try swift.rendered() == step.rendered())
  }

  @Test func theChainStepsParseAndCheckTheirArguments() throws {
    func build(_ step: String) throws -> any ImageComponent {
      try Chain(parsing: [step]).apply(to: try Raster(width: 10, height: 10, fill: .white))
    }
    let plain = try #require(try build("shadow") as? DropShadow)
    #expect(plain.offset == Point(5, 5) && plain.sigma == 4 && plain.opacity == 0.5 && plain.color == .black)
    #expect(plain.spread == 0 && !plain.shadowOnly)
    let full = try #require(try build("shadow -3 6 radius=10 color=#ff0000 opacity=0.25 spread=2 only") as? DropShadow)
    #expect(full.offset == Point(-3, 6) && full.sigma == 5 && full.opacity == 0.25 && full.spread == 2)
    #expect(full.shadowOnly && full.color == Color(red: 1, green: 0, blue: 0))
    #expect((try build("shadow 6 6 blur=8") as? DropShadow)?.sigma == 8)
    let inner = try #require(try build("inner-shadow 0 3 blur=2 opacity=0.8") as? InnerShadow)
    #expect(inner.offset == Point(0, 3) && inner.sigma == 2 && inner.opacity == 0.8)
    #expect(ChainProbe.message("shadow 5") == "DX and DY go together, got only one offset")
    #expect(ChainProbe.message("shadow blur=2 radius=4") == "blur= (σ) and radius= (2σ) say the same thing: give one")
    // The same checks as the Swift API (`ParameterCheck`): meaningless values are refused, large ones clamped.
    #expect(ChainProbe.message("shadow opacity=-2") == "opacity must be at least 0, got -2")
    #expect(ChainProbe.message("shadow blur=-1") == "blur must be at least 0, got -1")
    #expect(ChainProbe.message("shadow radius=-1") == "radius must be at least 0, got -1")
    #expect(ChainProbe.message("shadow opacity=2") == nil)
    #expect(ChainProbe.message("inner-shadow opacity=nan")
      == "opacity must be a finite number, got nan")
    #expect(ChainProbe.message("inner-shadow 1 2 spread=3") != nil)
  }
}
