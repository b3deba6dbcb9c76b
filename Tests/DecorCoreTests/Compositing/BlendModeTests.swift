import Foundation
import Testing

import Decor
import DecorTestSupport

/// The compositing core against `BlendReference`: every mode within ±1 of the exact W3C value on premultiplied
/// inputs, for every combination of alpha and several opacities; spans of every length; the names.
@Suite(.tags(.slow)) struct BlendModeTests {
  /// The opacities the comparisons use: full, partial, tiny and zero.
  static let opacities: [Double] = [1, 0.5, 0.8, 0.25, 0.004, 0]

  /// `source` drawn onto `backdrop` by `Compositor.blend`, as one span.
  static func blended(_ mode: BlendMode, _ source: [RGBA8], onto backdrop: [RGBA8], opacity: Double = 1) -> [RGBA8] {
    precondition(source.count == backdrop.count)
    var result = backdrop
    source.withUnsafeBytes { s in
      result.withUnsafeMutableBytes { d in
        Compositor.blend(mode, source: s.baseAddress!.assumingMemoryBound(to: UInt32.self),
          destination: d.baseAddress!.assumingMemoryBound(to: UInt32.self), count: source.count, opacity: opacity)
      }
    }
    return result
  }

  /// Random premultiplied pixels: alpha 0, 1, 254 or 255 half of the time, any other value otherwise; each colour
  /// channel 0, alpha, or anything in between.
  static func pixels(_ count: Int, seed: UInt64) -> [RGBA8] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      let special: [UInt8] = [0, 1, 254, 255]
      let a = Bool.random(using: &random)
        ? special.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
      func channel() -> UInt8 {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return 0
        case 1: return a
        default: return UInt8.random(in: 0...a, using: &random)
        }
      }
      return RGBA8(r: channel(), g: channel(), b: channel(), a: a)
    }
  }

  /// Pixels covering the corners of the space: alphas 0, 1, 2, 127, 128, 254, 255, each with grey, saturated and
  /// mixed colours at the extremes.
  static var corners: [RGBA8] {
    [0, 1, 2, 127, 128, 254, 255].flatMap { (a: UInt8) -> [RGBA8] in
      [RGBA8(r: 0, g: 0, b: 0, a: a), RGBA8(r: a, g: a, b: a, a: a), RGBA8(r: a, g: a / 2, b: 0, a: a),
        RGBA8(r: 0, g: a, b: a / 3, a: a), RGBA8(r: a / 4, g: a / 4 + 1 > a ? a : a / 4 + 1, b: a, a: a)]
    }
  }

  /// The largest difference of any channel from the reference rounded to bytes, and an example where it occurs.
  static func worst(_ mode: BlendMode, _ source: [RGBA8], _ backdrop: [RGBA8], opacity: Double)
    -> (delta: Int, example: String)
  {
    let result = blended(mode, source, onto: backdrop, opacity: opacity)
    let coverage = Double(Compositor.coverage(opacity)) / 255
    var worst = (delta: 0, example: "")
    for i in source.indices {
      let expected = BlendReference.rounded(mode, source: source[i], backdrop: backdrop[i], coverage: coverage)
      let got = [Int(result[i].r), Int(result[i].g), Int(result[i].b), Int(result[i].a)]
      let delta = zip(expected, got).map { abs($0 - $1) }.max()!
      if delta > worst.delta {
        worst = (delta, "\(source[i]) onto \(backdrop[i]) at \(opacity): \(got), expected \(expected)")
      }
    }
    return worst
  }

  // MARK: - Against the reference

  @Test(arguments: BlendMode.allCases)
  func randomPixelsAreWithinOneOfTheReference(mode: BlendMode) {
    let source = Self.pixels(3000, seed: 1)
    let backdrop = Self.pixels(3000, seed: 2)
    for opacity in Self.opacities {
      let worst = Self.worst(mode, source, backdrop, opacity: opacity)
      #expect(worst.delta <= 1, "\(mode): \(worst.example)")
    }
  }

  @Test(arguments: BlendMode.allCases)
  func everyCombinationOfCornerPixelsIsWithinOneOfTheReference(mode: BlendMode) {
    let corners = Self.corners
    let source = corners.flatMap { s in corners.map { _ in s } }
    let backdrop = corners.flatMap { _ in corners }
    for opacity in [1, 0.5, 0.004] {
      let worst = Self.worst(mode, source, backdrop, opacity: opacity)
      #expect(worst.delta <= 1, "\(mode): \(worst.example)")
    }
  }

  @Test(arguments: BlendMode.allCases)
  func resultsAreValidPremultipliedPixels(mode: BlendMode) {
    let source = Self.pixels(2000, seed: 3) + Self.corners
    let backdrop = Self.pixels(2000, seed: 4) + Self.corners.reversed()
    for opacity in [1, 0.6] {
      let result = Self.blended(mode, source, onto: backdrop, opacity: opacity)
      let invalid = result.firstIndex { !$0.isPremultiplied }
      let example = invalid.map { "\(source[$0]) onto \(backdrop[$0]) gave \(result[$0])" } ?? ""
      #expect(invalid == nil, "\(mode): \(example)")
    }
  }

  @Test func theIntegerModesAreExactlyRounded() {
    // The modes computed in 16-bit lanes round once, exactly: at full opacity they equal the rounded reference.
    let exact: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .hardLight, .difference,
      .exclusion, .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
      .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter]
    let source = Self.pixels(4000, seed: 5)
    let backdrop = Self.pixels(4000, seed: 6)
    for mode in exact {
      #expect(Self.worst(mode, source, backdrop, opacity: 1).delta == 0, "\(mode)")
    }
  }

  @Test func knownValues() {
    let red = RGBA8(r: 255, g: 0, b: 0, a: 255)
    let halfBlue = RGBA8(r: 0, g: 0, b: 128, a: 128)
    let grey = RGBA8(r: 128, g: 128, b: 128, a: 255)
    func one(_ mode: BlendMode, _ s: RGBA8, _ b: RGBA8, _ opacity: Double = 1) -> RGBA8 {
      Self.blended(mode, [s], onto: [b], opacity: opacity)[0]
    }
    // Half-transparent blue over red: (255·127/255, 0, 128, 255).
    #expect(one(.normal, halfBlue, red) == RGBA8(r: 127, g: 0, b: 128, a: 255))
    #expect(one(.multiply, grey, red) == RGBA8(r: 128, g: 0, b: 0, a: 255))
    #expect(one(.screen, grey, red) == RGBA8(r: 255, g: 128, b: 128, a: 255))
    #expect(one(.difference, grey, red) == RGBA8(r: 127, g: 128, b: 128, a: 255))
    #expect(one(.clear, red, grey) == .clear)
    #expect(one(.copy, halfBlue, red) == halfBlue)
    #expect(one(.destinationIn, halfBlue, red) == RGBA8(r: 128, g: 0, b: 0, a: 128))
    #expect(one(.destinationOut, halfBlue, red) == RGBA8(r: 127, g: 0, b: 0, a: 127))
    #expect(one(.plusLighter, grey, red) == RGBA8(r: 255, g: 128, b: 128, a: 255))
    // Core Graphics' plus-darker on opaque pixels: max(0, 1 − ((1 − D) + (1 − S))).
    #expect(one(.plusDarker, grey, red) == RGBA8(r: 128, g: 0, b: 0, a: 255))
    // A transparent source leaves the backdrop alone in plus-darker, and erases it in source-in.
    #expect(one(.plusDarker, .clear, grey) == grey)
    #expect(one(.sourceIn, .clear, grey) == .clear)
    // The hue of red on a grey: grey has no saturation, so the result keeps the grey.
    #expect(one(.hue, red, grey) == grey)
    // The luminosity of the grey with red's hue and saturation: red moved to luminosity 0.502.
    #expect(one(.luminosity, grey, red) == RGBA8(r: 255, g: 74, b: 74, a: 255))
    // Opacity scales the Porter-Duff source first: copy at 0.5 halves it (alpha 128 of 255).
    #expect(one(.copy, red, grey, 0.5) == RGBA8(r: 128, g: 0, b: 0, a: 128))
  }

  // MARK: - Spans

  /// Pixels that are all opaque, all transparent, or mixed, to exercise the fast paths (of the source and of the
  /// backdrop).
  static func sources(_ count: Int, seed: UInt64) -> [[RGBA8]] {
    let mixed = pixels(count, seed: seed)
    let opaque = mixed.map { RGBA8(r: $0.r, g: $0.g, b: $0.b, a: 255) }
    let transparent = [RGBA8](repeating: .clear, count: count)
    return [opaque, transparent, mixed]
  }

  @Test(arguments: BlendMode.allCases)
  func spansOfEveryLengthGiveEachPixelsOwnResult(mode: BlendMode) {
    // A span blended at once equals each of its pixels blended alone (a span of one, which is all tail): the
    // vector body, the padded tail and the fast paths give identical bytes, and nothing past the span is touched.
    // (Under a sanitizer every third length: a stride prime to the vector widths still ends spans at every lane.)
    for backdrop in Self.sources(68 + 3, seed: 7) {
      for count in SanitizerRun.sample(Array(0...67), every: 3) {
        for source in Self.sources(count, seed: UInt64(count)) {
          for opacity in [1, 0.7] {
            var expected = backdrop
            for i in 0..<count {
              expected[i] = Self.blended(mode, [source[i]], onto: [backdrop[i]], opacity: opacity)[0]
            }
            let whole = Self.blended(mode, source + backdrop[count...], onto: backdrop, opacity: opacity)
            // Blend only `count` pixels: the rest must stay as they are.
            var result = backdrop
            source.withUnsafeBytes { s in
              result.withUnsafeMutableBytes { d in
                Compositor.blend(mode, source: s.baseAddress.map { $0.assumingMemoryBound(to: UInt32.self) }
                  ?? UnsafePointer(bitPattern: 4)!, destination: d.baseAddress!.assumingMemoryBound(to: UInt32.self),
                  count: count, opacity: opacity)
              }
            }
            #expect(result == expected, "\(mode), \(count) pixels, opacity \(opacity)")
            #expect(Array(whole[..<count]) == Array(expected[..<count]),
              "\(mode), \(count) pixels within a longer span")
          }
        }
      }
    }
  }

  @Test(arguments: BlendMode.allCases)
  func theFastPathsGiveTheFormulasBytes(mode: BlendMode) {
    // Whole spans of opaque or transparent sources and backdrops take the modes' shortcuts (written without being
    // computed): they agree with the reference as the computed pixels do, exactly for the integer modes at full
    // opacity.
    let exact: Set<BlendMode> = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .hardLight, .difference,
      .exclusion, .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
      .destinationOut, .destinationAtop, .xor, .plusDarker, .plusLighter]
    for backdrop in Self.sources(64, seed: 10) {
      for source in Self.sources(64, seed: 11) {
        for opacity in Self.opacities {
          let worst = Self.worst(mode, source, backdrop, opacity: opacity)
          let limit = opacity == 1 && exact.contains(mode) ? 0 : 1
          #expect(worst.delta <= limit, "\(mode): \(worst.example)")
        }
      }
    }
  }

  @Test(arguments: [BlendMode.normal, .multiply, .softLight, .hue, .xor, .plusLighter])
  func unalignedSpansGiveTheSameBytes(mode: BlendMode) {
    let source = Self.pixels(40, seed: 8)
    let backdrop = Self.pixels(40, seed: 9)
    let reference = Self.blended(mode, source, onto: backdrop)
    for start in 1...3 {
      let part = Self.blended(mode, Array(source[start...]), onto: Array(backdrop[start...]))
      #expect(part == Array(reference[start...]), "\(mode) from \(start)")
    }
  }

  @Test func aNegativeOrEmptyCountDoesNothing() {
    var pixel = UInt32(0x8040_2010)
    let source = UInt32(0xFF00_FF00)
    withUnsafePointer(to: source) { s in
      Compositor.blend(.copy, source: s, destination: &pixel, count: 0)
      Compositor.blend(.clear, source: s, destination: &pixel, count: -3)
    }
    #expect(pixel == 0x8040_2010)
  }

  // MARK: - Arithmetic

  @Test func theDivisionBy255IsExactForEveryProductOfBytes() {
    var x = 0
    while x <= 65025 {
      let lanes = Lanes8.Lanes(SIMD8<UInt16>((0..<8).map { UInt16(Swift.min(65025, x + $0)) }))
      let divided = Lanes8.div255(lanes).v
      for k in 0..<8 {
        let value = Swift.min(65025, x + k)
        #expect(Int(divided[k]) == Int((Double(value) / 255).rounded()), "\(value)")
      }
      x += 8
    }
  }

  @Test func theSquareRootIsCloseEnough() {
    let values = FloatLanes.Floats(0.25, 0.3, 0.7, 1)
    let roots = FloatLanes.squareRoot(values)
    for k in 0..<4 { #expect(abs(Double(roots[k]) - Double(values[k]).squareRoot()) < 5e-6) }
  }

  @Test func opacityIsAnEightBitCoverage() {
    #expect(Compositor.coverage(1) == 255 && Compositor.coverage(7) == 255 && Compositor.coverage(.infinity) == 255)
    #expect(Compositor.coverage(0) == 0 && Compositor.coverage(-1) == 0 && Compositor.coverage(.nan) == 0)
    #expect(Compositor.coverage(0.5) == 128 && Compositor.coverage(0.001) == 0 && Compositor.coverage(0.002) == 1)
  }

  // MARK: - The blend decorator

  /// An image of `pixels`, `width` wide.
  static func image(width: Int, height: Int, seed: UInt64) throws -> Raster {
    var raster = try Raster(width: width, height: height)
    let values = pixels(width * height, seed: seed)
    for y in 0..<height {
      for x in 0..<width { raster[x, y] = values[y * width + x] }
    }
    return raster
  }

  /// What `source` placed at (`dx`, `dy`) over `backdrop` gives, pixel by pixel through one-pixel spans.
  static func expected(_ backdrop: Raster, _ source: Raster, at dx: Int, _ dy: Int, mode: BlendMode, opacity: Double)
    -> Raster
  {
    var result = backdrop
    for y in 0..<backdrop.height {
      for x in 0..<backdrop.width {
        guard let s = source.pixel(x: x - dx, y: y - dy) else { continue }
        result[x, y] = blended(mode, [s], onto: [backdrop[x, y]], opacity: opacity)[0]
      }
    }
    return result
  }

  @Test(arguments: [BlendMode.multiply, .copy, .sourceIn, .hue, .clear])
  func theDecoratorBlendsOnlyWhereTheSourceIsAndKeepsTheBackdropsExtent(mode: BlendMode) throws {
    let backdrop = try Self.image(width: 9, height: 7, seed: 20)
    let source = try Self.image(width: 5, height: 4, seed: 21)
    for (dx, dy) in [(3, 2), (-2, -1), (6, 5), (0, 0), (20, 20)] {
      let blended = backdrop.blended(with: source, mode: mode, opacity: 0.6, at: Point(Double(dx), Double(dy)))
      #expect(blended.extent == backdrop.extent)
      let expected = Self.expected(backdrop, source, at: dx, dy, mode: mode, opacity: 0.6)
      #expect(try blended.rendered() == expected, "\(mode) at \(dx), \(dy)")
      // Tiles of any size give the same bytes.
      #expect(try blended.rendered(renderer: Renderer(tileSize: 3)) == expected, "\(mode) at \(dx), \(dy), tiled")
    }
  }

  @Test func theOffsetIsFromTheInputsTopLeft() throws {
    let backdrop = try Self.image(width: 6, height: 5, seed: 22)
    let source = try Self.image(width: 3, height: 3, seed: 23)
    let moved = backdrop.translated(by: Point(10, -4))
    let blended = moved.blended(with: source.translated(by: Point(-7, 3)), mode: .screen, at: Point(2, 1))
    #expect(blended.extent == IntRect(x: 10, y: -4, width: 6, height: 5))
    #expect(try blended.rendered() == Self.expected(backdrop, source, at: 2, 1, mode: .screen, opacity: 1))
  }

  @Test func belowDrawsTheInputOntoTheImageWhichGivesTheExtent() throws {
    let input = try Self.image(width: 4, height: 3, seed: 24)
    let image = try Self.image(width: 7, height: 6, seed: 25)
    // The image's top-left goes to (-2, -1) from the input's: so the input sits at (2, 1) on the image.
    let blended = input.blended(with: image, mode: .multiply, opacity: 0.8, at: Point(-2, -1), below: true)
    #expect(blended.extent == IntRect(x: -2, y: -1, width: 7, height: 6))
    #expect(try blended.rendered() == Self.expected(image, input, at: 2, 1, mode: .multiply, opacity: 0.8))
    #expect(blended.description == "blend multiply opacity=0.8 at=-2,-1 below")
  }

  @Test func aFractionalOffsetResamplesTheSource() throws {
    let backdrop = try Raster(width: 6, height: 6, fill: .white)
    let source = try Raster(width: 2, height: 2, fill: RGBA8(r: 0, g: 0, b: 0, a: 255))
    let rendered = try backdrop.blended(with: source, mode: .normal, at: Point(1.5, 2)).rendered()
    // Half covered by black: grey, 127 or 128 depending on how the half alpha rounds.
    #expect([127, 128].map { RGBA8(r: $0, g: $0, b: $0, a: 255) }.contains(rendered[1, 2]))
    #expect(rendered[2, 2] == RGBA8(r: 0, g: 0, b: 0, a: 255) && rendered[0, 2] == .white && rendered[4, 4] == .white)
  }

  @Test func eachInputIsAskedOnlyForWhatTheRegionNeeds() throws {
    let backdrop = try Self.image(width: 40, height: 30, seed: 26)
    let source = try Self.image(width: 10, height: 10, seed: 27)
    let region = IntRect(x: 0, y: 0, width: 20, height: 15)
    for mode in [BlendMode.multiply, .copy] {
      let trace = RenderTrace()
      let blended = backdrop.blended(with: source.translated(by: Point(0, 0)), mode: mode, at: Point(15, 12))
      _ = try Renderer(tileSize: 64).render(blended, region: region, trace: trace)
      let asked = try #require(trace.recorded.first { $0.path == [1] })
      // Only the source's overlap with the region: (15, 12) to (20, 15).
      #expect(asked.region == IntRect(x: 15, y: 12, width: 5, height: 3), "\(mode)")
      #expect(asked.pixels == 15)
      let backdropAsked = try #require(trace.recorded.first { $0.path == [0] })
      // `copy` does not read the backdrop under the source.
      #expect(backdropAsked.pixels == (mode == .copy ? 300 - 15 : 300), "\(mode)")
    }
    // A region the source misses does not ask it for anything.
    let trace = RenderTrace()
    _ = try Renderer().render(backdrop.blended(with: source, at: Point(30, 20)), region: region, trace: trace)
    #expect(trace.recorded.first { $0.path == [1] } == nil)
  }

  @Test func aLargeOpacityIsClampedAndAMeaninglessOneRefused() throws {
    let backdrop = try Self.image(width: 4, height: 4, seed: 28)
    let source = try Self.image(width: 4, height: 4, seed: 29)
    #expect(Blend(backdrop, with: source, opacity: 3).opacity == 1)
    #expect(try backdrop.blended(with: source, opacity: 3).rendered() == backdrop.blended(with: source).rendered())
    for bad in [Double.nan, -0.5, .infinity] {
      let blend = backdrop.blended(with: source, opacity: bad)
      #expect(blend.extent.isEmpty)
      #expect(throws: RenderError.invalidParameter(component: "blend",
        reason: "opacity must be \(bad < 0 ? "at least 0" : "a finite number"), got \(ParameterCheck.text(bad))"))
      {
        try blend.rendered()
      }
    }
    #expect(throws: RenderError.self) { try backdrop.blended(with: source, at: Point(.nan, 0)).rendered() }
  }

  // MARK: - The blend step

  /// A folder with the source written as a PNG, and its path.
  static func sourceFile(_ raster: Raster) throws -> String {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("source.png").path
    try raster.write(to: path, as: .png())
    return path
  }

  @Test func theStepReadsThePNGAndBlendsIt() throws {
    let backdrop = try Self.image(width: 9, height: 7, seed: 30)
    let source = try Raster(width: 5, height: 4, fill: RGBA8(straightRed: 200, green: 40, blue: 90, alpha: 180))
    let path = try Self.sourceFile(source)
    defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
    let chain = try Chain(parsing: ["blend multiply \(path) opacity=0.5 at=2,1"])
    let expected = try backdrop.blended(with: source, mode: .multiply, opacity: 0.5, at: Point(2, 1)).rendered()
    #expect(try chain.apply(to: backdrop).rendered() == expected)
    // `over` is `normal`; `below` swaps the roles.
    let over = try Chain(parsing: ["blend over \(path) below"]).apply(to: backdrop).rendered()
    #expect(over == (try backdrop.blended(with: source, mode: .normal, below: true).rendered()))
    #expect(over.width == 5 && over.height == 4)
    let filter = try FilterRegistry.standard.filter(named: "blend")
    #expect(filter.usage == "blend MODE IMAGE [opacity=OPACITY] [at=AT] [below]")
  }

  @Test func theStepsErrorsNameTheStep() throws {
    let backdrop = try Self.image(width: 3, height: 3, seed: 31)
    func applying(_ step: String) -> String? {
      do {
        _ = try Chain(parsing: [step]).apply(to: backdrop)
        return nil
      } catch {
        return error.description
      }
    }
    #expect(applying("blend multiply nope.png")
      == "step 1 \"blend multiply nope.png\": nope.png: cannot open: No such file or directory")
    #expect(applying("blend fuzzy x.png")?.hasPrefix("step 1 \"blend fuzzy x.png\": \"normal\", \"multiply\"") == true)
    #expect(applying("blend fuzzy x.png")?.hasSuffix("or \"over\" expected for MODE, got \"fuzzy\"") == true)
    #expect(applying("blend copy x.png opacity=-2")
      == "step 1 \"blend copy x.png opacity=-2\": opacity must be at least 0, got -2")
    #expect(applying("blend copy x.png at=3")
      == "step 1 \"blend copy x.png at=3\": point X,Y expected for at=, got \"3\"")
    #expect(applying("blend copy")
      == "step 1 \"blend copy\": missing IMAGE (image (a file name)): blend MODE IMAGE [opacity=OPACITY] [at=AT] [below]")
    // A file that is not an image names the file.
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let junk = folder.appendingPathComponent("junk.png").path
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: junk))
    // The step's text is cut as every quoted value is (the temporary folder's path is long); the file is named whole.
    let unsupported = "step 1 \(Quoting.quoted("blend xor \(junk)")): \(junk): unsupported format"
    #expect(applying("blend xor \(junk)")?.hasPrefix(unsupported) == true)
  }

  // MARK: - Names

  @Test func theModesAreTheTwentyEightOfTheDesignByTheirCSSNames() {
    let names = ["normal", "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn",
      "hard-light", "soft-light", "difference", "exclusion", "hue", "saturation", "color", "luminosity", "clear",
      "copy", "source-in", "source-out", "source-atop", "destination-over", "destination-in", "destination-out",
      "destination-atop", "xor", "plus-darker", "plus-lighter"]
    #expect(BlendMode.allCases.map(\.rawValue) == names)
    #expect(BlendMode(name: "over") == .normal)
    #expect(BlendMode(name: "color-dodge") == .colorDodge && BlendMode(name: "colorDodge") == nil)
    #expect(BlendMode.allCases.allSatisfy { BlendMode(name: $0.description) == $0 })
    #expect(BlendMode.allCases.filter(\.isBlend).count == 16)
    #expect(BlendMode.allCases.filter { !$0.keepsBackdropUnderTransparentSource }.count == 6)
  }
}
