/// Resamples pixels through an affine map: for each output pixel, the source is sampled at the pre-image of the
/// pixel's centre. Pixels outside the source region are transparent, which is what antialiases the edges of a
/// rotated image.
///
/// Sample positions advance along a row in 32.32 fixed point (exact for the integer steps of quarter turns and
/// flips, and drifting less than 10^-5 pixel over a 4096-pixel row otherwise); filtering is done in `Float` lanes.
/// Bilinear and bicubic have an unchecked path for samples whose whole footprint lies inside the source.
enum AffineSampler {
  /// The indices of two ranges, one after the other.
  static func chain(_ a: Range<Int>, _ b: Range<Int>) -> FlattenSequence<[Range<Int>]> { [a, b].joined() }

  /// Writes `source` resampled through `inverse` (the map from output to input coordinates; `filterScale` ≥ 1, how
  /// much the kernel is widened because the map shrinks the image) into the pixels of `region` at `out`, whose rows
  /// are `stride` pixels apart, at either depth (`Pixel` is the source raster's too). Every pixel of the region is
  /// written (transparent where nothing lands, cleared while the row is in cache), so the memory need not be
  /// initialised.
  static func sample<Pixel: StoredPixel>(
    _ source: RenderedRegion, into out: UnsafeMutablePointer<Pixel>, stride: Int, region: IntRect,
    inverse: AffineTransform, interpolation: Interpolation, filterScale: Double
  ) {
    if interpolation == .nearest {
      sampleNearest(source, into: out, stride: stride, region: region, inverse: inverse)
      return
    }
    let width = source.rect.width
    let height = source.rect.height
    let fixedOne = 4_294_967_296.0
    // 32.32 fixed point holds positions and steps below 2^31; steeper maps, and rows that start or end farther
    // from the source, take the per-pixel path below instead.
    let near = Double(1 << 30)
    let steep = !(abs(inverse.a) < near && abs(inverse.b) < near)
    let du = steep ? 0 : Int64((inverse.a * fixedOne).rounded())
    let dv = steep ? 0 : Int64((inverse.b * fixedOne).rounded())
    source.raster.withUnsafeBytes { sourceBytes in
      let src = sourceBytes.baseAddress!.assumingMemoryBound(to: Pixel.self)
      do {
        for j in 0..<region.height {
          // Sample positions in source pixel indices (pixel k's centre is at k) of the row's column 0, from which
          // every pixel's own is found (see `origin`): the same whatever tile the pixel is rendered in.
          let (ox, oy) = origin(inverse, row: region.y + j, source: source.rect)
          let row = out + j * stride
          // Lanczos has no fixed-point path: its 6×6 weights are worked out per pixel, at any scale.
          if (filterScale > 1 && interpolation != .nearest) || interpolation == .lanczos {
            row.update(repeating: .transparent, count: region.width)
            filteredRow(row, count: region.width, column: region.x, x: ox, y: oy, dx: inverse.a, dy: inverse.b,
              src: src, width: width, height: height, interpolation: interpolation, scale: max(filterScale, 1))
            continue
          }
          let runs = steep
            ? [] : fixedRuns(region.x..<region.maxX, origin: (ox, oy), inverse: inverse, steps: (du, dv))
          if runs.isEmpty {
            // Each pixel started afresh, in fixed point only near the source (which is less than 2^30 wide).
            for i in 0..<region.width {
              let x = ox + Double(region.x + i) * inverse.a
              let y = oy + Double(region.x + i) * inverse.b
              row[i] = .transparent
              guard x > -4, y > -4, x < Double(width) + 4, y < Double(height) + 4 else { continue }
              let u = Int64((x * fixedOne).rounded())
              let v = Int64((y * fixedOne).rounded())
              switch interpolation {
              case .bilinear, .nearest:  // (nearest took `sampleNearest` above)
                bilinearRow(row + i, count: 1, u: u, v: v, du: 0, dv: 0, src: src, width: width, height: height)
              case .bicubic, .lanczos:  // (lanczos took the filtered path above)
                bicubicRow(row + i, count: 1, u: u, v: v, du: 0, dv: 0, src: src, width: width, height: height)
              }
            }
            continue
          }
          for (offset, count, u, v) in runs {
            switch interpolation {
            case .bilinear, .nearest:  // (nearest took `sampleNearest` above)
              bilinearRow(row + offset, count: count, u: u, v: v, du: du, dv: dv, src: src, width: width,
                height: height)
            case .bicubic, .lanczos:  // (lanczos took the filtered path above)
              bicubicRow(row + offset, count: count, u: u, v: v, du: du, dv: dv, src: src, width: width,
                height: height)
            }
          }
        }
      }
    }
  }

  /// Positions farther than this from the source take the per-pixel path (`fixed` needs them below 2^62).
  static let far = Double(1 << 62)

  /// Columns per block of `blocks`.
  static let blockColumns = 4096

  /// The sample position of output column 0's centre in row `row`, in the pixel indices of a source raster over
  /// `source` (pixel k's centre at k). Every pixel's position is found from it and the pixel's own column (see
  /// `blocks`), never carried from the first pixel of a tile, so that the same pixel samples the same place in any
  /// tiling (positions carried along a tile drift differently from different starts, which 16 bits show).
  @inline(__always)
  static func origin(_ inverse: AffineTransform, row: Int, source: IntRect) -> (x: Double, y: Double) {
    let p = inverse.apply(to: Point(0.5, Double(row) + 0.5))
    return (p.x - Double(source.x) - 0.5, p.y - Double(source.y) - 0.5)
  }

  /// A position (below `far` in size) in 32.32 fixed point, rounded to nearest.
  @inline(__always)
  static func fixed(_ position: Double) -> Int64 {
    let whole = position.rounded(.down)
    let fraction = Int64(((position - whole) * 4_294_967_296).rounded())
    return (Int64(whole) &<< 32) &+ fraction
  }

  /// `blocks` of a row whose ends both sample within 2^30 of the source, where 32.32 fixed point holds the
  /// positions; empty otherwise (the caller then starts each pixel afresh).
  static func fixedRuns(
    _ columns: Range<Int>, origin: (x: Double, y: Double), inverse: AffineTransform, steps: (Int64, Int64)
  ) -> [(offset: Int, count: Int, u: Int64, v: Int64)] {
    let near = Double(1 << 30)
    let first = Double(columns.lowerBound)
    let (sx, sy) = (origin.x + first * inverse.a, origin.y + first * inverse.b)
    let (ex, ey) = (sx + Double(columns.count - 1) * inverse.a, sy + Double(columns.count - 1) * inverse.b)
    guard abs(sx) < near && abs(sy) < near && abs(ex) < near && abs(ey) < near else { return [] }
    return blocks(columns, origin: origin, inverse: inverse, steps: steps)
  }

  /// The columns `columns` cut where blocks of `blockColumns` (counted from column 0) meet: for each run, its offset
  /// from `columns.lowerBound`, its length, and the fixed-point position of its first pixel, which is the block's
  /// first column's (`origin` plus the block's columns, in `Double`, rounded once) plus whole `steps`. So a pixel's
  /// position depends on its own column alone, whatever tile it is rendered in, and is never more than 4095
  /// rounded steps (4096 × 2^-33 pixel) from its block's exact start. Empty when a block starts `far` from the
  /// source: the caller then takes the per-pixel path.
  static func blocks(
    _ columns: Range<Int>, origin: (x: Double, y: Double), inverse: AffineTransform, steps: (Int64, Int64)
  ) -> [(offset: Int, count: Int, u: Int64, v: Int64)] {
    var runs: [(offset: Int, count: Int, u: Int64, v: Int64)] = []
    var column = columns.lowerBound
    while column < columns.upperBound {
      // The block holding `column` (rounded down, for negative columns too).
      let first = column - ((column % blockColumns) + blockColumns) % blockColumns
      let end = Swift.min(columns.upperBound, first + blockColumns)
      let x = origin.x + Double(first) * inverse.a
      let y = origin.y + Double(first) * inverse.b
      guard abs(x) < far, abs(y) < far else { return [] }
      let skipped = Int64(column - first)
      runs.append((column - columns.lowerBound, end - column, fixed(x) &+ skipped &* steps.0,
        fixed(y) &+ skipped &* steps.1))
      column = end
    }
    return runs
  }

  /// Nearest-neighbour sampling at either pixel width (`UInt32` for 8-bit pixels, `RGBA16` for 16-bit ones, which
  /// must be the source raster's, premultiplied or straight): pixels are copied, never blended, so the one kernel
  /// serves every format. As `sample`, every pixel of the region is written.
  static func sampleNearest<Pixel: StoredPixel>(
    _ source: RenderedRegion, into out: UnsafeMutablePointer<Pixel>, stride: Int, region: IntRect,
    inverse: AffineTransform
  ) {
    precondition(MemoryLayout<Pixel>.size == source.raster.format.bytesPerPixel, "pixels of another format")
    let width = source.rect.width
    let height = source.rect.height
    let fixedOne = 4_294_967_296.0
    let near = Double(1 << 30)
    let steep = !(abs(inverse.a) < near && abs(inverse.b) < near)
    let du = steep ? 0 : Int64((inverse.a * fixedOne).rounded())
    let dv = steep ? 0 : Int64((inverse.b * fixedOne).rounded())
    source.raster.withUnsafeBytes { sourceBytes in
      let src = sourceBytes.baseAddress!.assumingMemoryBound(to: Pixel.self)
      for j in 0..<region.height {
        let (ox, oy) = origin(inverse, row: region.y + j, source: source.rect)
        let row = out + j * stride
        row.update(repeating: .transparent, count: region.width)
        let runs = steep
          ? [] : fixedRuns(region.x..<region.maxX, origin: (ox, oy), inverse: inverse, steps: (du, dv))
        if runs.isEmpty {
          for i in 0..<region.width {
            let x = ox + Double(region.x + i) * inverse.a
            let y = oy + Double(region.x + i) * inverse.b
            guard x > -4, y > -4, x < Double(width) + 4, y < Double(height) + 4 else { continue }
            nearestRow(row + i, count: 1, u: Int64((x * fixedOne).rounded()), v: Int64((y * fixedOne).rounded()),
              du: 0, dv: 0, src: src, width: width, height: height)
          }
          continue
        }
        for (offset, count, u, v) in runs {
          nearestRow(row + offset, count: count, u: u, v: v, du: du, dv: dv, src: src, width: width, height: height)
        }
      }
    }
  }

  @inline(__always)
  static func integerPart(_ fixed: Int64) -> Int { Int(truncatingIfNeeded: fixed >> 32) }

  @inline(__always)
  static func fraction(_ fixed: Int64) -> Float {
    Float(UInt32(truncatingIfNeeded: fixed) >> 8) * (1 / 16_777_216)
  }

  /// The pixel at (x, y) of the source, or transparent outside it.
  @inline(__always)
  static func fetch<Pixel: StoredPixel>(
    _ src: UnsafePointer<Pixel>, _ x: Int, _ y: Int, _ width: Int, _ height: Int
  ) -> SIMD4<Float> {
    guard x >= 0, x < width, y >= 0, y < height else { return .zero }
    return Pixel.unpack(src[y &* width &+ x])
  }

  static func nearestRow<Pixel>(
    _ out: UnsafeMutablePointer<Pixel>, count: Int, u: Int64, v: Int64, du: Int64, dv: Int64,
    src: UnsafePointer<Pixel>, width: Int, height: Int
  ) {
    let half: Int64 = 1 << 31
    var u = u &+ half
    var v = v &+ half
    for i in 0..<count {
      let x = integerPart(u)
      let y = integerPart(v)
      if x >= 0 && x < width && y >= 0 && y < height { out[i] = src[y &* width &+ x] }
      u &+= du
      v &+= dv
    }
  }

  /// The output pixels `i` of a row (0 ..< count) whose tap index `(f + i·df) >> 32` lies in `low ... high`:
  /// solved in `Double`, then checked exactly at both ends. The index moves monotonically along a row, so the
  /// pixels that pass form one run.
  static func span(_ f: Int64, _ df: Int64, _ low: Int, _ high: Int, _ count: Int) -> Range<Int> {
    func passes(_ i: Int) -> Bool {
      let index = integerPart(f &+ Int64(i) &* df)
      return index >= low && index <= high
    }
    if df == 0 { return passes(0) ? 0..<count : 0..<0 }
    let one = 4_294_967_296.0
    let a = (Double(low) * one - Double(f)) / Double(df)
    let b = (Double(high + 1) * one - Double(f)) / Double(df)
    let (lowerReal, upperReal) = df > 0 ? (a, b) : (b, a)
    var lower = Int(max(0, min(Double(count), lowerReal.rounded(.down))))
    var upper = Int(max(0, min(Double(count), upperReal.rounded(.up))))
    while lower < upper && !passes(lower) { lower += 1 }
    while lower > 0 && passes(lower - 1) { lower -= 1 }
    while upper > lower && !passes(upper - 1) { upper -= 1 }
    while upper < count && passes(upper) { upper += 1 }
    return lower..<upper
  }

  /// Makes the pixels of a row outside `written` transparent (the kernels write every pixel inside it).
  @inline(__always)
  static func clear<Pixel: StoredPixel>(_ out: UnsafeMutablePointer<Pixel>, count: Int, outside written: Range<Int>) {
    if written.isEmpty {
      out.update(repeating: .transparent, count: count)
      return
    }
    out.update(repeating: .transparent, count: written.lowerBound)
    (out + written.upperBound).update(repeating: .transparent, count: count - written.upperBound)
  }

  /// `outer` split around the part of it that also lies in `inner`: (before, inside, after).
  static func split(_ outer: Range<Int>, by inner: Range<Int>) -> (Range<Int>, Range<Int>, Range<Int>) {
    let low = max(outer.lowerBound, min(inner.lowerBound, outer.upperBound))
    let high = max(low, min(outer.upperBound, inner.upperBound))
    return (outer.lowerBound..<low, low..<high, high..<outer.upperBound)
  }

  /// Bilinear interpolation in 16-bit lanes with 7-bit weights (as pixman does): the top and bottom pixel pairs
  /// are blended vertically, rounded to 8 bits, then the left and right halves horizontally. Both steps apply
  /// the same weights to every channel, so colour never exceeds alpha.
  @inline(__always)
  static func bilinear(_ top: SIMD2<UInt32>, _ bottom: SIMD2<UInt32>, _ wx: UInt16, _ wy: UInt16) -> UInt32 {
    let t = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(top, to: SIMD8<UInt8>.self))
    let b = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(bottom, to: SIMD8<UInt8>.self))
    let vertical = (t &* (128 &- wy) &+ b &* wy &+ 64) &>> 7
    let weights = SIMD8<UInt16>(lowHalf: SIMD4(repeating: 128 &- wx), highHalf: SIMD4(repeating: wx))
    let h = vertical &* weights
    let sum = (h.lowHalf &+ h.highHalf &+ 64) &>> 7
    return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: sum), to: UInt32.self)
  }

  /// Bilinear interpolation of a row at either depth: 8-bit pixels take the integer kernel (`bilinear`), 16-bit ones
  /// `bilinearFloat`, whose lanes and full-resolution weights keep 16 bits.
  static func bilinearRow<Pixel: StoredPixel>(
    _ out: UnsafeMutablePointer<Pixel>, count: Int, u: Int64, v: Int64, du: Int64, dv: Int64,
    src: UnsafePointer<Pixel>, width: Int, height: Int
  ) {
    if Pixel.format == .rgba8 {
      bilinearRow(UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt32.self), count: count, u: u, v: v,
        du: du, dv: dv, src: UnsafeRawPointer(src).assumingMemoryBound(to: UInt32.self), width: width,
        height: height)
      return
    }
    bilinearFloat(out, count: count, u: u, v: v, du: du, dv: dv, src: src, width: width, height: height)
  }

  /// Bilinear interpolation in float lanes on `Pixel`'s scale, with the sample position's full 24-bit fraction as
  /// the weights: the same taps as `bilinearRow`, rounded once at the end.
  static func bilinearFloat<Pixel: StoredPixel>(
    _ out: UnsafeMutablePointer<Pixel>, count: Int, u: Int64, v: Int64, du: Int64, dv: Int64,
    src: UnsafePointer<Pixel>, width: Int, height: Int
  ) {
    let touching = span(u, du, -1, width - 1, count).clamped(to: span(v, dv, -1, height - 1, count))
    clear(out, count: count, outside: touching)
    for i in touching {
      let x = u &+ Int64(i) &* du
      let y = v &+ Int64(i) &* dv
      let (x0, y0) = (integerPart(x), integerPart(y))
      let (fx, fy) = (fraction(x), fraction(y))
      let top = fetch(src, x0, y0, width, height) * (1 - fx) + fetch(src, x0 + 1, y0, width, height) * fx
      let bottom = fetch(src, x0, y0 + 1, width, height) * (1 - fx) + fetch(src, x0 + 1, y0 + 1, width, height) * fx
      out[i] = Pixel.pack(PixelMath.clampPremultiplied(top * (1 - fy) + bottom * fy, as: Pixel.self))
    }
  }

  static func bilinearRow(
    _ out: UnsafeMutablePointer<UInt32>, count: Int, u: Int64, v: Int64, du: Int64, dv: Int64,
    src: UnsafePointer<UInt32>, width: Int, height: Int
  ) {
    // Sample positions rounded to 1/128 pixel, the weights' resolution.
    let u = u &+ (1 << 24)
    let v = v &+ (1 << 24)
    @inline(__always) func weight(_ f: Int64) -> UInt16 { UInt16(truncatingIfNeeded: (f &>> 25) & 127) }
    // Pixels with any tap on the source, and among them those with all four taps on it.
    let touching = span(u, du, -1, width - 1, count).clamped(to: span(v, dv, -1, height - 1, count))
    let inside = span(u, du, 0, width - 2, count).clamped(to: span(v, dv, 0, height - 2, count))
    let (before, middle, after) = split(touching, by: inside)
    clear(out, count: count, outside: touching)
    for i in middle {
      let x = u &+ Int64(i) &* du
      let y = v &+ Int64(i) &* dv
      let p = UnsafeRawPointer(src + (integerPart(y) &* width &+ integerPart(x)))
      let top = p.loadUnaligned(as: SIMD2<UInt32>.self)
      let bottom = p.loadUnaligned(fromByteOffset: width &* 4, as: SIMD2<UInt32>.self)
      out[i] = bilinear(top, bottom, weight(x), weight(y))
    }
    for i in chain(before, after) {
      let x = u &+ Int64(i) &* du
      let y = v &+ Int64(i) &* dv
      let x0 = integerPart(x)
      let y0 = integerPart(y)
      @inline(__always) func at(_ x: Int, _ y: Int) -> UInt32 {
        x >= 0 && x < width && y >= 0 && y < height ? src[y &* width &+ x] : 0
      }
      out[i] = bilinear(SIMD2(at(x0, y0), at(x0 + 1, y0)), SIMD2(at(x0, y0 + 1), at(x0 + 1, y0 + 1)), weight(x),
        weight(y))
    }
  }

  /// Catmull-Rom weights for the four taps around a sample at fraction `t` past the second tap.
  @inline(__always)
  static func cubicWeights(_ t: Float) -> SIMD4<Float> {
    let t2 = t * t
    return SIMD4(
      ((-0.5 * t + 1) * t - 0.5) * t, (1.5 * t - 2.5) * t2 + 1, ((-1.5 * t + 2) * t + 0.5) * t, (0.5 * t - 0.5) * t2)
  }

  @inline(__always)
  static func horizontal(
    _ p0: SIMD4<Float>, _ p1: SIMD4<Float>, _ p2: SIMD4<Float>, _ p3: SIMD4<Float>, _ w: SIMD4<Float>
  ) -> SIMD4<Float> {
    let a: SIMD4<Float> = p0 * w[0] + p1 * w[1]
    let b: SIMD4<Float> = p2 * w[2] + p3 * w[3]
    return a + b
  }

  static func bicubicRow<Pixel: StoredPixel>(
    _ out: UnsafeMutablePointer<Pixel>, count: Int, u: Int64, v: Int64, du: Int64, dv: Int64,
    src: UnsafePointer<Pixel>, width: Int, height: Int
  ) {
    let touching = span(u, du, -2, width, count).clamped(to: span(v, dv, -2, height, count))
    let inside = span(u, du, 1, width - 3, count).clamped(to: span(v, dv, 1, height - 3, count))
    let (before, middle, after) = split(touching, by: inside)
    clear(out, count: count, outside: touching)
    for i in middle {
      let x = u &+ Int64(i) &* du
      let y = v &+ Int64(i) &* dv
      let wx = cubicWeights(fraction(x))
      let wy = cubicWeights(fraction(y))
      var p = src + ((integerPart(y) &- 1) &* width &+ (integerPart(x) &- 1))
      var sum = SIMD4<Float>.zero
      for k in 0..<4 {
        sum += horizontal(Pixel.unpack(p[0]), Pixel.unpack(p[1]), Pixel.unpack(p[2]), Pixel.unpack(p[3]), wx) * wy[k]
        p += width
      }
      out[i] = Pixel.pack(PixelMath.clampPremultiplied(sum, as: Pixel.self))
    }
    for i in chain(before, after) {
      let x = u &+ Int64(i) &* du
      let y = v &+ Int64(i) &* dv
      let x0 = integerPart(x)
      let y0 = integerPart(y)
      let wx = cubicWeights(fraction(x))
      let wy = cubicWeights(fraction(y))
      var sum = SIMD4<Float>.zero
      for k in 0..<4 {
        let y = y0 - 1 + k
        sum += horizontal(fetch(src, x0 - 1, y, width, height), fetch(src, x0, y, width, height),
          fetch(src, x0 + 1, y, width, height), fetch(src, x0 + 2, y, width, height), wx) * wy[k]
      }
      out[i] = Pixel.pack(PixelMath.clampPremultiplied(sum, as: Pixel.self))
    }
  }

  /// The general path for maps that shrink: the kernel is stretched by `scale` and evaluated per tap, weights
  /// normalised so that flat areas stay flat.
  /// `column` is the first pixel's column and (`x`, `y`) column 0's position (`origin`).
  static func filteredRow<Pixel: StoredPixel>(
    _ out: UnsafeMutablePointer<Pixel>, count: Int, column: Int, x: Double, y: Double, dx: Double, dy: Double,
    src: UnsafePointer<Pixel>, width: Int, height: Int, interpolation: Interpolation, scale: Double
  ) {
    let reach = interpolation.support * scale
    var xWeights: [Float] = []
    var yWeights: [Float] = []
    for i in 0..<count {
      let sx = x + Double(column + i) * dx
      let sy = y + Double(column + i) * dy
      // Far beyond the source (which is less than 2^30 wide) nothing is reached; this also keeps the conversions
      // below in range.
      guard sx - reach < Double(width), sx + reach > -1, sy - reach < Double(height), sy + reach > -1 else {
        continue
      }
      let x0 = Int((sx - reach).rounded(.up))
      let x1 = Int((sx + reach).rounded(.down))
      let y0 = Int((sy - reach).rounded(.up))
      let y1 = Int((sy + reach).rounded(.down))
      guard x1 >= 0, x0 < width, y1 >= 0, y0 < height else { continue }
      // Weights of the taps inside the source only (the others meet transparent pixels), but the total over every
      // tap, which makes the edges fade. A footprint of more than 4096 taps (a map that all but flattens the image)
      // takes the total in closed form instead, `scale` times the kernel's integral, 1: summing millions of weights
      // per pixel would change no byte (the source's colour is spread over the whole footprint).
      let (xa, xb, ya, yb) = (max(x0, 0), min(x1, width - 1), max(y0, 0), min(y1, height - 1))
      func weights(_ first: Int, _ last: Int, _ inside: ClosedRange<Int>, _ centre: Double, into array: inout [Float])
        -> Double
      {
        array.removeAll(keepingCapacity: true)
        var total = 0.0
        let all = last - first + 1 <= 4096
        var t = all ? first : inside.lowerBound
        let end = all ? last : inside.upperBound
        while t <= end {
          let w = interpolation.weight((Double(t) - centre) / scale)
          total += w
          if inside.contains(t) { array.append(Float(w)) }
          t += 1
        }
        return all ? total : scale
      }
      let xTotal = weights(x0, x1, xa...xb, sx, into: &xWeights)
      let yTotal = weights(y0, y1, ya...yb, sy, into: &yWeights)
      guard xTotal != 0, yTotal != 0 else { continue }
      var sum = SIMD4<Float>.zero
      var ty = ya
      while ty <= yb {
        let wy = yWeights[ty - ya]
        if wy != 0 {
          var h = SIMD4<Float>.zero
          let row = src + ty * width
          var tx = xa
          while tx <= xb {
            h += Pixel.unpack(row[tx]) * xWeights[tx - xa]
            tx += 1
          }
          sum += h * wy
        }
        ty += 1
      }
      out[i] = Pixel.pack(PixelMath.clampPremultiplied(sum / Float(xTotal * yTotal), as: Pixel.self))
    }
  }
}
