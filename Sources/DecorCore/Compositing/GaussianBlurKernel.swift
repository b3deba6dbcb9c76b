/// The Gaussian blur of one region of a byte plane, in one piece: pixels in, pixels out, for any `GaussianKernel`.
///
/// Every value depends only on the pixel's neighbourhood (`KernelBlur` sums its taps in a fixed order; the box
/// passes' sums are exact integers, see `BoxBlur`), never on where the region begins, so cutting an image into
/// regions, or computing it whole in bands and strips (`horizontalBand` and `verticalStrip`), gives the same bytes.
///
/// Output: packed premultiplied RGBA for an RGBA plane (`lanes` = 4) at `depth` bits a channel (`RGBA8`, 4 bytes a
/// pixel, or `RGBA16`, 8 bytes), `Float` coverage in 0 … 255 for a coverage plane (`lanes` = 1, 4 bytes a pixel).
enum GaussianBlurKernel {
  /// The plane region `render` reads for `region`: the region grown by the kernel's reach (and, for coverage, by
  /// up to 3 more columns on the right, since coverage is filtered four pixels at a time).
  static func sourceRegion(for region: IntRect, kernel: GaussianKernel, lanes: Int) -> IntRect {
    let reach = kernel.reach
    let width = lanes == 4 ? region.width : (region.width + 3) / 4 * 4
    return IntRect(x: region.minX - reach, y: region.minY - reach, width: width + 2 * reach,
      height: region.height + 2 * reach)
  }

  /// Writes every pixel of `region` of the blurred plane into `out` (rows `stride` pixels apart), RGBA at `depth`
  /// bits (the plane's). The plane needs to cover `sourceRegion(for: region, …)` where it is non-zero; `nil` is all
  /// zero.
  static func render(
    _ plane: BytePlane?, region: IntRect, kernel: GaussianKernel, lanes: Int, depth: Int = 8,
    into out: UnsafeMutableRawPointer, stride: Int
  ) {
    switch kernel.method {
    case .identity:
      copy(plane, region: region, lanes: lanes, depth: depth, into: out, stride: stride)
    case .exact(let weights):
      KernelBlur.render(plane, region: region, lanes: lanes, depth: depth, weights: weights, into: out,
        stride: stride)
    case .boxes(let radius, let alpha):
      let plan = BoxBlur.Plan(radius: radius, alpha: alpha, depth: lanes == 4 ? depth : 8)
      let width = lanes == 4 ? region.width : (region.width + 3) / 4 * 4
      let elements = lanes == 4 ? width : width / 4
      let rows = (region.minY - plan.reach)..<(region.maxY + plan.reach)
      let horizontal = UnsafeMutablePointer<SIMD4<UInt16>>.allocate(capacity: rows.count * elements)
      defer { horizontal.deallocate() }
      horizontalBand(plane, rows: rows, x0: region.minX, width: width, lanes: lanes, plan: plan,
        into: horizontal + 0, rowElements: elements)
      verticalStrip(horizontal, firstRow: rows.lowerBound, rowElements: elements, elements: 0..<elements,
        region: region, lanes: lanes, plan: plan, into: out, stride: stride)
    }
  }

  /// The horizontal box passes of `rows` over the columns `x0 ..< x0 + width` (a multiple of 4 for coverage), row
  /// y written at `into + (y − rows.lowerBound) × rowElements`.
  static func horizontalBand(
    _ plane: BytePlane?, rows: Range<Int>, x0: Int, width: Int, lanes: Int, plan: BoxBlur.Plan,
    into horizontal: UnsafeMutablePointer<SIMD4<UInt16>>, rowElements: Int
  ) {
    BlurRows.horizontalBoxes(plane, rows: rows, x0: x0, width: width, lanes: lanes, plan: plan) { y in
      horizontal + (y - rows.lowerBound) * rowElements
    }
  }

  /// The vertical box passes of the columns `elements` (of `rowElements` per stored row, the first stored row
  /// being `firstRow`), from `region.minY` to `region.maxY`, written into `out` at the region's top-left (rows
  /// `stride` pixels apart). The stored rows must reach `plan.reach` beyond the region above and below.
  static func verticalStrip(
    _ horizontal: UnsafeMutablePointer<SIMD4<UInt16>>, firstRow: Int, rowElements: Int, elements: Range<Int>,
    region: IntRect, lanes: Int, plan: BoxBlur.Plan, into out: UnsafeMutableRawPointer, stride: Int
  ) {
    let columns = BoxColumns(plan: plan, elements: elements.count)
    columns.restart(at: region.minY)
    let start = horizontal + elements.lowerBound
    advance(columns, to: region.maxY, rows: { y in UnsafePointer(start + (y - firstRow) * rowElements) },
      elements: elements, region: region, lanes: lanes, into: out, stride: stride)
  }

  /// Carries a strip's vertical passes (`columns`, for the strip `elements`) down to row `target`, reading the
  /// horizontal passes' rows from `rows` and writing each finished row into `out` at the region's top-left (rows
  /// `stride` pixels apart).
  static func advance(
    _ columns: BoxColumns, to target: Int, rows: (Int) -> UnsafePointer<SIMD4<UInt16>>, elements: Range<Int>,
    region: IntRect, lanes: Int, into out: UnsafeMutableRawPointer, stride: Int
  ) {
    let count = elements.count
    let plan = columns.plan
    /// RGBA: the finished rows packed as `Pixel`s of the plan's depth.
    func pixels<Pixel: StoredPixel>(_: Pixel.Type) {
      columns.advance(to: target, input: rows) { y, sum, low, high, leaving in
        let row = out.assumingMemoryBound(to: Pixel.self) + (y - region.minY) * stride + elements.lowerBound
        BoxBlur.lastStep(sum: sum, low: low, high: high, leaving: leaving, into: row, count: count, plan: plan)
      }
    }
    if lanes == 4 {
      plan.depth == 16 ? pixels(RGBA16.self) : pixels(UInt32.self)
      return
    }
    // Coverage: four pixels an element; the last element of a row may hang past the region.
    let line = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
    defer { line.deallocate() }
    let pixels = Swift.min(4 * count, region.width - 4 * elements.lowerBound)
    columns.advance(to: target, input: rows) { y, sum, low, high, leaving in
      BoxBlur.lastStep(sum: sum, low: low, high: high, leaving: leaving, into: line, count: count, plan: plan)
      let row = out + ((y - region.minY) * stride + 4 * elements.lowerBound) * 4
      row.copyMemory(from: line, byteCount: pixels * 4)
    }
  }

  /// The plane itself (σ = 0), zero outside it.
  static func copy(
    _ plane: BytePlane?, region: IntRect, lanes: Int, depth: Int, into out: UnsafeMutableRawPointer, stride: Int
  ) {
    // Bytes a pixel of `out`: 4 (RGBA8 or Float coverage) or 8 (RGBA16).
    let size = lanes == 4 ? depth / 2 : 4
    for row in 0..<region.height {
      let line = out + row * stride * size
      line.initializeMemory(as: UInt8.self, repeating: 0, count: region.width * size)
      guard let plane, region.minY + row >= plane.rect.minY, region.minY + row < plane.rect.maxY else { continue }
      let start = Swift.max(region.minX, plane.rect.minX)
      let end = Swift.min(region.maxX, plane.rect.maxX)
      guard start < end else { continue }
      plane.bytes.withUnsafeBytes { bytes in
        let offset = (region.minY + row - plane.rect.minY) * plane.rect.width + (start - plane.rect.minX)
        if lanes == 4 {
          (line + (start - region.minX) * size).copyMemory(from: bytes.baseAddress! + offset * size,
            byteCount: (end - start) * size)
        } else {
          let source = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset
          let floats = line.assumingMemoryBound(to: Float.self) + (start - region.minX)
          for x in 0..<(end - start) { floats[x] = Float(source[x]) }
        }
      }
    }
  }
}
