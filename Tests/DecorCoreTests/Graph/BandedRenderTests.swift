import Testing

import Decor
import DecorTestSupport

/// Stages computed once are computed band by band, keeping only the rows later bands read: the bytes are
/// those of a whole render in any band order, and a render in band order holds a few bands of a blur, not the image.
@Suite(.tags(.slow)) struct BandedRenderTests {
  static func image(height: Int = 96) throws -> Raster {
    try ImageMetrics.sample("astronaut.png").resized(width: 64, height: height).rendered()
  }

  static let chains = [
    ["blur 12"], ["blur 30", "flip vertical"], ["blur 5", "rotate 10", "blur 20"], ["shadow 4 4 blur=6", "shadow 3 3 blur=5"],
    ["pad 4", "blur 9 edge=mirror", "scale 0.7"], ["blur 8", "flip horizontal", "crop 3 5 40 60"],
    ["sharpen 6 amount=2", "flip vertical", "sharpen 1"],
  ]

  /// Renders every band of `banded`, in `order`, into one image.
  static func render(_ banded: BandedRender, order: [Int]) throws -> Raster {
    let width = banded.region.width
    return try Raster(width: width, height: banded.region.height, pixelLimit: Raster.defaultPixelLimit) { buffer in
      for band in order {
        let rows = banded.rows(ofBand: band)
        try banded.render(band: band, into: UnsafeMutableBufferPointer(
          start: buffer.baseAddress!.assumingMemoryBound(to: UInt32.self) + rows.lowerBound * width,
          count: rows.count * width))
      }
    }
  }

  @Test(arguments: SanitizerRun.sample(chains, every: 3))
  func bandsInAnyOrderGiveTheWholeRender(steps: [String]) throws {
    let chain = try Chain(parsing: steps).apply(to: Self.image())
    let whole = try Renderer(tileSize: 256, threads: 1).render(chain)
    for (tileSize, threads, bandHeight) in [(16, 1, 16), (16, 3, 32), (24, 2, 24), (8, 4, 8)] {
      let renderer = Renderer(tileSize: tileSize, threads: threads)
      let banded = try renderer.prepareBands(chain, bandHeight: bandHeight)
      let count = banded.bandCount
      #expect(try Self.render(banded, order: Array(0..<count)) == whole, "\(steps) \(tileSize) \(bandHeight)")
      // The same prepared render again, backwards, shuffled and with repeats: stages start again where needed.
      #expect(try Self.render(banded, order: Array((0..<count).reversed())) == whole, "\(steps) reversed")
      var g = SplitMix64(seed: UInt64(tileSize * 31 + bandHeight))
      let shuffled = (0..<count).shuffled(using: &g) + [count / 2, 0]
      #expect(try Self.render(banded, order: shuffled) == whole, "\(steps) \(shuffled)")
      #expect(try renderer.render(chain) == whole)
    }
  }

  /// In band order a blur keeps about a band and its reach, not the image; a vertical flip below it keeps all.
  @Test func aBlurKeepsAFewBandsOfRows() throws {
    let tall = try Self.image(height: 1024)
    let blur = try Chain(parsing: ["blur 10"]).apply(to: tall)
    let banded = try Renderer(tileSize: 16, threads: 2).prepareBands(blur, bandHeight: 32)
    _ = try Self.render(banded, order: Array(0..<banded.bandCount))
    let rows = try #require(banded.stages.bufferRows.values.max())
    // A band of 32 rows and the reach of three boxes of σ = 10 above and below it, with room to grow.
    #expect(rows < 3 * (32 + 2 * 30), "\(rows) rows kept of 1024")
    let flipped = try Chain(parsing: ["blur 10", "flip vertical"]).apply(to: tall)
    let whole = try Renderer(tileSize: 16, threads: 2).prepareBands(flipped, bandHeight: 32)
    _ = try Self.render(whole, order: Array(0..<whole.bandCount))
    #expect(whole.stages.bufferRows.values.max() == 1024)
  }
}
