import Testing

import Decor
import DecorTestSupport

/// `EdgeExtension`, the first stage of the edge-mode blurs: its pixels against a plain extension of the image, and
/// what it asks of its input.
@Suite struct EdgeExtensionTests {
  @Test(arguments: EdgeMode.allCases, [(5, 3), (1, 1), (2, 7)])
  func everyPixelIsTheImagesExtension(mode: EdgeMode, size: (width: Int, height: Int)) throws {
    let image = try ImageMetrics.pattern(width: size.width, height: size.height)
    let margin = 11
    let edges = image.extendingEdges(mode, by: margin)
    #expect(edges.extent == image.bounds.insetBy(dx: -margin, dy: -margin))
    let expected = try BlurEdgeTests.extended(image, by: margin, mode)
    #expect(try Renderer(tileSize: 256, threads: 1).render(edges) == expected)
    // Any tile size, including tiles that straddle the edges and the seams, and regions reaching beyond the extent
    // (transparent there).
    for tileSize in [1, 3, 4, 9] {
      #expect(try Renderer(tileSize: tileSize, threads: 2).render(edges) == expected, "tile \(tileSize)")
    }
    let beyond = IntRect(x: -margin - 4, y: -margin - 2, width: 2 * margin + size.width + 9,
      height: 2 * margin + size.height + 5)
    var around = try Raster(width: beyond.width, height: beyond.height)
    around.copy(expected, from: expected.bounds, toX: 4, y: 2)
    #expect(try edges.rendered(beyond) == around)
  }

  @Test(arguments: EdgeMode.allCases)
  func aRegionInsideAsksForExactlyItself(mode: EdgeMode) throws {
    let image = try ImageMetrics.pattern(width: 20, height: 10).translated(by: Point(-5, 3))
    let edges = image.extendingEdges(mode, by: 6)
    let inside = IntRect(x: -3, y: 4, width: 12, height: 5)
    #expect(edges.inputDemands(for: inside).map(\.region) == [inside])
  }

  /// Beyond an edge, only the pixels the region maps onto: a corner of `extend` is one pixel; a `mirror` strip the
  /// columns it reflects; a `wrap` across the left seam the image's two ends; a region wholly outside the image
  /// with `transparent`, nothing.
  @Test func aRegionBeyondTheEdgesAsksForWhatItMapsOnto() throws {
    let image = try ImageMetrics.pattern(width: 20, height: 10)
    func regions(_ mode: EdgeMode, _ region: IntRect) -> [IntRect] {
      image.extendingEdges(mode, by: 8).inputDemands(for: region).map(\.region)
    }
    #expect(regions(.extend, IntRect(x: -8, y: -8, width: 8, height: 8)) == [IntRect(x: 0, y: 0, width: 1, height: 1)])
    #expect(regions(.extend, IntRect(x: 18, y: 2, width: 6, height: 3)) == [IntRect(x: 18, y: 2, width: 2, height: 3)])
    #expect(regions(.mirror, IntRect(x: -5, y: 2, width: 3, height: 3)) == [IntRect(x: 2, y: 2, width: 3, height: 3)])
    #expect(regions(.mirror, IntRect(x: -2, y: 9, width: 4, height: 4)) == [IntRect(x: 0, y: 7, width: 2, height: 3)])
    #expect(regions(.wrap, IntRect(x: -3, y: 0, width: 5, height: 4)) == [IntRect(x: 0, y: 0, width: 2, height: 4),
      IntRect(x: 17, y: 0, width: 3, height: 4)])
    #expect(regions(.wrap, IntRect(x: -1, y: -1, width: 2, height: 2)).count == 4)
    #expect(regions(.transparent, IntRect(x: -8, y: 0, width: 8, height: 8)).isEmpty)
    // What it declares is what it asks for.
    for mode in EdgeMode.allCases {
      let edges = image.extendingEdges(mode, by: 8)
      let region = IntRect(x: -6, y: 7, width: 9, height: 9)
      let trace = RenderTrace()
      _ = try Renderer(tileSize: 64, threads: 1).render(edges, region: region, trace: trace)
      let declared = edges.inputDemands(for: region).map(\.region)
      let asked = trace.recorded.first { $0.path == [0] }
      #expect(asked?.requests ?? 0 == declared.count, "\(mode)")
      #expect(asked?.region == declared.dropFirst().reduce(declared.first) { $0?.union($1) }, "\(mode)")
    }
  }

  @Test func aNegativeMarginIsRefused() throws {
    let edges = try ImageMetrics.pattern(width: 4, height: 4).extendingEdges(.mirror, by: -1)
    #expect(edges.extent.isEmpty)
    #expect(edges.parameterError == .invalidParameter(component: "extend edges", reason: "margin must be at least 0, got -1"))
    #expect(throws: RenderError.self) { try edges.render(IntRect(x: 0, y: 0, width: 2, height: 2), context: RenderContext()) }
  }

  /// An input without edges (infinite or empty) is passed through.
  @Test func noEdgesNoExtension() throws {
    let plane = SolidColor(.white).extendingEdges(.wrap, by: 5)
    #expect(plane.extent.isInfinite)
    #expect(try plane.rendered(IntRect(x: 3, y: 3, width: 4, height: 4)) == (try Raster(width: 4, height: 4, fill: .white)))
    let empty = Crop(try Raster(width: 4, height: 4, fill: .white), to: IntRect(x: 9, y: 9, width: 1, height: 1))
    #expect(empty.extendingEdges(.extend, by: 5).extent.isEmpty)
  }
}
