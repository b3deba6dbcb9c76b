#if ColorManagement
import DecorCore

import CLCMS2

/// A conversion of CMYK values to sRGB through a CMYK ICC profile, by Little CMS, for one reader at a time (never
/// shared between threads): what `CMYKConversion` uses when Decor is built with the ColorManagement trait.
///
/// Relative colorimetric intent without black-point compensation, as `ColorTransform` (libvips' `icc_transform`
/// defaults, so that a CMYK file comes out as `vips icc_transform in.jpg out.png srgb --embedded` makes it). The
/// values are read as `TYPE_CMYK_8` (0 is no ink) or, for a JPEG's inverted CMYK, `TYPE_CMYK_8_REV` (255 is no ink).
final class CMYKTransform {
  private let handle: cmsHTRANSFORM

  /// A transform from the CMYK profile `data` to sRGB, or `nil` when it asks for more work than Decor allows a
  /// profile, Little CMS cannot read it, it is not a CMYK profile, or no transform can be built from it.
  init?(profile data: [UInt8], inverted: Bool) {
    guard let profile = try? ColorProfile.open(data) else { return nil }
    defer { cmsCloseProfile(profile) }
    guard cmsGetColorSpace(profile) == cmsSigCmykData, let srgb = cmsCreate_sRGBProfile() else { return nil }
    defer { cmsCloseProfile(srgb) }
    let input = inverted ? decor_lcms_type_cmyk_8_rev() : decor_lcms_type_cmyk_8()
    guard
      let handle = cmsCreateTransform(profile, input, srgb, decor_lcms_type_rgb_8(),
        cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), 0)
    else { return nil }
    self.handle = handle
  }

  deinit {
    cmsDeleteTransform(handle)
  }

  /// Converts `count` pixels of four bytes (C, M, Y, K) in place to opaque RGBA. Raw loads and stores only, so the
  /// memory may be bound to any type.
  func toRGBA(_ pixels: UnsafeMutableRawPointer, count: Int) {
    guard count > 0 else { return }
    // CMYK in, RGB out beside it, spread back into the four-byte pixels with an opaque alpha.
    let chunk = 4096
    let rgb = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk * 3)
    defer { rgb.deallocate() }
    var start = 0
    while start < count {
      let n = min(chunk, count - start)
      let first = pixels + start * 4
      cmsDoTransform(handle, first, rgb, cmsUInt32Number(n))
      for i in 0..<n {
        let p = first + i * 4
        p.storeBytes(of: rgb[i * 3], toByteOffset: 0, as: UInt8.self)
        p.storeBytes(of: rgb[i * 3 + 1], toByteOffset: 1, as: UInt8.self)
        p.storeBytes(of: rgb[i * 3 + 2], toByteOffset: 2, as: UInt8.self)
        p.storeBytes(of: 255, toByteOffset: 3, as: UInt8.self)
      }
      start += n
    }
  }
}
#endif
