import DecorCore

/// PNG's five row filters and the choice among them for each row.
///
/// Every filter predicts a byte from its neighbours in the unfiltered image (`a` to the left, one pixel back; `b`
/// above; `c` above-left) and stores the difference: None (0), Sub (`a`), Up (`b`), Average (`⌊(a + b) / 2⌋`) and
/// Paeth (whichever of `a`, `b`, `c` is nearest `a + b − c`). The row keeps the filter whose output has the smallest
/// sum of absolute values read as signed bytes, the heuristic libpng, Pillow and ImageMagick use: it favours rows of
/// small differences, which deflate codes in few bits. Predictions read only unfiltered bytes, so every byte is
/// independent of the others and the five candidates are computed sixteen bytes at a time.
package enum PNGRowFilter {
  /// Bytes of scratch space `filter` needs for a row of `count` bytes.
  package static func scratchCount(rowBytes count: Int) -> Int { 5 * count }

  /// Filters one row of `count` bytes into `output` (the filter type, then `count` filtered bytes).
  ///
  /// - Parameters:
  ///   - previous: the unfiltered row above, or `nil` for the first row (read as zeros, as PNG defines it).
  ///   - bytesPerPixel: 1 to 8 (what `a` and `c` are offset by).
  ///   - scratch: `scratchCount(rowBytes: count)` bytes for the candidates.
  package static func filter(
    _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, bytesPerPixel bpp: Int,
    into output: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>
  ) {
    var sums = SIMD8<Int>.zero
    let head = Swift.min(count, 16)
    filterScalar(row, previous: previous, range: 0..<head, count: count, bpp: bpp, scratch: scratch, sums: &sums)
    var i = head
    // Sixteen bytes at a time from byte 16 on, where `a` and `c` (at i − bpp ≥ 0) are always inside the row.
    // Magnitudes (≤ 128) are summed in 16-bit lanes, two per lane per step, flushed before they could overflow.
    while i + 16 <= count {
      var lanes = (SIMD8<UInt16>.zero, SIMD8<UInt16>.zero, SIMD8<UInt16>.zero, SIMD8<UInt16>.zero, SIMD8<UInt16>.zero)
      let end = Swift.min(count - 15, i + 16 * 128)
      while i < end {
        let x = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD16<UInt8>.self)
        let a = UnsafeRawPointer(row + i - bpp).loadUnaligned(as: SIMD16<UInt8>.self)
        var b = SIMD16<UInt8>.zero
        var c = SIMD16<UInt8>.zero
        if let previous {
          b = UnsafeRawPointer(previous + i).loadUnaligned(as: SIMD16<UInt8>.self)
          c = UnsafeRawPointer(previous + i - bpp).loadUnaligned(as: SIMD16<UInt8>.self)
        }
        let none = x
        let sub = x &- a
        let up = x &- b
        let average = x &- ((a & b) &+ ((a ^ b) &>> 1))
        let paeth = x &- paethPredictor(a, b, c)
        store(none, scratch + i)
        store(sub, scratch + count + i)
        store(up, scratch + 2 * count + i)
        store(average, scratch + 3 * count + i)
        store(paeth, scratch + 4 * count + i)
        lanes.0 &+= magnitudes(none)
        lanes.1 &+= magnitudes(sub)
        lanes.2 &+= magnitudes(up)
        lanes.3 &+= magnitudes(average)
        lanes.4 &+= magnitudes(paeth)
        i += 16
      }
      sums[0] += total(lanes.0)
      sums[1] += total(lanes.1)
      sums[2] += total(lanes.2)
      sums[3] += total(lanes.3)
      sums[4] += total(lanes.4)
    }
    filterScalar(row, previous: previous, range: i..<count, count: count, bpp: bpp, scratch: scratch, sums: &sums)
    var best = 0
    for type in 1..<5 where sums[type] < sums[best] { best = type }
    output[0] = UInt8(best)
    (output + 1).update(from: scratch + best * count, count: count)
  }

  /// The five candidates for the bytes in `range`, one at a time (the row's first sixteen bytes and its tail).
  static func filterScalar(
    _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, range: Range<Int>, count: Int, bpp: Int,
    scratch: UnsafeMutablePointer<UInt8>, sums: inout SIMD8<Int>
  ) {
    for i in range {
      let x = row[i]
      let a = i >= bpp ? row[i - bpp] : 0
      let b = previous?[i] ?? 0
      let c = i >= bpp ? (previous?[i - bpp] ?? 0) : 0
      let candidates = SIMD8<UInt8>(
        x, x &- a, x &- b, x &- UInt8((Int(a) + Int(b)) / 2), x &- paethPredictor(a, b, c), 0, 0, 0)
      for type in 0..<5 {
        let value = candidates[type]
        scratch[type * count + i] = value
        sums[type] += value < 128 ? Int(value) : 256 - Int(value)
      }
    }
  }

  /// Paeth's predictor for one byte (PNG specification, section 9.4).
  static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let p = Int(a) + Int(b) - Int(c)
    let pa = abs(p - Int(a))
    let pb = abs(p - Int(b))
    let pc = abs(p - Int(c))
    return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
  }

  /// Paeth's predictor for sixteen bytes: even and odd bytes in 16-bit lanes (mask and shift, no widening call).
  @inline(__always)
  static func paethPredictor(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, _ c: SIMD16<UInt8>) -> SIMD16<UInt8> {
    let a16 = unsafeBitCast(a, to: SIMD8<Int16>.self)
    let b16 = unsafeBitCast(b, to: SIMD8<Int16>.self)
    let c16 = unsafeBitCast(c, to: SIMD8<Int16>.self)
    let even = paethPredictor(a16 & 0xFF, b16 & 0xFF, c16 & 0xFF)
    let odd = paethPredictor((a16 &>> 8) & 0xFF, (b16 &>> 8) & 0xFF, (c16 &>> 8) & 0xFF)
    return unsafeBitCast(even | (odd &<< 8), to: SIMD16<UInt8>.self)
  }

  /// Paeth's predictor on values 0 … 255 in 16-bit lanes: with p = a + b − c, |p − a| = |b − c|, |p − b| = |a − c|
  /// and |p − c| = |(b − c) + (a − c)|.
  @inline(__always)
  static func paethPredictor(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>, _ c: SIMD8<Int16>) -> SIMD8<Int16> {
    let bc = b &- c
    let ac = a &- c
    let pa = absolute(bc)
    let pb = absolute(ac)
    let pc = absolute(bc &+ ac)
    let useA = (pa .<= pb) .& (pa .<= pc)
    return c.replacing(with: b, where: pb .<= pc).replacing(with: a, where: useA)
  }

  @inline(__always)
  static func absolute(_ v: SIMD8<Int16>) -> SIMD8<Int16> {
    let sign = v &>> 15
    return (v ^ sign) &- sign
  }

  /// |v| of each byte read as signed, summed in pairs into 16-bit lanes (each at most 256). Shifting a lane left
  /// then arithmetically right sign-extends its low byte, and the arithmetic right shift alone its high byte: all
  /// 16-bit operations SSE2 has (a byte comparison would be built lane by lane).
  @inline(__always)
  static func magnitudes(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
    let pairs = unsafeBitCast(v, to: SIMD8<Int16>.self)
    let sum = absolute((pairs &<< 8) &>> 8) &+ absolute(pairs &>> 8)
    return unsafeBitCast(sum, to: SIMD8<UInt16>.self)
  }

  @inline(__always)
  static func total(_ lanes: SIMD8<UInt16>) -> Int {
    var sum = 0
    for lane in 0..<8 { sum += Int(lanes[lane]) }
    return sum
  }

  @inline(__always)
  static func store(_ v: SIMD16<UInt8>, _ pointer: UnsafeMutablePointer<UInt8>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: v, as: SIMD16<UInt8>.self)
  }
}
