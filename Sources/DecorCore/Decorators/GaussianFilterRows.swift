/// One render's computation of a materialised `GaussianFilter`, top to bottom (see `Materialising`): the state
/// the extended boxes carry from row to row, which belongs to that render alone.
///
/// Each call computes the next rows slab by slab (at most `GaussianFilter.slabRows(elements:)`): the horizontal passes of the
/// rows the slab needs, in bands of rows on all threads (each band asks the input for its rows once), into a ring
/// that holds a slab and the passes' reach around it; then every strip of columns carries its vertical passes'
/// running sums down through the slab, also on all threads. The sums are exact integers, so where the calls and
/// slabs end does not change a byte. Memory: the ring (8 bytes an element for a slab and twice the reach) and the
/// strips' sums; the rows themselves go where the render keeps them.
final class GaussianFilterRows: RowProducer {
  let filter: GaussianFilter
  let region: IntRect
  let plan: BoxBlur.Plan
  let reach: Int
  /// Elements of a row: pixels, or groups of four coverage values.
  let width: Int
  let elements: Int
  /// The rows of horizontal passes the region needs.
  let rows: Range<Int>
  let slabRows: Int
  let ringRows: Int
  let ring: UnsafeMutablePointer<SIMD4<UInt16>>
  let strips: [StripColumns]
  /// The horizontal passes done so far (rows below this one), and the next output row.
  var computed: Int
  var top: Int

  /// The computation of `region` of `filter`, whose pixels have `depth` bits a channel (8 for coverage).
  init(_ filter: GaussianFilter, region: IntRect, depth: Int, pixelLimit: Int) throws {
    guard case .boxes(let radius, let alpha) = filter.kernel.method, !region.isEmpty else {
      throw RenderError.invalidParameter(component: "\(filter)", reason: "a kernel computed tile by tile")
    }
    self.filter = filter
    self.region = region
    plan = BoxBlur.Plan(radius: radius, alpha: alpha, depth: depth)
    reach = plan.reach
    let lanes = filter.lanes
    width = lanes == 4 ? region.width : (region.width + 3) / 4 * 4
    elements = lanes == 4 ? width : width / 4
    rows = (region.minY - reach)..<(region.maxY + reach)
    slabRows = GaussianFilter.slabRows(elements: elements)
    ringRows = Swift.min(rows.count, slabRows + 2 * reach)
    _ = try Raster.byteCount(width: 2 * elements, height: ringRows, pixelLimit: pixelLimit)
    ring = UnsafeMutablePointer<SIMD4<UInt16>>.allocate(capacity: ringRows * elements)
    let stripElements = GaussianFilter.stripElements
    let (plan, elements) = (plan, elements)
    strips = (0..<(elements + stripElements - 1) / stripElements).map { strip in
      let first = strip * stripElements
      return StripColumns(plan: plan, elements: first..<Swift.min(first + stripElements, elements), top: region.minY)
    }
    computed = rows.lowerBound
    top = region.minY
  }

  deinit { ring.deallocate() }

  func produce(_ output: Range<Int>, into out: UnsafeMutableRawPointer, stride: Int, context: RenderContext) throws {
    guard output.lowerBound == top, output.upperBound <= region.maxY else {
      throw RenderError.invalidParameter(component: "\(filter)",
        reason: "rows \(output) asked after row \(top) of \(region)")
    }
    let (filter, region, plan, reach, width, lanes) = (filter, region, plan, reach, width, filter.lanes)
    let (rows, ringRows, elements, strips) = (rows, ringRows, elements, strips)
    // Jobs on other threads write disjoint rows of the ring and of `out`, which outlive them; the addresses cross
    // into the jobs as numbers because pointers are not `Sendable`.
    let ringAddress = Int(bitPattern: ring)
    @Sendable func row(_ y: Int) -> UnsafeMutablePointer<SIMD4<UInt16>> {
      UnsafeMutablePointer<SIMD4<UInt16>>(bitPattern: ringAddress)! + (y - rows.lowerBound) % ringRows * elements
    }
    let outAddress = Int(bitPattern: out)
    // `advance` places row y at (y − its region's top) × stride: the region as `out` holds it.
    let placed = IntRect(x: region.minX, y: output.lowerBound, width: region.width, height: output.count)
    let bandRows = GaussianFilter.bandRows(width: width)
    while top < output.upperBound {
      let bottom = Swift.min(top + slabRows, output.upperBound)
      let first = computed
      let needed = bottom + reach
      try context.parallel(count: (needed - first + bandRows - 1) / bandRows, threads: context.threads) {
        band, context in
        let lower = first + band * bandRows
        let upper = Swift.min(lower + bandRows, needed)
        let area = IntRect(x: region.minX - reach, y: lower, width: width + 2 * reach, height: upper - lower)
          .intersection(filter.sourceExtent)
        let plane = area.isEmpty ? nil : try filter.plane(area, context: context)
        BlurRows.horizontalBoxes(plane, rows: lower..<upper, x0: region.minX, width: width, lanes: lanes,
          plan: plan, destination: row)
      }
      computed = needed
      try ParallelLoop.run(count: strips.count, threads: context.threads) { strip in
        let elements = strips[strip].elements
        strips[strip].columns.withLock { columns in
          GaussianBlurKernel.advance(columns, to: bottom, rows: { y in UnsafePointer(row(y) + elements.lowerBound) },
            elements: elements, region: placed, lanes: lanes,
            into: UnsafeMutableRawPointer(bitPattern: outAddress)!, stride: stride)
        }
      }
      top = bottom
    }
  }
}
