import Foundation
import Testing

import Decor
import DecorTestSupport

/// `sharpen`, `levels` and `gamma` against Pillow and ImageMagick (files made once by
/// `Tests/Fixtures/Tone/make.py`), against a plain `Double` reference, on translucent pixels, and across tile sizes
/// and thread counts.
@Suite struct ToneTests {
  static let folder = Fixtures.root.appendingPathComponent("Tone")

  static func fixture(_ name: String) throws -> Raster {
    try Raster(contentsOfFile: folder.appendingPathComponent(name + ".png").path)
  }

  /// Largest difference and the share of channels that differ by more than 1.
  static func compare(_ a: Raster, _ b: Raster) -> (max: Int, over1: Double) {
    let deltas = zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }
    return (deltas.max() ?? 0, Double(deltas.filter { $0 > 1 }.count) / Double(deltas.count))
  }

  // MARK: - Sharpen

  /// Pillow's `UnsharpMask(radius: σ, percent: 100·amount, threshold:)`. Pillow blurs with three extended-box
  /// passes at every σ and truncates its sum to whole levels, so it differs from the exact Gaussian by a few levels
  /// at edges (it differs from ImageMagick by up to 8 on these images); measured 47.7–50.8 dB, at most 9.
  @Test(arguments: [(1.0, 1.0, 0.0), (2.5, 1.5, 0), (5, 0.8, 0), (2, 1, 6)])
  func sharpenMatchesPillow(sigma: Double, amount: Double, threshold: Double) throws {
    let photo = try Self.fixture("photo")
    let ours = try photo.sharpened(sigma: sigma, amount: amount, threshold: threshold).rendered()
    let pillow = try Self.fixture("sharpen-pillow-\(format(sigma))-\(format(amount))-\(format(threshold))")
    let psnr = ImageMetrics.psnr(ours, pillow)
    #expect(psnr > 47, "\(psnr) dB")
    #expect(Self.compare(ours, pillow).max <= 10)
  }

  /// ImageMagick's `-unsharp 0xσ+amount+0` (an exact Gaussian in floating point): measured 50.2–50.8 dB, at most 3.
  @Test(arguments: [(1.0, 1.0), (2.5, 1.5), (5, 0.8)])
  func sharpenMatchesImageMagick(sigma: Double, amount: Double) throws {
    let photo = try Self.fixture("photo")
    let ours = try photo.sharpened(sigma: sigma, amount: amount).rendered()
    let magick = try Self.fixture("sharpen-im-\(format(sigma))-\(format(amount))")
    let psnr = ImageMetrics.psnr(ours, magick)
    #expect(psnr > 49.5, "\(psnr) dB")
    let (largest, over1) = Self.compare(ours, magick)
    #expect(largest <= 3 && over1 < 0.05, "max \(largest), \(over1) over 1")
  }

  /// ImageMagick's threshold is a fraction of white compared with twice the difference: `-unsharp 0x2+1+(2·6/255)`
  /// is `threshold: 6`. Where the difference is within a rounding of the threshold the two decide differently (a
  /// step of about the threshold): measured 46.6 dB, at most 7; with `+6/255` instead, 41.2 dB.
  @Test func sharpenThresholdMatchesImageMagick() throws {
    let ours = try Self.fixture("photo").sharpened(sigma: 2, amount: 1, threshold: 6).rendered()
    let magick = try Self.fixture("sharpen-im-2-1-6")
    let psnr = ImageMetrics.psnr(ours, magick)
    #expect(psnr > 46, "\(psnr) dB")
    let (largest, over1) = Self.compare(ours, magick)
    #expect(largest <= 8 && over1 < 0.04, "max \(largest), \(over1) over 1")
  }

  /// The combine step is the formula on the blur's own pixels: straight colour plus amount times the difference
  /// from the blur's straight colour where it exceeds the threshold, clamped, premultiplied by the pixel's alpha.
  @Test func sharpenIsTheFormulaOverTheBlur() throws {
    let image = try ImageMetrics.pattern(width: 23, height: 17)
    for (amount, threshold) in [(1.0, 0.0), (2.5, 3), (0.4, 40)] {
      let ours = try image.sharpened(sigma: 1.3, amount: amount, threshold: threshold).rendered()
      let blur = try image.blurred(sigma: 1.3).rendered()
      for y in 0..<image.height {
        for x in 0..<image.width {
          let (p, b, got) = (image[x, y], blur[x, y], ours[x, y])
          let a = Double(p.a)
          for (c, bc, out) in [(p.r, b.r, got.r), (p.g, b.g, got.g), (p.b, b.b, got.b)] {
            let straight = Double(c) * 255 / a
            let d = straight - (b.a == 0 ? straight : Double(bc) * 255 / Double(b.a))
            if abs(abs(d) - threshold) < 1e-3 { continue }  // Float and Double may see the threshold differently
            let expected = (abs(d) > threshold ? min(max(straight + amount * d, 0), 255) : straight) * a / 255
            #expect(abs(Double(out) - expected) <= 1, "(\(x), \(y)): \(out) vs \(expected)")
          }
          #expect(got.a == p.a && got.r <= got.a && got.g <= got.a && got.b <= got.a)
        }
      }
    }
  }

  /// Alpha is kept, colour stays within it, transparent pixels stay transparent, and a flat colour (whose blur is
  /// itself) is unchanged whatever its alpha, but for the 8-bit precision of the straight colours (the pixel's and
  /// the blur's, ±127.5/α levels each, times the amount): an alpha edge alone does not change the colour beside it.
  @Test func sharpenKeepsAlphaAndFlatColour() throws {
    var image = try Raster(width: 20, height: 12)
    for y in 0..<12 {
      for x in 0..<20 where x >= 6 {
        image[x, y] = RGBA8(straightRed: 200, green: 90, blue: 30, alpha: x < 13 ? 255 : 100)
      }
    }
    let amount = 3.0
    let ours = try image.sharpened(sigma: 2, amount: amount).rendered()
    let blur = try image.blurred(sigma: 2).rendered()
    for y in 0..<12 {
      for x in 0..<20 {
        let (p, o) = (image[x, y], ours[x, y])
        #expect(o.a == p.a)
        guard p.a > 0 else {
          #expect(o == .clear)
          continue
        }
        let bound = 1 + amount * (0.5 + 0.5 * Double(p.a) / Double(blur[x, y].a))
        for (c, out) in [(p.r, o.r), (p.g, o.g), (p.b, o.b)] {
          #expect(Double(abs(Int(c) - Int(out))) <= bound, "(\(x), \(y)): \(out) vs \(c)")
        }
      }
    }
    // An opaque edge is sharpened (overshoots), σ = 0 or amount 0 changes nothing.
    var edge = try Raster(width: 10, height: 3, fill: .white)
    for y in 0..<3 {
      for x in 0..<5 { edge[x, y] = RGBA8(r: 60, g: 60, b: 60, a: 255) }
    }
    let sharp = try edge.sharpened(sigma: 1).rendered()
    #expect(sharp[4, 1].r < 60 && sharp[5, 1].r == 255)
    #expect(try edge.sharpened(sigma: 0, amount: 5).rendered() == edge)
    #expect(try edge.sharpened(sigma: 3, amount: 0).rendered() == edge)
  }

  /// Both blurs (exact below σ = 3, computed once per render from 3 up) give the same bytes whatever the tiles and
  /// threads, and every request stays inside what the sharpen declared.
  @Test(arguments: [1.5, 6])
  func sharpenDoesNotDependOnTilesOrThreads(sigma: Double) throws {
    let image = try ImageMetrics.sample("horse-cutout.png").resized(width: 80, height: nil).rendered()
    let sharpen = image.sharpened(sigma: sigma, amount: 1.2, threshold: 2)
    let reference = try Renderer(tileSize: 4096, threads: 1).render(sharpen)
    for tileSize in [5, 32, 100] {
      for threads in [1, 3] {
        let renderer = Renderer(tileSize: tileSize, threads: threads)
        #expect(try renderer.render(sharpen) == reference, "tile \(tileSize), \(threads) threads")
        #expect(try renderer.render(sharpen.adjustingLevels(black: 0.1, white: 0.8, gamma: 1.4))
          == Renderer(tileSize: 4096, threads: 1).render(sharpen.adjustingLevels(black: 0.1, white: 0.8, gamma: 1.4)))
      }
    }
  }

  // MARK: - Levels and gamma

  /// The exact formula on straight colour, rounded to nearest.
  static func level(_ c: Double, _ black: Double, _ white: Double, _ gamma: Double) -> Double {
    255 * pow(min(max((c / 255 - black) / (white - black), 0), 1), 1 / gamma)
  }

  /// ImageMagick 6's `-level B%,W%,G` and `-gamma G`: its 8-bit output is the formula truncated (measured: every
  /// channel equals ⌊255·f⌋), Decor's rounded to nearest, so they differ by at most 1 (PSNR 51–52 dB); Decor
  /// equals the NumPy formula (`make.py`) exactly on opaque pixels.
  @Test(arguments: [(10.0, 90.0, 1.2), (0, 50, 1), (25, 100, 0.6)])
  func levelsMatchImageMagick(black: Double, white: Double, gamma: Double) throws {
    let photo = try Self.fixture("photo")
    let ours = try photo.adjustingLevels(black: black / 100, white: white / 100, gamma: gamma).rendered()
    let magick = try Self.fixture("levels-im-\(format(black))-\(format(white))-\(format(gamma))")
    #expect(ImageMetrics.maxDelta(ours, magick) <= 1)
    for y in 0..<photo.height {
      for x in 0..<photo.width {
        let p = photo[x, y]
        let o = ours[x, y]
        for (c, out) in [(p.r, o.r), (p.g, o.g), (p.b, o.b)] {
          let exact = Self.level(Double(c), black / 100, white / 100, gamma)
          #expect(Double(out) == exact.rounded(), "(\(x), \(y)): \(out) vs \(exact)")
        }
      }
    }
  }

  @Test(arguments: [0.5, 2.2])
  func gammaMatchesImageMagick(gamma: Double) throws {
    let photo = try Self.fixture("photo")
    let ours = try photo.adjustingGamma(gamma).rendered()
    #expect(ImageMetrics.maxDelta(ours, try Self.fixture("gamma-im-\(format(gamma))")) <= 1)
    #expect(try ours == photo.adjustingLevels(black: 0, white: 1, gamma: gamma).rendered())
  }

  /// Translucent pixels: alpha kept, colour within ±1 of the formula on their straight colour, premultiplied again.
  @Test func levelsWorkOnStraightColour() throws {
    let image = try ImageMetrics.pattern(width: 31, height: 19)
    for (black, white, gamma) in [(0.1, 0.8, 1.0), (-0.2, 1.3, 0.45), (0.3, 0.31, 3)] {
      let ours = try image.adjustingLevels(black: black, white: white, gamma: gamma).rendered()
      for y in 0..<image.height {
        for x in 0..<image.width {
          let p = image[x, y]
          let o = ours[x, y]
          #expect(o.a == p.a)
          let a = Double(p.a)
          for (c, out) in [(p.r, o.r), (p.g, o.g), (p.b, o.b)] {
            let expected = Self.level(Double(c) * 255 / a, black, white, gamma) * a / 255
            #expect(abs(Double(out) - expected) <= 1, "(\(x), \(y)) \(black) \(white) \(gamma): \(out) vs \(expected)")
            #expect(out <= o.a)
          }
        }
      }
    }
    #expect(try Raster(width: 3, height: 3).adjustingGamma(2).rendered() == Raster(width: 3, height: 3))
  }

  // MARK: - Steps

  /// The steps build the same components as the Swift calls: levels as 0–255 or percentages.
  @Test func stepsAreTheSwiftCalls() throws {
    let photo = try Self.fixture("photo")
    let cases: [(String, any ImageComponent)] = [
      ("sharpen 2.5 amount=1.5 threshold=3", photo.sharpened(sigma: 2.5, amount: 1.5, threshold: 3)),
      ("unsharp 1", photo.sharpened(sigma: 1)),
      ("levels 10% 90% gamma=1.2", photo.adjustingLevels(black: 0.1, white: 0.9, gamma: 1.2)),
      ("levels 51 204", photo.adjustingLevels(black: 0.2, white: 0.8)),
      ("level 0 50%", photo.adjustingLevels(black: 0, white: 0.5)),
      ("gamma 2.2", photo.adjustingGamma(2.2)),
    ]
    for (step, component) in cases {
      let chain = try Chain(parsing: [step]).apply(to: photo)
      #expect(try chain.rendered() == component.rendered(), "\(step)")
    }
    #expect("\(photo.adjustingGamma(2.2))" == "gamma 2.2")
    #expect("\(photo.adjustingLevels(black: 0.1, white: 0.9, gamma: 1.2))" == "levels 25.5 229.5 gamma=1.2")
    #expect("\(photo.adjustingLevels(black: 10 / 255, white: 230 / 255))" == "levels 10 230")
    #expect("\(photo.sharpened(sigma: 2))" == "sharpen 2 amount=1 threshold=0")
  }

  /// A refused value is the same typed error from Swift and from the step.
  @Test func badValuesAreTheSameErrorFromSwiftAndSteps() throws {
    let photo = try Self.fixture("photo")
    let cases: [(String, any ImageComponent)] = [
      ("sharpen -2", photo.sharpened(sigma: -2)),
      ("sharpen 2 amount=-1", photo.sharpened(sigma: 2, amount: -1)),
      ("sharpen 2 threshold=-1", photo.sharpened(sigma: 2, threshold: -1)),
      ("levels 90% 10%", photo.adjustingLevels(black: 0.9, white: 0.1)),
      ("levels 50% 50%", photo.adjustingLevels(black: 0.5, white: 0.5)),
      ("levels 0 255 gamma=0", photo.adjustingLevels(black: 0, white: 1, gamma: 0)),
      ("gamma -1", photo.adjustingGamma(-1)),
      ("gamma 0", photo.adjustingGamma(0)),
    ]
    for (step, component) in cases {
      guard case .invalidParameter(let name, let reason)? = component.parameterError else {
        Issue.record("\(step): no invalidParameter")
        continue
      }
      #expect(name == step.split(separator: " ").first.map(String.init))
      #expect(throws: component.parameterError!) { try component.rendered() }
      #expect(component.extent.isEmpty)
      #expect(throws: ChainError.self) { try Chain(parsing: [step]) }
      do {
        _ = try Chain(parsing: [step])
      } catch {
        #expect(error.message == reason, "\(step)")
      }
    }
    #expect(photo.adjustingLevels(black: .nan, white: 1).parameterError != nil)
    #expect(photo.sharpened(sigma: .infinity).parameterError != nil)
  }
}
