import Synchronization

/// Renders regions of a Gaussian-blurred `BlurSource`: the machinery behind `GaussianBlur`, `DropShadow` and
/// `InnerShadow`.
///
/// Small σ (the exact kernel) is rendered region by region: each region reads its input grown by ⌈3σ⌉, a few
/// percent more than itself. Large σ is where region-by-region rendering breaks down: with 256² tiles and σ = 100
/// each tile would read and filter an 856² neighbourhood, 11 times its own area (measured: 4 times slower per
/// pixel than σ = 8; Benchmarks/blur.md). So for the extended boxes the engine keeps state between requests
/// (`BlurStreams`): the horizontal passes of whole rows, shared by every tile of a row, and for each strip of
/// columns the vertical passes' running sums, carried from one tile down to the next. In the renderer's order (tile
/// rows top to bottom) every pixel is then filtered once, whatever σ is. Requests that do not continue where a
/// strip left off are rendered on their own, so any order of requests is correct, and since every sum is exact
/// (see `BoxBlur`) the bytes are the same either way.
final class BlurEngine: Sendable {
  let kernel: GaussianKernel
  let source: any BlurSource
  /// 4 for RGBA, 1 for coverage.
  let lanes: Int
  /// The source's extent grown by the kernel's margin; outside it the output is zero.
  let extent: IntRect
  let streams: BlurStreams?
  /// Parts of requests rendered on their own rather than from the streams (for tests and tuning).
  let standaloneParts = Atomic<Int>(0)

  init(kernel: GaussianKernel, source: any BlurSource) {
    self.kernel = kernel
    self.source = source
    lanes = source.lanes
    let margin = kernel.margin
    let e = source.extent
    extent = e.isEmpty || e.isInfinite ? e : IntRect(x: e.minX - margin, y: e.minY - margin,
      width: e.width + 2 * margin, height: e.height + 2 * margin)
    if case .boxes(let radius, let alpha) = kernel.method, !extent.isEmpty, !extent.isInfinite,
      BlurStreams.stateBytes(plan: BoxBlur.Plan(radius: radius, alpha: alpha), lanes: lanes, width: extent.width)
        <= BlurEngine.streamBudget
    {
      streams = BlurStreams(plan: BoxBlur.Plan(radius: radius, alpha: alpha), lanes: lanes, extent: extent,
        source: source)
    } else {
      streams = nil
    }
  }

  /// The most memory the streams may hold (about (7σ + 2 tiles) rows of the extent, at 16 bytes a pixel for
  /// RGBA). Beyond it — σ in the hundreds on images many thousands of pixels wide — every tile is rendered on its
  /// own: slower (its work grows with σ), but its memory is a tile's neighbourhood.
  static let streamBudget = 1 << 29

  /// Renders `region` into `out`, whose rows are `stride` pixels apart, writing all of its pixels (4 bytes each):
  /// premultiplied RGBA8 for an RGBA source, `Float` coverage in 0 … 255 for a coverage source.
  func render(_ region: IntRect, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext) throws {
    let inside = region.intersection(extent)
    for row in 0..<region.height {
      let y = region.minY + row
      let line = out + row * stride * 4
      if inside.isEmpty || y < inside.minY || y >= inside.maxY {
        line.initializeMemory(as: UInt32.self, repeating: 0, count: region.width)
      } else {
        line.initializeMemory(as: UInt32.self, repeating: 0, count: inside.minX - region.minX)
        (line + (inside.maxX - region.minX) * 4).initializeMemory(as: UInt32.self, repeating: 0,
          count: region.maxX - inside.maxX)
      }
    }
    guard !inside.isEmpty else { return }
    let target = out + ((inside.minY - region.minY) * stride + (inside.minX - region.minX)) * 4
    _ = try Raster.byteCount(width: inside.width, height: inside.height, pixelLimit: context.pixelLimit)
    switch kernel.method {
    case .identity:
      try copySource(inside, into: target, stride: stride, context: context)
    case .exact(let weights):
      let radius = weights.count - 1
      let needed = IntRect(x: inside.minX - radius, y: inside.minY - radius, width: inside.width + 2 * radius + 3,
        height: inside.height + 2 * radius)
      try checkLimit(needed, context)
      let plane = try source.render(needed.intersection(source.extent), context: context)
      KernelBlur.render(plane, region: inside, lanes: lanes, weights: weights, into: target, stride: stride)
    case .boxes(let radius, let alpha):
      var rest = [inside]
      if let streams {
        rest = try streams.render(inside, into: target, stride: stride, context: context)
      }
      standaloneParts.add(rest.count, ordering: .relaxed)
      for part in rest {
        let offset = ((part.minY - inside.minY) * stride + (part.minX - inside.minX)) * 4
        try renderDirect(part, plan: BoxBlur.Plan(radius: radius, alpha: alpha), into: target + offset,
          stride: stride, context: context)
      }
    }
  }

  /// The pixels of the source itself (σ = 0).
  private func copySource(_ region: IntRect, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext)
    throws
  {
    let plane = try source.render(region.intersection(source.extent), context: context)
    for row in 0..<region.height {
      let line = out + row * stride * 4
      if lanes == 4 {
        line.initializeMemory(as: UInt32.self, repeating: 0, count: region.width)
        guard let plane, region.minY + row >= plane.rect.minY, region.minY + row < plane.rect.maxY else { continue }
        let start = Swift.max(region.minX, plane.rect.minX)
        let end = Swift.min(region.maxX, plane.rect.maxX)
        guard start < end else { continue }
        plane.bytes.withUnsafeBytes { bytes in
          let src = bytes.baseAddress! + ((region.minY + row - plane.rect.minY) * plane.rect.width
            + (start - plane.rect.minX)) * 4
          (line + (start - region.minX) * 4).copyMemory(from: src, byteCount: (end - start) * 4)
        }
      } else {
        let floats = line.initializeMemory(as: Float.self, repeating: 0, count: region.width)
        guard let plane, region.minY + row >= plane.rect.minY, region.minY + row < plane.rect.maxY else { continue }
        plane.bytes.withUnsafeBytes { bytes in
          let src = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            + (region.minY + row - plane.rect.minY) * plane.rect.width - plane.rect.minX
          for x in Swift.max(region.minX, plane.rect.minX)..<Swift.min(region.maxX, plane.rect.maxX) {
            floats[x - region.minX] = Float(src[x])
          }
        }
      }
    }
  }

  /// Renders `region` (inside the extent) with the extended boxes on its own: the horizontal passes over every
  /// row it reads, then a fresh vertical pipeline started at its top row.
  func renderDirect(
    _ region: IntRect, plan: BoxBlur.Plan, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext
  ) throws {
    let reach = plan.reach
    let width = lanes == 4 ? region.width : (region.width + 3) / 4 * 4
    let elements = lanes == 4 ? width : width / 4
    let rows = (region.minY - reach)..<(region.maxY + reach)
    let needed = IntRect(x: region.minX - reach, y: rows.lowerBound, width: width + 2 * reach, height: rows.count)
    try checkLimit(needed, context)
    let plane = try source.render(needed.intersection(source.extent), context: context)
    let horizontal = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: rows.count * elements)
    let line = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: elements)
    defer {
      horizontal.deallocate()
      line.deallocate()
    }
    BlurRows.horizontalBoxes(plane, rows: rows, x0: region.minX, width: width, lanes: lanes, plan: plan) { y in
      horizontal + (y - rows.lowerBound) * elements
    }
    let columns = BoxColumns(plan: plan, elements: elements)
    columns.restart(at: region.minY)
    let lanes = lanes
    columns.advance(to: region.maxY, input: { y in UnsafePointer(horizontal + (y - rows.lowerBound) * elements) }) {
      y, sum, low, high, leaving in
      let target = out + (y - region.minY) * stride * 4
      if lanes == 4 {
        BoxBlur.lastStep(sum: sum, low: low, high: high, leaving: leaving,
          into: target.assumingMemoryBound(to: UInt32.self), count: elements, plan: plan)
      } else {
        let floats = UnsafeMutableRawPointer(line).assumingMemoryBound(to: SIMD4<Float>.self)
        BoxBlur.lastStep(sum: sum, low: low, high: high, leaving: leaving, into: floats, count: elements, plan: plan)
        target.copyMemory(from: floats, byteCount: region.width * 4)
      }
    }
  }

  /// Refuses work areas over the pixel limit before allocating them.
  private func checkLimit(_ rect: IntRect, _ context: RenderContext) throws {
    _ = try Raster.byteCount(width: rect.width, height: rect.height, pixelLimit: context.pixelLimit)
  }
}
