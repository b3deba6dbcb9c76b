#if ColorManagement
import DecorCore

import CLCMS2

/// A conversion of one ICC profile's values to sRGB through Little CMS, for one user at a time: a render's row
/// reader (`ColorConvertedRowSource`) or one whole-image conversion (`Raster.converted(from:)`) makes its own and
/// drops it when done, so no transform is shared between threads.
///
/// Relative colorimetric intent without black-point compensation (libvips' `icc_transform` defaults; for the
/// matrix-and-curves profiles of cameras and displays every intent gives the same result). Pixels are converted
/// straight: premultiplied ones are un-premultiplied first and premultiplied again after, with `Premultiplication`'s
/// exact rounding; alpha is copied.
final class ColorTransform {
  private let handle: cmsHTRANSFORM
  private let space: ColorProfile.Space

  /// A transform from `profile` to sRGB.
  ///
  /// - Throws: `ColorProfileError` when the profile cannot be read or converted.
  init(from profile: ColorProfile) throws(ColorProfileError) {
    let opened = try ColorProfile.open(profile.data)
    defer { cmsCloseProfile(opened) }
    guard let handle = Self.transform(from: opened, space: profile.space) else {
      throw .noTransform(profile: profile.name)
    }
    self.handle = handle
    space = profile.space
  }

  /// A transform from an open profile to sRGB, or `nil` when Little CMS cannot build one.
  init?(from profile: cmsHPROFILE, space: ColorProfile.Space) {
    guard let handle = Self.transform(from: profile, space: space) else { return nil }
    self.handle = handle
    self.space = space
  }

  deinit {
    cmsDeleteTransform(handle)
  }

  private static func transform(from profile: cmsHPROFILE, space: ColorProfile.Space) -> cmsHTRANSFORM? {
    guard let srgb = cmsCreate_sRGBProfile() else { return nil }
    defer { cmsCloseProfile(srgb) }
    let input = space == .rgb ? decor_lcms_type_rgba_8() : decor_lcms_type_gray_8()
    let output = space == .rgb ? decor_lcms_type_rgba_8() : decor_lcms_type_rgb_8()
    let flags = space == .rgb ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0
    return cmsCreateTransform(profile, input, srgb, output, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags)
  }

  /// Converts `count` straight RGBA8 pixels in place (for a grey profile, the grey is read from red).
  func convertStraight(_ pixels: UnsafeMutableRawPointer, count: Int) {
    guard count > 0 else { return }
    switch space {
    case .rgb:
      cmsDoTransform(handle, pixels, pixels, cmsUInt32Number(count))
    case .gray:
      // Grey in, RGB out: the greys gathered, converted to RGB beside them, and spread back with their alphas.
      let bytes = pixels.assumingMemoryBound(to: UInt8.self)
      let chunk = 4096
      let greys = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk)
      let rgb = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk * 3)
      defer {
        greys.deallocate()
        rgb.deallocate()
      }
      var start = 0
      while start < count {
        let n = min(chunk, count - start)
        for i in 0..<n { greys[i] = bytes[(start + i) * 4] }
        cmsDoTransform(handle, greys, rgb, cmsUInt32Number(n))
        for i in 0..<n {
          let p = bytes + (start + i) * 4
          p[0] = rgb[i * 3]
          p[1] = rgb[i * 3 + 1]
          p[2] = rgb[i * 3 + 2]
        }
        start += n
      }
    }
  }

  /// Converts `count` premultiplied RGBA8 pixels in place; opaque and transparent pixels are not touched by the
  /// (un)premultiplication.
  func convertPremultiplied(_ pixels: UnsafeMutableRawPointer, count: Int) {
    let buffer = UnsafeMutableRawBufferPointer(start: pixels, count: count * 4)
    Premultiplication.unpremultiply(buffer)
    convertStraight(pixels, count: count)
    Premultiplication.premultiply(buffer)
  }
}
#endif
