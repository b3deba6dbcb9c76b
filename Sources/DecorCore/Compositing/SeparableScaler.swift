/// Axis-aligned scaling as two one-dimensional passes (rows, then columns), with per-output tap weights computed
/// once per tile: the fast and exact way to scale, and the one that handles different factors per axis.
///
/// Kernels are clipped to the input and their weights renormalised (as Pillow's `resize` does), so the edges of
/// an opaque image stay opaque instead of fading into the transparent outside. When shrinking, `bilinear` and
/// `bicubic` kernels are widened by the shrink factor, so every output pixel averages the area it covers.
package enum SeparableScaler {
  /// One axis: output coordinate = input coordinate × `scale` + `offset`; the input covers `inputRange` and the
  /// result `outputRange` (outside it, pixels stay transparent even where a clipped kernel still reaches input).
  package struct Axis: Sendable {
    var scale: Double
    var offset: Double
    var inputRange: Range<Int>
    package var outputRange: Range<Int>
    var interpolation: Interpolation

    /// The axis that maps `input` onto `output` (both non-empty) by scale and offset.
    package init(from input: Range<Int>, to output: Range<Int>, interpolation: Interpolation) {
      scale = Double(output.count) / Double(input.count)
      offset = Double(output.lowerBound) - Double(input.lowerBound) * scale
      inputRange = input
      outputRange = output
      self.interpolation = interpolation
    }

    package init(scale: Double, offset: Double, inputRange: Range<Int>, outputRange: Range<Int>, interpolation: Interpolation)
    {
      self.scale = scale
      self.offset = offset
      self.inputRange = inputRange
      self.outputRange = outputRange
      self.interpolation = interpolation
    }

    /// The input indices the taps of `outputs` can reach, clipped to the input: what `taps(_:)` would find as
    /// `needed`, worked out from the two end pixels alone (the centres move monotonically).
    func reach(_ outputs: Range<Int>) -> Range<Int> {
      let o = outputs.clamped(to: outputRange)
      guard !o.isEmpty else { return 0..<0 }
      let filterScale = interpolation != .nearest && scale < 1 ? 1 / scale : 1
      let reach = interpolation == .nearest ? 0.5 : interpolation.support * filterScale
      let first = (Double(o.lowerBound) + 0.5 - offset) / scale - 0.5
      let last = (Double(o.upperBound - 1) + 0.5 - offset) / scale - 0.5
      let low = max(Double(inputRange.lowerBound), (min(first, last) - reach).rounded(.up))
      let high = min(Double(inputRange.upperBound), (max(first, last) + reach).rounded(.down) + 1)
      return high > low ? Int(low)..<Int(high) : 0..<0
    }

    /// The taps of the output pixels `outputs`: for each, the first input index and its weights.
    package func taps(_ outputs: Range<Int>) -> Taps {
      let filterScale = interpolation != .nearest && scale < 1 ? 1 / scale : 1
      let reach = interpolation.support * filterScale
      var taps = Taps()
      for o in outputs {
        guard outputRange.contains(o) else {
          taps.entries.append((first: 0, start: taps.weights.count, count: 0))
          continue
        }
        // The output pixel's centre, in input pixel indices (pixel k's centre at k).
        let centre = (Double(o) + 0.5 - offset) / scale - 0.5
        var first: Int
        var last: Int
        if interpolation == .nearest {
          first = Int((centre + 0.5).rounded(.down))
          last = first
        } else {
          first = Int((centre - reach).rounded(.up))
          last = Int((centre + reach).rounded(.down))
        }
        first = max(first, inputRange.lowerBound)
        last = min(last, inputRange.upperBound - 1)
        let start = taps.weights.count
        var total = 0.0
        if first <= last {
          for i in first...last {
            let w = interpolation == .nearest ? 1 : interpolation.weight((Double(i) - centre) / filterScale)
            taps.weights.append(Float(w))
            total += w
          }
        }
        if total == 0 {
          taps.weights.removeSubrange(start...)
          taps.entries.append((first: 0, start: start, count: 0))
          continue
        }
        for k in start..<taps.weights.count { taps.weights[k] /= Float(total) }
        taps.entries.append((first: first, start: start, count: last - first + 1))
        taps.needed = taps.needed.isEmpty ? first..<last + 1
          : min(taps.needed.lowerBound, first)..<max(taps.needed.upperBound, last + 1)
      }
      return taps
    }
  }

  /// Per output pixel: its first input index, and where its `count` weights start in `weights`.
  package struct Taps {
    package var entries: [(first: Int, start: Int, count: Int)] = []
    package var weights: [Float] = []
    /// The input indices any output pixel reads.
    package var needed: Range<Int> = 0..<0
  }

  /// The input region read for `region`: every input pixel any output pixel's taps can reach (`nil` for none),
  /// worked out without building the taps (a strong shrink of a large extent reaches far; the renderer's pixel
  /// limit then refuses the request before any table is built).
  static func inputRegion(for region: IntRect, x: Axis, y: Axis) -> IntRect? {
    let columns = x.reach(region.minX..<region.maxX)
    let rows = y.reach(region.minY..<region.maxY)
    guard !columns.isEmpty, !rows.isEmpty else { return nil }
    return IntRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
  }

  /// Renders `region` of the scaled `source` (the input's pixels over at least the part of `inputRegion(for:…)`
  /// the input covers; `nil` where it covers none of it), in `format` (`rgba8` or `rgba16`, the source's too).
  package static func render(
    _ source: RenderedRegion?, region: IntRect, x: Axis, y: Axis, format: PixelFormat = .rgba8, pixelLimit: Int
  ) throws -> Raster {
    try Raster(width: region.width, height: region.height, format: format, pixelLimit: pixelLimit) { buffer in
      if format == .rgba8 {
        render(source, region: region, x: x, y: y, into: buffer.baseAddress!.assumingMemoryBound(to: UInt32.self),
          stride: region.width)
      } else {
        render(source, region: region, x: x, y: y, into: buffer.baseAddress!.assumingMemoryBound(to: RGBA16.self),
          stride: region.width)
      }
    }
  }

  /// Writes every pixel of `region` of the scaled `source` into `out`, whose rows are `stride` pixels apart
  /// (transparent where the scaled image has nothing). The source's pixels are `Pixel`s too.
  static func render<Pixel: StoredPixel>(
    _ source: RenderedRegion?, region: IntRect, x: Axis, y: Axis, into out: UnsafeMutablePointer<Pixel>,
    stride: Int
  ) {
    // No tables without pixels: where the input covers none of the region, a strong shrink's taps can be as many as
    // the input's pixels (the renderer's pixel limit refuses such inputs, but only those it is asked for).
    guard let source else { return clear(region, out, stride: stride) }
    source.raster.withUnsafeBytes { bytes in
      render(bytes.baseAddress!.assumingMemoryBound(to: Pixel.self), at: source.rect, region: region, x: x, y: y,
        into: out, stride: stride)
    }
  }

  /// Writes transparent pixels over `region`'s rows of `out`.
  static func clear<Pixel: StoredPixel>(_ region: IntRect, _ out: UnsafeMutablePointer<Pixel>, stride: Int) {
    for row in 0..<region.height { (out + row * stride).update(repeating: .transparent, count: region.width) }
  }

  /// The same from `pixels`, the pixels of `rect` row by row (`rect.width` apart).
  static func render<Pixel: StoredPixel>(
    _ pixels: UnsafePointer<Pixel>, at rect: IntRect, region: IntRect, x: Axis, y: Axis,
    into out: UnsafeMutablePointer<Pixel>, stride: Int
  ) {
    let columns = x.taps(region.minX..<region.maxX)
    let rows = y.taps(region.minY..<region.maxY)
    guard !columns.needed.isEmpty, !rows.needed.isEmpty else { return clear(region, out, stride: stride) }
    let needed = IntRect(x: columns.needed.lowerBound, y: rows.needed.lowerBound, width: columns.needed.count,
      height: rows.needed.count)
    let available = needed.intersection(rect)
    guard !available.isEmpty else { return clear(region, out, stride: stride) }  // every sum would be 0
    Passes(source: pixels, sourceRect: rect, available: available, needed: needed,
      horizontal: UniformTaps(columns, base: needed.minX), vertical: UniformTaps(rows, base: needed.minY), output: out,
      stride: stride, width: region.width)
      .run()
  }
}
