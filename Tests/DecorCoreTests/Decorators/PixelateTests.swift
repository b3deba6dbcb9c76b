import Testing

import Decor
import DecorTestSupport

/// `pixelate N` against a plain block average written here, the same bytes on any tiles and threads, its edges and
/// its parameters.
@Suite struct PixelateTests {
  /// A translucent photo (the cut-out's soft edges) of a size no block size below divides.
  static func image() throws -> Raster {
    try ImageMetrics.sample("horse-cutout.png").resized(width: 61, height: 45).rendered()
  }

  /// The reference: each block, from the image's top-left, the average of its premultiplied pixels in `Double`,
  /// rounded to nearest; blocks at the right and bottom edges as large as the image leaves them.
  static func reference(_ image: Raster, blockSize n: Int) -> [RGBA8] {
    var result = [RGBA8](repeating: .clear, count: image.width * image.height)
    for top in stride(from: 0, to: image.height, by: n) {
      for left in stride(from: 0, to: image.width, by: n) {
        let ys = top..<min(top + n, image.height)
        let xs = left..<min(left + n, image.width)
        var sum = [Double](repeating: 0, count: 4)
        for y in ys {
          for x in xs {
            let p = image[x, y]
            sum[0] += Double(p.r)
            sum[1] += Double(p.g)
            sum[2] += Double(p.b)
            sum[3] += Double(p.a)
          }
        }
        let count = Double(ys.count * xs.count)
        let mean = sum.map { UInt8(($0 / count).rounded()) }
        for y in ys {
          for x in xs { result[y * image.width + x] = RGBA8(r: mean[0], g: mean[1], b: mean[2], a: mean[3]) }
        }
      }
    }
    return result
  }

  static func pixels(_ raster: Raster) -> [RGBA8] {
    (0..<raster.height).flatMap { y in (0..<raster.width).map { x in raster[x, y] } }
  }

  @Test(arguments: [1, 2, 5, 8, 45, 61, 1000])
  func eachBlockIsThePlainAverageOfItsPixels(blockSize: Int) throws {
    let image = try Self.image()
    let pixelated = image.pixelated(blockSize: blockSize)
    #expect(pixelated.extent == image.extent)
    let rendered = try pixelated.rendered()
    #expect(Self.pixels(rendered) == Self.reference(image, blockSize: blockSize))
  }

  @Test func theSameBytesOnAnyTilesAndThreads() throws {
    let image = try Self.image()
    // Moved to odd coordinates first: the blocks follow the image's top-left, not the plane's origin.
    let chain = image.translated(by: Point(-7, 3)).pixelated(blockSize: 6)
    let reference = try Renderer(tileSize: 256, threads: 1).render(chain, region: chain.extent)
    #expect(Self.pixels(reference) == Self.reference(image, blockSize: 6))
    for (tileSize, threads) in [(7, 1), (16, 4), (23, 2), (64, 4)] {
      let pixels = try Renderer(tileSize: tileSize, threads: threads).render(chain, region: chain.extent)
      #expect(pixels == reference, "tiles \(tileSize), \(threads) threads")
    }
    // A region that starts inside a block still shows whole blocks' averages, and nothing beyond the extent.
    let around = chain.extent.insetBy(dx: -4, dy: -4)
    let wider = try Renderer(tileSize: 10, threads: 3).render(chain, region: around)
    for y in 0..<around.height {
      for x in 0..<around.width {
        let inside = chain.extent.contains(IntRect(x: around.minX + x, y: around.minY + y, width: 1, height: 1))
        let expected = inside ? reference[x - 4, y - 4] : .clear
        #expect(wider[x, y] == expected, "(\(x), \(y))")
      }
    }
  }

  @Test func aGeneratorIsPixelatedFromTheOrigin() throws {
    let gradient = LinearGradient(from: Point(0, 0), to: Point(40, 0), stops: [
      GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white),
    ])
    let region = IntRect(x: -8, y: 0, width: 24, height: 4)
    let rendered = try Renderer(tileSize: 5, threads: 2).render(gradient.pixelated(blockSize: 4), region: region)
    let plain = try Renderer(threads: 1).render(gradient, region: region)
    for x in 0..<region.width {
      let block = (x / 4) * 4
      let mean = (0..<4).map { Int(plain[block + $0, 0].r) }.reduce(0, +)
      #expect(Int(rendered[x, 0].r) == (mean + 2) / 4, "x \(x)")
    }
  }

  @Test func badBlockSizesAreTypedErrorsNamingTheStep() throws {
    let image = try Self.image()
    for size in [0, -3, Int.min] {
      let pixelated = image.pixelated(blockSize: size)
      #expect(pixelated.parameterError == .invalidParameter(component: "pixelate",
        reason: "block size must be at least 1, got \(size)"))
      #expect(pixelated.extent.isEmpty)
      #expect(throws: RenderError.self) { try pixelated.rendered() }
    }
    #expect(image.pixelated(blockSize: Int.max).blockSize == ParameterCheck.maxLength)
    #expect(ChainProbe.message("pixelate 0") == "block size must be at least 1, got 0")
    #expect(ChainProbe.message("pixelate") != nil)
    #expect(ChainProbe.message("pixelate 2.5") != nil)
    let chain = try Chain(parsing: ["pixelate 5"])
    #expect(try chain.apply(to: image).rendered() == image.pixelated(blockSize: 5).rendered())
  }
}
