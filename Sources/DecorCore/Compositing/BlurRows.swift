/// Rows of a `BytePlane` as the blur kernels read them, and the horizontal box passes over a band of rows.
///
/// The kernels work on `SIMD4` elements. For RGBA an element is one pixel; for coverage (one byte per pixel) the
/// horizontal passes take four rows at once, an element holding the four rows' values in one column, so the same
/// running-sum code serves both and coverage costs a quarter as much. After the horizontal passes, coverage rows
/// are stored one value per pixel again, and the vertical passes take four neighbouring pixels per element.
enum BlurRows {
  /// Fills `count` elements with the plane's pixels (x0 + i, y), each widened by `widen`, and `zero` outside the
  /// plane (RGBA planes, channels on the plane's scale, 0…255 or 0…65535): 32-bit integers for the box passes,
  /// `Float` for the exact kernel.
  @inline(__always)
  static func loadPixels<Element>(
    _ plane: BytePlane?, y: Int, x0: Int, count: Int, into output: UnsafeMutablePointer<Element>, zero: Element,
    widen: (SIMD4<Int32>) -> Element
  ) {
    guard let plane, y >= plane.rect.minY, y < plane.rect.maxY else {
      output.update(repeating: zero, count: count)
      return
    }
    let start = Swift.min(x0 + count, Swift.max(x0, plane.rect.minX))
    let end = Swift.max(start, Swift.min(x0 + count, plane.rect.maxX))
    output.update(repeating: zero, count: start - x0)
    (output + (end - x0)).update(repeating: zero, count: x0 + count - end)
    plane.bytes.withUnsafeBytes { bytes in
      let offset = (y - plane.rect.minY) * plane.rect.width - plane.rect.minX
      let target = output - x0
      if plane.depth == 16 {
        let row = bytes.baseAddress!.assumingMemoryBound(to: SIMD4<UInt16>.self) + offset
        for x in start..<end { target[x] = widen(SIMD4<Int32>(truncatingIfNeeded: row[x])) }
        return
      }
      let row = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self) + offset
      for x in start..<end {
        target[x] = widen(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(row[x], to: SIMD4<UInt8>.self)))
      }
    }
  }

  /// Fills `count` elements with four rows' coverage: lane j of element i is the plane's value at (x0 + i, y + j),
  /// zero outside the plane (coverage planes).
  static func loadCoverage(
    _ plane: BytePlane?, y: Int, x0: Int, count: Int, into output: UnsafeMutablePointer<SIMD4<Int32>>
  ) {
    output.update(repeating: .zero, count: count)
    guard let plane else { return }
    let start = Swift.max(x0, plane.rect.minX)
    let end = Swift.min(x0 + count, plane.rect.maxX)
    guard start < end else { return }
    plane.bytes.withUnsafeBytes { bytes in
      let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
      // Rows outside the plane read from a row of zeros.
      let zeros = [UInt8](repeating: 0, count: plane.rect.width)
      zeros.withUnsafeBufferPointer { zero in
        func row(_ j: Int) -> UnsafePointer<UInt8> {
          let y = y + j
          let start = y >= plane.rect.minY && y < plane.rect.maxY
            ? base + (y - plane.rect.minY) * plane.rect.width : zero.baseAddress!
          return start - plane.rect.minX
        }
        let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
        let target = output - x0
        for x in start..<end {
          target[x] = SIMD4(Int32(r0[x]), Int32(r1[x]), Int32(r2[x]), Int32(r3[x]))
        }
      }
    }
  }

  /// Whether any of rows `y ..< y + count` of the plane has pixels in columns `x0 ..< x1`.
  static func covers(_ plane: BytePlane?, y: Int, count: Int, x0: Int, x1: Int) -> Bool {
    guard let plane else { return false }
    return y < plane.rect.maxY && y + count > plane.rect.minY && x0 < plane.rect.maxX && x1 > plane.rect.minX
  }

  /// The horizontal box passes of rows `rows` over the output columns `x0 ..< x0 + width`: for each row y,
  /// `destination(y)` receives `width` elements (RGBA) or `width / 4` elements of four pixels each (coverage;
  /// `width` must then be a multiple of 4). Rows with no source pixels in reach are zero.
  static func horizontalBoxes(
    _ plane: BytePlane?, rows: Range<Int>, x0: Int, width: Int, lanes: Int, plan: BoxBlur.Plan,
    destination: (Int) -> UnsafeMutablePointer<SIMD4<UInt16>>
  ) {
    let reach = plan.reach
    let span = width + 2 * reach
    let buffer = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: 3 * span)
    let output = UnsafeMutablePointer<SIMD4<UInt16>>.allocate(capacity: width)
    defer {
      buffer.deallocate()
      output.deallocate()
    }
    let input = buffer
    let scratch = buffer + span
    if lanes == 4 {
      for y in rows {
        let target = destination(y)
        guard covers(plane, y: y, count: 1, x0: x0 - reach, x1: x0 + width + reach) else {
          target.update(repeating: .zero, count: width)
          continue
        }
        loadPixels(plane, y: y, x0: x0 - reach, count: span, into: input, zero: .zero) { $0 }
        BoxBlur.row(input, count: width, into: target, scratch: scratch, plan: plan)
      }
      return
    }
    var y = rows.lowerBound
    while y < rows.upperBound {
      let group = Swift.min(4, rows.upperBound - y)
      if covers(plane, y: y, count: group, x0: x0 - reach, x1: x0 + width + reach) {
        loadCoverage(plane, y: y, x0: x0 - reach, count: span, into: input)
        BoxBlur.row(input, count: width, into: output, scratch: scratch, plan: plan)
        // Back to one row each: four columns (four elements) at a time, a 4 × 4 transpose.
        let targets = (0..<4).map { j in destination(y + Swift.min(j, group - 1)) }
        let (t0, t1, t2, t3) = (targets[0], targets[1], targets[2], targets[3])
        var e = 0
        while e < width / 4 {
          let c0 = output[4 * e]
          let c1 = output[4 * e + 1]
          let c2 = output[4 * e + 2]
          let c3 = output[4 * e + 3]
          // Rows past the band's end (group < 4) are written first, then overwritten by the last real row.
          t3[e] = SIMD4(c0[3], c1[3], c2[3], c3[3])
          t2[e] = SIMD4(c0[2], c1[2], c2[2], c3[2])
          t1[e] = SIMD4(c0[1], c1[1], c2[1], c3[1])
          t0[e] = SIMD4(c0[0], c1[0], c2[0], c3[0])
          e += 1
        }
      } else {
        for j in 0..<group { destination(y + j).update(repeating: .zero, count: width / 4) }
      }
      y += group
    }
  }
}
