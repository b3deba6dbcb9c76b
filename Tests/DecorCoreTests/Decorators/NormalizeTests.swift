import Foundation
import Testing

import Decor
import DecorTestSupport

/// `normalize`: against Pillow's `autocontrast(preserve_tone=True)` (files made once by
/// `Tests/Fixtures/Tone/make.py`) and a plain reference of the same cut, on translucent pixels, and as an analysis
/// stage: one statistic per render whatever the region, tiles, threads or path that asks.
@Suite struct NormalizeTests {
  /// A reference written from Pillow's description: the luma histogram, ⌊n·cut⌋ pixels taken from each end, the
  /// line from the lowest to the highest level left, in `Double`, rounded to nearest.
  static func reference(_ image: Raster, low: Double, high: Double) -> Raster {
    var counts = [Int](repeating: 0, count: 256)
    func straight(_ c: UInt8, _ a: UInt8) -> Int { min(255, Int((Double(c) * 255 / Double(a)).rounded())) }
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].a > 0 {
        let p = image[x, y]
        let (r, g, b) = (straight(p.r, p.a), straight(p.g, p.a), straight(p.b, p.a))
        counts[(19595 * r + 38470 * g + 7471 * b + 32768) >> 16] += 1
      }
    }
    let n = counts.reduce(0, +)
    var cut = Int(floor(Double(n) * low))
    for level in 0..<256 {
      let taken = min(cut, counts[level])
      counts[level] -= taken
      cut -= taken
    }
    cut = Int(floor(Double(n) * high))
    for level in (0..<256).reversed() {
      let taken = min(cut, counts[level])
      counts[level] -= taken
      cut -= taken
    }
    guard let lo = counts.firstIndex(where: { $0 > 0 }), let hi = counts.lastIndex(where: { $0 > 0 }), lo < hi
    else { return image }
    var out = image
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].a > 0 {
        let p = image[x, y]
        let a = Double(p.a)
        func map(_ c: UInt8) -> UInt8 {
          let v = min(max((Double(c) / a * 255 - Double(lo)) / Double(hi - lo), 0), 1)
          return UInt8(min((v * a).rounded(), a))
        }
        out[x, y] = RGBA8(r: map(p.r), g: map(p.g), b: map(p.b), a: p.a)
      }
    }
    return out
  }

  /// Pillow truncates its table where we round: at most 1 apart, and measured 51–53 dB on the photo.
  @Test(arguments: [(0.0, 0.0), (0.5, 0.5), (2, 1), (10, 5)])
  func matchesPillow(low: Double, high: Double) throws {
    let photo = try ToneTests.fixture("photo")
    let ours = try photo.normalized(low: low / 100, high: high / 100).rendered()
    let pillow = try ToneTests.fixture("normalize-pillow-\(format(low))-\(format(high))")
    #expect(ToneTests.compare(ours, pillow).max <= 1)
    let expected = Self.reference(photo, low: low / 100, high: high / 100)
    #expect(ours == expected)
    if low > 0 { #expect(ours != photo) }
  }

  /// A seeded random translucent image with a narrow range: the plain reference exactly, alpha unchanged,
  /// transparent pixels neither counted nor changed.
  @Test func translucentPixelsFollowTheReference() throws {
    var random = SplitMix64(seed: 23)
    var image = try Raster(width: 37, height: 29)
    for y in 0..<29 {
      for x in 0..<37 {
        let alpha = UInt8.random(in: 0...255, using: &random)
        let value = { UInt8.random(in: 70...160, using: &random) }
        image[x, y] = alpha < 40 ? .clear
          : RGBA8(straightRed: value(), green: value(), blue: value(), alpha: alpha)
      }
    }
    let ours = try image.normalized(low: 0.01, high: 0.02).rendered()
    let expected = Self.reference(image, low: 0.01, high: 0.02)
    let (largest, _) = ToneTests.compare(ours, expected)
    #expect(largest <= 1)
    for y in 0..<29 {
      for x in 0..<37 { #expect(ours[x, y].a == image[x, y].a) }
    }
    // The range is stretched: some channel reaches 0 and some 255 (straight), where the input had 70 … 160.
    let opaque = (0..<29).flatMap { y in (0..<37).map { ours[$0, y] } }.filter { $0.a == 255 }
    #expect(opaque.contains { $0.r == 0 || $0.g == 0 || $0.b == 0 })
    #expect(opaque.contains { $0.r == 255 || $0.g == 255 || $0.b == 255 })
  }

  /// A flat image, a fully transparent one and a cut that leaves one level are left as they are.
  @Test func flatImagesAreLeftAlone() throws {
    let grey = try Raster(width: 9, height: 7, fill: RGBA8(r: 120, g: 120, b: 120, a: 255))
    #expect(try grey.normalized().rendered() == grey)
    let clear = try Raster(width: 9, height: 7)
    #expect(try clear.normalized().rendered() == clear)
    var twoLevels = grey
    twoLevels[0, 0] = RGBA8(r: 10, g: 10, b: 10, a: 255)
    #expect(try twoLevels.normalized(low: 0.05, high: 0).rendered() == twoLevels)
    let stretched = try twoLevels.normalized(low: 0, high: 0).rendered()
    #expect(stretched[0, 0] == RGBA8(r: 0, g: 0, b: 0, a: 255) && stretched[1, 1] == .white)
  }

  /// The statistic is of the whole input, whatever region is rendered, tile size, thread count or path: a region
  /// is the whole render's crop; a request outside any plan (a bare context) gives the same bytes; a node used
  /// twice and a normalize of a normalize agree with the reference; demands stay inside the plan.
  @Test func oneStatisticPerRenderWhateverAsks() throws {
    let photo = try ImageMetrics.sample("coffee.png").resized(width: 120, height: nil).rendered()
    let normalize = photo.blurred(sigma: 4).normalized(low: 0.02, high: 0.01)
    let whole = try Renderer(tileSize: 4096, threads: 1).render(normalize)
    for tileSize in [7, 64] {
      for threads in [1, 3] {
        let renderer = Renderer(tileSize: tileSize, threads: threads)
        #expect(try renderer.render(normalize) == whole, "tile \(tileSize), \(threads) threads")
      }
    }
    let region = IntRect(x: 30, y: 20, width: 25, height: 17)
    #expect(try normalize.rendered(region) == whole.rendered(region))
    #expect(try normalize.render(region, context: RenderContext()) == whole.rendered(region))
    let blurred = try photo.blurred(sigma: 4).rendered()
    #expect(ToneTests.compare(whole, Self.reference(blurred, low: 0.02, high: 0.01)).max <= 1)

    let group = Group([Layer(normalize), Layer(normalize, x: 120, y: 0)])
    let twice = try group.rendered()
    #expect(try twice.rendered(IntRect(x: 0, y: 0, width: 120, height: whole.height)) == whole)
    #expect(try twice.rendered(IntRect(x: 120, y: 0, width: 120, height: whole.height)) == whole)
    let again = try normalize.normalized(low: 0.1, high: 0.1).rendered()
    #expect(again == Self.reference(whole, low: 0.1, high: 0.1))
  }

  /// The plan shows the analysis; a band render (how files are written) gives the tiles' bytes.
  @Test func planAndBandsAgree() throws {
    let photo = try ToneTests.fixture("photo")
    let normalize = photo.normalized(low: 0.02, high: 0.01)
    let plan = try Renderer().plan(normalize)
    #expect(plan.stages[0].description.contains("analysed once"))
    let bands = try Renderer(tileSize: 16, threads: 2).prepareBands(normalize, bandHeight: 16)
    var pixels = [UInt32](repeating: 0, count: photo.width * photo.height)
    try pixels.withUnsafeMutableBufferPointer { buffer in
      for band in 0..<bands.bandCount {
        let rows = bands.rows(ofBand: band)
        try bands.render(band: band, into: UnsafeMutableBufferPointer(rebasing:
          buffer[rows.lowerBound * photo.width..<rows.upperBound * photo.width]))
      }
    }
    let whole = try normalize.rendered()
    whole.withUnsafeBytes { bytes in
      #expect(Array(bytes.bindMemory(to: UInt32.self)) == pixels)
    }
  }

  /// A trace shows the analysis's pass over the input as well as the pixels' pass: the input's stages asked for their
  /// whole extent twice (once by band for the histogram, once by tile for the image).
  @Test func theTraceShowsTheInputComputedTwice() throws {
    let photo = try ToneTests.fixture("photo")
    let normalize = photo.blurred(sigma: 2).normalized(low: 0.02, high: 0.01)
    let trace = RenderTrace()
    _ = try Renderer(tileSize: 32, threads: 2).render(normalize, trace: trace)
    let stages = Dictionary(uniqueKeysWithValues: trace.recorded.map { ($0.path, $0) })
    let root = try #require(stages[[]])
    let blur = try #require(stages[[0]])
    #expect(root.pixels == photo.width * photo.height)
    #expect(blur.component.hasPrefix("blur"))
    #expect(blur.region == photo.extent)
    #expect(blur.pixels >= 2 * photo.width * photo.height)
    // Without the analysis, the blur is asked for its extent once.
    let alone = RenderTrace()
    _ = try Renderer(tileSize: 32, threads: 2).render(photo.blurred(sigma: 2), trace: alone)
    #expect(blur.pixels == 2 * (alone.recorded.first { $0.path == [] }?.pixels ?? 0))
  }

  /// The steps build the Swift calls; bad values are the same typed error from both; an unbounded input cannot be
  /// analysed.
  @Test func stepsAndErrors() throws {
    let photo = try ToneTests.fixture("photo")
    for (step, component) in [
      ("normalize", photo.normalized()), ("normalise low=2% high=1%", photo.normalized(low: 0.02, high: 0.01)),
      ("normalize low=3", photo.normalized(low: 0.03)),
    ] as [(String, Normalize)] {
      #expect(try Chain(parsing: [step]).apply(to: photo).rendered() == component.rendered(), "\(step)")
    }
    #expect("\(photo.normalized(low: 0.02, high: 0.01))" == "normalize low=2% high=1%")
    for (step, component) in [
      ("normalize low=-1%", photo.normalized(low: -0.01)), ("normalize high=101", photo.normalized(high: 1.01)),
      ("normalize low=60% high=40%", photo.normalized(low: 0.6, high: 0.4)),
    ] as [(String, Normalize)] {
      guard case .invalidParameter(let name, let reason)? = component.parameterError else {
        Issue.record("\(step): no invalidParameter")
        continue
      }
      #expect(name == "normalize")
      #expect(component.extent.isEmpty)
      #expect(throws: component.parameterError!) { try component.rendered() }
      let error = #expect(throws: ChainError.self) { try Chain(parsing: [step]) }
      #expect(error?.message == reason, "\(step)")
    }
    for step in ["normalize low=half", "normalize high=nan", "normalize low=0x10"] {
      let message = #expect(throws: ChainError.self) { try Chain(parsing: [step]) }
      #expect(message?.message.contains("a percentage such as 0.5% expected for") == true, "\(step)")
    }
    #expect(photo.normalized(high: .nan).parameterError != nil)
    let plane = SolidColor(.white).normalized()
    #expect(throws: RenderError.self) { try plane.rendered(IntRect(x: 0, y: 0, width: 4, height: 4)) }
  }
}
