import Testing

import Decor
import DecorTestSupport

@Suite struct GeneratorTests {
  static let red = Color(red: 1, green: 0, blue: 0)
  static let blue = Color(red: 0, green: 0, blue: 1)

  static func render(_ component: some ImageComponent, _ region: IntRect) throws -> Raster {
    try Renderer(threads: 1).render(component, region: region)
  }

  static func grey(_ v: UInt8) -> RGBA8 { RGBA8(r: v, g: v, b: v, a: 255) }

  /// A gradient evaluated with plain `Double`s straight from the definition, independently of `GradientRamp`.
  static func reference(_ stops: [GradientStop], t: Double) -> [Double] {
    let sorted = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
      .map(\.element)
    func premultiplied(_ c: Color) -> [Double] {
      [c.red * c.alpha * 255, c.green * c.alpha * 255, c.blue * c.alpha * 255, c.alpha * 255]
    }
    guard let first = sorted.first, let last = sorted.last else { return [0, 0, 0, 0] }
    if t < first.location { return premultiplied(first.color) }
    if t >= last.location { return premultiplied(last.color) }
    let i = sorted.lastIndex { $0.location <= t }!
    let (p0, p1) = (premultiplied(sorted[i].color), premultiplied(sorted[i + 1].color))
    let f = (t - sorted[i].location) / (sorted[i + 1].location - sorted[i].location)
    return (0..<4).map { p0[$0] * (1 - f) + p1[$0] * f }
  }

  static func expectClose(_ pixel: RGBA8, _ exact: [Double], _ comment: Comment) {
    let actual = [pixel.r, pixel.g, pixel.b, pixel.a].map(Double.init)
    let worst = zip(actual, exact).map { abs($0 - $1.rounded()) }.max() ?? 0
    #expect(worst <= 1, "\(pixel) vs \(exact) \(comment)")
  }

  static func expectValid(_ raster: Raster) {
    var invalid = 0
    for y in 0..<raster.height { for x in 0..<raster.width where !raster[x, y].isPremultiplied { invalid += 1 } }
    #expect(invalid == 0)
  }

  // MARK: - Solid colour

  @Test func solidColourFillsAnyRegion() throws {
    let solid = SolidColor(try Color(parsing: "#ff000080"))
    #expect(solid.extent == .infinite)
    #expect(solid.description == "solid #ff000080")
    let raster = try Self.render(solid, IntRect(x: -1000, y: 5000, width: 13, height: 4))
    #expect(raster.width == 13 && raster.height == 4)
    for y in 0..<4 { for x in 0..<13 { #expect(raster[x, y] == RGBA8(r: 128, g: 0, b: 0, a: 128)) } }
    #expect(throws: RenderError.infiniteExtent(component: "solid #ff000080")) { try solid.rendered() }
  }

  /// A colour over a rectangle is one node with the pixels of the colour's plane cropped to it, for regions
  /// inside, across and outside the rectangle, in a group and on its own.
  @Test func solidColourOverARectangleIsTheCroppedPlane() throws {
    let color = try Color(parsing: "#3366cc80")
    let rect = IntRect(x: 3, y: -2, width: 5, height: 4)
    let bounded = SolidColor(color, extent: rect)
    let cropped = SolidColor(color).cropped(to: rect)
    #expect(bounded.extent == rect)
    #expect(bounded.description == "solid #3366cc80 over \(rect)")
    #expect(bounded.identity == SolidColor(color, extent: rect).identity)
    #expect(bounded.identity != SolidColor(color).identity)
    #expect(bounded.identity != SolidColor(color, extent: rect.offsetBy(dx: 1, dy: 0)).identity)
    // A strip unbounded along one axis is not the plane.
    let strip = IntRect(x: 0, y: IntRect.infinite.minY, width: 4, height: IntRect.infinite.height)
    #expect(strip.isInfinite && SolidColor(color, extent: strip).identity != SolidColor(color).identity)
    #expect(SolidColor(color, extent: .infinite).identity == SolidColor(color).identity)
    for region in [rect, IntRect(x: 4, y: -1, width: 2, height: 2), IntRect(x: 0, y: -4, width: 12, height: 9),
      IntRect(x: 20, y: 20, width: 3, height: 3)]
    {
      #expect(try Self.render(bounded, region) == Self.render(cropped, region))
    }
    #expect(try bounded.rendered() == cropped.rendered())
    let paper = SolidColor(.white).cropped(to: IntRect(x: 0, y: -2, width: 9, height: 6))
    let layers = { (top: any ImageComponent) in Group([Layer(paper), Layer(top, x: 1, y: 1, opacity: 0.5)]) }
    #expect(try layers(bounded).rendered(renderer: Renderer(threads: 2)) == layers(cropped).rendered())
  }

  @Test func regionsOverThePixelLimitAreRefused() {
    let generators: [any ImageComponent] = [
      SolidColor(.white), Checkerboard(),
      LinearGradient(from: .zero, to: Point(10, 10), stops: [GradientStop(location: 0, color: .white)]),
      RadialGradient(center: .zero, radius: 5, stops: [GradientStop(location: 0, color: .white)]),
    ]
    for generator in generators {
      #expect(throws: RasterError.tooLarge(width: 11, height: 10, limit: 100)) {
        try generator.render(IntRect(x: 0, y: 0, width: 11, height: 10), context: RenderContext(pixelLimit: 100))
      }
    }
  }

  // MARK: - Linear gradient

  @Test func horizontalLinearGradientSamplesPixelCentres() throws {
    let gradient = LinearGradient(
      from: Point(0, 0), to: Point(256, 0),
      stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)])
    #expect(gradient.extent == .infinite)
    let raster = try Self.render(gradient, IntRect(x: -20, y: -3, width: 300, height: 6))
    func at(_ x: Int, _ y: Int = 0) -> RGBA8 { raster[x + 20, y + 3] }
    // Pixel x has its centre at x + 0.5, so t = (x + 0.5) / 256 and the value is round(255 t).
    #expect(at(0) == Self.grey(0))  // 0.498
    #expect(at(1) == Self.grey(1))  // 1.494
    #expect(at(127) == Self.grey(127))  // 127.008
    #expect(at(128) == Self.grey(128))  // 127.998
    #expect(at(64) == Self.grey(64))  // 64.248
    #expect(at(200) == Self.grey(200))  // 199.717
    #expect(at(254) == Self.grey(254))  // 253.506
    #expect(at(255) == Self.grey(255))  // 254.502
    for x in 0..<256 {
      #expect(at(x, -3) == Self.grey(UInt8(((Double(x) + 0.5) / 256 * 255).rounded())), "x = \(x)")
    }
    // Padding beyond both ends, on every row.
    for y in -3..<3 {
      #expect(at(-20, y) == .black && at(-1, y) == .black)
      #expect(at(256, y) == .white && at(279, y) == .white)
      #expect(at(127, y) == at(127))
    }
  }

  @Test func colorsAreInterpolatedInPremultipliedSpace() throws {
    let stops = [GradientStop(location: 0, color: Self.red), GradientStop(location: 1, color: .clear)]
    // From (0, 0) to (1, 0), pixel 0's centre is exactly halfway: 255 × 0.5 = 127.5 → 128 for red and alpha.
    let half = try Self.render(LinearGradient(from: .zero, to: Point(1, 0), stops: stops),
      IntRect(x: -1, y: 0, width: 3, height: 1))
    #expect(half[0, 0] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(half[1, 0] == RGBA8(r: 128, g: 0, b: 0, a: 128))
    #expect(half[2, 0] == .clear)
    // Over 256 pixels, pixel 127 (t = 0.498) is 255 × 0.502 = 127.998 → 128 premultiplied red at alpha 128: still
    // pure red underneath. Straight-alpha interpolation would give RGBA8(64, 0, 0, 128), a darkened red.
    let long = try Self.render(LinearGradient(from: .zero, to: Point(256, 0), stops: stops),
      IntRect(x: 127, y: 0, width: 1, height: 1))
    #expect(long[0, 0] == RGBA8(r: 128, g: 0, b: 0, a: 128))
    #expect(long[0, 0].straight == (255, 0, 0, 128))
  }

  @Test func verticalAndDiagonalAxes() throws {
    let stops = [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)]
    let vertical = try Self.render(LinearGradient(from: Point(0, 10), to: Point(0, 20), stops: stops),
      IntRect(x: -5, y: 0, width: 10, height: 30))
    for x in 0..<10 {
      #expect(vertical[x, 9] == .black)
      #expect(vertical[x, 12] == Self.grey(64))  // y = 12: t = 0.25 → 63.75 → 64
      #expect(vertical[x, 14] == Self.grey(115))  // y = 14: t = 0.45 → 114.75 → 115
      #expect(vertical[x, 20] == .white)
    }
    // Along the diagonal from (0, 0) to (10, 10), pixel (x, y) has t = (x + y + 1) / 20, so 255 t = 12.75 (x + y + 1).
    let diagonal = try Self.render(LinearGradient(from: .zero, to: Point(10, 10), stops: stops),
      IntRect(x: 0, y: 0, width: 10, height: 10))
    #expect(diagonal[0, 0] == Self.grey(13))  // 12.75
    #expect(diagonal[3, 5] == Self.grey(115))  // 114.75
    #expect(diagonal[5, 3] == Self.grey(115))
    #expect(diagonal[9, 9] == Self.grey(242))  // 0.95 × 255 = 242.25
    #expect(diagonal[9, 0] == diagonal[0, 9])
  }

  @Test func stopsAreSortedAndHardStopsGiveAnEdge() throws {
    let gradient = LinearGradient(
      from: .zero, to: Point(1, 0),
      stops: [GradientStop(location: 1, color: .white), GradientStop(location: 0.5, color: Self.red),
        GradientStop(location: 0.5, color: Self.blue), GradientStop(location: 0, color: .black)])
    #expect(gradient.stops.map(\.location) == [0, 0.5, 0.5, 1])
    #expect(gradient.stops[1].color == Self.red)
    let raster = try Self.render(gradient, IntRect(x: -1, y: 0, width: 2, height: 1))
    #expect(raster[0, 0] == .black)
    // Pixel 0 sits exactly on the hard edge (t = 0.5): the later stop wins, as the segment after it starts there.
    #expect(raster[1, 0] == RGBA8(r: 0, g: 0, b: 255, a: 255))
    let quarter = try Self.render(
      LinearGradient(from: .zero, to: Point(4, 0), stops: gradient.stops), IntRect(x: 0, y: 0, width: 4, height: 1))
    // t = 0.125 and 0.375: a quarter and three quarters of the way from black to red.
    #expect(quarter[0, 0] == RGBA8(r: 64, g: 0, b: 0, a: 255))  // 63.75
    #expect(quarter[1, 0] == RGBA8(r: 191, g: 0, b: 0, a: 255))  // 191.25
    // t = 0.625 and 0.875: from blue to white.
    #expect(quarter[2, 0] == RGBA8(r: 64, g: 64, b: 255, a: 255))
    #expect(quarter[3, 0] == RGBA8(r: 191, g: 191, b: 255, a: 255))
    #expect(GradientStop(location: 1.5, color: .white).location == 1)
    #expect(GradientStop(location: -1, color: .white).location == 0)
    #expect(GradientStop(location: .nan, color: .white).location == 0)
  }

  @Test func degenerateGradientsDoNotTrap() throws {
    let region = IntRect(x: -3, y: -3, width: 6, height: 6)
    let two = [GradientStop(location: 0, color: Self.red), GradientStop(location: 1, color: Self.blue)]
    let one = [GradientStop(location: 0.3, color: Self.red)]
    let cases: [(any ImageComponent, RGBA8)] = [
      (LinearGradient(from: Point(2, 2), to: Point(2, 2), stops: two), Self.blue.premultiplied),
      (LinearGradient(from: Point(0, 0), to: Point(1e-200, 0), stops: two), Self.blue.premultiplied),
      // Far points are clamped to ±2^30: the gradient is still a gradient (here its start colour, near the origin).
      (LinearGradient(from: Point(0, 0), to: Point(1e300, 0), stops: two), Self.red.premultiplied),
      (LinearGradient(from: .zero, to: Point(3, 3), stops: one), Self.red.premultiplied),
      (RadialGradient(center: .zero, radius: 0, stops: two), Self.blue.premultiplied),
      (RadialGradient(center: .zero, radius: 1e300, stops: two), Self.red.premultiplied),
      (RadialGradient(center: .zero, radius: 3, stops: one), Self.red.premultiplied),
    ]
    for (component, expected) in cases {
      let raster = try Self.render(component, region)
      #expect(raster == (try Raster(width: 6, height: 6, fill: expected)), "\(component)")
    }
    // Points and radii that are not finite, and negative radii, are invalid parameters (`ParameterCheck`).
    let invalid: [(any ImageComponent, String)] = [
      (LinearGradient(from: Point(.nan, 0), to: Point(2, 2), stops: two), "start point must be finite, got (nan, 0)"),
      (LinearGradient(from: Point(0, 0), to: Point(.infinity, 2), stops: two),
        "end point must be finite, got (inf, 2)"),
      (RadialGradient(center: .zero, radius: -4, stops: two), "radius must be at least 0, got -4"),
      (RadialGradient(center: .zero, radius: .nan, stops: two), "radius must be a finite number, got nan"),
      (RadialGradient(center: Point(.infinity, 0), radius: 3, stops: two), "centre must be finite, got (inf, 0)"),
      // No stops is a mistake (CSS and scene files refuse it too), not a transparent gradient.
      (LinearGradient(from: .zero, to: Point(3, 3), stops: []), "stops must hold at least one colour, got none"),
      (RadialGradient(center: .zero, radius: 3, stops: []), "stops must hold at least one colour, got none"),
    ]
    for (component, reason) in invalid {
      #expect(component.extent.isEmpty)
      let name = component is LinearGradient ? "linear-gradient" : "radial-gradient"
      #expect(throws: RenderError.invalidParameter(component: name, reason: reason)) {
        try Self.render(component, region)
      }
    }
    // Stops a subnormal distance apart must not produce 0 × ∞: pixel 0's centre lands exactly on t = 0.
    let tiny = LinearGradient(
      from: Point(0.5, 0), to: Point(1.5, 0),
      stops: [GradientStop(location: 0.5, color: Self.red), GradientStop(location: 0.5 + 1e-16, color: Self.blue),
        GradientStop(location: 0, color: .black), GradientStop(location: .leastNonzeroMagnitude, color: .white)])
    Self.expectValid(try Self.render(tiny, region))
  }

  @Test func gradientsMatchTheDefinitionWithinOne() throws {
    var generator = SplitMix64(seed: 0x5EED)
    for round in 0..<40 {
      let count = Int.random(in: 1...5, using: &generator)
      let stops = (0..<count).map { _ in
        GradientStop(
          location: [0, 0.25, 0.5, 1, Double.random(in: 0...1, using: &generator)].randomElement(using: &generator)!,
          color: Color(
            red: .random(in: 0...1, using: &generator), green: .random(in: 0...1, using: &generator),
            blue: .random(in: 0...1, using: &generator),
            alpha: [0, 1, Double.random(in: 0...1, using: &generator)].randomElement(using: &generator)!))
      }
      let from = Point(.random(in: -40...40, using: &generator), .random(in: -40...40, using: &generator))
      let to = Point(.random(in: -40...40, using: &generator), .random(in: -40...40, using: &generator))
      let radius = Double.random(in: 0.5...60, using: &generator)
      let region = IntRect(x: -50, y: -50, width: 100, height: 100)
      let linear = try Self.render(LinearGradient(from: from, to: to, stops: stops), region)
      let radial = try Self.render(RadialGradient(center: from, radius: radius, stops: stops), region)
      Self.expectValid(linear)
      Self.expectValid(radial)
      let (dx, dy) = (to.x - from.x, to.y - from.y)
      for y in stride(from: -50, to: 50, by: 3) {
        for x in stride(from: -50, to: 50, by: 3) {
          let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
          let t = ((px - from.x) * dx + (py - from.y) * dy) / (dx * dx + dy * dy)
          Self.expectClose(linear[x + 50, y + 50], Self.reference(stops, t: t), "linear \(round) (\(x), \(y))")
          let r = ((px - from.x) * (px - from.x) + (py - from.y) * (py - from.y)).squareRoot() / radius
          Self.expectClose(radial[x + 50, y + 50], Self.reference(stops, t: r), "radial \(round) (\(x), \(y))")
        }
      }
    }
  }

  // MARK: - Radial gradient

  @Test func radialGradientAtTheCentreOnTheWayAndBeyond() throws {
    let gradient = RadialGradient(
      center: Point(0.5, 0.5), radius: 10,
      stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)])
    #expect(gradient.extent == .infinite)
    let raster = try Self.render(gradient, IntRect(x: -20, y: -20, width: 40, height: 40))
    func at(_ x: Int, _ y: Int) -> RGBA8 { raster[x + 20, y + 20] }
    #expect(at(0, 0) == .black)  // the pixel whose centre is the centre
    #expect(at(3, 4) == Self.grey(128))  // distance 5: t = 0.5 → 127.5 → 128
    #expect(at(-3, -4) == Self.grey(128))
    #expect(at(6, 0) == Self.grey(153))  // t = 0.6 → 153
    #expect(at(0, -6) == Self.grey(153))
    #expect(at(6, 8) == .white)  // distance 10: on the circle
    #expect(at(19, 19) == .white && at(-20, -20) == .white && at(0, 10) == .white)
    // Symmetric about the centre.
    for y in -19..<19 { for x in -19..<19 { #expect(at(x, y) == at(-x, -y) && at(x, y) == at(y, x)) } }
  }

  @Test func radialGradientToTransparentStaysPremultiplied() throws {
    let gradient = RadialGradient(
      center: Point(0.5, 0.5), radius: 10,
      stops: [GradientStop(location: 0, color: Self.blue), GradientStop(location: 1, color: .clear)])
    let raster = try Self.render(gradient, IntRect(x: -12, y: -12, width: 25, height: 25))
    #expect(raster[12 + 3, 12 + 4] == RGBA8(r: 0, g: 0, b: 128, a: 128))
    #expect(raster[0, 0] == .clear)
    Self.expectValid(raster)
  }

  // MARK: - Checkerboard

  @Test func checkerboardIsAlignedToTheOriginInEveryQuadrant() throws {
    let (light, dark) = (Self.red, Self.blue)
    let board = Checkerboard(squareSize: 4, colors: (light, dark))
    #expect(board.extent == .infinite)
    let raster = try Self.render(board, IntRect(x: -9, y: -9, width: 19, height: 18))
    func at(_ x: Int, _ y: Int) -> RGBA8 { raster[x + 9, y + 9] }
    #expect(at(0, 0) == light.premultiplied && at(3, 3) == light.premultiplied)
    #expect(at(4, 0) == dark.premultiplied && at(0, 4) == dark.premultiplied && at(4, 4) == light.premultiplied)
    #expect(at(-1, 0) == dark.premultiplied && at(0, -1) == dark.premultiplied)
    #expect(at(-1, -1) == light.premultiplied && at(-4, -4) == light.premultiplied)
    #expect(at(-5, -1) == dark.premultiplied && at(-5, -5) == light.premultiplied)
    #expect(at(-9, -9) == light.premultiplied)  // square (-3, -3)
    for y in -9..<9 {
      for x in -9..<10 {
        let square = Int((Double(x) / 4).rounded(.down)) + Int((Double(y) / 4).rounded(.down))
        #expect(at(x, y) == (square % 2 == 0 ? light : dark).premultiplied, "(\(x), \(y))")
      }
    }
  }

  @Test func checkerboardDefaultsAndSmallSquares() throws {
    let board = Checkerboard()
    #expect(board.colors.0 == (try Color(parsing: "#cccccc")))
    #expect(board.colors.1 == (try Color(parsing: "#999999")))
    #expect(board.description == "checkerboard \(board.squareSize) #cccccc #999999")
    let unit = Checkerboard(squareSize: 1, colors: (.white, .black))
    let raster = try Self.render(unit, IntRect(x: -2, y: -1, width: 4, height: 2))
    #expect(raster.bytes == [
      0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255,
      255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255,
    ])
    // A square below one pixel is an invalid parameter (`ParameterCheck.size`).
    for size in [0, -5, Int.min] {
      let bad = Checkerboard(squareSize: size, colors: (.white, .black))
      #expect(bad.extent.isEmpty)
      #expect(throws: RenderError.invalidParameter(component: "checkerboard",
        reason: "square size must be at least 1, got \(size)"))
      {
        try bad.rendered(IntRect(x: 0, y: 0, width: 2, height: 2))
      }
    }
    let huge = Checkerboard(squareSize: .max, colors: (.white, .black))
    #expect(huge.squareSize == 1 << 30)
    let corner = try Self.render(huge, IntRect(x: -2, y: -2, width: 4, height: 4))
    #expect(corner[0, 0] == .white && corner[3, 0] == .black && corner[0, 3] == .black && corner[3, 3] == .white)
  }

  // MARK: - Every generator

  static let generators: [any ImageComponent] = [
    SolidColor(Color(red: 0.2, green: 0.7, blue: 0.4, alpha: 0.6)),
    LinearGradient(
      from: Point(-20, 13.3), to: Point(180.5, 90),
      stops: [GradientStop(location: 0, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)),
        GradientStop(location: 0.4, color: .clear), GradientStop(location: 0.4, color: .white),
        GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 1, alpha: 0.1))]),
    LinearGradient(
      from: Point(0, 0), to: Point(250, 0),
      stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .clear)]),
    LinearGradient(
      from: Point(0, 5), to: Point(0, 150),
      stops: [GradientStop(location: 0, color: Color(red: 0, green: 1, blue: 0, alpha: 0.3)),
        GradientStop(location: 1, color: .white)]),
    RadialGradient(
      center: Point(60.25, 40.75), radius: 90,
      stops: [GradientStop(location: 0.1, color: .white), GradientStop(location: 0.7, color: Color(
        red: 0.9, green: 0.1, blue: 0.3, alpha: 0.45)), GradientStop(location: 1, color: .clear)]),
    Checkerboard(squareSize: 9, colors: (Color(red: 1, green: 1, blue: 1, alpha: 0.5), .clear)),
    Checkerboard(squareSize: 1),
  ]

  @Test(arguments: 0..<GeneratorTests.generators.count)
  func tileSizeDoesNotChangeTheResult(index: Int) throws {
    let generator = Self.generators[index]
    let region = IntRect(x: -50, y: -30, width: 300, height: 200)
    let small = try Renderer(tileSize: 7).render(generator, region: region)
    let large = try Renderer(tileSize: 512).render(generator, region: region)
    #expect(small == large, "\(generator)")
    Self.expectValid(small)
  }

  @Test func descriptions() throws {
    #expect(SolidColor(.white).description == "solid #ffffff")
    #expect(
      LinearGradient(
        from: .zero, to: Point(10, 0),
        stops: [GradientStop(location: 1, color: .white), GradientStop(location: 0, color: .black)]
      ).description == "linear-gradient (0.0, 0.0) → (10.0, 0.0): #000000 0.0%, #ffffff 100.0%")
    #expect(
      RadialGradient(center: Point(1, 2), radius: 3, stops: [GradientStop(location: 0.5, color: .clear)])
        .description == "radial-gradient at (1.0, 2.0) radius 3.0: #00000000 50.0%")
    #expect(Checkerboard(squareSize: 16, colors: (.white, .black)).description == "checkerboard 16 #ffffff #000000")
  }
}
