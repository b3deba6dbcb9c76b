import Testing

import Decor
import DecorTestSupport

@Suite(.tags(.slow)) struct RendererTests {
  /// A chain that touches every kind of footprint: bicubic rotation, shrinking, a group over a gradient, padding.
  static func chain(_ photo: Raster) -> any ImageComponent {
    let rotated = photo.rotated(by: .degrees(23), interpolation: .bicubic).scaled(by: 0.7).padded(by: 3)
    let backdrop = LinearGradient(from: Point(0, 0), to: Point(60, 40), stops: [
      GradientStop(location: 0, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
      GradientStop(location: 1, color: Color(red: 0, green: 0, blue: 1, alpha: 1)),
    ]).cropped(to: rotated.extent)
    return Group([Layer(backdrop), Layer(rotated, x: 2, y: -1, opacity: 0.8)]).skewed(x: .degrees(10))
  }

  @Test func tileSizesAndThreadCountsDoNotChangeAPixel() throws {
    let photo = try ImageMetrics.sample("chelsea.png").extracting(IntRect(x: 200, y: 100, width: 48, height: 36))
    let component = Self.chain(photo)
    let reference = try Renderer(tileSize: 4096, threads: 1).render(component)
    for tileSize in [1, 2, 3, 5, 8, 13, 16, 31, 64, 100, 256, 512] {
      for threads in [1, 3] {
        let pixels = try Renderer(tileSize: tileSize, threads: threads).render(component)
        #expect(pixels == reference, "tile size \(tileSize), \(threads) threads")
      }
    }
  }

  @Test func aCropAfterARotationAsksOnlyForWhatItKeeps() throws {
    let photo = try ImageMetrics.sample("astronaut.png")
    let rotated = photo.rotated(by: .degrees(30), interpolation: .bicubic)
    let crop = IntRect(x: rotated.extent.minX + 300, y: rotated.extent.minY + 300, width: 64, height: 64)
    let trace = RenderTrace()
    _ = try Renderer(tileSize: 32).render(rotated.cropped(to: crop), trace: trace)
    let leaf = try #require(trace.recorded.first { $0.path == [0, 0] })
    #expect(leaf.component == "image 512x512")
    // The pre-image of a 64² square turned by 30° spans 64·(cos 30° + sin 30°) ≈ 87.4 pixels a side; the bicubic
    // footprint (2) and a safety pixel add 3 on each side, and covering whole pixels at most 1: 96.
    #expect(leaf.region.width <= 96 && leaf.region.height <= 96, "\(leaf.region)")
    // Four 32² tiles: each asks for its own pre-image plus the footprint, so they overlap only along the seams.
    #expect(leaf.requests == 4 && leaf.pixels < 2 * 96 * 96, "\(leaf.pixels)")
    #expect(leaf.pixels < photo.width * photo.height / 20)
    // The rotation itself was asked for exactly the cropped square, in tiles.
    let rotation = try #require(trace.recorded.first { $0.path == [0] })
    #expect(rotation.region == crop && rotation.pixels == crop.area)
  }

  @Test func everyVisiblePixelLiesInsideTheExtent() throws {
    let photo = try ImageMetrics.sample("horse-cutout.png").cropped(to: IntRect(x: 100, y: 60, width: 37, height: 29))
    var generator = SplitMix64(seed: 2124119902)  // seeded: a failure can be replayed
    var components: [any ImageComponent] = []
    for interpolation in Interpolation.allCases {
      for _ in 0..<6 {
        let angle = Double.random(in: -180...180, using: &generator)
        components.append(photo.rotated(by: .degrees(angle), interpolation: interpolation))
        components.append(photo.skewed(x: .degrees(Double.random(in: -60...60, using: &generator)),
          y: .degrees(Double.random(in: -30...30, using: &generator)), interpolation: interpolation))
        components.append(photo.scaled(x: Double.random(in: 0.1...3, using: &generator),
          y: Double.random(in: 0.1...3, using: &generator), interpolation: interpolation))
        components.append(photo.translated(by: Point(Double.random(in: -9...9, using: &generator),
          Double.random(in: -9...9, using: &generator)), interpolation: interpolation))
        let m = AffineTransform(a: Double.random(in: -2...2, using: &generator), b: Double.random(in: -2...2, using: &generator),
          c: Double.random(in: -2...2, using: &generator), d: Double.random(in: -2...2, using: &generator), tx: 3, ty: -4)
        components.append(photo.transformed(by: m, interpolation: interpolation))
      }
    }
    components += [photo.padded(top: 1, right: 2, bottom: 3, left: 4, color: .white), photo.tiled(width: 100, height: 7),
      photo.multiplyingOpacity(by: 0.3).flattened(onto: Color(red: 0, green: 0.5, blue: 0, alpha: 0.5)), photo.flipped(.vertical),
      photo.resized(width: 50, height: 50, fit: .cover), Group([Layer(photo, x: -20), Layer(photo, y: 30)])]
    for component in components where !component.extent.isEmpty {
      let extent = component.extent
      let around = extent.insetBy(dx: -4, dy: -4)
      let pixels = try component.rendered(around)
      for y in 0..<around.height {
        for x in 0..<around.width where !extent.contains(IntRect(x: around.minX + x, y: around.minY + y, width: 1, height: 1)) {
          #expect(pixels[x, y] == .clear, "\(component): pixel (\(around.minX + x), \(around.minY + y)) outside \(extent)")
        }
      }
      for y in 0..<around.height { for x in 0..<around.width { #expect(pixels[x, y].isPremultiplied) } }
    }
  }

  @Test func aChainIsATemplateForManyInputsAtOnce() async throws {
    let chain = try Chain(parsing: ["rotate 33 interpolation=bicubic | scale 0.5", "pad 2 color=#336699"])
    let photo = try ImageMetrics.sample("coffee.png")
    let inputs = try (0..<SanitizerRun.count(8, sanitized: 3)).map { i in try photo.extracting(IntRect(x: i * 40, y: i * 20, width: 120, height: 90)) }
    let shared = try await withThrowingTaskGroup(of: (Int, Raster).self) { group in
      for (i, input) in inputs.enumerated() {
        group.addTask { (i, try await chain.apply(to: input).renderedAsync()) }
      }
      var results = [Raster?](repeating: nil, count: inputs.count)
      for try await (i, raster) in group { results[i] = raster }
      return results
    }
    for (i, input) in inputs.enumerated() {
      let fresh = try Chain(parsing: ["rotate 33 interpolation=bicubic", "scale 0.5", "pad 2 color=#336699"])
      #expect(shared[i] == (try await fresh.apply(to: input).renderedAsync()), "input \(i)")
    }
  }

  @Test func copiesOfComponentsAreIndependent() throws {
    let photo = try ImageMetrics.sample("chelsea.png")
    let original = Group([Layer(photo), Layer(photo.rotated(by: .degrees(10)), x: 5, opacity: 0.5)])
    let before = try original.rendered()
    var copy = original
    copy.layers[1].opacity = 1
    copy.layers.append(Layer(SolidColor(.white).cropped(to: IntRect(x: 0, y: 0, width: 10, height: 10))))
    #expect(try original.rendered() == before)
    #expect(try copy.rendered() != before)
  }

  @Test func rendererErrorsAreTyped() throws {
    #expect(throws: RenderError.infiniteExtent(component: "solid #ffffff")) { try SolidColor(.white).rendered() }
    #expect(throws: RenderError.self) { try Raster(width: 4, height: 4).scaled(by: 0).rendered() }
    #expect(throws: RenderError.raster(.tooLarge(width: 100, height: 100, limit: 1000))) {
      try Renderer(pixelLimit: 1000).render(SolidColor(.white), region: IntRect(x: 0, y: 0, width: 100, height: 100))
    }
    // A region beyond the extent renders transparent there.
    let photo = try Raster(width: 2, height: 2, fill: .white)
    let around = try photo.rendered(IntRect(x: -1, y: -1, width: 4, height: 4))
    #expect(around[0, 0] == .clear && around[1, 1] == .white && around[3, 3] == .clear)
  }
}
