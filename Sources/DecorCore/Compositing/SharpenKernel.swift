/// The combining half of an unsharp mask: from premultiplied pixels and their blur, straight colour
/// `s' = s + amount·(s − b)` per channel where `|s − b| > threshold`, `s` elsewhere, clamped to 0 … the top level and
/// premultiplied again by the pixel's own alpha, which is kept.
///
/// `s` is the pixel's straight colour (c·255/α) and `b` the blur's (its premultiplied colour over its alpha: the
/// alpha-weighted blur of the colour, so the undefined colour of transparent pixels never leaks in). On opaque
/// pixels these are the values themselves: the formula of Pillow's `UnsharpMask` and ImageMagick's `-unsharp`.
/// The threshold is in levels of 0 … 255, compared strictly as Pillow does. Each result is a valid premultiplied
/// pixel; a fully transparent pixel stays transparent.
enum SharpenKernel {
  /// Sharpens `count` pixels of `pixels` in place, reading their blur from `blurred`, at either depth (`threshold`
  /// still in levels of 0 … 255, scaled to the pixels' own).
  static func apply<P: StoredPixel>(_ pixels: UnsafeMutablePointer<P>, blurred: UnsafePointer<P>, count: Int,
    amount: Float, threshold: Float)
  {
    let top = P.maximum
    let limit = SIMD4<Float>(repeating: top)
    let threshold = SIMD4<Float>(repeating: threshold * (top / 255))
    for i in 0..<count {
      let original = P.unpack(pixels[i])
      let alpha = original[3]
      if alpha == 0 { continue }
      let blur = P.unpack(blurred[i])
      var straight = original
      var blurStraight = blur
      if alpha != top { straight = original * (top / alpha) }
      if blur[3] != top { blurStraight = blur[3] > 0 ? blur * (top / blur[3]) : straight }
      var difference = straight - blurStraight
      let magnitude = difference.replacing(with: -difference, where: difference .< 0)
      difference.replace(with: 0, where: magnitude .<= threshold)
      var out = PixelMath.min(PixelMath.max(straight + amount * difference, .zero), limit)
      if alpha != top { out *= alpha / top }
      out[3] = alpha
      pixels[i] = P.pack(out)
    }
  }
}
