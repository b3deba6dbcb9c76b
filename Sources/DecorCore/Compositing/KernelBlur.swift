/// The exact Gaussian for small σ (see `GaussianKernel`): a symmetric convolution along rows, then down columns,
/// in `Float` on `SIMD4` elements (an RGBA pixel, or four coverage values; see `BlurRows`).
///
/// Each output pixel sums its taps in a fixed order, so the result does not depend on the region asked for.
enum KernelBlur {
  /// Renders `region` of the blurred plane into `out` (rows `stride` pixels apart): packed premultiplied RGBA for
  /// RGBA planes at `depth` bits a channel (`RGBA8` or `RGBA16`), `Float` coverage in 0 … 255 for coverage planes.
  /// Every pixel is written.
  ///
  /// `weights[k]` is the weight of the pixels k away from the centre.
  static func render(
    _ plane: BytePlane?, region: IntRect, lanes: Int, depth: Int = 8, weights: [Float],
    into out: UnsafeMutableRawPointer, stride: Int
  ) {
    let radius = weights.count - 1
    let width = lanes == 4 ? region.width : (region.width + 3) / 4 * 4
    let elements = lanes == 4 ? width : width / 4
    let rowCount = region.height + 2 * radius
    let span = width + 2 * radius
    let horizontal = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: rowCount * elements)
    let buffer = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 2 * span + elements)
    defer {
      horizontal.deallocate()
      buffer.deallocate()
    }
    let input = buffer
    let output = buffer + span
    let line = buffer + 2 * span
    // The taps broadcast, `weights[k]` in every lane.
    let broadcast = weights.map { SIMD4<Float>(repeating: $0) }
    broadcast.withUnsafeBufferPointer { wide in
      let taps = wide.baseAddress!
      let top = region.minY - radius
      let integers = UnsafeMutableRawPointer(input).assumingMemoryBound(to: SIMD4<Int32>.self)
      if lanes == 4 {
        for r in 0..<rowCount {
          let target = horizontal + r * elements
          guard BlurRows.covers(plane, y: top + r, count: 1, x0: region.minX - radius, x1: region.maxX + radius)
          else {
            target.update(repeating: .zero, count: elements)
            continue
          }
          BlurRows.loadPixels(plane, y: top + r, x0: region.minX - radius, count: span, into: input, zero: .zero) {
            SIMD4<Float>($0)
          }
          convolveRow(input, into: target, count: elements, taps: taps, radius: radius)
        }
      } else {
        var r = 0
        while r < rowCount {
          let group = Swift.min(4, rowCount - r)
          if BlurRows.covers(plane, y: top + r, count: group, x0: region.minX - radius,
            x1: region.minX + width + radius)
          {
            BlurRows.loadCoverage(plane, y: top + r, x0: region.minX - radius, count: span, into: integers)
            toFloat(integers, count: span)
            convolveRow(input, into: output, count: width, taps: taps, radius: radius)
            let columns = UnsafeMutableRawPointer(output).assumingMemoryBound(to: Float.self)
            for j in 0..<group {
              let target = UnsafeMutableRawPointer(horizontal + (r + j) * elements).assumingMemoryBound(to: Float.self)
              for x in 0..<width { target[x] = columns[x * 4 + j] }
            }
          } else {
            (horizontal + r * elements).update(repeating: .zero, count: group * elements)
          }
          r += group
        }
      }
      for y in 0..<region.height {
        convolveColumn(horizontal + (y + radius) * elements, rowStride: elements, into: line, count: elements,
          taps: taps, radius: radius)
        if lanes == 4 && depth == 16 {
          let target = out.assumingMemoryBound(to: RGBA16.self) + y * stride
          for e in 0..<elements { target[e] = RGBA16.pack(line[e]) }
        } else if lanes == 4 {
          let target = out.assumingMemoryBound(to: UInt32.self) + y * stride
          for e in 0..<elements { target[e] = PixelMath.pack(line[e]) }
        } else {
          (out + y * stride * 4).copyMemory(from: line, byteCount: region.width * 4)
        }
      }
    }
  }

  /// Converts whole numbers to `Float` in place (the two element types have the same layout).
  @inline(__always)
  static func toFloat(_ values: UnsafeMutablePointer<SIMD4<Int32>>, count: Int) {
    let floats = UnsafeMutableRawPointer(values).assumingMemoryBound(to: SIMD4<Float>.self)
    for i in 0..<count { floats[i] = SIMD4<Float>(values[i]) }
  }

  /// `output[i]` = the kernel centred on `input[i + radius]`.
  ///
  /// Four outputs an iteration: each output's sum is a chain of dependent additions, and four chains side by side
  /// keep the adder busy (one at a time was latency-bound). The taps come broadcast (`weights[k]` in every lane).
  @inline(__always)
  static func convolveRow(
    _ input: UnsafePointer<SIMD4<Float>>, into output: UnsafeMutablePointer<SIMD4<Float>>, count: Int,
    taps weights: UnsafePointer<SIMD4<Float>>, radius: Int
  ) {
    var i = 0
    while i &+ 4 <= count {
      let c = input + i + radius
      let w = weights[0]
      var s0 = c[0] * w
      var s1 = c[1] * w
      var s2 = c[2] * w
      var s3 = c[3] * w
      var k = 1
      while k <= radius {
        let w = weights[k]
        s0 += (c[0 &- k] + c[k]) * w
        s1 += (c[1 &- k] + c[1 &+ k]) * w
        s2 += (c[2 &- k] + c[2 &+ k]) * w
        s3 += (c[3 &- k] + c[3 &+ k]) * w
        k &+= 1
      }
      output[i] = s0
      output[i &+ 1] = s1
      output[i &+ 2] = s2
      output[i &+ 3] = s3
      i &+= 4
    }
    while i < count {
      let c = input + i + radius
      var sum = c[0] * weights[0]
      var k = 1
      while k <= radius {
        sum += (c[0 &- k] + c[k]) * weights[k]
        k &+= 1
      }
      output[i] = sum
      i &+= 1
    }
  }

  // Why tap by tap rather than every row for each element: Benchmarks/blur.md, "The exact kernel's columns".
  /// `output[e]` = the kernel centred on row `centre` (rows `rowStride` elements apart), for each element: tap by
  /// tap over whole rows, three rows streaming at a time.
  @inline(__always)
  static func convolveColumn(
    _ centre: UnsafePointer<SIMD4<Float>>, rowStride: Int, into output: UnsafeMutablePointer<SIMD4<Float>>,
    count: Int, taps: UnsafePointer<SIMD4<Float>>, radius: Int
  ) {
    for e in 0..<count { output[e] = centre[e] * taps[0] }
    var k = 1
    while k <= radius {
      let above = centre - k * rowStride
      let below = centre + k * rowStride
      let weight = taps[k]
      for e in 0..<count { output[e] += (above[e] + below[e]) * weight }
      k += 1
    }
  }
}
