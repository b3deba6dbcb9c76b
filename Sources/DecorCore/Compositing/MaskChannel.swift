/// Which value of a mask's pixels multiplies an image's (`Masking`, the `mask` step's `channel=`).
public enum MaskChannel: String, CaseIterable, Sendable {
  /// The mask's alpha.
  case alpha
  /// The mask's luminance times its alpha, as CSS Masking's `mask-type: luminance` computes it (the coefficients of
  /// Filter Effects' `luminanceToAlpha`, Rec. 709's rounded: 0.2125 R + 0.7154 G + 0.0721 B, on the sRGB-encoded
  /// values): on premultiplied pixels, 0.2125 r + 0.7154 g + 0.0721 b.
  case luminance

  /// The coefficients of red, green, blue and alpha of a premultiplied pixel that give its mask value (0 … the top
  /// level).
  var weights: SIMD4<Float> {
    switch self {
    case .alpha: return SIMD4(0, 0, 0, 1)
    case .luminance: return SIMD4(0.2125, 0.7154, 0.0721, 0)
    }
  }

  /// Multiplies each pixel of `pixels` (which covers `region`) by the mask value of the pixel of `mask` at the same
  /// place (`maskRect` in the same coordinates), over the top level, or by 1 − that with `inverted`; pixels outside
  /// `maskRect` count as a transparent mask (0, or 1 inverted). Both rasters are 8-bit or both 16-bit (a render's).
  func apply(_ mask: Raster, at maskRect: IntRect, to pixels: inout Raster, region: IntRect, inverted: Bool) {
    pixels.visit(Application(channel: self, mask: mask, maskRect: maskRect, region: region, inverted: inverted))
  }

  /// `apply` at the depth of the raster it visits.
  private struct Application: StoredPixelVisitor {
    let channel: MaskChannel
    let mask: Raster
    let maskRect: IntRect
    let region: IntRect
    let inverted: Bool

    func visit<Stored: StoredPixel>(_: Stored.Type, _ pixels: inout Raster) {
      channel.apply(Stored.self, mask, at: maskRect, to: &pixels, region: region, inverted: inverted)
    }
  }

  private func apply<P: StoredPixel>(
    _: P.Type, _ mask: Raster, at maskRect: IntRect, to pixels: inout Raster, region: IntRect, inverted: Bool
  ) {
    let weights = self.weights * (1 / P.maximum)
    let outside: Float = inverted ? 1 : 0
    let covered = maskRect.intersection(region)
    pixels.withUnsafeMutableBytes { bytes in
      let out = bytes.baseAddress!.assumingMemoryBound(to: P.self)
      mask.withUnsafeBytes { maskBytes in
        let m = maskBytes.baseAddress!.assumingMemoryBound(to: P.self)
        for y in region.minY..<region.maxY {
          let line = out + (y - region.minY) * region.width - region.minX
          let inRows = y >= covered.minY && y < covered.maxY && !covered.isEmpty
          let maskLine = m + (y - maskRect.minY) * maskRect.width - maskRect.minX
          for x in region.minX..<region.maxX where line[x] != P.transparent {
            var factor = outside
            if inRows && x >= covered.minX && x < covered.maxX {
              let value = min(1, (P.unpack(maskLine[x]) * weights).sum())
              factor = inverted ? 1 - value : value
            }
            if factor == 1 { continue }
            line[x] = factor == 0 ? P.transparent : P.pack(P.unpack(line[x]) * factor)
          }
        }
      }
    }
  }
}
