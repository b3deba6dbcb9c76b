import Testing

import Decor
import DecorTestSupport

/// `resize` as ImageMagick and thumbnailer users write it: sizes in geometry forms and percentages, the part
/// `fit=cover` keeps (`gravity=`), `fit=inside`, and never enlarging (`shrink-only`).
@Suite struct ResizeFitTests {
  /// Rows coloured by their index, so which rows a crop kept can be read off.
  static func stripes(width: Int, height: Int) throws -> Raster {
    var bytes: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { bytes += [UInt8(truncatingIfNeeded: y * 5), UInt8(truncatingIfNeeded: x * 7), 99, 255] }
    }
    return try Raster(width: width, height: height, premultipliedBytes: bytes)
  }

  static func size(_ step: String, _ width: Int, _ height: Int) throws -> (Int, Int) {
    let out = try Chain(parsing: [step]).apply(to: try stripes(width: width, height: height)).extent
    return (out.width, out.height)
  }

  @Test func geometryForms() throws {
    #expect(try Self.size("resize 50%", 451, 300) == (226, 150))  // 225.5 rounds up, as ImageMagick's does
    #expect(try Self.size("resize 50%x25%", 40, 40) == (20, 10))
    #expect(try Self.size("resize 50%x_", 40, 20) == (20, 10))
    #expect(try Self.size("resize _x10%", 40, 20) == (4, 2))
    #expect(try Self.size("resize 0.1%", 40, 20) == (1, 1))
    #expect(try Self.size("resize 256x", 40, 20) == (256, 128))
    #expect(try Self.size("resize x10", 40, 20) == (20, 10))
    #expect(try Self.size("resize 10", 40, 20) == (10, 5))
    for bad in ["resize 0%", "resize -5%", "resize 50%x10", "resize x", "resize _", "resize 5%%", "resize 0x10%"] {
      #expect(throws: ChainError.self, "\(bad)") { try Chain(parsing: [bad]) }
    }
    // A percentage reads back from a template as it was written.
    for step in ["resize 50%", "resize 50%x25%", "resize _x12.5%"] {
      let chain = try Chain(parsing: [step])
      #expect(try Chain(template: chain.template) == chain, "\(step)")
      #expect("\(chain)".contains(step.dropFirst(7)), "\(chain)")
    }
  }

  /// With no scaling needed (the width already fits), `cover` is a crop, and the gravity says which rows it keeps.
  @Test(arguments: [(Gravity.north, 0), (.center, 15), (.south, 30), (.northwest, 0), (.southeast, 30), (.east, 15)])
  func coverKeepsThePartTheGravityNames(gravity: Gravity, firstRow: Int) throws {
    let image = try Self.stripes(width: 10, height: 40)
    let kept = try image.resized(width: 10, height: 10, fit: .cover, gravity: gravity).rendered()
    #expect(kept == (try image.extracting(IntRect(x: 0, y: firstRow, width: 10, height: 10))))
  }

  /// The centre is the old `cover` to the byte; west and east keep the two ends of the photo scaled by ½ (225.5
  /// pixels wide), worked out here as scaler axes: west starts at its left edge, east ends at its right one.
  @Test func coverSidewaysAfterScaling() throws {
    let photo = try ImageMetrics.sample("chelsea.png")  // 451×300
    let centre = try photo.resized(width: 150, height: 150, fit: .cover, gravity: .center).rendered()
    #expect(centre == (try photo.resized(width: 150, height: 150, fit: .cover).rendered()))
    let source = RenderedRegion(rect: photo.bounds, raster: photo)
    let region = IntRect(x: 0, y: 0, width: 150, height: 150)
    let y = SeparableScaler.Axis(from: 0..<300, to: 0..<150, interpolation: .bicubic)
    for (gravity, offset) in [(Gravity.west, 0.0), (.east, 150 - 225.5)] {
      let x = SeparableScaler.Axis(scale: 0.5, offset: offset, inputRange: 0..<451, outputRange: 0..<150,
        interpolation: .bicubic)
      let expected = try SeparableScaler.render(source, region: region, x: x, y: y, pixelLimit: 1 << 28)
      #expect(try photo.resized(width: 150, height: 150, fit: .cover, gravity: gravity).rendered() == expected)
    }
  }

  @Test func shrinkOnlyNeverEnlarges() throws {
    #expect(try Self.size("resize 2000x2000 shrink-only", 45, 30) == (45, 30))
    #expect(try Self.size("resize 2000x_ shrink-only", 45, 30) == (45, 30))
    #expect(try Self.size("resize 20x_ shrink-only", 45, 30) == (20, 13))
    #expect(try Self.size("resize 30x100 shrink-only", 45, 30) == (30, 30))
    #expect(try Self.size("resize 90x90 fit=contain shrink-only", 45, 30) == (45, 30))
    #expect(try Self.size("resize 30x30 fit=contain shrink-only", 45, 30) == (30, 20))
    #expect(try Self.size("resize 90x90 fit=cover shrink-only", 45, 30) == (45, 30))
    #expect(try Self.size("resize 90x10 fit=cover shrink-only", 45, 30) == (45, 10))
    // Not enlarged means not resampled: the pixels are the input's.
    let image = try Self.stripes(width: 12, height: 9)
    #expect(try image.resized(width: 50, height: 50, fit: .contain, shrinkOnly: true).rendered() == image)
  }

  @Test func insideIsContain() throws {
    let photo = try ImageMetrics.sample("chelsea.png")
    #expect(try photo.resized(width: 100, height: 100, fit: .inside).rendered()
      == photo.resized(width: 100, height: 100, fit: .contain).rendered())
  }
}

/// Gravity beyond `resize`: `canvas W H gravity=`, `crop W H [gravity=]` and a letterbox (`resize … background=`),
/// placed in whole pixels as ImageMagick's `-gravity` places them (offsets rounded down).
@Suite struct GravityPlacementTests {
  static let photo = { () -> Raster in try! ImageMetrics.sample("chelsea.png") }()  // 451×300

  @Test func offsetsAreRoundedDownAsImageMagicksAre() {
    #expect(Gravity.center.offset(placing: (451, 300), in: (600, 400)) == (74, 50))
    #expect(Gravity.southeast.offset(placing: (451, 300), in: (600, 400)) == (149, 100))
    #expect(Gravity.north.offset(placing: (100, 80), in: (451, 300)) == (175, 0))
    #expect(Gravity.west.offset(placing: (10, 10), in: (4, 4)) == (0, -3))
  }

  @Test func canvasPlacesTheImageByGravity() throws {
    let placed = try Chain(parsing: ["canvas 600 400 gravity=center color=white"]).apply(to: Self.photo).rendered()
    #expect(placed.width == 600 && placed.height == 400)
    #expect(placed[74, 50] == Self.photo[0, 0] && placed[524, 349] == Self.photo[450, 299])
    #expect(placed[73, 50] == RGBA8(r: 255, g: 255, b: 255, a: 255))
    let moved = try Chain(parsing: ["canvas 600 400 gravity=north y=10"]).apply(to: Self.photo).rendered()
    #expect(moved[74, 10] == Self.photo[0, 0] && moved[74, 9] == .clear)
    #expect(try Self.photo.placedOnCanvas(width: 600, height: 400, gravity: .north, y: 10).rendered() == moved)
  }

  @Test func cropKeepsThePartTheGravityNames() throws {
    for (step, x, y) in [("crop 100 80", 175, 110), ("crop 100 80 gravity=southeast", 351, 220),
      ("crop 100 80 gravity=northwest", 0, 0), ("crop 5 -5 100 80 gravity=south", 180, 215)]
    {
      let kept = try Chain(parsing: [step]).apply(to: Self.photo).rendered()
      #expect(kept == (try Self.photo.extracting(IntRect(x: x, y: y, width: 100, height: 80))), "\(step)")
    }
    // Wider than the image: the image's width is kept, as ImageMagick does.
    #expect(try Chain(parsing: ["crop 1000 80 gravity=north"]).apply(to: Self.photo).extent.width == 451)
    #expect(try Self.photo.cropped(width: 100, height: 80, gravity: .southeast).rendered()
      == Self.photo.extracting(IntRect(x: 351, y: 220, width: 100, height: 80)))
    // The step and the Swift call with an offset keep the same part, cut to the image where it reaches past it.
    for (x, y) in [(5, -5), (-30, 12), (200, 0)] {
      let step = try Chain(parsing: ["crop \(x) \(y) 100 80 gravity=south"]).apply(to: Self.photo)
      let call = Self.photo.cropped(width: 100, height: 80, gravity: .south, x: x, y: y)
      #expect(step.extent == call.extent, "\(x), \(y)")
      #expect(try step.rendered() == call.rendered(), "\(x), \(y)")
    }
    #expect(Self.photo.cropped(width: 100, height: 80, gravity: .south, x: 1000, y: 0).extent.isEmpty)
    #expect(throws: ChainError.self) { try Chain(parsing: ["crop 5 5 100"]) }
    #expect(throws: ChainError.self) { try Chain(parsing: ["crop 0 80 gravity=north"]) }
  }

  /// Contain with a background letterboxes to exactly the box: the fitted image where the gravity says on the
  /// colour. Against `vips thumbnail` then `gravity centre` with a white background: 46.8 dB (libvips shrinks in two
  /// steps); here against the same two primitives by hand, exactly.
  @Test func aLetterboxIsTheFittedImageOnACanvas() throws {
    let boxed = try Chain(parsing: ["resize 300x300 fit=contain background=white gravity=south"]).apply(to: Self.photo)
      .rendered()
    let fitted = try Self.photo.resized(width: 300, height: 300, fit: .contain).rendered()
    #expect(fitted.width == 300 && fitted.height == 200)
    #expect(boxed == (try fitted.placedOnCanvas(width: 300, height: 300, x: 0, y: 100, color: .white).rendered()))
    #expect(throws: ChainError.self) { try Chain(parsing: ["resize 300x300 fit=cover background=white"]) }
    #expect(throws: ChainError.self) { try Chain(parsing: ["resize 300x_ fit=contain background=white"]) }
  }
}
