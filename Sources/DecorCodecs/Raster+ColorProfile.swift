#if ColorManagement
import DecorCore

extension Raster {
  /// This image's values, taken to be in `profile`'s space, converted to sRGB (Little CMS, relative colorimetric).
  /// An sRGB profile (`ColorProfile.isSRGB`) returns the image as it is.
  ///
  /// - Throws: `ColorProfileError` when the profile cannot be converted.
  public func converted(from profile: ColorProfile) throws(ColorProfileError) -> Raster {
    guard !profile.isSRGB else { return self }
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
