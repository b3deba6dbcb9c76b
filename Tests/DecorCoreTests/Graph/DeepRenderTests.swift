import Testing

import DecorCore
import DecorTestSupport

/// Renders at 16 bits: when the plan chooses them, that the moves keep every 8-bit straight pixel, and that the
/// bytes do not depend on the threads or the tiles.
@Suite struct DeepRenderTests {
  /// A `width × height` source of straight 8-bit pixels, seeded, about a third of them translucent and some
  /// transparent, read at 8 or 16 bits.
  struct Pairs: DeepRowSource {
    let width: Int
    let height: Int
    let seed: UInt64

    var description: String { "pairs \(width)x\(height)" }
    var holdsMoreThanEightBits: Bool { true }
    var sourceDepth: Int { 8 }

    /// The straight RGBA bytes, row by row.
    var straight: [UInt8] {
      var generator = SplitMix64(seed: seed)
      return (0..<width * height).flatMap { _ -> [UInt8] in
        let alpha = [0, 1, 7, 128, 254, 255, 255, 255][Int.random(in: 0..<8, using: &generator)]
        return [UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
          UInt8.random(in: 0...255, using: &generator), UInt8(alpha)]
      }
    }

    func openRows() throws -> any RowReader { Reader(straight: straight, width: width) }

    final class Reader: DeepRowReader {
      let straight: [UInt8]
      let width: Int
      var next = 0

      init(straight: [UInt8], width: Int) {
        self.straight = straight
        self.width = width
      }

      func readRows(count: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws {
        let pixels = UnsafeMutableRawBufferPointer(buffer)
        for i in 0..<count * width {
          let s = straight[(next * width + i) * 4..<(next * width + i + 1) * 4].map { $0 }
          for c in 0..<3 { pixels[4 * i + c] = Premultiplication.premultiply(s[c], s[3]) }
          pixels[4 * i + 3] = s[3]
        }
        next += count
      }

      func readDeepRows(count: Int, into buffer: UnsafeMutableBufferPointer<RGBA16>, format: PixelFormat) throws {
        for i in 0..<count * width {
          let s = straight[(next * width + i) * 4..<(next * width + i + 1) * 4].map { $0 }
          buffer[i] = format == .rgba16
            ? RGBA16(straight8: s[0], s[1], s[2], s[3])
            : RGBA16(r: UInt16(s[0]) * 257, g: UInt16(s[1]) * 257, b: UInt16(s[2]) * 257, a: UInt16(s[3]) * 257)
        }
        next += count
      }
    }
  }

  static let source = Pairs(width: 67, height: 45, seed: 45)
  static let image = StreamedImage(source)

  /// The moves a render keeps at 16 bits, alone and chained.
  static let moves: [(String, any ImageComponent)] = [
    ("none", image),
    ("flip", image.flipped(.horizontal)),
    ("quarter turn", image.rotated(by: .degrees(90))),
    ("crop", image.cropped(to: IntRect(x: 5, y: 3, width: 40, height: 30))),
    ("pad", image.padded(by: 4)),
    ("canvas", image.placedOnCanvas(width: 90, height: 60, x: 7, y: 9)),
    ("whole-pixel move", image.translated(by: Point(3, -2))),
    ("nearest 30°", image.rotated(by: .degrees(30), interpolation: .nearest)),
    ("chain", image.rotated(by: .degrees(270)).flipped(.vertical).padded(by: 2).cropped(to: IntRect(x: 0, y: 0,
      width: 40, height: 50)).placedOnCanvas(width: 45, height: 55, x: 1, y: 2)),
    ("tile", image.tiled(width: 150, height: 100)),
    ("replicate", image.replicated(columns: 2, rows: 3)),
    ("trim", image.padded(by: 5).trimmed()),
  ]

  @Test(arguments: moves.indices)
  func movesRenderAtSixteenBitsAlikeOnAnyThreadsAndTiles(_ index: Int) throws {
    let (name, component) = Self.moves[index]
    let one = try DeepBands.render(component, threads: 1, tileSize: 16, bandHeight: 16)
    let many = try DeepBands.render(component, threads: 3, tileSize: 256)
    #expect(one.format == .rgba16Straight && many.format == .rgba16Straight, "\(name)")
    #expect(one.pixels == many.pixels, "\(name)")
    #expect(one.pixels.count == component.extent.width * component.extent.height, "\(name)")
  }

  /// The steps that compute new pixels at 16 bits premultiplied (the separable scaler, both blurs, the edges a
  /// blur extends, the resampling warps, opacity, the compositing steps), alone and chained with moves.
  static let computed: [(String, any ImageComponent)] = [
    ("resize", image.resized(width: 33, height: 30)),
    ("enlarge", image.scaled(by: 1.7)),
    ("lanczos", image.scaled(x: 0.6, y: 1.3, interpolation: .lanczos)),
    ("small blur", image.blurred(sigma: 1.5)),
    ("box blur", image.blurred(sigma: 4)),
    ("transparent blur", image.blurred(sigma: 3.5, edge: .transparent)),
    ("mirrored blur", image.blurred(sigma: 5, edge: .mirror)),
    ("bilinear 30°", image.rotated(by: .degrees(30))),
    ("bicubic 17°", image.rotated(by: .degrees(17), interpolation: .bicubic)),
    // Across column 4096, where the warp's positions start a new block (`AffineSampler.blocks`).
    ("bicubic 17° at x 4096", image.translated(by: Point(4060, 3)).rotated(by: .degrees(17), interpolation: .bicubic)),
    ("lanczos 40°", image.rotated(by: .degrees(40), interpolation: .lanczos)),
    ("shrinking skew", image.skewed(x: .degrees(20), y: .degrees(5)).scaled(by: 0.4)),
    ("fractional move", image.translated(by: Point(2.5, -1.25))),
    ("opacity", image.multiplyingOpacity(by: 0.4)),
    ("sepia", image.sepia(0.8)),
    ("hue-rotate", image.hueRotate(by: .degrees(70)).saturate(1.6)),
    ("chain", image.rotated(by: .degrees(90)).blurred(sigma: 3).resized(width: 30, height: 40).padded(by: 3)
      .blurred(sigma: 1).flipped(.horizontal)),
  ] + compositing + tones + shapes

  /// The tone steps: their curves from the formula, `normalize`'s from a 16-bit histogram.
  static var tones: [(String, any ImageComponent)] {
    var cases: [(String, any ImageComponent)] = []
    // Slopes of at most 1.25, so that the 8-bit render's rounded translucent colours stay within 2 levels.
    cases.append(("levels", image.adjustingLevels(black: 0.1, white: 0.9)))
    cases.append(("gamma", image.adjustingGamma(0.8)))
    cases.append(("levels with gamma", image.adjustingLevels(black: 0.05, white: 0.95, gamma: 0.9)))
    cases.append(("normalize", image.normalized(low: 0.02, high: 0.01)))
    cases.append(("sharpen", image.sharpened(sigma: 1.5, amount: 0.5)))
    cases.append(("sharpen with threshold", image.blurred(sigma: 1).sharpened(sigma: 2, amount: 0.4, threshold: 3)))
    return cases
  }

  /// The steps that multiply pixels by a shape or a mask, lay a colour over them or average them.
  static var shapes: [(String, any ImageComponent)] {
    var cases: [(String, any ImageComponent)] = []
    let turned: any ImageComponent = image.rotated(by: .degrees(90))
    cases.append(("mask", image.masked(by: turned)))
    cases.append(("luminance mask", image.masked(by: image.flipped(.vertical), channel: .luminance, inverted: true)))
    cases.append(("round", image.roundingCorners(radius: 12)))
    cases.append(("vignette", image.vignetted(sigma: 6)))
    cases.append(("pixelate", image.pixelated(blockSize: 4)))
    cases.append(("pixelated chain", image.rotated(by: .degrees(20)).pixelated(blockSize: 7).padded(by: 2)))
    cases.append(("border", image.bordered(width: 3, color: Color(red: 0.8, green: 0.1, blue: 0.3, alpha: 0.7))))
    // The generators, as a chain meets them: under the image, as a mask, blended over it.
    let stops = [GradientStop(location: 0, color: Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.8)),
      GradientStop(location: 0.6, color: .white), GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 1))]
    let linear = LinearGradient(from: Point(3, 2), to: Point(60, 40), stops: stops).cropped(to: image.extent)
    cases.append(("linear gradient", Group([Layer(linear), Layer(image)])))
    let radial = RadialGradient(center: Point(30, 20), radius: 25, stops: stops)
    cases.append(("radial gradient mask", image.masked(by: radial.cropped(to: image.extent), channel: .luminance)))
    let board = Checkerboard(squareSize: 5, colors: (.white, Color(red: 0.3, green: 0.6, blue: 0.2, alpha: 0.5)))
    cases.append(("checkerboard", Group([Layer(board.cropped(to: image.extent)), Layer(image)])))
    let solid = SolidColor(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.9), extent: IntRect(x: 10, y: 5,
      width: 30, height: 20))
    cases.append(("solid", image.blended(with: solid, mode: .multiply)))
    return cases
  }

  /// The compositing steps, in integer and float modes, at partial opacities, and the shadows (groups of a painted
  /// coverage and the image).
  static var compositing: [(String, any ImageComponent)] {
    let flipped: any ImageComponent = image.flipped(.horizontal)
    let turned: any ImageComponent = image.rotated(by: .degrees(90))
    var cases: [(String, any ImageComponent)] = []
    let layers = [Layer(image), Layer(flipped, x: 5, y: -3, blendMode: .multiply, opacity: 0.7),
      Layer(turned, x: 9, blendMode: .softLight, opacity: 0.45)]
    cases.append(("group", Group(layers)))
    let inner = Group([Layer(image), Layer(image.flipped(.vertical), x: 3, blendMode: .hue)])
    let blurred: any ImageComponent = image.blurred(sigma: 2)
    cases.append(("nested group",
      Group([Layer(inner), Layer(blurred, x: -4, y: 2, blendMode: .destinationOut, opacity: 0.999)])))
    cases.append(("blend", image.blended(with: flipped, mode: .colorBurn, opacity: 0.6, at: Point(3, 2))))
    cases.append(("blend below", image.blended(with: turned, mode: .xor, at: Point(-5, 4), below: true)))
    cases.append(("background", image.flattened(onto: Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6))))
    cases.append(("coloured canvas", image.placedOnCanvas(width: 90, height: 60, x: 7, y: 5, color: .white)))
    let rotated: any ImageComponent = image.rotated(by: .degrees(30))
    cases.append(("drop shadow", rotated.addingDropShadow(offset: Point(8, 8), sigma: 6, opacity: 0.6)))
    cases.append(("inner shadow", image.addingInnerShadow(offset: Point(-3, 2), sigma: 2.5, opacity: 0.8)))
    cases.append(("spread shadow",
      image.addingDropShadow(offset: Point(2, -4), sigma: 1.5, color: .white, spread: 3, only: true)))
    let screened: any ImageComponent = image.blended(with: blurred, mode: .screen)
    cases.append(("composited chain", screened.resized(width: 50, height: 35).flattened(onto: .white)))
    return cases
  }

  /// Every band of `component` rendered at 8 bits (the render not allowed 16).
  static func eightBitBands(_ component: any ImageComponent, threads: Int, tileSize: Int, bandHeight: Int? = nil)
    throws -> [UInt32]
  {
    let banded = try Renderer(tileSize: tileSize, threads: threads).prepareBands(component, bandHeight: bandHeight)
    var pixels: [UInt32] = []
    for band in 0..<banded.bandCount {
      var part = [UInt32](repeating: 0, count: banded.region.width * banded.rows(ofBand: band).count)
      try part.withUnsafeMutableBufferPointer { try banded.render(band: band, into: $0) }
      pixels += part
    }
    return pixels
  }

  /// At 16 bits the computing steps give the same pixels on 1 and 3 threads and for two tile and band sizes, and
  /// are within 2 levels of what 8-bit premultiplied storage gives (which rounds its translucent pixels).
  @Test(arguments: computed.indices)
  func computingStepsRenderAtSixteenBitsAlikeOnAnyThreadsAndTiles(_ index: Int) throws {
    let (name, component) = Self.computed[index]
    let one = try DeepBands.render(component, threads: 1, tileSize: 16, bandHeight: 16, format: .rgba16)
    let many = try DeepBands.render(component, threads: 3, tileSize: 256, format: .rgba16)
    let eight = try Self.eightBitBands(component, threads: 1, tileSize: 16, bandHeight: 16)
    #expect(one.format == .rgba16 && many.format == .rgba16, "\(name)")
    #expect(one.pixels.count == many.pixels.count, "\(name)")
    #expect(zip(one.pixels, many.pixels).filter { $0 != $1 }.count == 0, "\(name): pixels that differ")
    #expect(one.pixels.count == component.extent.width * component.extent.height, "\(name)")
    #expect(one.pixels.allSatisfy { $0.isPremultiplied }, "\(name)")
    var worst = 0
    for (deep, narrow) in zip(one.pixels, eight) {
      let n = unsafeBitCast(narrow, to: SIMD4<UInt8>.self)
      let d = deep.premultiplied8
      worst = max(worst, abs(Int(d.r) - Int(n[0])), abs(Int(d.g) - Int(n[1])), abs(Int(d.b) - Int(n[2])),
        abs(Int(d.a) - Int(n[3])))
    }
    // Colour-burn and hue divide by the source's colour or take its proportions: where alpha is small the 8-bit
    // render's rounded colours move their result by several levels (up to 8 here; the 16-bit kernels are held to
    // the exact W3C value in DeepBlendModeTests).
    // Sharpening adds half the difference from the blur again, so the 8-bit render's rounding counts 1.5 times.
    // Normalize's 8-bit histogram counts the faintest pixels' colours as rounded (alpha 1 of 255 makes every
    // colour 0 or 255), which moves its black and white points; the 16-bit line is held to the exact one in
    // DeepToneTests.
    let levels = switch name {
    case "blend", "nested group": 10
    case "sharpen", "sharpen with threshold": 3
    case "normalize": 40
    default: 2
    }
    #expect(worst <= levels, "\(name): \(worst) levels from the 8-bit render")
  }

  /// The pixels of the moves at 16 bits are the source's straight 8-bit pixels, exactly, where alpha is above 0:
  /// straight pixels through, so each is the file's widened (`v × 257`).
  @Test func movesKeepEveryStraightPixel() throws {
    let straight = Self.source.straight
    let (width, height) = (Self.source.width, Self.source.height)
    func at(_ x: Int, _ y: Int) -> [UInt8] { Array(straight[(y * width + x) * 4..<(y * width + x + 1) * 4]) }
    let cases: [(any ImageComponent, (Int, Int) -> [UInt8]?)] = [
      (Self.image, { at($0, $1) }),
      (Self.image.flipped(.horizontal), { at(width - 1 - $0, $1) }),
      (Self.image.rotated(by: .degrees(90)), { at($1, height - 1 - $0) }),
      (Self.image.padded(by: 4), { x, y in
        (4..<4 + width).contains(x) && (4..<4 + height).contains(y) ? at(x - 4, y - 4) : nil
      }),
    ]
    for (component, expected) in cases {
      let (format, pixels) = try DeepBands.render(component, threads: 2, tileSize: 32)
      #expect(format == .rgba16Straight)
      let outputWidth = component.extent.width
      var wrong = 0
      for (i, pixel) in pixels.enumerated() {
        let want = expected(i % outputWidth, i / outputWidth) ?? [0, 0, 0, 0]
        if want[3] == 0 { continue }
        if [pixel.r, pixel.g, pixel.b, pixel.a] != want.map({ UInt16($0) * 257 }) { wrong += 1 }
      }
      #expect(wrong == 0, "\(component)")
    }
  }

  /// A decorator as a package using Decor writes one: it knows nothing of depths.
  struct EightBitOnly: ImageComponent, CustomStringConvertible {
    let input: any ImageComponent
    var extent: IntRect { input.extent }
    var inputs: [any ImageComponent] { [input] }
    var identity: ComponentIdentity { ComponentIdentity(Self.self, inputs: [input], parameters: []) }
    var description: String { "eight-bit-only" }
    func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }
    func render(_ region: IntRect, context: RenderContext) throws -> Raster { try context.render(input, region) }
  }

  /// A 16-bit source whose reader gives 8 bits (as a codec's may, for a layout it reads through an 8-bit interface).
  struct ReadAtEightBits: DeepRowSource {
    let source: SixteenBitSource
    var width: Int { source.width }
    var height: Int { source.height }
    var description: String { "read at 8 bits" }
    var holdsMoreThanEightBits: Bool { false }
    var sourceDepth: Int { 16 }
    func openRows() throws -> any RowReader { try source.openRows() }
  }

  /// A 16-bit source read at 8 bits keeps a render at 8 bits, and the plan says why, as it says which step does.
  @Test func aSixteenBitSourceReadAtEightBitsIsNamed() throws {
    var deep = Renderer(threads: 2)
    deep.allowsDeep = true
    let sixteen = SixteenBitSource(width: 8, height: 4) { x, y in
      RGBA16(r: UInt16(x * 4099), g: UInt16(y * 1000 + 7), b: 300, a: 65535)
    }
    let plan = try deep.plan(StreamedImage(ReadAtEightBits(source: sixteen)).blurred(radius: 2))
    #expect(plan.format == .rgba8 && plan.sourceDepth == 16)
    #expect(plan.depthLimit == "a source is read at 8 bits so far")
    #expect(try deep.plan(StreamedImage(sixteen).blurred(radius: 2)).depthLimit == nil)
  }

  /// A component that works at 8 bits only keeps the render at 8 bits (and the plan says which), as does a render
  /// not allowed 16 bits or a source that holds nothing more than 8 bits keep.
  @Test func theRenderGoesDeepOnlyWhereEverythingCan() throws {
    var deep = Renderer(threads: 2)
    deep.allowsDeep = true
    #expect(try deep.plan(Self.image.flipped(.horizontal)).format == .rgba16Straight)
    #expect(try deep.plan(Self.image.blurred(radius: 2)).format == .rgba16)
    // A decorator written outside Decor renders 8-bit rasters, so the render works at 8 bits.
    let outside = try deep.plan(EightBitOnly(input: Self.image.blurred(radius: 2)))
    #expect(outside.format == .rgba8)
    #expect(outside.description.hasSuffix("#0 eight-bit-only works at 8 bits)"))
    #expect(try deep.plan(Self.image.blurred(radius: 2).sepia()).format == .rgba16)
    #expect(try Renderer(threads: 2).plan(Self.image.flipped(.horizontal)).format == .rgba8)
    // Placed on a transparent canvas it copies; over a colour it composites, at 16 bits premultiplied.
    #expect(try deep.plan(Self.image.placedOnCanvas(width: 90, height: 60)).format == .rgba16Straight)
    #expect(try deep.plan(Self.image.placedOnCanvas(width: 90, height: 60, color: .white)).format == .rgba16)
    let raster = try Raster(width: 4, height: 4, fill: RGBA8(r: 1, g: 2, b: 3, a: 4))
    #expect(try deep.plan(raster.flipped(.horizontal)).format == .rgba8)
    // A 16-bit render asked for 8-bit bands gives each pixel rounded, as the raster it returns.
    let banded = try deep.prepareBands(Self.image.flipped(.vertical))
    #expect(banded.plan.format == .rgba16Straight)
    var narrow = [UInt32](repeating: 0, count: banded.region.width * banded.rows(ofBand: 0).count)
    try narrow.withUnsafeMutableBufferPointer { try banded.render(band: 0, into: $0) }
    var wide = [RGBA16](repeating: RGBA16(r: 0, g: 0, b: 0, a: 0), count: narrow.count)
    try wide.withUnsafeMutableBufferPointer { try banded.render(band: 0, intoDeep: $0) }
    let rounded = wide.map(\.premultiplied8)
    let bytes = narrow.withUnsafeBytes { Array($0) }
    #expect(rounded.flatMap { [$0.r, $0.g, $0.b, $0.a] } == bytes)
  }
}
