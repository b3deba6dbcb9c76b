import Foundation
import Testing

import Decor
import DecorTestSupport

/// `vignette` against a plain `Double` evaluation of its formula (written here from `Vignette`'s documentation), at
/// its edges (a hard edge, no strength, an ellipse of nothing, transparent pixels, a generator), on any tiles and
/// threads, and its parameters.
@Suite struct VignetteTests {
  static func image() throws -> Raster {
    try ImageMetrics.sample("chelsea.png").resized(width: 48, height: 33).rendered()
  }

  /// The formula in `Double`: the ellipse inset by (x, y) (10% of each side by default), the signed distance from it,
  /// the mask Φ(−d/σ), and the colour drawn source-atop with opacity strength·(1 − m)·alpha of the colour.
  static func reference(_ image: Raster, sigma: Double, x: Double?, y: Double?, color: RGBA8, strength: Double)
    -> [RGBA8]
  {
    let w = Double(image.width)
    let h = Double(image.height)
    let a = w / 2 - (x ?? 0.1 * w)
    let b = h / 2 - (y ?? 0.1 * h)
    var result: [RGBA8] = []
    for j in 0..<image.height {
      for i in 0..<image.width {
        let dx = Double(i) + 0.5 - w / 2
        let dy = Double(j) + 0.5 - h / 2
        let m: Double
        if a <= 0 || b <= 0 {
          m = 0
        } else {
          let r = sqrt(pow(dx / a, 2) + pow(dy / b, 2))
          let g = sqrt(pow(dx / (a * a), 2) + pow(dy / (b * b), 2))
          let d = g > 0 ? (r - 1) * r / g : -min(a, b)
          m = sigma > 0 ? erfc(d / (sigma * sqrt(2))) / 2 : (d <= 0 ? 1 : 0)
        }
        let k = strength * (1 - m) * Double(color.a) / 255
        let p = image[i, j]
        let alpha = Double(p.a)
        func channel(_ value: UInt8, _ straight: UInt8) -> UInt8 {
          UInt8((Double(straight) / 255 * k * alpha + Double(value) * (1 - k)).rounded())
        }
        result.append(p.a == 0 ? p : RGBA8(r: channel(p.r, color.r), g: channel(p.g, color.g),
          b: channel(p.b, color.b), a: p.a))
      }
    }
    return result
  }

  static func pixels(_ raster: Raster) -> [RGBA8] {
    (0..<raster.height).flatMap { y in (0..<raster.width).map { x in raster[x, y] } }
  }

  /// The largest difference of any channel between two lists of pixels.
  static func largestDifference(_ a: [RGBA8], _ b: [RGBA8]) -> Int {
    zip(a, b).map { p, q in
      [abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a))].max() ?? 0
    }.max() ?? 0
  }

  @Test(arguments: [
    (10.0, nil, nil, 1.0), (3, 6, 4, 1), (0, nil, nil, 1), (25, -5, 2.5, 0.6), (6, 24, 16.5, 1), (4, 30, 2, 0.5),
  ] as [(Double, Double?, Double?, Double)])
  func equalsThePlainFormula(sigma: Double, x: Double?, y: Double?, strength: Double) throws {
    let image = try Self.image()
    for color in [Color.black, try Color(parsing: "#3366cc80")] {
      let vignette = image.vignetted(sigma: sigma, x: x, y: y, color: color, strength: strength)
      #expect(vignette.extent == image.extent)
      let rendered = try vignette.rendered()
      // The colour's straight 8-bit components, held in an RGBA8.
      let straight = color.straight8
      let expected = Self.reference(image, sigma: sigma, x: x, y: y,
        color: RGBA8(r: straight.r, g: straight.g, b: straight.b, a: straight.a), strength: strength)
      #expect(Self.largestDifference(Self.pixels(rendered), expected) <= 1, "σ \(sigma) x \(x ?? -1) y \(y ?? -1)")
    }
  }

  @Test func itsEdges() throws {
    let image = try Self.image()
    let (w, h) = (image.width, image.height)
    // A hard edge: the centre is the image, the corners black.
    let hard = try image.vignetted(sigma: 0).rendered()
    #expect(hard[w / 2, h / 2] == image[w / 2, h / 2])
    for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
      #expect(hard[x, y] == RGBA8(r: 0, g: 0, b: 0, a: 255))
    }
    // No strength, or a transparent colour: the image unchanged.
    #expect(try image.vignetted(strength: 0).rendered() == image)
    #expect(try image.vignetted(color: .clear).rendered() == image)
    // An ellipse of nothing (insets of half the sides or more): every pixel towards the colour by the strength.
    let none = try image.vignetted(x: Double(w) / 2, strength: 0.5).rendered()
    for (p, q) in zip(Self.pixels(none), Self.pixels(image)) {
      #expect(p == RGBA8(r: UInt8((Double(q.r) / 2).rounded()), g: UInt8((Double(q.g) / 2).rounded()),
        b: UInt8((Double(q.b) / 2).rounded()), a: q.a))
    }
    // An ellipse far beyond the edges with a hard edge: nothing changes.
    #expect(try image.vignetted(sigma: 0, x: -1000, y: -1000).rendered() == image)
    // Transparent pixels stay transparent, and the alpha is the image's everywhere.
    let cutout = try ImageMetrics.sample("horse-cutout.png").resized(width: 40, height: nil).rendered()
    let darkened = try cutout.vignetted(sigma: 2).rendered()
    for (p, q) in zip(Self.pixels(darkened), Self.pixels(cutout)) {
      #expect(p.a == q.a && (q.a != 0 || p == .clear))
    }
    // A generator has no edges: passed through.
    let plane = SolidColor(.white).vignetted()
    #expect(plane.extent.isInfinite)
    let region = IntRect(x: -5, y: -5, width: 10, height: 10)
    #expect(try plane.rendered(region) == SolidColor(.white).rendered(region))
  }

  @Test func theSameBytesOnAnyTilesAndThreads() throws {
    let chain = try Self.image().translated(by: Point(5, -9)).vignetted(sigma: 7, y: 3, strength: 0.8)
    let reference = try Renderer(tileSize: 256, threads: 1).render(chain, region: chain.extent)
    for (tileSize, threads) in [(7, 1), (16, 4), (23, 2)] {
      #expect(try Renderer(tileSize: tileSize, threads: threads).render(chain, region: chain.extent) == reference,
        "tiles \(tileSize), \(threads) threads")
    }
  }

  @Test func badParametersAreTypedErrorsNamingTheStep() throws {
    let image = try Self.image()
    let cases: [(Vignette, String)] = [
      (image.vignetted(sigma: -1), "sigma must be at least 0, got -1"),
      (image.vignetted(sigma: .nan), "sigma must be a finite number, got nan"),
      (image.vignetted(x: .infinity), "x must be a finite number, got inf"),
      (image.vignetted(y: -.infinity), "y must be a finite number, got -inf"),
      (image.vignetted(strength: -0.5), "strength must be at least 0, got -0.5"),
    ]
    for (vignette, reason) in cases {
      #expect(vignette.parameterError == .invalidParameter(component: "vignette", reason: reason))
      #expect(vignette.extent.isEmpty)
      #expect(throws: RenderError.self) { try vignette.rendered() }
    }
    #expect(image.vignetted(sigma: 1e9, strength: 7).sigma == ParameterCheck.maxSigma)
    #expect(image.vignetted(strength: 7).strength == 1)
    #expect(ChainProbe.message("vignette sigma=-1") == "sigma must be at least 0, got -1")
    #expect(ChainProbe.message("vignette -1") == "strength must be at least 0, got -1")
    #expect(ChainProbe.message("vignette 1 8 sigma=4") == "give RADIUS or sigma=, not both")
    #expect(ChainProbe.message("vignette x=nan") != nil)
    // STRENGTH then RADIUS (2σ), as the design lists them; sigma= gives σ itself.
    let chain = try Chain(parsing: ["vignette 0.7 8 x=3 y=2 color=#102030"])
    let expected = image.vignetted(sigma: 4, x: 3, y: 2, color: try Color(parsing: "#102030"), strength: 0.7)
    #expect(try chain.apply(to: image).rendered() == expected.rendered())
    #expect(try Chain(parsing: ["vignette 0.7 sigma=4 x=3 y=2 color=#102030"]).apply(to: image).rendered()
      == expected.rendered())
    #expect(try Chain(parsing: ["vignette"]).apply(to: image).rendered() == image.vignetted().rendered())
  }
}
