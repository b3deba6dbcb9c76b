import Testing

import Decor
import DecorTestSupport

/// The seeds' drawing calls (`drawAtPoint:`, `drawInRect:`, `drawAsPatternInRect:`, with a blend mode and an
/// alpha) on a canvas raster.
@Suite struct DrawingTests {
  /// Premultiplied-valid pixels that differ everywhere, all channels even (so halving them is exact), alphas from
  /// transparent to opaque.
  static func image(width: Int, height: Int, seed: Int = 0) throws -> Raster {
    var raster = try Raster(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let a = 2 * ((x * 29 + y * 47 + seed * 13) % 128)
        func channel(_ k: Int) -> UInt8 { UInt8(2 * ((x * k + y * 5 + seed) % (a / 2 + 1))) }
        raster[x, y] = RGBA8(r: channel(3), g: channel(7), b: channel(11), a: UInt8(a))
      }
    }
    return raster
  }

  /// W3C source-over on premultiplied values, co = cs + cb·(1 − αs), rounded to bytes.
  static func over(_ s: RGBA8, _ b: RGBA8) -> RGBA8 {
    let k = 1 - Double(s.a) / 255
    func channel(_ cs: UInt8, _ cb: UInt8) -> UInt8 { UInt8((Double(cs) + Double(cb) * k).rounded()) }
    return RGBA8(r: channel(s.r, b.r), g: channel(s.g, b.g), b: channel(s.b, b.b), a: channel(s.a, b.a))
  }

  /// Every channel halved (exact for the even channels of `image`).
  static func half(_ p: RGBA8) -> RGBA8 { RGBA8(r: p.r / 2, g: p.g / 2, b: p.b / 2, a: p.a / 2) }

  /// The canvas pixels that are not `background`, as a bounding box.
  static func drawnBounds(_ canvas: Raster, background: RGBA8 = .clear) -> IntRect {
    var box = IntRect(x: 0, y: 0, width: 0, height: 0)
    for y in 0..<canvas.height {
      for x in 0..<canvas.width where canvas[x, y] != background {
        box = box.union(IntRect(x: x, y: y, width: 1, height: 1))
      }
    }
    return box
  }

  // MARK: - draw(_:at:)

  @Test func drawingAtAWholePointCopiesExactly() throws {
    let image = try Self.image(width: 5, height: 4)
    var canvas = try Raster(width: 12, height: 9)
    try canvas.draw(image, at: Point(3, 2))
    for y in 0..<9 {
      for x in 0..<12 {
        #expect(canvas[x, y] == (image.pixel(x: x - 3, y: y - 2) ?? .clear), "(\(x), \(y))")
      }
    }
    // The top-left of the extent goes to the point, wherever the extent starts.
    var moved = try Raster(width: 12, height: 9)
    try moved.draw(image.translated(by: Point(-20, 7)), at: Point(3, 2))
    #expect(moved == canvas)
  }

  @Test func drawingPartlyOffTheCanvasIsClipped() throws {
    let image = try Self.image(width: 5, height: 4, seed: 1)
    var canvas = try Raster(width: 6, height: 5)
    try canvas.draw(image, at: Point(-2, 3))
    for y in 0..<5 {
      for x in 0..<6 {
        #expect(canvas[x, y] == (image.pixel(x: x + 2, y: y - 3) ?? .clear), "(\(x), \(y))")
      }
    }
    // Entirely off the canvas: nothing changes, nothing throws.
    var untouched = try Raster(width: 6, height: 5, fill: .white)
    try untouched.draw(image, at: Point(6, 0))
    try untouched.draw(image, at: Point(-5, -4))
    #expect(untouched == (try Raster(width: 6, height: 5, fill: .white)))
  }

  @Test func drawingSourceOverOntoABackdrop() throws {
    let image = try Self.image(width: 5, height: 4, seed: 2)
    let backdrop = RGBA8(r: 30, g: 60, b: 90, a: 120)
    var canvas = try Raster(width: 8, height: 8, fill: backdrop)
    try canvas.draw(image, at: Point(1, 2))
    for y in 0..<8 {
      for x in 0..<8 {
        let expected = image.pixel(x: x - 1, y: y - 2).map { Self.over($0, backdrop) } ?? backdrop
        #expect(canvas[x, y] == expected, "(\(x), \(y))")
      }
    }
  }

  @Test func drawingWithCopyAndHalfAlpha() throws {
    let image = try Self.image(width: 4, height: 3, seed: 3)
    let backdrop = RGBA8(r: 10, g: 200, b: 40, a: 255)
    var canvas = try Raster(width: 7, height: 6, fill: backdrop)
    try canvas.draw(image, at: Point(2, 1), blendMode: .copy, alpha: 0.5)
    for y in 0..<6 {
      for x in 0..<7 {
        // Inside the drawn rectangle the halved source replaces the backdrop (even where it is transparent).
        let expected = image.pixel(x: x - 2, y: y - 1).map(Self.half) ?? backdrop
        #expect(canvas[x, y] == expected, "(\(x), \(y))")
      }
    }
    // By hand: (200, 100, 60, 250) at alpha 0.5 copied is (100, 50, 30, 125).
    var one = try Raster(width: 2, height: 1, fill: backdrop)
    try one.draw(try Raster(width: 1, height: 1, fill: RGBA8(r: 200, g: 100, b: 60, a: 250)), at: Point(1, 0),
      blendMode: .copy, alpha: 0.5)
    #expect(one[0, 0] == backdrop && one[1, 0] == RGBA8(r: 100, g: 50, b: 30, a: 125))
  }

  @Test func drawingSourceOverWithHalfAlpha() throws {
    let image = try Self.image(width: 4, height: 3, seed: 4)
    let backdrop = RGBA8(r: 10, g: 200, b: 40, a: 255)
    var canvas = try Raster(width: 6, height: 5, fill: backdrop)
    try canvas.draw(image, at: Point(1, 1), alpha: 0.5)
    for y in 0..<5 {
      for x in 0..<6 {
        let expected = image.pixel(x: x - 1, y: y - 1).map { Self.over(Self.half($0), backdrop) } ?? backdrop
        #expect(canvas[x, y] == expected, "(\(x), \(y))")
      }
    }
    // By hand: (200, 100, 60, 250) at alpha 0.5 is (100, 50, 30, 125); over (10, 200, 40, 255) with k = 130/255:
    // r = 100 + 10·130/255 = 105.1 → 105; g = 50 + 200·130/255 = 151.96 → 152; b = 30 + 40·130/255 = 50.4 → 50.
    var one = try Raster(width: 1, height: 1, fill: backdrop)
    try one.draw(try Raster(width: 1, height: 1, fill: RGBA8(r: 200, g: 100, b: 60, a: 250)), at: .zero, alpha: 0.5)
    #expect(one[0, 0] == RGBA8(r: 105, g: 152, b: 50, a: 255))
  }

  @Test func drawingAnInfiniteComponentAtAPointThrows() throws {
    var canvas = try Raster(width: 4, height: 4, fill: .white)
    let solid = SolidColor(Color(red: 1, green: 0, blue: 0))
    #expect(throws: RenderError.infiniteExtent(component: "solid #ff0000")) { try canvas.draw(solid, at: .zero) }
    #expect(canvas == (try Raster(width: 4, height: 4, fill: .white)))
  }

  /// An infinite component is clipped where it is by both rectangle calls, neither scaled nor moved nor
  /// repeated: each canvas pixel inside the rectangle is the gradient's own pixel at that point.
  @Test func bothRectangleCallsClipAnInfiniteComponentInItsOwnCoordinates() throws {
    let gradient = LinearGradient(from: Point(0, 0), to: Point(40, 0), stops: [
      GradientStop(location: 0, color: Color(red: 1, green: 0, blue: 0)),
      GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 1)),
    ])
    let rect = Rect(x: 10, y: 4, width: 12, height: 6)
    let own = try gradient.rendered(IntRect(x: 0, y: 0, width: 40, height: 20))
    var drawn = try Raster(width: 40, height: 20, fill: .white)
    try drawn.draw(gradient, in: rect, blendMode: .copy)
    var patterned = try Raster(width: 40, height: 20, fill: .white)
    try patterned.drawAsPattern(gradient, in: rect, blendMode: .copy)
    #expect(drawn == patterned)
    for y in 0..<20 {
      for x in 0..<40 {
        let inside = (10..<22).contains(x) && (4..<10).contains(y)
        #expect(drawn[x, y] == (inside ? own[x, y] : .white), "(\(x), \(y))")
      }
    }
  }

  // MARK: - draw(_:in:)

  @Test func drawingInARectangleScalesToIt() throws {
    let colour = RGBA8(r: 200, g: 100, b: 50, a: 255)
    let flat = try Raster(width: 4, height: 4, fill: colour)
    var canvas = try Raster(width: 16, height: 16)
    try canvas.draw(flat, in: Rect(x: 2, y: 3, width: 8, height: 6))
    #expect(Self.drawnBounds(canvas) == IntRect(x: 2, y: 3, width: 8, height: 6))
    for y in 3..<9 { for x in 2..<10 { #expect(canvas[x, y] == colour, "(\(x), \(y))") } }
    // Shrinking too.
    var small = try Raster(width: 16, height: 16)
    try small.draw(flat, in: Rect(x: 5, y: 1, width: 3, height: 2))
    #expect(Self.drawnBounds(small) == IntRect(x: 5, y: 1, width: 3, height: 2))
    #expect(small[5, 1] == colour && small[7, 2] == colour)
    // An image's pixels are those of the image resized to the rectangle, placed at its top-left.
    let image = try Self.image(width: 3, height: 2, seed: 5)
    var doubled = try Raster(width: 10, height: 6)
    try doubled.draw(image, in: Rect(x: 1, y: 1, width: 6, height: 4))
    let resized = try image.resized(width: 6, height: 4).rendered()
    for y in 0..<6 {
      for x in 0..<10 { #expect(doubled[x, y] == (resized.pixel(x: x - 1, y: y - 1) ?? .clear), "(\(x), \(y))") }
    }
  }

  @Test func drawingInARectangleWithCopyAndAlpha() throws {
    let flat = try Raster(width: 2, height: 2, fill: RGBA8(r: 200, g: 100, b: 60, a: 250))
    let backdrop = RGBA8(r: 10, g: 20, b: 30, a: 255)
    var canvas = try Raster(width: 8, height: 8, fill: backdrop)
    try canvas.draw(flat, in: Rect(x: 4, y: 4, width: 4, height: 4), blendMode: .copy, alpha: 0.5)
    #expect(Self.drawnBounds(canvas, background: backdrop) == IntRect(x: 4, y: 4, width: 4, height: 4))
    #expect(canvas[4, 4] == RGBA8(r: 100, g: 50, b: 30, a: 125) && canvas[7, 7] == RGBA8(r: 100, g: 50, b: 30, a: 125))
  }

  @Test func aSolidColourInARectangleFillsExactlyIt() throws {
    var canvas = try Raster(width: 12, height: 12)
    try canvas.draw(SolidColor(Color(red: 1, green: 0, blue: 0)), in: Rect(x: 2, y: 3, width: 5, height: 4))
    for y in 0..<12 {
      for x in 0..<12 {
        let inside = (2..<7).contains(x) && (3..<7).contains(y)
        #expect(canvas[x, y] == (inside ? RGBA8(r: 255, g: 0, b: 0, a: 255) : .clear), "(\(x), \(y))")
      }
    }
    // Half transparent, over a backdrop, reaching off the canvas.
    let backdrop = RGBA8(r: 0, g: 100, b: 200, a: 255)
    var painted = try Raster(width: 6, height: 6, fill: backdrop)
    try painted.draw(SolidColor(Color(red: 1, green: 1, blue: 1, alpha: 0.4)),
      in: Rect(x: 3, y: -2, width: 10, height: 4))
    let white40 = RGBA8(r: 102, g: 102, b: 102, a: 102)
    #expect(Self.drawnBounds(painted, background: backdrop) == IntRect(x: 3, y: 0, width: 3, height: 2))
    #expect(painted[3, 0] == Self.over(white40, backdrop) && painted[5, 1] == Self.over(white40, backdrop))
    // By hand: 102 + 100·153/255 = 162, 102 + 200·153/255 = 222.
    #expect(painted[4, 1] == RGBA8(r: 102, g: 162, b: 222, a: 255))
  }

  // MARK: - drawAsPattern(_:in:)

  @Test func aPatternRepeatsFromTheRectanglesTopLeft() throws {
    let cell = try Self.image(width: 3, height: 2, seed: 6)
    var canvas = try Raster(width: 14, height: 12)
    let rect = Rect(x: 1, y: 2, width: 10, height: 7)
    try canvas.drawAsPattern(cell, in: rect)
    #expect(Self.drawnBounds(canvas).minX >= 1 && Self.drawnBounds(canvas).maxX <= 11)
    for y in 0..<12 {
      for x in 0..<14 {
        let inside = (1..<11).contains(x) && (2..<9).contains(y)
        let expected = inside ? cell[(x - 1) % 3, (y - 2) % 2] : .clear
        #expect(canvas[x, y] == expected, "(\(x), \(y))")
      }
    }
    // The cell's top-left sits at every multiple of its size from the rectangle's top-left.
    for j in 0..<4 { for i in 0..<4 { #expect(canvas[1 + 3 * i, 2 + 2 * j] == cell[0, 0], "cell (\(i), \(j))") } }
    // A cell whose extent is elsewhere still starts at the rectangle's top-left.
    var moved = try Raster(width: 14, height: 12)
    try moved.drawAsPattern(cell.translated(by: Point(40, -9)), in: rect)
    #expect(moved == canvas)
  }

  @Test func aPatternWithABlendModeAndAlpha() throws {
    let cell = try Self.image(width: 2, height: 2, seed: 7)
    let backdrop = RGBA8(r: 40, g: 80, b: 120, a: 255)
    var canvas = try Raster(width: 9, height: 9, fill: backdrop)
    try canvas.drawAsPattern(cell, in: Rect(x: 2, y: 2, width: 5, height: 5), blendMode: .copy, alpha: 0.5)
    for y in 0..<9 {
      for x in 0..<9 {
        let inside = (2..<7).contains(x) && (2..<7).contains(y)
        #expect(canvas[x, y] == (inside ? Self.half(cell[(x - 2) % 2, (y - 2) % 2]) : backdrop), "(\(x), \(y))")
      }
    }
  }
}
