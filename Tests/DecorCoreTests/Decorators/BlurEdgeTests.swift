import Testing

import Decor
import DecorTestSupport

/// The blur's edge modes (`blurred(sigma:edge:)`): the extent they keep, the pixels against an exact Gaussian of an
/// explicitly extended image, and what a render asks of the input.
@Suite(.tags(.slow)) struct BlurEdgeTests {
  /// Pixel (x, y) of `image` extended beyond its edges as `mode` says, written plainly (not with `EdgeMode`).
  static func extended(_ image: Raster, by margin: Int, _ mode: EdgeMode) throws -> Raster {
    func map(_ i: Int, _ n: Int) -> Int {
      switch mode {
      case .extend: return max(0, min(n - 1, i))
      case .wrap: return ((i % n) + n) % n
      case .mirror:
        // Reflect about the edges, the edge pixel repeated, as often as it takes.
        var i = i
        while i < 0 || i >= n { i = i < 0 ? -1 - i : 2 * n - 1 - i }
        return i
      case .transparent: return i
      }
    }
    var out = try Raster(width: image.width + 2 * margin, height: image.height + 2 * margin)
    for y in 0..<out.height {
      for x in 0..<out.width {
        let (sx, sy) = (map(x - margin, image.width), map(y - margin, image.height))
        if sx >= 0 && sx < image.width && sy >= 0 && sy < image.height { out[x, y] = image[sx, sy] }
      }
    }
    return out
  }

  /// The exact Gaussian (in `Double`, `GaussianReference`) of `image` extended as `mode` says by the reference
  /// kernel's radius ⌈6σ⌉, cut back to the image.
  static func reference(_ image: Raster, sigma: Double, _ mode: EdgeMode) throws -> Raster {
    let margin = Int((6 * sigma).rounded(.up))
    let padded = try extended(image, by: margin, mode)
    let values = GaussianReference.blur(padded.bytes.map(Double.init), width: padded.width, height: padded.height,
      channels: 4, sigma: sigma, margin: 0)
    let whole = try Raster(width: padded.width, height: padded.height,
      premultipliedBytes: values.map { UInt8(max(0, min(255, $0.rounded()))) })
    return try whole.extracting(IntRect(x: margin, y: margin, width: image.width, height: image.height))
  }

  @Test(arguments: SanitizerRun.sample([EdgeMode.extend, .mirror, .wrap], every: 2),
    SanitizerRun.sample([1.0, 2.5, 6], every: 2))
  func matchesAnExactGaussianOfTheExtendedImage(edge: EdgeMode, sigma: Double) throws {
    try Self.expectMatch(GaussianReference.scene(), sigma: sigma, edge: edge)
  }

  /// σ = 20 reads 60 pixels and more past each edge of an 80-pixel-high image: the mirror and the wrap go round
  /// more than once in the reference.
  @Test(arguments: SanitizerRun.sample([EdgeMode.extend, .mirror, .wrap], every: 2))
  func matchesAnExactGaussianForALargeSigma(edge: EdgeMode) throws {
    try Self.expectMatch(GaussianReference.scene(), sigma: 20, edge: edge)
  }

  /// The same tolerance as `GaussianBlurTests.matchesAnExactGaussian`.
  static func expectMatch(_ image: Raster, sigma: Double, edge: EdgeMode) throws {
    let blurred = try image.blurred(sigma: sigma, edge: edge).rendered()
    let reference = try reference(image, sigma: sigma, edge)
    #expect(blurred.width == image.width && blurred.height == image.height)
    let psnr = ImageMetrics.psnr(blurred, reference)
    let delta = ImageMetrics.maxDelta(blurred, reference)
    print("blur σ = \(sigma) edge=\(edge): \(psnr) dB against the exact Gaussian, max delta \(delta)")
    #expect(psnr >= 40, "σ = \(sigma) \(edge): \(psnr) dB, max delta \(delta)")
    if sigma < GaussianKernel.exactLimit { #expect(delta <= 1, "σ = \(sigma) \(edge)") }
  }

  @Test(arguments: [EdgeMode.extend, .mirror, .wrap], [0.7, 4, 40])
  func anOpaquePhotoStaysOpaqueAndTheSameSize(edge: EdgeMode, sigma: Double) throws {
    let photo = try GoldenScenes.photo()
    #expect(photo.isOpaque)
    let blurred = photo.blurred(sigma: sigma, edge: edge)
    #expect(blurred.extent == photo.bounds)
    let pixels = try blurred.rendered()
    #expect(pixels.width == photo.width && pixels.height == photo.height && pixels.isOpaque)
    // The transparent blur fades the edges out instead.
    #expect(!(try photo.blurred(sigma: sigma, edge: .transparent).rendered().extracting(IntRect(
      x: Int((3 * sigma).rounded(.up)), y: Int((3 * sigma).rounded(.up)), width: photo.width, height: photo.height))
      .isOpaque))
  }

  /// The blur is the graph it says it is: the edges extended (by any margin from the kernel's reach up), blurred
  /// with transparent edges, cut back to the input's extent; byte for byte.
  @Test(arguments: [EdgeMode.extend, .mirror, .wrap], [1.5, 9])
  func isTheBlurOfTheExtendedImageCutBack(edge: EdgeMode, sigma: Double) throws {
    let image = try GaussianReference.scene(width: 60).translated(by: Point(-7, 11))
    let reach = GaussianKernel(sigma: sigma).reach
    let blurred = try Renderer(tileSize: 32, threads: 2).render(image.blurred(sigma: sigma, edge: edge))
    for margin in [reach, reach + 9] {
      let graph = image.extendingEdges(edge, by: margin).blurred(sigma: sigma, edge: .transparent)
        .cropped(to: image.extent)
      #expect(try Renderer(tileSize: 64, threads: 1).render(graph) == blurred, "margin \(margin)")
    }
  }

  /// 1 and 3 threads, tiles of 16 and 256 pixels, and a render without a plan (every region computed on its own):
  /// the same bytes.
  @Test(arguments: [EdgeMode.extend, .mirror, .wrap], [2.0, 7])
  func threadsAndTilesDoNotChangeAPixel(edge: EdgeMode, sigma: Double) throws {
    let blur = try GaussianReference.scene().blurred(sigma: sigma, edge: edge)
    let reference = try Renderer(tileSize: 256, threads: 1).render(blur)
    for (tileSize, threads) in [(16, 1), (16, 3), (256, 3)] {
      #expect(try Renderer(tileSize: tileSize, threads: threads).render(blur) == reference,
        "tile \(tileSize), \(threads) threads")
    }
    #expect(try blur.render(blur.extent, context: RenderContext()) == reference)
  }

  /// From σ = 3 the blur is computed once over what the render needs, which with the edges extended is the
  /// input's extent: the extension is asked for that grown by the kernel's reach, and the input for its own extent,
  /// never more (and never an infinite region).
  @Test(arguments: [EdgeMode.extend, .mirror, .wrap], [(8.0, 32, 1), (30, 100, 2)])
  func theMaterialisedBlurAsksForTheInputOnly(edge: EdgeMode, setting: (sigma: Double, tileSize: Int, threads: Int))
    throws
  {
    let image = try GaussianReference.scene()
    let blur = image.blurred(sigma: setting.sigma, edge: edge)
    let reach = GaussianKernel(sigma: setting.sigma).reach
    let renderer = Renderer(tileSize: setting.tileSize, threads: setting.threads)
    let plan = try renderer.plan(blur)
    #expect(plan.stages.map(\.path) == [[], [0], [0, 0]])
    #expect(plan.stages[0].materialised && plan.stages[0].region == image.bounds)
    #expect(plan.stages[1].component == "extend edges \(edge) by \(reach)")
    #expect(plan.stages[1].region == image.bounds.insetBy(dx: -reach, dy: -reach))
    #expect(plan.stages[2].region == image.bounds)
    let trace = RenderTrace()
    _ = try renderer.render(blur, trace: trace)
    #expect(trace.recorded.first { $0.path == [0] }?.region == image.bounds.insetBy(dx: -reach, dy: -reach))
    #expect(trace.recorded.first { $0.path == [0, 0] }?.region == image.bounds)
  }

  /// Tiles inside the image, away from the edges, ask the extension for exactly their neighbourhood and the
  /// extension asks the input for exactly that.
  @Test func aSmallBlurAsksForTheTilesNeighbourhood() throws {
    let image = try GaussianReference.scene()
    let blur = image.blurred(sigma: 1.5, edge: .mirror)
    let reach = GaussianKernel(sigma: 1.5).reach
    let region = IntRect(x: 30, y: 20, width: 16, height: 16)
    let trace = RenderTrace()
    _ = try Renderer(tileSize: 16, threads: 1).render(blur, region: region, trace: trace)
    let grown = region.insetBy(dx: -reach, dy: -reach)
    #expect(trace.recorded.first { $0.path == [0] }?.region == grown)
    #expect(trace.recorded.first { $0.path == [0, 0] }?.region == grown)
  }

  /// An input covering the plane has no edge: every mode is the transparent blur, and the extent stays infinite.
  @Test(arguments: [EdgeMode.extend, .mirror, .wrap])
  func anInfiniteInputHasNoEdge(edge: EdgeMode) throws {
    let gradient = LinearGradient(from: Point(0, 0), to: Point(40, 25), stops: [
      GradientStop(location: 0, color: .white), GradientStop(location: 1, color: Color(red: 0.2, green: 0.4, blue: 1)),
    ])
    let blur = gradient.blurred(sigma: 5, edge: edge)
    #expect(blur.extent.isInfinite)
    let region = IntRect(x: -20, y: -10, width: 70, height: 50)
    #expect(try blur.rendered(region) == (try gradient.blurred(sigma: 5, edge: .transparent).rendered(region)))
  }

  @Test(arguments: EdgeMode.allCases)
  func anEmptyInputGivesAnEmptyBlur(edge: EdgeMode) throws {
    let empty = Crop(try Raster(width: 8, height: 8, fill: .white), to: IntRect(x: 50, y: 50, width: 4, height: 4))
    let blur = empty.blurred(sigma: 6, edge: edge)
    #expect(blur.extent.isEmpty)
    #expect(try blur.rendered(IntRect(x: 40, y: 40, width: 30, height: 30)) == (try Raster(width: 30, height: 30)))
    #expect(throws: RenderError.self) { try blur.rendered() }
  }

  @Test(arguments: EdgeMode.allCases)
  func aBadSigmaIsRefusedWhateverTheMode(edge: EdgeMode) throws {
    let blur = try Raster(width: 8, height: 8, fill: .white).blurred(sigma: -2, edge: edge)
    #expect(blur.extent.isEmpty)
    #expect(blur.parameterError == .invalidParameter(component: "blur", reason: "sigma must be at least 0, got -2"))
  }
}
