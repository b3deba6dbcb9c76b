/// What an image file says about its pixels beyond the pixels: its ICC profile and its pixel density. Decor carries
/// both from an input file to the output unchanged (`decor --strip` drops them); it never converts pixels by the
/// profile: a raster holds the file's encoded values, taken as sRGB by every filter, so a file with another profile
/// comes out with the same profile and values filtered as if they were sRGB.
///
/// Read by `ImageDecoder.metadata(of:)` (PNG `iCCP` and `pHYs`; JPEG APP2 `ICC_PROFILE` segments and the JFIF
/// density; WebP `ICCP`) and written by the PNG, JPEG and WebP encoders (WebP has no density field: it is dropped
/// there). A profile that cannot be read (damaged, or compressed wrongly) is left out, as browsers ignore one.
public struct ImageMetadata: Sendable, Equatable {
  /// The ICC profile's bytes, exactly as embedded (uncompressed), or `nil`.
  public var iccProfile: [UInt8]?
  /// The pixel density, or `nil`.
  public var density: PixelDensity?

  public init(iccProfile: [UInt8]? = nil, density: PixelDensity? = nil) {
    self.iccProfile = iccProfile
    self.density = density
  }

  /// No profile and no density: what `--strip` writes.
  public static let none = ImageMetadata()

  /// A short description for `decor info`: `ICC profile (3144 bytes), 72x72 dpi`.
  public var description: String {
    var parts = [iccProfile.map { "ICC profile (\($0.count) bytes)" } ?? "no ICC profile"]
    if let density { parts.append(density.description) }
    return parts.joined(separator: ", ")
  }
}
