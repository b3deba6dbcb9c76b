/// Resamples pixels through an affine map: for each output pixel, the source is sampled at the pre-image of the
/// pixel's centre. Pixels outside the source region are transparent, which is what antialiases the edges of a
/// rotated image.
///
/// Sample positions advance along a row in 32.32 fixed point (exact for the integer steps of quarter turns and
/// flips, and drifting less than 10^-5 pixel over a 4096-pixel row otherwise); filtering is done in `Float` lanes.
/// Bilinear and bicubic have an unchecked path for samples whose whole footprint lies inside the source.
enum AffineSampler {
  /// Fills `output` (the size of `region`, transparent) with `source` resampled through `inverse`.
  ///
  /// - Parameters:
  ///   - region: the output pixels, in output coordinates.
  ///   - inverse: the map from output to input coordinates.
  ///   - filterScale: how much the kernel is widened (≥ 1) because the map shrinks the image.
  static func sample(
    _ source: RenderedRegion, into output: inout Raster, region: IntRect, inverse: AffineTransform,
    interpolation: Interpolation, filterScale: Double
  ) {
    let width = source.rect.width
    let height = source.rect.height
    let fixedOne = 4_294_967_296.0
    let du = Int64((inverse.a * fixedOne).rounded())
    let dv = Int64((inverse.b * fixedOne).rounded())
    source.raster.withUnsafeBytes { sourceBytes in
      let src = sourceBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
      output.withUnsafeMutableBytes { outputBytes in
        let out = outputBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
        for j in 0..<region.height {
          let p = inverse.apply(to: Point(Double(region.x) + 0.5, Double(region.y + j) + 0.5))
          // Sample position in source pixel indices: pixel k's centre is at k.
          let sx = p.x - Double(source.rect.x) - 0.5
          let sy = p.y - Double(source.rect.y) - 0.5
          let row = out + j * region.width
          if filterScale > 1 && interpolation != .nearest {
            filteredRow(row, count: region.width, x: sx, y: sy, dx: inverse.a, dy: inverse.b, src: src,
              width: width, height: height, interpolation: interpolation, scale: filterScale)
            continue
          }
          let u = Int64((sx * fixedOne).rounded())
          let v = Int64((sy * fixedOne).rounded())
          switch interpolation {
          case .nearest:
            nearestRow(row, count: region.width, u: u, v: v, du: du, dv: dv, src: src, width: width, height: height)
          case .bilinear:
            bilinearRow(row, count: region.width, u: u, v: v, du: du, dv: dv, src: src, width: width, height: height)
          case .bicubic:
            bicubicRow(row, count: region.width, u: u, v: v, du: du, dv: dv, src: src, width: width, height: height)
          }
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
  static func fetch(_ src: UnsafePointer<UInt32>, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> SIMD4<Float> {
    guard x >= 0, x < width, y >= 0, y < height else { return .zero }
    return PixelMath.unpack(src[y &* width &+ x])
  }

  static func nearestRow(
    _ out: UnsafeMutablePointer<UInt32>, count: Int, u: Int64, v: Int64, du: Int64, dv: Int64,
    src: UnsafePointer<UInt32>, width: Int, height: Int
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

  static func bilinearRow(
    _ out: UnsafeMutablePointer<UInt32>, count: Int, u: Int64, v: Int64, du: Int64, dv: Int64,
    src: UnsafePointer<UInt32>, width: Int, height: Int
  ) {
    var u = u
    var v = v
    for i in 0..<count {
      let x0 = integerPart(u)
      let y0 = integerPart(v)
      if x0 >= -1 && x0 < width && y0 >= -1 && y0 < height {
        let fx = fraction(u)
        let fy = fraction(v)
        let p00: SIMD4<Float>
        let p10: SIMD4<Float>
        let p01: SIMD4<Float>
        let p11: SIMD4<Float>
        if x0 >= 0 && x0 + 1 < width && y0 >= 0 && y0 + 1 < height {
          let p = src + (y0 &* width &+ x0)
          p00 = PixelMath.unpack(p[0])
          p10 = PixelMath.unpack(p[1])
          p01 = PixelMath.unpack(p[width])
          p11 = PixelMath.unpack(p[width &+ 1])
        } else {
          p00 = fetch(src, x0, y0, width, height)
          p10 = fetch(src, x0 + 1, y0, width, height)
          p01 = fetch(src, x0, y0 + 1, width, height)
          p11 = fetch(src, x0 + 1, y0 + 1, width, height)
        }
        let top = p00 + (p10 - p00) * fx
        let bottom = p01 + (p11 - p01) * fx
        let value = top + (bottom - top) * fy
        // A convex combination cannot leave 0…255, but float rounding could put colour a hair above alpha.
        out[i] = PixelMath.pack(PixelMath.min(value, SIMD4(repeating: value[3])))
      }
      u &+= du
      v &+= dv
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

  static func bicubicRow(
    _ out: UnsafeMutablePointer<UInt32>, count: Int, u: Int64, v: Int64, du: Int64, dv: Int64,
    src: UnsafePointer<UInt32>, width: Int, height: Int
  ) {
    var u = u
    var v = v
    for i in 0..<count {
      let x0 = integerPart(u)
      let y0 = integerPart(v)
      if x0 >= -2 && x0 <= width && y0 >= -2 && y0 <= height {
        let wx = cubicWeights(fraction(u))
        let wy = cubicWeights(fraction(v))
        var sum = SIMD4<Float>.zero
        if x0 >= 1 && x0 + 2 < width && y0 >= 1 && y0 + 2 < height {
          var p = src + ((y0 &- 1) &* width &+ (x0 &- 1))
          for k in 0..<4 {
            sum += horizontal(PixelMath.unpack(p[0]), PixelMath.unpack(p[1]), PixelMath.unpack(p[2]),
              PixelMath.unpack(p[3]), wx) * wy[k]
            p += width
          }
        } else {
          for k in 0..<4 {
            let y = y0 - 1 + k
            sum += horizontal(fetch(src, x0 - 1, y, width, height), fetch(src, x0, y, width, height),
              fetch(src, x0 + 1, y, width, height), fetch(src, x0 + 2, y, width, height), wx) * wy[k]
          }
        }
        out[i] = PixelMath.pack(PixelMath.clampPremultiplied(sum))
      }
      u &+= du
      v &+= dv
    }
  }

  /// The general path for maps that shrink: the kernel is stretched by `scale` and evaluated per tap, weights
  /// normalised so that flat areas stay flat.
  static func filteredRow(
    _ out: UnsafeMutablePointer<UInt32>, count: Int, x: Double, y: Double, dx: Double, dy: Double,
    src: UnsafePointer<UInt32>, width: Int, height: Int, interpolation: Interpolation, scale: Double
  ) {
    let reach = interpolation.support * scale
    var xWeights: [Float] = []
    var yWeights: [Float] = []
    for i in 0..<count {
      let sx = x + Double(i) * dx
      let sy = y + Double(i) * dy
      let x0 = Int((sx - reach).rounded(.up))
      let x1 = Int((sx + reach).rounded(.down))
      let y0 = Int((sy - reach).rounded(.up))
      let y1 = Int((sy + reach).rounded(.down))
      guard x1 >= 0, x0 < width, y1 >= 0, y0 < height else { continue }
      xWeights.removeAll(keepingCapacity: true)
      yWeights.removeAll(keepingCapacity: true)
      var xTotal = 0.0
      var yTotal = 0.0
      for tx in x0...x1 {
        let w = interpolation.weight((Double(tx) - sx) / scale)
        xTotal += w
        xWeights.append(Float(w))
      }
      for ty in y0...y1 {
        let w = interpolation.weight((Double(ty) - sy) / scale)
        yTotal += w
        yWeights.append(Float(w))
      }
      guard xTotal != 0, yTotal != 0 else { continue }
      var sum = SIMD4<Float>.zero
      for (k, ty) in (y0...y1).enumerated() where ty >= 0 && ty < height && yWeights[k] != 0 {
        var h = SIMD4<Float>.zero
        for (m, tx) in (x0...x1).enumerated() where tx >= 0 && tx < width {
          h += PixelMath.unpack(src[ty * width + tx]) * xWeights[m]
        }
        sum += h * yWeights[k]
      }
      out[i] = PixelMath.pack(PixelMath.clampPremultiplied(sum / Float(xTotal * yTotal)))
    }
  }
}
