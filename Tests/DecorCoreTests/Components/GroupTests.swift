import Testing

import Decor
import DecorTestSupport

@Suite struct GroupTests {
  /// Premultiplied-valid pixels that differ everywhere, with alphas from transparent to opaque. `seed` varies them.
  static func image(width: Int, height: Int, seed: Int = 0) throws -> Raster {
    var raster = try Raster(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let a = (x * 37 + y * 91 + seed * 53) % 256
        func channel(_ k: Int) -> UInt8 { UInt8(a == 0 ? 0 : (x * k + y * (k + 3) + seed) % (a + 1)) }
        raster[x, y] = RGBA8(r: channel(11), g: channel(23), b: channel(5), a: UInt8(a))
      }
    }
    return raster
  }

  /// Like `image`, but every value a multiple of 5, so that scaling by 0.4 or 0.6 is exact in bytes.
  static func fives(width: Int, height: Int, seed: Int = 0) throws -> Raster {
    var raster = try Raster(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let a = (x * 7 + y * 11 + seed) % 52  // alpha = 5a, 0…255
        func channel(_ k: Int) -> UInt8 { UInt8(5 * ((x * k + y + seed) % (a + 1))) }
        raster[x, y] = RGBA8(r: channel(3), g: channel(5), b: channel(2), a: UInt8(5 * a))
      }
    }
    return raster
  }

  /// W3C source-over on premultiplied values, co = cs + cb·(1 − αs), in real numbers, rounded to bytes.
  static func over(_ s: RGBA8, _ b: RGBA8) -> RGBA8 {
    let k = 1 - Double(s.a) / 255
    func channel(_ cs: UInt8, _ cb: UInt8) -> UInt8 { UInt8((Double(cs) + Double(cb) * k).rounded()) }
    return RGBA8(r: channel(s.r, b.r), g: channel(s.g, b.g), b: channel(s.b, b.b), a: channel(s.a, b.a))
  }

  /// Every premultiplied channel times `opacity`, rounded (exact for the `fives` images and opacity 0.4 or 0.6).
  static func faded(_ p: RGBA8, _ opacity: Double) -> RGBA8 {
    func channel(_ c: UInt8) -> UInt8 { UInt8((Double(c) * opacity).rounded()) }
    return RGBA8(r: channel(p.r), g: channel(p.g), b: channel(p.b), a: channel(p.a))
  }

  /// The pixel a layer contributes at group coordinates (x, y), or `nil` outside it.
  static func pixel(_ raster: Raster, at x: Int, _ y: Int, placedAt px: Int, _ py: Int) -> RGBA8? {
    raster.pixel(x: x - px, y: y - py)
  }

  // MARK: - Extent

  @Test func theExtentIsTheUnionOfTheLayers() throws {
    let a = try Self.image(width: 4, height: 3)
    let b = try Self.image(width: 2, height: 2)
    #expect(Group([Layer(a)]).extent == IntRect(x: 0, y: 0, width: 4, height: 3))
    #expect(Group([Layer(a), Layer(b, x: 10, y: -5)]).extent == IntRect(x: 0, y: -5, width: 12, height: 8))
    #expect(Group([Layer(a, x: -3, y: -4), Layer(b, x: -6, y: 1)]).extent == IntRect(x: -6, y: -4, width: 7, height: 7))
    // A layer's own extent already away from the origin (a translated component) moves by the layer's position too.
    let moved = a.translated(by: Point(5, 6))
    #expect(Group([Layer(moved, x: -10, y: 1)]).extent == IntRect(x: -5, y: 7, width: 4, height: 3))
    #expect(Group([]).extent.isEmpty)
    // An empty layer adds nothing, even when far away.
    #expect(Group([Layer(a), Layer(b.multiplyingOpacity(by: 0), x: 100, y: 100)]).extent == IntRect(x: 0, y: 0, width: 4, height: 3))
    // A generator makes the whole group infinite.
    let solid = SolidColor(Color(red: 0, green: 0, blue: 1))
    #expect(Group([Layer(a), Layer(solid, x: 3, y: 3)]).extent.isInfinite)
    #expect(Group([Layer(solid)]).extent == .infinite)
  }

  // MARK: - Stacking

  @Test func layersStackSourceOver() throws {
    let bottom = try Self.image(width: 9, height: 7, seed: 1)
    let middle = try Self.image(width: 5, height: 6, seed: 2)
    let top = try Self.image(width: 6, height: 3, seed: 3)
    let group = Group([Layer(bottom), Layer(middle, x: 3, y: 2), Layer(top, x: -2, y: 5)])
    #expect(group.extent == IntRect(x: -2, y: 0, width: 11, height: 8))
    let rendered = try group.rendered()
    var mixed = 0
    for y in 0..<8 {
      for x in -2..<9 {
        var expected = RGBA8.clear
        for (raster, px, py) in [(bottom, 0, 0), (middle, 3, 2), (top, -2, 5)] {
          if let s = Self.pixel(raster, at: x, y, placedAt: px, py) { expected = Self.over(s, expected) }
        }
        #expect(rendered[x + 2, y] == expected, "(\(x), \(y))")
        if expected.a > 0 && expected.a < 255 { mixed += 1 }
      }
    }
    #expect(mixed > 20)  // the check covered partly transparent results, not only copies
  }

  @Test func aHalfTransparentPixelOverAnother() throws {
    // By hand: source (40, 0, 80, 128) over backdrop (200, 100, 0, 255): k = 127/255.
    // r = 40 + 200·127/255 = 139.6 → 140; g = 100·127/255 = 49.8 → 50; b = 80; a = 128 + 127 = 255.
    let backdrop = try Raster(width: 2, height: 1, fill: RGBA8(r: 200, g: 100, b: 0, a: 255))
    let source = try Raster(width: 1, height: 1, fill: RGBA8(r: 40, g: 0, b: 80, a: 128))
    let rendered = try Group([Layer(backdrop), Layer(source, x: 1)]).rendered()
    #expect(rendered[0, 0] == RGBA8(r: 200, g: 100, b: 0, a: 255))
    #expect(rendered[1, 0] == RGBA8(r: 140, g: 50, b: 80, a: 255))
  }

  @Test(arguments: [0.4, 0.6, 1, 0])
  func aLayersOpacityScalesItsSource(opacity: Double) throws {
    let bottom = try Self.image(width: 8, height: 8, seed: 4)
    let top = try Self.fives(width: 6, height: 5, seed: 5)
    let rendered = try Group([Layer(bottom), Layer(top, x: 1, y: 2, opacity: opacity)]).rendered()
    for y in 0..<8 {
      for x in 0..<8 {
        let below = bottom[x, y]
        let source = Self.pixel(top, at: x, y, placedAt: 1, 2)
        let expected = source.map { Self.over(Self.faded($0, opacity), below) } ?? below
        #expect(rendered[x, y] == expected, "(\(x), \(y)) opacity \(opacity)")
      }
    }
  }

  @Test func aCopyLayerReplacesOnlyInsideItsExtent() throws {
    let backdrop = try Raster(width: 6, height: 6, fill: RGBA8(r: 255, g: 0, b: 0, a: 255))
    var patch = try Self.image(width: 3, height: 2, seed: 6)
    patch[0, 0] = .clear
    patch[1, 0] = RGBA8(r: 5, g: 10, b: 15, a: 20)
    let rendered = try Group([Layer(backdrop), Layer(patch, x: 2, y: 3, blendMode: .copy)]).rendered()
    for y in 0..<6 {
      for x in 0..<6 {
        let expected = Self.pixel(patch, at: x, y, placedAt: 2, 3) ?? RGBA8(r: 255, g: 0, b: 0, a: 255)
        #expect(rendered[x, y] == expected, "(\(x), \(y))")
      }
    }
    #expect(rendered[2, 3] == .clear)  // a transparent source pixel clears the backdrop
    // With an opacity the copied source is scaled, still only inside.
    let faded = try Self.fives(width: 3, height: 2, seed: 7)
    let half = try Group([Layer(backdrop), Layer(faded, x: 1, y: 1, blendMode: .copy, opacity: 0.6)]).rendered()
    #expect(half[1, 1] == Self.faded(faded[0, 0], 0.6) && half[3, 2] == Self.faded(faded[2, 1], 0.6))
    #expect(half[0, 0] == RGBA8(r: 255, g: 0, b: 0, a: 255) && half[4, 1] == RGBA8(r: 255, g: 0, b: 0, a: 255))
  }

  @Test func nestedGroupsEqualTheFlattenedStack() throws {
    let a = try Self.image(width: 5, height: 4, seed: 8)
    let b = try Self.image(width: 4, height: 6, seed: 9)
    let c = try Self.image(width: 7, height: 3, seed: 10)
    let d = try Self.image(width: 3, height: 3, seed: 11)
    // The inner group at the bottom, moved by (2, 3).
    let inner = Group([Layer(a, x: 1, y: 1), Layer(b, x: 3, y: -2)])
    let nested = Group([Layer(inner, x: 2, y: 3), Layer(c, x: -1, y: 4)])
    let flat = Group([Layer(a, x: 3, y: 4), Layer(b, x: 5, y: 1), Layer(c, x: -1, y: 4)])
    #expect(nested.extent == flat.extent)
    #expect(try nested.rendered() == flat.rendered())
    // A nested group on top whose layers do not overlap blends each of them as the flat stack does.
    let side = Group([Layer(c), Layer(d, x: 7, y: 0)])
    let onTop = Group([Layer(a), Layer(side, x: -2, y: 2)])
    let onTopFlat = Group([Layer(a), Layer(c, x: -2, y: 2), Layer(d, x: 5, y: 2)])
    #expect(onTop.extent == onTopFlat.extent)
    #expect(try onTop.rendered() == onTopFlat.rendered())
    // Three levels deep.
    let deep = Group([Layer(Group([Layer(Group([Layer(a)]), x: 1)]), y: 1)])
    #expect(try deep.rendered() == a)
    #expect(deep.extent == IntRect(x: 1, y: 1, width: 5, height: 4))
  }

  @Test func anInfiniteLayerFillsTheRegion() throws {
    let a = try Self.image(width: 3, height: 3, seed: 12)
    let blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
    let group = Group([Layer(SolidColor(Color(red: 0, green: 0, blue: 1)), x: 7, y: -7), Layer(a, x: 1, y: 1)])
    let region = IntRect(x: -2, y: -2, width: 8, height: 8)
    let rendered = try group.rendered(region)
    for y in 0..<8 {
      for x in 0..<8 {
        let expected = Self.pixel(a, at: x - 2, y - 2, placedAt: 1, 1).map { Self.over($0, blue) } ?? blue
        #expect(rendered[x, y] == expected, "(\(x), \(y))")
      }
    }
  }

  // MARK: - Demand

  @Test func aLayerIsAskedOnlyForThePartItCovers() throws {
    let a = try Self.image(width: 10, height: 10, seed: 13)
    let b = try Self.image(width: 10, height: 10, seed: 14)
    let c = try Self.image(width: 30, height: 4, seed: 15)
    let d = try Self.image(width: 4, height: 4, seed: 16)
    let group = Group([Layer(a), Layer(b, x: 20), Layer(c, x: -5, y: 8), Layer(d, x: 6, y: 6, opacity: 0)])
    let region = IntRect(x: 5, y: 5, width: 10, height: 6)
    let trace = RenderTrace()
    let rendered = try Renderer().render(group, region: region, trace: trace)
    #expect(rendered.width == 10 && rendered.height == 6)
    let stages = Dictionary(uniqueKeysWithValues: trace.recorded.map { ($0.path, $0) })
    #expect(stages[[]]?.region == region)
    // a covers (5, 5)–(10, 10) of the region: in its own coordinates the same.
    #expect(stages[[0]]?.region == IntRect(x: 5, y: 5, width: 5, height: 5))
    #expect(stages[[0]]?.pixels == 25)
    // b lies at x 20…30, beyond the region: never asked.
    #expect(stages[[1]] == nil)
    // c covers x 5…15, y 8…11 of the group, which is x 10…20, y 0…3 in its own coordinates.
    #expect(stages[[2]]?.region == IntRect(x: 10, y: 0, width: 10, height: 3))
    #expect(stages[[2]]?.pixels == 30)
    // d is fully transparent: never asked.
    #expect(stages[[3]] == nil)
    #expect(Set(stages.keys) == [[], [0], [2]])
    // And the pixels are those of the whole rendering.
    let whole = try group.rendered()
    let origin = group.extent
    for y in 0..<6 {
      for x in 0..<10 { #expect(rendered[x, y] == whole[x + 5 - origin.minX, y + 5 - origin.minY], "(\(x), \(y))") }
    }
  }

  // MARK: - Value semantics

  @Test func copyingAGroupAndChangingTheCopyLeavesTheOriginal() throws {
    let a = try Self.image(width: 6, height: 6, seed: 17)
    let b = try Self.image(width: 4, height: 4, seed: 18)
    let original = Group([Layer(a), Layer(b, x: 1, y: 1)])
    let before = try original.rendered()
    var copy = original
    copy.layers[1].opacity = 0.4
    copy.layers[1].x = 2
    copy.layers[0].blendMode = .copy
    copy.layers.append(Layer(try Raster(width: 2, height: 2, fill: .white), x: 5, y: 5))
    #expect(original.layers.count == 2 && copy.layers.count == 3)
    #expect(original.layers[1].x == 1 && original.layers[1].opacity == 1 && original.layers[0].blendMode == .normal)
    #expect(try original.rendered() == before)
    #expect(original.extent == IntRect(x: 0, y: 0, width: 6, height: 6))
    #expect(copy.extent == IntRect(x: 0, y: 0, width: 7, height: 7))
    #expect(try copy.rendered() != before)
  }
}
