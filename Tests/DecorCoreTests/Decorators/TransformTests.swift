import Foundation
import Testing

import Decor
import DecorTestSupport

@Suite struct TransformTests {
  static func pattern(width: Int, height: Int) throws -> Raster {
    try ImageMetrics.pattern(width: width, height: height)
  }

  /// Rotating a w×h image by a quarter turn clockwise puts source (x, y) at (h − 1 − y, x).
  static func quarterTurn(_ r: Raster) throws -> Raster {
    var out = try Raster(width: r.height, height: r.width)
    for y in 0..<r.height { for x in 0..<r.width { out[r.height - 1 - y, x] = r[x, y] } }
    return out
  }

  @Test(arguments: [(7, 5), (8, 8), (6, 9)])
  func quarterTurnsAreExact(width: Int, height: Int) throws {
    let image = try Self.pattern(width: width, height: height)
    let once = try Self.quarterTurn(image)
    let twice = try Self.quarterTurn(once)
    let thrice = try Self.quarterTurn(twice)
    for interpolation in Interpolation.allCases {
      #expect(try image.rotated(by: .degrees(90), interpolation: interpolation).rendered() == once)
      #expect(try image.rotated(by: .degrees(180), interpolation: interpolation).rendered() == twice)
      #expect(try image.rotated(by: .degrees(270), interpolation: interpolation).rendered() == thrice)
      #expect(try image.rotated(by: .degrees(-90), interpolation: interpolation).rendered() == thrice)
      #expect(try image.rotated(by: .degrees(360), interpolation: interpolation).rendered() == image)
    }
    // The extent keeps its centre (to the half pixel).
    let extent = image.rotated(by: .degrees(90)).extent
    #expect(extent.width == height && extent.height == width)
    #expect(abs(Double(extent.minX) + Double(extent.width) / 2 - Double(width) / 2) <= 0.5)
  }

  /// Two Catmull-Rom resamplings lose some detail near the Nyquist frequency, so how much depends on the photo:
  /// the cat keeps 41.4 dB at every angle; measured the same way, coffee.png keeps 39.4–40.2 dB and the
  /// finely textured astronaut.png 38.6–38.9 dB.
  @Test func rotatingThereAndBackRecoversThePhoto() throws {
    let photo = try ImageMetrics.sample("chelsea.png")
    for angle in [10.0, 17, 30, 45] {
      let back = photo.rotated(by: .degrees(angle), interpolation: .bicubic)
        .rotated(by: .degrees(-angle), interpolation: .bicubic)
      // Compare the central half, away from the corners that the first rotation moved outside.
      let centre = IntRect(x: photo.width / 4, y: photo.height / 4, width: photo.width / 2, height: photo.height / 2)
      let recovered = try back.rendered(centre)
      let original = try photo.extracting(centre)
      let psnr = ImageMetrics.psnr(recovered, original)
      #expect(psnr >= 40, "rotate \(angle)° and back: \(psnr) dB")
    }
  }

  /// A separable Lanczos-3 downscale in Double, kernel widened by the factor: the reference a good downscaler is
  /// measured against. Clipped to the image and renormalised at the edges.
  static func lanczosDownscale(_ image: Raster, by factor: Int) throws -> Raster {
    func lanczos(_ x: Double) -> Double {
      if x == 0 { return 1 }
      if abs(x) >= 3 { return 0 }
      let px = Double.pi * x
      return 3 * sin(px) * sin(px / 3) / (px * px)
    }
    let w = image.width / factor
    let h = image.height / factor
    let f = Double(factor)
    func weights(_ o: Int, _ size: Int) -> [(Int, Double)] {
      let centre = (Double(o) + 0.5) * f - 0.5
      var taps: [(Int, Double)] = []
      for i in Int((centre - 3 * f).rounded(.up))...Int((centre + 3 * f).rounded(.down)) where i >= 0 && i < size {
        taps.append((i, lanczos((Double(i) - centre) / f)))
      }
      let total = taps.reduce(0) { $0 + $1.1 }
      return taps.map { ($0.0, $0.1 / total) }
    }
    var horizontal = [[Double]](repeating: [Double](repeating: 0, count: w * 4), count: image.height)
    for y in 0..<image.height {
      for x in 0..<w {
        for (i, weight) in weights(x, image.width) {
          let p = image[i, y]
          for (c, v) in [p.r, p.g, p.b, p.a].enumerated() { horizontal[y][x * 4 + c] += Double(v) * weight }
        }
      }
    }
    var out = try Raster(width: w, height: h)
    for y in 0..<h {
      let taps = weights(y, image.height)
      for x in 0..<w {
        var v = [0.0, 0, 0, 0]
        for (i, weight) in taps { for c in 0..<4 { v[c] += horizontal[i][x * 4 + c] * weight } }
        let q = v.map { UInt8(max(0, min(255, $0.rounded()))) }
        out[x, y] = RGBA8(r: min(q[0], q[3]), g: min(q[1], q[3]), b: min(q[2], q[3]), a: q[3])
      }
    }
    return out
  }

  @Test func downscalingDoesNotAlias() throws {
    let photo = try ImageMetrics.sample("astronaut.png")
    let reference = try Self.lanczosDownscale(photo, by: 4)
    let bicubic = try photo.scaled(by: 0.25).rendered()  // the default interpolation
    #expect(bicubic.width == 128 && bicubic.height == 128)
    let psnr = ImageMetrics.psnr(bicubic, reference)
    #expect(psnr >= 36, "bicubic 4× downscale vs Lanczos-3: \(psnr) dB")  // measured: 43.6 dB
    // Point sampling aliases (27 dB), which is what the threshold above would catch; the widened tent lies between.
    let nearest = ImageMetrics.psnr(try photo.scaled(by: 0.25, interpolation: .nearest).rendered(), reference)
    let bilinear = ImageMetrics.psnr(try photo.scaled(by: 0.25, interpolation: .bilinear).rendered(), reference)
    #expect(nearest < 30 && bilinear > nearest + 5, "nearest \(nearest) dB, bilinear \(bilinear) dB")
  }

  @Test func nearestUpscalingRepeatsPixels() throws {
    let image = try Self.pattern(width: 3, height: 2)
    let big = try image.scaled(x: 3, y: 2, interpolation: .nearest).rendered()
    #expect(big.width == 9 && big.height == 4)
    for y in 0..<4 { for x in 0..<9 { #expect(big[x, y] == image[x / 3, y / 2]) } }
  }

  @Test func scalingKeepsOpaqueEdgesOpaque() throws {
    let opaque = try Raster(width: 10, height: 10, fill: RGBA8(r: 200, g: 100, b: 50, a: 255))
    for factor in [0.3, 1.7, 2.5] {
      for interpolation in Interpolation.allCases {
        let scaled = try opaque.scaled(by: factor, interpolation: interpolation).rendered()
        #expect(scaled.isOpaque, "\(factor) \(interpolation)")
        #expect(scaled[0, 0] == RGBA8(r: 200, g: 100, b: 50, a: 255))
      }
    }
  }

  @Test func resizeFitsAsAsked() throws {
    let image = try Raster(width: 400, height: 200, fill: .white)
    #expect(image.resized(width: 100, height: 100).extent.width == 100)
    #expect(image.resized(width: 100, height: 100, fit: .contain).extent == IntRect(x: 0, y: 0, width: 100, height: 50))
    #expect(image.resized(width: 100, height: 100, fit: .cover).extent == IntRect(x: 0, y: 0, width: 100, height: 100))
    #expect(image.resized(width: nil, height: 50).extent == IntRect(x: 0, y: 0, width: 100, height: 50))
    #expect(image.resized(width: 80, height: nil).extent == IntRect(x: 0, y: 0, width: 80, height: 40))
    // Cover crops evenly: a left-dark, right-light image keeps its middle.
    var halves = try Raster(width: 400, height: 200, fill: .black)
    for y in 0..<200 { for x in 200..<400 { halves[x, y] = .white } }
    let covered = try halves.resized(width: 100, height: 100, fit: .cover, interpolation: .nearest).rendered()
    #expect(covered[49, 50] == .black && covered[50, 50] == .white)
  }

  @Test func flipsAndWholeTranslationsAreExact() throws {
    let image = try Self.pattern(width: 5, height: 4)
    let h = try image.flipped(.horizontal).rendered()
    let v = try image.flipped(.vertical).rendered()
    let both = try image.flipped(.both).rendered()
    for y in 0..<4 {
      for x in 0..<5 {
        #expect(h[x, y] == image[4 - x, y])
        #expect(v[x, y] == image[x, 3 - y])
        #expect(both[x, y] == image[4 - x, 3 - y])
      }
    }
    // Both ways at once is a half turn, and keeps an extent that is not at the origin.
    #expect(try image.flipped(.both).rendered() == image.rotated(by: .degrees(180)).rendered())
    let placed = image.translated(by: Point(-3, 7))
    #expect(placed.flipped(.both).extent == placed.extent)
    #expect(try placed.flipped(.both).rendered() == both)
    let moved = image.translated(by: Point(-3, 7))
    #expect(moved.extent == IntRect(x: -3, y: 7, width: 5, height: 4))
    #expect(try moved.rendered() == image)
  }

  @Test func halfPixelTranslationAveragesNeighbours() throws {
    var image = try Raster(width: 2, height: 1, fill: .black)
    image[1, 0] = .white
    let moved = image.translated(by: Point(0.5, 0))
    // Rows map onto rows exactly, so the extent grows only sideways.
    #expect(moved.extent == IntRect(x: 0, y: 0, width: 3, height: 1))
    let pixels = try moved.rendered()
    // Half of black at the left edge, the black/white average, half of white at the right edge.
    #expect((0..<3).map { pixels[$0, 0] } == [RGBA8(r: 0, g: 0, b: 0, a: 128), RGBA8(r: 128, g: 128, b: 128, a: 255),
      RGBA8(r: 128, g: 128, b: 128, a: 128)])
  }

  @Test func affineMatrixMatchesTheNamedTransforms() throws {
    let image = try Self.pattern(width: 9, height: 6)
    let viaMatrix = try image.transformed(by: AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 6, ty: 0)).rendered()
    #expect(viaMatrix == (try Self.quarterTurn(image)))
    #expect(image.transformed(by: AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)).extent.isEmpty)
  }

  @Test func skewGrowsTheExtentAndShearsRows() throws {
    let image = try Raster(width: 20, height: 10, fill: .white)
    let skewed = image.skewed(x: .degrees(45), interpolation: .nearest)
    #expect(skewed.extent.width >= 30 && skewed.extent.height == 10)
    let pixels = try skewed.rendered()
    // Row 0 (5 rows above the centre) moves 5 pixels left of row 9's position + 9: tan 45° = 1.
    func firstOpaque(_ row: Int) -> Int { (0..<pixels.width).first { pixels[$0, row].a == 255 } ?? -1 }
    #expect(firstOpaque(9) - firstOpaque(0) == 9)
    #expect(firstOpaque(0) >= 0)
  }
}
