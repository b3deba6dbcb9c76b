import Testing

import DecorCore
import DecorTestSupport

/// `Renderer.precision` and 16-bit rasters from Swift: `sixteenBits` renders any source at 16 bits and returns
/// 16-bit rasters, `automatic` returns 8-bit ones as before, `eightBits` holds every render at 8 bits and says so.
@Suite struct RenderPrecisionTests {
  /// An opaque 8-bit image: noise of every level, seeded.
  static let photo: Raster = {
    var generator = SplitMix64(seed: 7)
    let bytes = (0..<64 * 48).flatMap { _ -> [UInt8] in
      [UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
        UInt8.random(in: 0...255, using: &generator), 255]
    }
    return try! Raster(width: 64, height: 48, premultipliedBytes: bytes)
  }()

  static func renderer(_ precision: RenderPrecision) -> Renderer {
    var renderer = Renderer(tileSize: 32, threads: 2)
    renderer.precision = precision
    return renderer
  }

  /// At `sixteenBits` an opaque 8-bit photo renders at 16 bits: the raster returned is 16-bit, the same on 1 and 3
  /// threads, and within 2 levels of the 8-bit render once rounded (which rounds after each of the three steps).
  @Test func sixteenBitsRendersAnyImageAtSixteenBits() throws {
    let chain = Self.photo.blurred(sigma: 1.5).rotated(by: .degrees(12)).adjustingGamma(1.4)
    let renderer = Self.renderer(.sixteenBits)
    #expect(try renderer.plan(chain).format == .rgba16)
    let deep = try renderer.render(chain)
    #expect(deep.depth == .sixteen)
    var single = renderer
    single.threads = 1
    single.tileSize = 17
    #expect(try single.render(chain) == deep)
    let eight = try Self.renderer(.automatic).render(chain)
    #expect(eight.depth == .eight)
    var worst = 0
    var finer = 0
    for y in 0..<deep.height {
      for x in 0..<deep.width {
        let wide = deep[rgba16: x, y]
        let narrow = eight[x, y]
        let rounded = wide.premultiplied8
        worst = max(worst, abs(Int(rounded.r) - Int(narrow.r)), abs(Int(rounded.a) - Int(narrow.a)))
        if wide.r % 257 != 0 { finer += 1 }
      }
    }
    #expect(worst <= 2, "\(worst) levels from the 8-bit render")
    #expect(finer > deep.width * deep.height / 2, "\(finer) pixels between 8-bit levels")
  }

  /// A 16-bit raster made from Swift keeps its 16 bits through a chain at `sixteenBits`: a flat colour blurred and
  /// rotated by a quarter turn is the same colour, to the last bit; `automatic` returns it rounded to 8 bits.
  @Test func aSixteenBitRasterKeepsItsValues() throws {
    let colour = RGBA16(r: 12345, g: 40000, b: 201, a: 65535)
    var raster = try Raster(width: 30, height: 20, fill: colour)
    #expect(raster.depth == .sixteen && raster[rgba16: 7, 3] == colour)
    raster[rgba16: 0, 0] = RGBA16(r: 1, g: 2, b: 3, a: 65535)
    #expect(raster[rgba16: 0, 0] == RGBA16(r: 1, g: 2, b: 3, a: 65535))
    #expect(raster[0, 0] == RGBA8(r: 0, g: 0, b: 0, a: 255))
    let chain = raster.rotated(by: .degrees(90)).blurred(sigma: 2).cropped(to: IntRect(x: 5, y: 5, width: 10,
      height: 10))
    let deep = try Self.renderer(.sixteenBits).render(chain)
    #expect(deep.depth == .sixteen && deep[rgba16: 4, 4] == colour)
    let narrow = try Self.renderer(.automatic).render(chain)
    #expect(narrow.depth == .eight && narrow[4, 4] == colour.premultiplied8)
    // An invalid fill is made valid: colour above alpha is lowered to it.
    #expect(try Raster(width: 1, height: 1, fill: RGBA16(r: 900, g: 10, b: 5, a: 500))[rgba16: 0, 0]
      == RGBA16(r: 500, g: 10, b: 5, a: 500))
  }

  /// Converting between depths: 8 to 16 is exact (v × 257) and back gives every pixel again; 16 to 8 rounds to
  /// nearest.
  @Test func convertingBetweenDepths() throws {
    let wide = try Self.photo.converted(to: .sixteen)
    #expect(wide.depth == .sixteen && wide[rgba16: 3, 2] == RGBA16(Self.photo[3, 2]))
    #expect(try wide.converted(to: .eight) == Self.photo)
    #expect(try Self.photo.converted(to: .eight) == Self.photo)
    let raster = try Raster(width: 2, height: 1, fill: RGBA16(r: 128, g: 129, b: 385, a: 65535))
    #expect(try raster.converted(to: .eight)[0, 0] == RGBA8(r: 0, g: 1, b: 1, a: 255))
  }

  /// `eightBits` holds a 16-bit source at 8 bits, and the plan says why; `automatic` keeps in-memory renders at 8
  /// bits unless the output takes 16 (a file), as before.
  @Test func eightBitsHoldsEveryRenderAtEightBits() throws {
    let raster = try Raster(width: 8, height: 8, fill: RGBA16(r: 1000, g: 2000, b: 3000, a: 40000))
    var deep = Self.renderer(.eightBits)
    deep.allowsDeep = true
    let plan = try deep.plan(raster.blurred(sigma: 1))
    #expect(plan.format == .rgba8)
    #expect(plan.depthLimit == "the renderer's precision is 8 bits")
    #expect(plan.description.hasSuffix("(the renderer's precision is 8 bits)"))
    var automatic = Self.renderer(.automatic)
    #expect(try automatic.plan(raster.blurred(sigma: 1)).format == .rgba8)
    automatic.allowsDeep = true
    #expect(try automatic.plan(raster.blurred(sigma: 1)).format == .rgba16)
    #expect(try Self.renderer(.automatic).render(raster).depth == .eight)
  }
}
