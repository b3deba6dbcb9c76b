/// Blends spans of premultiplied RGBA8 pixels onto spans of premultiplied backdrop pixels.
///
/// All arithmetic is in integers with exact rounding: `x / 255` is computed as `(t + (t >> 8)) >> 8` with
/// `t = x + 128`. The source is first scaled by `opacity` (rounded to 1/255 steps).
enum Compositor {
  /// Blends `count` source pixels onto `count` destination pixels (each pointer addresses RGBA8 pixels as
  /// `UInt32`, byte order R, G, B, A).
  static func blend(
    _ mode: BlendMode, source: UnsafePointer<UInt32>, destination: UnsafeMutablePointer<UInt32>, count: Int,
    opacity: Double
  ) {
    let alpha = UInt32((max(0, min(1, opacity)) * 255).rounded())
    switch mode {
    case .copy:
      if alpha == 255 {
        destination.update(from: source, count: count)
      } else {
        for i in 0..<count { destination[i] = scale(source[i], by: alpha) }
      }
    case .normal:
      guard alpha > 0 else { return }
      for i in 0..<count {
        let s = alpha == 255 ? source[i] : scale(source[i], by: alpha)
        let sa = s >> 24
        if sa == 0 { continue }
        if sa == 255 {
          destination[i] = s
          continue
        }
        destination[i] = add(s, scale(destination[i], by: 255 - sa))
      }
    }
  }

  /// `round(x × a / 255)` for a product of two bytes.
  @inline(__always)
  static func divide255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  /// Every channel of `pixel` multiplied by `a / 255`, rounded.
  @inline(__always)
  static func scale(_ pixel: UInt32, by a: UInt32) -> UInt32 {
    let r = divide255((pixel & 0xFF) &* a)
    let g = divide255((pixel >> 8 & 0xFF) &* a)
    let b = divide255((pixel >> 16 & 0xFF) &* a)
    let alpha = divide255((pixel >> 24) &* a)
    return r | g << 8 | b << 16 | alpha << 24
  }

  /// Channel-wise sum of two pixels whose sums cannot exceed 255 (a source-over of valid premultiplied pixels).
  @inline(__always)
  static func add(_ x: UInt32, _ y: UInt32) -> UInt32 { x &+ y }

  /// Composites the part of `source` (whose pixels sit at `sourceRect` in canvas coordinates) that lies inside
  /// the canvas onto it.
  static func composite(
    _ source: Raster, at sourceRect: IntRect, onto canvas: inout Raster, mode: BlendMode, opacity: Double
  ) {
    let target = sourceRect.intersection(canvas.bounds)
    guard !target.isEmpty else { return }
    let canvasWidth = canvas.width
    source.withUnsafeBytes { sourceBytes in
      let src = sourceBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
      canvas.withUnsafeMutableBytes { canvasBytes in
        let dst = canvasBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
        for y in target.minY..<target.maxY {
          let s = src + (y - sourceRect.minY) * sourceRect.width + (target.minX - sourceRect.minX)
          blend(mode, source: s, destination: dst + y * canvasWidth + target.minX, count: target.width,
            opacity: opacity)
        }
      }
    }
  }
}
