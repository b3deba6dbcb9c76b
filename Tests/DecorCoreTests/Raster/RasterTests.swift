import Testing

import Decor
import DecorTestSupport

@Suite struct RasterTests {
  @Test func creationFillsEveryPixelAndDocumentsTheLayout() throws {
    let colour = RGBA8(r: 10, g: 20, b: 30, a: 40)
    let raster = try Raster(width: 7, height: 3, fill: colour)
    #expect(raster.bytesPerRow == 28)
    #expect(raster.bytes.count == 7 * 3 * 4)
    #expect(Array(raster.bytes[0..<8]) == [10, 20, 30, 40, 10, 20, 30, 40])
    for y in 0..<3 { for x in 0..<7 { #expect(raster[x, y] == colour) } }
    #expect(try Raster(width: 2, height: 2).bytes == [UInt8](repeating: 0, count: 16))
  }

  @Test(arguments: [(0, 5), (5, 0), (-1, 5), (5, -3), (0, 0)])
  func zeroAndNegativeSizesAreRefused(width: Int, height: Int) {
    #expect(throws: RasterError.invalidSize(width: width, height: height)) {
      try Raster(width: width, height: height)
    }
  }

  @Test func sizesOverTheLimitOrOverflowingAreRefusedBeforeAllocating() {
    #expect(throws: RasterError.tooLarge(width: 100_000, height: 100_000, limit: Raster.defaultPixelLimit)) {
      try Raster(width: 100_000, height: 100_000)
    }
    #expect(throws: RasterError.tooLarge(width: Int.max / 2, height: 3, limit: Raster.defaultPixelLimit)) {
      try Raster(width: Int.max / 2, height: 3)
    }
    #expect(throws: RasterError.tooLarge(width: 11, height: 10, limit: 100)) {
      try Raster(width: 11, height: 10, pixelLimit: 100)
    }
    #expect((try? Raster(width: 10, height: 10, pixelLimit: 100)) != nil)
  }

  @Test func adoptingBytesChecksTheirCount() throws {
    #expect(throws: RasterError.bufferSizeMismatch(expected: 16, actual: 15)) {
      try Raster(width: 2, height: 2, premultipliedBytes: [UInt8](repeating: 0, count: 15))
    }
    let straight = try Raster(width: 1, height: 1, straightBytes: [200, 100, 50, 128])
    #expect(straight[0, 0] == RGBA8(r: 100, g: 50, b: 25, a: 128))
    // Premultiplying loses precision at partial alpha: 100 × 255 / 128 = 199.2, not 200.
    #expect(straight.straightBytes() == [199, 100, 50, 128])
    let opaque = try Raster(width: 1, height: 1, straightBytes: [200, 100, 50, 255])
    #expect(opaque.straightBytes() == [200, 100, 50, 255])
  }

  @Test func pixelAccessOutsideGivesNil() throws {
    var raster = try Raster(width: 3, height: 2)
    raster[2, 1] = .white
    #expect(raster.pixel(x: 2, y: 1) == .white)
    #expect(raster.bytes[(1 * 3 + 2) * 4 ..< (1 * 3 + 2) * 4 + 4] == [255, 255, 255, 255])
    #expect(raster.pixel(x: 3, y: 0) == nil)
    #expect(raster.pixel(x: -1, y: 0) == nil)
    #expect(raster.pixel(x: 0, y: 2) == nil)
  }

  /// A raster whose pixel (x, y) encodes its own coordinates.
  static func coordinateRaster(width: Int, height: Int) throws -> Raster {
    var raster = try Raster(width: width, height: height)
    for y in 0..<height { for x in 0..<width { raster[x, y] = RGBA8(r: UInt8(x), g: UInt8(y), b: 0, a: 255) } }
    return raster
  }

  @Test func croppingKeepsTheRegionClippedToTheBounds() throws {
    let raster = try Self.coordinateRaster(width: 10, height: 8)
    let crop = try raster.extracting(IntRect(x: 3, y: 2, width: 4, height: 5))
    #expect(crop.width == 4 && crop.height == 5)
    #expect(crop[0, 0] == RGBA8(r: 3, g: 2, b: 0, a: 255))
    #expect(crop[3, 4] == RGBA8(r: 6, g: 6, b: 0, a: 255))
    let clipped = try raster.extracting(IntRect(x: -5, y: 6, width: 8, height: 10))
    #expect(clipped.width == 3 && clipped.height == 2)
    #expect(clipped[0, 0] == RGBA8(r: 0, g: 6, b: 0, a: 255))
    #expect(throws: RasterError.self) { try raster.extracting(IntRect(x: 10, y: 0, width: 5, height: 5)) }
    #expect(try raster.extracting(raster.bounds) == raster)
    // A raster's `cropped(to:)` is every component's lazy crop: the region's coordinates, the same pixels.
    let region = IntRect(x: 3, y: 2, width: 4, height: 5)
    let lazy: Crop = raster.cropped(to: region)
    #expect(try lazy.extent == region && lazy.rendered() == crop)
  }

  @Test func copyingARegionClipsAtEveryEdge() throws {
    let source = try Self.coordinateRaster(width: 6, height: 6)
    var target = try Raster(width: 5, height: 5)
    target.copy(source, from: IntRect(x: 1, y: 1, width: 4, height: 4), toX: 3, y: -2)
    // Source (1...4, 1...4) lands at (3...6, -2...1): only target columns 3, 4 and rows 0, 1 are inside,
    // which hold source columns 1, 2 and rows 3, 4.
    for y in 0..<5 {
      for x in 0..<5 {
        let expected = x >= 3 && y <= 1 ? RGBA8(r: UInt8(x - 2), g: UInt8(y + 3), b: 0, a: 255) : .clear
        #expect(target[x, y] == expected, "(\(x), \(y))")
      }
    }
    var untouched = target
    untouched.copy(source, from: IntRect(x: 0, y: 0, width: 6, height: 6), toX: 100, y: 100)
    #expect(untouched == target)
  }

  @Test func copiesAreIndependentValues() throws {
    let original = try Raster(width: 4, height: 4, fill: .black)
    var copy = original
    copy[1, 1] = .white
    #expect(original[1, 1] == .black)
    #expect(copy != original)
    copy[1, 1] = .black
    #expect(copy == original)
  }

  @Test func opacityIsDetected() throws {
    var raster = try Raster(width: 33, height: 1, fill: .white)
    #expect(raster.isOpaque)
    raster[32, 0] = RGBA8(r: 0, g: 0, b: 0, a: 254)
    #expect(!raster.isOpaque)
    raster[32, 0] = .white
    raster[3, 0] = .clear
    #expect(!raster.isOpaque)
  }
}
