import Synchronization

/// A Gaussian blur of an input's pixels (`GaussianBlur`) or of its coverage (`ShadowShape`) as a stage of a render:
/// what it asks of its input, and how it renders a region, tile by tile or materialised once per render.
///
/// - Small σ (the exact kernel) renders tile by tile: each tile reads its input grown by ⌈3σ⌉, a few percent more
///   than itself.
/// - From σ = 3 (the extended boxes) the stage is computed once per render (see `Materialising`): the renderer
///   computes the region the render will ask of it top to bottom as its bands need it (`GaussianFilterRows`), slab
///   by slab (at most 256 rows): the horizontal passes of the rows a slab needs, in bands on all threads, then every
///   strip of columns' vertical passes carried down through the slab, also on all threads. The tiles copy their
///   pixels from the rows kept. Every pixel is filtered once whatever σ is, so the cost per pixel does not grow
///   with σ (Benchmarks/blur.md). Memory: the horizontal passes of a slab and the reach around it (8 bytes an
///   element), each strip's running sums, and the rows later bands still read, 4 bytes a pixel (a band and the
///   consumers' reach when they read top to bottom).
/// - A request with no materialised result to read (a render without a plan, or a region outside the plan) is
///   rendered on its own, with the same bytes (see `GaussianBlurKernel`).
package struct GaussianFilter: Sendable {
  /// What is blurred.
  enum Source: Sendable, Equatable {
    /// The input's premultiplied pixels.
    case pixels
    /// The input's coverage (alpha) grown by a disc of radius `spread` pixels (shrunk when negative).
    case coverage(spread: Double)
  }

  let input: any ImageComponent
  let kernel: GaussianKernel
  let source: Source
  /// Where the plane being blurred can be non-zero: the input's extent, moved out by a coverage's spread.
  let sourceExtent: IntRect
  /// Where the blur can be non-zero: the source extent grown by ⌈3σ⌉, cut to the bounds it was given.
  let extent: IntRect

  /// A blur of `input`; with `bounds`, cut to them: a blur over an input whose edges were extended
  /// (`EdgeExtension`) is cut back to the original extent here, in the same stage, rather than by a `Crop` above
  /// it, which would cost a stage and a copy of every tile and leave the bytes the same.
  init(_ input: any ImageComponent, kernel: GaussianKernel, source: Source, within bounds: IntRect? = nil) {
    self.input = input
    self.kernel = kernel
    self.source = source
    let e = input.extent
    let spread = Self.spreadPixels(source)
    sourceExtent = e.isEmpty || e.isInfinite || spread == 0 ? e : e.insetBy(dx: -spread, dy: -spread)
    let margin = kernel.margin
    let grown = sourceExtent.isEmpty || sourceExtent.isInfinite ? sourceExtent : sourceExtent.insetBy(dx: -margin, dy: -margin)
    extent = bounds.map { grown.intersection($0) } ?? grown
  }

  /// 4 for RGBA, 1 for coverage.
  var lanes: Int { source == .pixels ? 4 : 1 }

  /// How many whole pixels a spread moves the outline (negative inward).
  static func spreadPixels(_ source: Source) -> Int {
    guard case .coverage(let spread) = source else { return 0 }
    let whole = Int(abs(spread).rounded(.down))
    return spread < 0 ? -whole : whole
  }

  /// Whether the renderer computes this stage once per render (the extended boxes; see the type's notes).
  var materialises: Bool {
    guard case .boxes = kernel.method else { return false }
    return !extent.isEmpty && !extent.isInfinite
  }

  /// What rendering `region` of the blur asks of the input, or `nil` for nothing.
  func inputDemand(for region: IntRect) -> IntRect? {
    let inside = region.intersection(extent)
    guard !inside.isEmpty else { return nil }
    let plane = GaussianBlurKernel.sourceRegion(for: inside, kernel: kernel, lanes: lanes).intersection(sourceExtent)
    return plane.isEmpty ? nil : inputRegion(forPlane: plane)
  }

  /// What the source plane over `plane` reads of the input: the region itself, or around it by the spread.
  func inputRegion(forPlane plane: IntRect) -> IntRect? {
    let reach = abs(Self.spreadPixels(source))
    let region = (reach == 0 ? plane : plane.insetBy(dx: -reach, dy: -reach)).intersection(input.extent)
    return region.isEmpty ? nil : region
  }

  /// The plane being blurred over `region` (or more), `nil` where it is all zero.
  func plane(_ region: IntRect, context: RenderContext) throws -> BytePlane? {
    guard let asked = inputRegion(forPlane: region), let pixels = try context.renderClipped(input, asked) else {
      return nil
    }
    switch source {
    case .pixels:
      return BytePlane(pixels: pixels.raster, at: pixels.rect)
    case .coverage(let spread):
      guard let alpha = BytePlane(alphaOf: pixels.raster, at: pixels.rect, within: asked) else { return nil }
      // A spread under a pixel moves no outline.
      return Self.spreadPixels(source) == 0
        ? alpha : AlphaMorphology.apply(alpha, radius: abs(spread), grow: spread > 0, over: region)
    }
  }

  /// The bits a channel of the blurred pixels has in `context`'s render: its format's (8 or 16) for pixels, 8 for
  /// coverage.
  func depth(_ context: RenderContext) -> Int { source == .pixels ? context.format.depth : 8 }

  /// Writes every pixel of `region` into `out` (rows `stride` pixels apart: the render's RGBA, 4 or 8 bytes a
  /// pixel, for pixels; `Float` coverage in 0 … 255, 4 bytes, for coverage), from this render's materialised result
  /// when there is one.
  func render(_ region: IntRect, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext) throws {
    let inside = region.intersection(extent)
    let depth = depth(context)
    let size = lanes == 4 ? depth / 2 : 4
    for row in 0..<region.height {
      let y = region.minY + row
      let line = out + row * stride * size
      if inside.isEmpty || y < inside.minY || y >= inside.maxY {
        line.initializeMemory(as: UInt8.self, repeating: 0, count: region.width * size)
      } else {
        line.initializeMemory(as: UInt8.self, repeating: 0, count: (inside.minX - region.minX) * size)
        (line + (inside.maxX - region.minX) * size).initializeMemory(as: UInt8.self, repeating: 0,
          count: (region.maxX - inside.maxX) * size)
      }
    }
    guard !inside.isEmpty else { return }
    let target = out + ((inside.minY - region.minY) * stride + (inside.minX - region.minX)) * size
    // Rows kept are this filter's own only when it materialises (a small blur several consumers read is kept as
    // the painted pixels of the component it belongs to, which the context serves).
    if materialises, let intermediate = context.intermediate, intermediate.rect.intersection(inside) == inside {
      copy(intermediate, inside, size: size, into: target, stride: stride)
      return
    }
    let needed = GaussianBlurKernel.sourceRegion(for: inside, kernel: kernel, lanes: lanes)
    _ = try Raster.byteCount(width: needed.width, height: needed.height, pixelLimit: context.pixelLimit)
    let planeRegion = needed.intersection(sourceExtent)
    let plane = planeRegion.isEmpty ? nil : try plane(planeRegion, context: context)
    GaussianBlurKernel.render(plane, region: inside, kernel: kernel, lanes: lanes, depth: depth, into: target,
      stride: stride)
  }

  /// Copies `region` of a materialised result, `size` bytes a pixel.
  private func copy(
    _ intermediate: Intermediate, _ region: IntRect, size: Int, into out: UnsafeMutableRawPointer, stride: Int
  ) {
    let offset = (region.minX - intermediate.rect.minX) * size
    for row in 0..<region.height {
      (out + row * stride * size).copyMemory(from: intermediate.row(region.minY + row) + offset,
        byteCount: region.width * size)
    }
  }

  /// Starts computing `region` once for a render (see the type's notes): each call of the producer computes the
  /// next rows, slab by slab, the horizontal passes in bands of rows, then the vertical passes in strips of
  /// columns, each on up to `context.threads` threads.
  func openRows(_ region: IntRect, context: RenderContext) throws -> any RowProducer {
    try GaussianFilterRows(self, region: region.intersection(extent), depth: depth(context),
      pixelLimit: context.pixelLimit)
  }

  /// Rows per band of horizontal passes, for rows `width` pixels wide: a multiple of 4 (coverage is filtered four
  /// rows at a time), small enough to spread over the threads, large enough that a band's input request is not
  /// mostly its edges; at most a quarter of a megapixel (each thread holds a band's input while it works on it).
  static func bandRows(width: Int) -> Int { Swift.min(64, Swift.max(4, (1 << 18) / Swift.max(1, width) / 4 * 4)) }
  /// Output rows per slab, for rows of `elements` elements: the horizontal passes are kept for a slab and the
  /// passes' reach around it, so their memory is a band of the image, not the image, and still in cache when the
  /// vertical passes read them. Half a megapixel (16 to 256 rows): a slab of 256 rows of a 16384-pixel image
  /// would keep 34 MB of passes, more than the band of the render they serve.
  package static func slabRows(elements: Int) -> Int { Swift.min(256, Swift.max(16, (1 << 19) / Swift.max(1, elements))) }
  /// Elements per strip of vertical passes (64 RGBA pixels, 256 coverage values): a strip's two rings of
  /// 2(r + 1) + 1 rows each stay in a 512 KiB L2 cache up to σ ≈ 120.
  static let stripElements = 64

}

/// One strip's vertical passes, carried from slab to slab by whichever thread takes the strip (one at a time: the
/// slabs are separated by the join of their parallel loop, so the lock is never contended).
final class StripColumns: Sendable {
  let elements: Range<Int>
  let columns: Mutex<BoxColumns>

  init(plan: BoxBlur.Plan, elements: Range<Int>, top: Int) {
    self.elements = elements
    let columns = BoxColumns(plan: plan, elements: elements.count)
    columns.restart(at: top)
    self.columns = Mutex(columns)
  }
}
