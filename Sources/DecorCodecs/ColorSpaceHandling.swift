import DecorCore

/// When Decor converts images' values between colour spaces (their ICC profiles; see `ColorProfile`).
///
/// An image without a profile counts as sRGB, as browsers, libvips and Pillow take it.
public enum ColorSpaceHandling: Sendable, Hashable, CaseIterable {
  /// Values are converted to sRGB only where images of different spaces meet (a `blend` step's image, a scene's
  /// layers); a lone image, or images all in one space, keep their values and their profile, which the output
  /// carries. The default.
  case convertWhenMixed
  /// Every image is converted to sRGB and the output written as sRGB (`--colorspace srgb`, as `vipsthumbnail`
  /// exports sRGB).
  case sRGB

  /// Whether images with these profiles (`nil` for none) must be converted to meet: two profiles of different
  /// spaces, or one that cannot be read beside a different one (it is then converted, and its error reported).
  ///
  /// Without Little CMS (the ColorManagement trait) nothing can be converted, and images always meet as they are.
  package static func mixes(_ profiles: [[UInt8]?]) -> Bool {
    #if ColorManagement
      return mixesSpaces(profiles)
    #else
      return false
    #endif
  }

  #if ColorManagement
  private static func mixesSpaces(_ profiles: [[UInt8]?]) -> Bool {
    guard let first = profiles.first else { return false }
    let parsed = first.map { try? ColorProfile(iccData: $0) }
    return profiles.dropFirst().contains { other in
      guard other != first else { return false }
      let profile = other.map { try? ColorProfile(iccData: $0) }
      switch (parsed, profile) {
      case (nil, nil): return false  // no profile on either side: sRGB
      case (nil, .some(let b)): return !(b?.isSRGB ?? false)
      case (.some(let a), nil): return !(a?.isSRGB ?? false)
      case (.some(let a), .some(let b)):
        guard let a, let b else { return true }
        return !a.isSameSpace(as: b)
      }
    }
  }
  #endif
}
