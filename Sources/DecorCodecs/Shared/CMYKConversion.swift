import DecorCore

/// How a decoder turns the CMYK values of a CMYK file (a CMYK or YCCK JPEG, a CMYK TIFF) into Decor's RGBA: through
/// the file's own CMYK ICC profile, else through a CMYK profile of the system (`defaultProfile`), by Little CMS,
/// to sRGB; with neither (or without the ColorManagement trait) by the naive product R = (255 − C)(255 − K)/255, and
/// so on. The pixels then are sRGB, so the CMYK profile is not carried into the output (`isCMYKProfile`).
///
/// Values are stored plainly in a TIFF (0 is no ink) and inverted in a JPEG (255 is no ink), as Adobe applications,
/// ImageMagick and Pillow write every CMYK JPEG and libvips and Pillow read every one, with or without Adobe's
/// APP14 marker.
package struct CMYKConversion: Sendable, Hashable {
  /// Whether the values are stored inverted (255 is no ink).
  package let inverted: Bool
  /// The file's own CMYK profile, or `nil` (a profile of another space is not one).
  package let profile: [UInt8]?

  package init(inverted: Bool, profile: [UInt8]?) {
    self.inverted = inverted
    self.profile = profile.flatMap { Self.isCMYKProfile($0) ? $0 : nil }
  }

  /// Whether the ICC profile `data` declares CMYK as its colour space (bytes 16 to 19 of its header): a profile an
  /// RGB image must not carry.
  package static func isCMYKProfile(_ data: [UInt8]) -> Bool {
    data.count >= 128 && data[16..<20].elementsEqual("CMYK".utf8)
  }

  /// `CMYK ICC profile "U.S. Web Coated (SWOP) v2" (557168 bytes, converted to sRGB on read)`: what `decor info`
  /// says of a CMYK file's own profile, which the reader applies and the output does not carry (`ImageMetadata`
  /// leaves it out); `nil` when `profile` is none, not a CMYK one, or one that cannot be used (the metadata's
  /// `unusedProfile` says why).
  package static func profileSummary(_ profile: [UInt8]?) -> String? {
    guard let profile, isCMYKProfile(profile) else { return nil }
    #if ColorManagement
      guard ImageMetadata.problem(withProfile: profile) == nil else { return nil }
      let name = ColorProfile.name(ofICCData: profile).map { " \"\($0)\"" } ?? ""
      return "CMYK ICC profile\(name) (\(profile.count) bytes, converted to sRGB on read)"
    #else
      return "CMYK ICC profile (\(profile.count) bytes, not applied: converted to sRGB by the plain product on read)"
    #endif
  }

  /// Where a CMYK profile of the system is looked for, the first readable one used: Ghostscript's
  /// `default_cmyk.icc` (Artifex's SWOP characterisation, in Debian's and Ubuntu's `libgs-common`, Fedora's and
  /// Homebrew's `ghostscript`). Read from the system at run time, never shipped with Decor (the profile is under
  /// Ghostscript's AGPL).
  package static let defaultProfilePaths = [
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/ghostscript/iccprofiles/default_cmyk.icc",
    "/usr/local/share/ghostscript/iccprofiles/default_cmyk.icc",
    "/opt/homebrew/share/ghostscript/iccprofiles/default_cmyk.icc",
  ]

  /// The first CMYK profile of `defaultProfilePaths` that can be read, once per process; `nil` when there is none.
  package static let defaultProfile: [UInt8]? = defaultProfilePaths.lazy.compactMap { path -> [UInt8]? in
    guard let bytes = try? ImageFile.readBytes(atPath: path, byteLimit: 16 << 20), isCMYKProfile(bytes) else {
      return nil
    }
    return bytes
  }.first

  /// A conversion for one reader: it holds its own Little CMS transform, so it is never shared between threads.
  /// `convert(pixels, count)` turns `count` pixels of four bytes (C, M, Y, K) into opaque RGBA in place, with raw
  /// loads and stores only (the memory may be bound to any type).
  package func converter() -> (_ pixels: UnsafeMutableRawPointer, _ count: Int) -> Void {
    converter(sharing: CMYKTransforms())
  }

  /// As `converter()`, its transform taken from (or built into) `transforms`, the input's, so that the pages of one
  /// document that carry one profile share one transform. A profile that cannot be used (`ImageMetadata.problem(withProfile:)`) is
  /// passed over for the system's (refused by `ColorProfile.open` before Little CMS reads it, when it asks for too much
  /// work).
  package func converter(sharing transforms: CMYKTransforms) -> (_ pixels: UnsafeMutableRawPointer, _ count: Int) -> Void {
    #if ColorManagement
      for data in [profile, Self.defaultProfile] {
        if let data, let transform = transforms.transform(profile: data, inverted: inverted) {
          return { transform.toRGBA($0, count: $1) }
        }
      }
    #endif
    let inverted = inverted
    return { pixels, count in
      if !inverted {
        for i in 0..<(count * 4) {
          pixels.storeBytes(of: ~pixels.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
        }
      }
      InvertedCMYK.toRGBA(pixels, count: count)
    }
  }
}
