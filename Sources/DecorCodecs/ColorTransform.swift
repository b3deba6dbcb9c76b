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
/// exact rounding; alpha is copied. A transform converts 8-bit samples (`convertStraight`, `convertPremultiplied`)
/// or, made with `sixteenBits`, 16-bit ones (`convertStraight16`), so that a 16-bit file keeps its levels.
final class ColorTransform {
  private let handle: cmsHTRANSFORM
  private let space: ColorProfile.Space
  /// Whether Little CMS was given 16-bit formats (host order) rather than 8-bit ones.
  let sixteenBits: Bool

  /// A transform from `profile` to sRGB, of 8-bit samples, or of 16-bit ones with `sixteenBits`.
  ///
  /// - Throws: `ColorProfileError` when the profile cannot be read or converted.
  init(from profile: ColorProfile, sixteenBits: Bool = false) throws(ColorProfileError) {
    let opened = try ColorProfile.open(profile.data)
    defer { cmsCloseProfile(opened) }
    guard let handle = Self.transform(from: opened, space: profile.space, sixteenBits: sixteenBits) else {
      throw .noTransform(profile: profile.name)
    }
    self.handle = handle
    space = profile.space
    self.sixteenBits = sixteenBits
  }

  /// A transform from an open profile to sRGB, or `nil` when Little CMS cannot build one.
  init?(from profile: cmsHPROFILE, space: ColorProfile.Space) {
    guard let handle = Self.transform(from: profile, space: space, sixteenBits: false) else { return nil }
    self.handle = handle
    self.space = space
    sixteenBits = false
  }

  deinit {
    cmsDeleteTransform(handle)
  }

  private static func transform(from profile: cmsHPROFILE, space: ColorProfile.Space, sixteenBits: Bool)
    -> cmsHTRANSFORM?
  {
    guard let srgb = cmsCreate_sRGBProfile() else { return nil }
    defer { cmsCloseProfile(srgb) }
    let input: cmsUInt32Number
    let output: cmsUInt32Number
    if sixteenBits {
      input = space == .rgb ? decor_lcms_type_rgba_16() : decor_lcms_type_gray_16()
      output = space == .rgb ? decor_lcms_type_rgba_16() : decor_lcms_type_rgb_16()
    } else {
      input = space == .rgb ? decor_lcms_type_rgba_8() : decor_lcms_type_gray_8()
      output = space == .rgb ? decor_lcms_type_rgba_8() : decor_lcms_type_rgb_8()
    }
    var flags = space == .rgb ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0
    // At 16 bits Little CMS would otherwise sample the conversion into a 16-bit grid and interpolate: up to 72 of
    // 65535 off a Display P3 ramp and thousands off colours at the edge of sRGB's gamut, 49 points a side
    // (`cmsFLAGS_HIGHRESPRECALC`) hardly better. Unoptimised, each pixel goes through the profiles' curves and
    // matrices, within 1 of the exact conversion (transicc's, in floating point), at about 1.8 times the grid's
    // time (Benchmarks/precision.md). 8-bit transforms keep their optimised, faster path.
    if sixteenBits { flags |= cmsUInt32Number(cmsFLAGS_NOOPTIMIZE) }
    return cmsCreateTransform(profile, input, srgb, output, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags)
  }

  /// Converts `count` straight RGBA8 pixels in place (for a grey profile, the grey is read from red).
  func convertStraight(_ pixels: UnsafeMutableRawPointer, count: Int) {
    guard count > 0 else { return }
    switch space {
    case .rgb:
      cmsDoTransform(handle, pixels, pixels, cmsUInt32Number(count))
    case .gray:
      convertGrey(pixels.assumingMemoryBound(to: UInt8.self), count: count)
    }
  }

  /// Converts `count` straight RGBA16 pixels (host order) in place, alpha kept (for a grey profile, the grey is
  /// read from red). The transform must have been made with `sixteenBits`.
  func convertStraight16(_ pixels: UnsafeMutablePointer<RGBA16>, count: Int) {
    precondition(sixteenBits, "16-bit pixels through an 8-bit transform")
    guard count > 0 else { return }
    switch space {
    case .rgb:
      cmsDoTransform(handle, pixels, pixels, cmsUInt32Number(count))
    case .gray:
      convertGrey(UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt16.self), count: count)
    }
  }

  /// Grey in, RGB out, for pixels of four samples (RGBA8 or RGBA16, straight): the greys (read from red) gathered,
  /// converted to RGB beside them, and spread back beside their alphas.
  private func convertGrey<Value>(_ samples: UnsafeMutablePointer<Value>, count: Int) {
    let chunk = 4096
    let greys = UnsafeMutablePointer<Value>.allocate(capacity: chunk)
    let rgb = UnsafeMutablePointer<Value>.allocate(capacity: chunk * 3)
    defer {
      greys.deallocate()
      rgb.deallocate()
    }
    var start = 0
    while start < count {
      let n = min(chunk, count - start)
      for i in 0..<n { greys[i] = samples[(start + i) * 4] }
      cmsDoTransform(handle, greys, rgb, cmsUInt32Number(n))
      for i in 0..<n {
        let p = samples + (start + i) * 4
        p[0] = rgb[i * 3]
        p[1] = rgb[i * 3 + 1]
        p[2] = rgb[i * 3 + 2]
      }
      start += n
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
