import Decor

/// A component rendered band by band at 16 bits, as a writer whose encoder takes 16-bit rows renders it: the
/// same-bytes tests at 16 bits compare these.
package enum DeepBands {
  /// Every band of `component` at 16 bits in `format`: straight by default, as a writer whose encoder takes 16-bit
  /// rows renders it; premultiplied (`rgba16`) is the render's own pixels when it works in that format. Returns
  /// the plan's format too (`rgba8` when something in the graph held the render at 8 bits).
  package static func render(
    _ component: any ImageComponent, threads: Int, tileSize: Int, bandHeight: Int? = nil,
    format: PixelFormat = .rgba16Straight
  ) throws -> (format: PixelFormat, pixels: [RGBA16]) {
    var renderer = Renderer(tileSize: tileSize, threads: threads)
    renderer.allowsDeep = true
    let banded = try renderer.prepareBands(component, bandHeight: bandHeight)
    var pixels: [RGBA16] = []
    for band in 0..<banded.bandCount {
      var part = [RGBA16](repeating: RGBA16(r: 0, g: 0, b: 0, a: 0),
        count: banded.region.width * banded.rows(ofBand: band).count)
      try part.withUnsafeMutableBufferPointer { try banded.render(band: band, intoDeep: $0, format: format) }
      pixels += part
    }
    return (banded.plan.format, pixels)
  }
}
