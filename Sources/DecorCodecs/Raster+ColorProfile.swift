#if ColorManagement
import DecorCore

extension Raster {
  /// This image's values, taken to be in `profile`'s space, converted to sRGB (Little CMS, relative colorimetric).
  /// An sRGB profile (`ColorProfile.isSRGB`) returns the image as it is. A 16-bit raster is converted at 16 bits
  /// (its straight colours through Little CMS's 16-bit formats, then premultiplied again) and stays 16-bit.
  ///
  /// - Throws: `ColorProfileError` when the profile cannot be converted.
  public func converted(from profile: ColorProfile) throws(ColorProfileError) -> Raster {
    guard !profile.isSRGB else { return self }
    if depth == .sixteen {
      let transform = try ColorTransform(from: profile, sixteenBits: true)
      var copy = self
      copy.withDeepPixels { pixels in
        guard let base = pixels.baseAddress else { return }
        for k in pixels.indices where pixels[k].a != 65535 { pixels[k] = pixels[k].straightened }
        transform.convertStraight16(base, count: pixels.count)
        for k in pixels.indices where pixels[k].a != 65535 { pixels[k] = pixels[k].premultiplied }
      }
      return copy
    }
    let transform = try ColorTransform(from: profile)
    var copy = self
    copy.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      transform.convertPremultiplied(base, count: buffer.count / 4)
    }
    return copy
  }
}
#endif
