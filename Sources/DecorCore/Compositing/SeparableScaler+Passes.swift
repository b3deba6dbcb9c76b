/// The two passes of `SeparableScaler`, over unsafe pointers: each needed source row filtered horizontally once, into
/// a ring of float rows as deep as the vertical taps, and each output row summed from the ring.
///
/// The arithmetic is the plain definition's, operation for operation: every sum starts at 0 and adds its taps'
/// `pixel × weight` products in tap order, in `Float` (no fused multiply-add: x86-64's baseline has none, and Swift
/// does not contract), horizontally and then vertically. Taps outside the input's pixels, and the zero-weight taps
/// that pad every output to the same count, add `0 × w` or `pixel × 0`: a zero, which leaves a sum as it was (at most
/// the sign of a zero sum changes, which no byte shows). So the bytes are those of the straightforward loops, which
/// skipped such taps; what changes is that the loops have few shapes, with no bounds checks, no source pixel
/// converted more than once, and, for the usual 4 or 8 taps, the weights held in registers.
extension SeparableScaler {
  /// A tap table with every output pixel's taps padded with zero weights to one count (4, 8 or a multiple of 4),
  /// and the outputs grouped into runs that share their weights.
  struct UniformTaps {
    /// Taps per output pixel.
    let count: Int
    /// Per output pixel, the index of its first tap from `base` (0 for pixels outside the output's range, whose
    /// weights are all 0).
    let firsts: [Int]
    /// Per output pixel, `count` weights.
    let weights: [Float]
    /// Per output pixel, whether it is inside the output's range (has taps of its own).
    let drawn: [Bool]
    /// Consecutive output pixels with the same weights whose first taps are `stride` apart: one run for the
    /// interior of an axis shrunk by a whole factor (as by 0.5), single pixels where the weights change from pixel
    /// to pixel.
    let runs: [(start: Int, count: Int, stride: Int)]

    init(_ taps: Taps, base: Int) {
      let most = taps.entries.map(\.count).max() ?? 0
      let n = max(4, (most + 3) & ~3)
      var firsts: [Int] = []
      var weights: [Float] = []
      var drawn: [Bool] = []
      firsts.reserveCapacity(taps.entries.count)
      weights.reserveCapacity(taps.entries.count * n)
      for entry in taps.entries {
        firsts.append(entry.count > 0 ? entry.first - base : 0)
        drawn.append(entry.count > 0)
        for k in 0..<n { weights.append(k < entry.count ? taps.weights[entry.start + k] : 0) }
      }
      // A pixel joins the run before it if it has the same weights (bit for bit) and its first tap is as far from
      // the previous pixel's as the run's are from each other.
      var runs: [(start: Int, count: Int, stride: Int)] = []
      for i in firsts.indices {
        if let last = runs.last,
          (0..<n).allSatisfy({ weights[i * n + $0].bitPattern == weights[last.start * n + $0].bitPattern }),
          last.count == 1 || firsts[i] - firsts[i - 1] == last.stride
        {
          runs[runs.count - 1] = (last.start, last.count + 1, firsts[i] - firsts[i - 1])
        } else {
          runs.append((i, 1, 0))
        }
      }
      count = n
      self.firsts = firsts
      self.weights = weights
      self.drawn = drawn
      self.runs = runs
    }
  }

  /// One render's passes: `run` writes every pixel of `output` (`width` × the vertical taps' outputs, rows `stride`
  /// pixels apart), zeros in the rows outside the output's range.
  struct Passes<Pixel: StoredPixel> {
    typealias Floats = SIMD4<Float>
    let source: UnsafePointer<Pixel>
    let sourceRect: IntRect
    /// The input pixels there are (`needed` ∩ `sourceRect`); outside, pixels count as transparent.
    let available: IntRect
    /// The input pixels the taps reach; their indices count from its top-left.
    let needed: IntRect
    let horizontal: UniformTaps
    let vertical: UniformTaps
    let output: UnsafeMutablePointer<Pixel>
    let stride: Int
    let width: Int

    func run() {
      let depth = vertical.count
      // One source row as floats, with the zero-weight padding taps' reach past its end (zeros).
      let line = UnsafeMutablePointer<Floats>.allocate(capacity: needed.width + horizontal.count)
      line.initialize(repeating: .zero, count: needed.width + horizontal.count)
      // The horizontal results of the last `depth` source rows (row y in slot (y − needed.minY) mod depth), a
      // zero row for the rows there are no pixels of, and the vertical pass's partial sums.
      let ring = UnsafeMutablePointer<Floats>.allocate(capacity: depth * width)
      let zero = UnsafeMutablePointer<Floats>.allocate(capacity: width)
      zero.initialize(repeating: .zero, count: width)
      let partial = UnsafeMutablePointer<Floats>.allocate(capacity: width)
      let rows = UnsafeMutablePointer<UnsafePointer<Floats>>.allocate(capacity: depth)
      defer {
        line.deallocate()
        ring.deallocate()
        zero.deallocate()
        partial.deallocate()
        rows.deallocate()
      }
      horizontal.firsts.withUnsafeBufferPointer { hFirsts in
        horizontal.weights.withUnsafeBufferPointer { hWeights in
          vertical.weights.withUnsafeBufferPointer { vWeights in
            var next = available.minY  // the next source row to filter
            for j in vertical.firsts.indices {
              guard vertical.drawn[j] else {
                (output + j * stride).update(repeating: .transparent, count: width)
                continue
              }
              let first = needed.minY + vertical.firsts[j]
              // Filter the rows this output row reaches that are not in the ring yet.
              next = max(next, first)
              while next < min(first + depth, available.maxY) {
                let pixels = source + (next - sourceRect.minY) * sourceRect.width + (available.minX - sourceRect.minX)
                let start = line + (available.minX - needed.minX)
                for x in 0..<available.width { start[x] = Pixel.unpack(pixels[x]) }
                filterRow(line, into: ring + ((next - needed.minY) % depth) * width, firsts: hFirsts.baseAddress!,
                  weights: hWeights.baseAddress!)
                next += 1
              }
              for k in 0..<depth {
                let y = first + k
                rows[k] = available.minY <= y && y < available.maxY
                  ? UnsafePointer(ring + ((y - needed.minY) % depth) * width) : UnsafePointer(zero)
              }
              sumRows(rows, weights: vWeights.baseAddress! + j * depth, partial: partial, into: output + j * stride)
            }
          }
        }
      }
    }

    /// A source row (as floats) filtered horizontally: one float pixel per output column, run by run.
    func filterRow(
      _ line: UnsafePointer<Floats>, into h: UnsafeMutablePointer<Floats>, firsts: UnsafePointer<Int>,
      weights: UnsafePointer<Float>
    ) {
      let n = horizontal.count
      if n > 8 {
        filterRowWide(line, into: h, firsts: firsts, weights: weights)
        return
      }
      for run in horizontal.runs {
        let w = weights + run.start &* n
        var p = line + firsts[run.start]
        let out = h + run.start
        switch n {
        case 8:
          let (w0, w1, w2, w3) = (Floats(repeating: w[0]), Floats(repeating: w[1]), Floats(repeating: w[2]),
            Floats(repeating: w[3]))
          let (w4, w5, w6, w7) = (Floats(repeating: w[4]), Floats(repeating: w[5]), Floats(repeating: w[6]),
            Floats(repeating: w[7]))
          for i in 0..<run.count {
            var sum = Floats.zero
            sum += p[0] * w0
            sum += p[1] * w1
            sum += p[2] * w2
            sum += p[3] * w3
            sum += p[4] * w4
            sum += p[5] * w5
            sum += p[6] * w6
            sum += p[7] * w7
            out[i] = sum
            p += run.stride
          }
        case 4:
          let (w0, w1, w2, w3) = (Floats(repeating: w[0]), Floats(repeating: w[1]), Floats(repeating: w[2]),
            Floats(repeating: w[3]))
          for i in 0..<run.count {
            var sum = Floats.zero
            sum += p[0] * w0
            sum += p[1] * w1
            sum += p[2] * w2
            sum += p[3] * w3
            out[i] = sum
            p += run.stride
          }
        default:
          for i in 0..<run.count {
            var sum = Floats.zero
            for k in 0..<n { sum += p[k] * w[k] }
            out[i] = sum
            p += run.stride
          }
        }
      }
    }

    /// `filterRow` for long kernels (a strong downscale: 80 taps a pixel at 0.05), four output pixels at a time.
    /// Each pixel's sum is a chain of dependent additions as long as its taps, so one pixel at a time waits on
    /// the adder's latency at every tap; four chains side by side keep it busy. Each sum still starts at 0 and
    /// adds its own taps in tap order, so the bytes are `filterRow`'s.
    func filterRowWide(
      _ line: UnsafePointer<Floats>, into h: UnsafeMutablePointer<Floats>, firsts: UnsafePointer<Int>,
      weights: UnsafePointer<Float>
    ) {
      let n = horizontal.count
      let count = horizontal.firsts.count
      var i = 0
      while i &+ 4 <= count {
        let (p0, p1, p2, p3) = (line + firsts[i], line + firsts[i &+ 1], line + firsts[i &+ 2], line + firsts[i &+ 3])
        let w0 = weights + i &* n
        let (w1, w2, w3) = (w0 + n, w0 + 2 &* n, w0 + 3 &* n)
        var (s0, s1, s2, s3) = (Floats.zero, Floats.zero, Floats.zero, Floats.zero)
        for k in 0..<n {
          s0 += p0[k] * w0[k]
          s1 += p1[k] * w1[k]
          s2 += p2[k] * w2[k]
          s3 += p3[k] * w3[k]
        }
        h[i] = s0
        h[i &+ 1] = s1
        h[i &+ 2] = s2
        h[i &+ 3] = s3
        i &+= 4
      }
      while i < count {
        let p = line + firsts[i]
        let w = weights + i &* n
        var sum = Floats.zero
        for k in 0..<n { sum += p[k] * w[k] }
        h[i] = sum
        i &+= 1
      }
    }

    /// One output row from its `vertical.count` filtered rows. With more than 8 taps, four rows at a time, their
    /// running sums kept in `partial` between the groups (the same additions in the same order).
    func sumRows(
      _ rows: UnsafeMutablePointer<UnsafePointer<Floats>>, weights w: UnsafePointer<Float>,
      partial: UnsafeMutablePointer<Floats>, into out: UnsafeMutablePointer<Pixel>
    ) {
      switch vertical.count {
      case 8:
        let (w0, w1, w2, w3) = (Floats(repeating: w[0]), Floats(repeating: w[1]), Floats(repeating: w[2]),
          Floats(repeating: w[3]))
        let (w4, w5, w6, w7) = (Floats(repeating: w[4]), Floats(repeating: w[5]), Floats(repeating: w[6]),
          Floats(repeating: w[7]))
        let (r0, r1, r2, r3, r4, r5, r6, r7) = (rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7])
        for i in 0..<width {
          var sum = Floats.zero
          sum += r0[i] * w0
          sum += r1[i] * w1
          sum += r2[i] * w2
          sum += r3[i] * w3
          sum += r4[i] * w4
          sum += r5[i] * w5
          sum += r6[i] * w6
          sum += r7[i] * w7
          out[i] = Pixel.pack(PixelMath.clampPremultiplied(sum, as: Pixel.self))
        }
      default:
        let n = vertical.count
        var k = 0
        while k < n {
          let (r0, r1, r2, r3) = (rows[k], rows[k &+ 1], rows[k &+ 2], rows[k &+ 3])
          let (w0, w1, w2, w3) = (Floats(repeating: w[k]), Floats(repeating: w[k &+ 1]),
            Floats(repeating: w[k &+ 2]), Floats(repeating: w[k &+ 3]))
          let isFirst = k == 0
          let isLast = k &+ 4 == n
          for i in 0..<width {
            var sum = isFirst ? Floats.zero : partial[i]
            sum += r0[i] * w0
            sum += r1[i] * w1
            sum += r2[i] * w2
            sum += r3[i] * w3
            if isLast {
              out[i] = Pixel.pack(PixelMath.clampPremultiplied(sum, as: Pixel.self))
            } else {
              partial[i] = sum
            }
          }
          k &+= 4
        }
      }
    }
  }
}
