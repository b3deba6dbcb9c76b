import Testing

import Decor
import DecorTestSupport

/// `Canvas` (`canvas W H [x=0 y=0] [color=transparent]`): its extent, the clipping, the colour beneath, and what it
/// asks of its input.
@Suite struct CanvasTests {
  @Test func theExtentIsExactlyTheCanvas() throws {
    let image = try ImageMetrics.pattern(width: 20, height: 10)
    for input in [image, image.translated(by: Point(-30, 17)), image.rotated(by: .degrees(30))] as [any ImageComponent] {
      for (x, y) in [(0, 0), (5, -3), (-100, 200)] {
        #expect(input.placedOnCanvas(width: 31, height: 12, x: x, y: y).extent
          == IntRect(x: 0, y: 0, width: 31, height: 12))
      }
    }
  }

  /// Every pixel: the image's where it lands on the canvas (whatever its own position), the colour elsewhere, and
  /// nothing of the image beyond the canvas.
  @Test(arguments: [(0, 0), (3, 2), (-5, 4), (15, -6), (40, 0)])
  func theImageLandsAtXYAndIsClipped(at: (x: Int, y: Int)) throws {
    let image = try ImageMetrics.pattern(width: 20, height: 10)
    let moved = image.translated(by: Point(-13, 21))
    let fill = Color(red: 0.2, green: 0.6, blue: 0.4, alpha: 1)
    for color in [Color.clear, fill] {
      let canvas = try moved.placedOnCanvas(width: 24, height: 9, x: at.x, y: at.y, color: color).rendered()
      #expect(canvas.width == 24 && canvas.height == 9)
      for y in 0..<9 {
        for x in 0..<24 {
          let (ix, iy) = (x - at.x, y - at.y)
          let onImage = ix >= 0 && ix < 20 && iy >= 0 && iy < 10
          let under = color.premultiplied
          let expected = onImage ? Self.over(image[ix, iy], under) : under
          #expect(canvas[x, y] == expected, "(\(x), \(y)) at \(at), \(color)")
        }
      }
    }
  }

  /// Source-over, as `background` composites: the colour shows through where the image is transparent.
  static func over(_ s: RGBA8, _ d: RGBA8) -> RGBA8 {
    var canvas = (try? Raster(width: 1, height: 1, fill: d))!
    Compositor.composite((try? Raster(width: 1, height: 1, fill: s))!, at: canvas.bounds, onto: &canvas, mode: .normal)
    return canvas[0, 0]
  }

  @Test func theColourIsBeneathTheImage() throws {
    let cutout = try GoldenScenes.cutout()
    let color = Color(red: 1, green: 0.8, blue: 0, alpha: 1)
    let canvas = try cutout.placedOnCanvas(width: cutout.width, height: cutout.height, color: color).rendered()
    #expect(canvas == (try cutout.flattened(onto: color).rendered()))
    #expect(canvas.isOpaque && !cutout.isOpaque)
    // Transparent by default: the image's own pixels, transparent ones included.
    #expect(try cutout.placedOnCanvas(width: cutout.width, height: cutout.height).rendered() == cutout)
  }

  @Test func theInputIsAskedOnlyForWhatLandsOnTheCanvas() throws {
    let image = try ImageMetrics.pattern(width: 40, height: 30).translated(by: Point(10, 10))
    let canvas = image.placedOnCanvas(width: 25, height: 12, x: -5, y: 4)
    #expect(canvas.inputDemands(for: canvas.extent).map(\.region) == [IntRect(x: 15, y: 10, width: 25, height: 8)])
    let trace = RenderTrace()
    _ = try Renderer(tileSize: 8, threads: 2).render(canvas, trace: trace)
    #expect(trace.recorded.first { $0.path == [0] }?.region == IntRect(x: 15, y: 10, width: 25, height: 8))
    // Off the canvas: nothing asked.
    #expect(image.placedOnCanvas(width: 10, height: 10, x: 10, y: 0).inputDemands(for: IntRect(x: 0, y: 0, width: 10,
      height: 10)).isEmpty)
  }

  @Test func tilesAndThreadsDoNotChangeAPixel() throws {
    let canvas = try GoldenScenes.cutout().rotated(by: .degrees(15)).placedOnCanvas(width: 90, height: 70, x: -12,
      y: 9, color: Color(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.5))
    let reference = try Renderer(tileSize: 256, threads: 1).render(canvas)
    for (tileSize, threads) in [(7, 1), (7, 3), (32, 2)] {
      #expect(try Renderer(tileSize: tileSize, threads: threads).render(canvas) == reference)
    }
    // A region reaching beyond the canvas is transparent there.
    let around = try canvas.rendered(IntRect(x: -3, y: -2, width: 96, height: 74))
    var expected = try Raster(width: 96, height: 74)
    expected.copy(reference, from: reference.bounds, toX: 3, y: 2)
    #expect(around == expected)
  }

  @Test func inputsWithoutATopLeft() throws {
    let red = Color(red: 1, green: 0, blue: 0)
    // A plane: its origin goes to (x, y), and it fills the canvas.
    #expect(try SolidColor(red).placedOnCanvas(width: 5, height: 4, x: 2, y: 1).rendered()
      == (try Raster(width: 5, height: 4, fill: red.premultiplied)))
    // Nothing: the bare canvas.
    let empty = Crop(try Raster(width: 3, height: 3, fill: .white), to: IntRect(x: 8, y: 8, width: 1, height: 1))
    #expect(try empty.placedOnCanvas(width: 6, height: 2, color: red).rendered()
      == (try Raster(width: 6, height: 2, fill: red.premultiplied)))
  }

  @Test func badSizesAreRefused() throws {
    let image = try ImageMetrics.pattern(width: 4, height: 4)
    for (w, h, reason) in [(0, 5, "width must be at least 1, got 0"), (5, -2, "height must be at least 1, got -2")] {
      let canvas = image.placedOnCanvas(width: w, height: h)
      #expect(canvas.extent.isEmpty)
      #expect(canvas.parameterError == .invalidParameter(component: "canvas", reason: reason))
      #expect(throws: RenderError.self) { try canvas.rendered(IntRect(x: 0, y: 0, width: 2, height: 2)) }
      #expect(ChainProbe.message("canvas \(w) \(h)") == reason)
    }
    // Large values are clamped, as every size is.
    #expect(image.placedOnCanvas(width: 1 << 40, height: 3, x: 1 << 40).width == ParameterCheck.maxLength)
    #expect(image.placedOnCanvas(width: 3, height: 3, x: -(1 << 40)).x == -ParameterCheck.maxLength)
  }

  @Test func theChainStep() throws {
    let image = try ImageMetrics.pattern(width: 20, height: 10)
    let step = try Chain(parsing: ["canvas 30 16 x=4 y=-2 color=#102030"]).apply(to: image)
    let direct = image.placedOnCanvas(width: 30, height: 16, x: 4, y: -2,
      color: try Color(parsing: "#102030"))
    #expect(step.extent == IntRect(x: 0, y: 0, width: 30, height: 16))
    #expect(try step.rendered() == (try direct.rendered()))
    let plain = try Chain(parsing: ["canvas 8 8"]).apply(to: image)
    #expect(try plain.rendered() == (try image.extracting(IntRect(x: 0, y: 0, width: 8, height: 8)).rendered()))
    #expect(ChainProbe.message("canvas 8") != nil)
    #expect(ChainProbe.message("canvas 8 8 x=1.5") == "whole number expected for x=, got \"1.5\"")
  }
}
