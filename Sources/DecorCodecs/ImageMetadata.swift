import DecorCore

/// What an image file says about its pixels beyond the pixels: its ICC profile, its pixel density, its EXIF and its
/// XMP. Decor carries them from an input file to the output (`decor --strip` drops them all); it never converts
/// pixels by the profile: a raster holds the file's encoded values, taken as sRGB by every filter, so a file with
/// another profile comes out with the same profile and values filtered as if they were sRGB.
///
/// Read by `ImageDecoder.metadata(of:)` (PNG `iCCP`, `pHYs`, `eXIf` and the `iTXt` chunk `XML:com.adobe.xmp`; JPEG
/// APP2 `ICC_PROFILE` segments, the JFIF density, APP1 `Exif` and APP1 XMP; WebP `ICCP`, `EXIF` and `XMP `) and
/// written by the PNG, JPEG and WebP encoders in the same places (WebP has no density field: it is dropped there).
/// A profile that cannot be read (damaged, or compressed wrongly) is left out, as browsers ignore one.
///
/// The EXIF is carried with two edits (`ExifEditing`): its thumbnail (IFD1) is dropped, since it shows the input's
/// pixels, and when the decoder turned the pixels upright (a JPEG, PNG, WebP or TIFF read with `autoOrient`, Decor's
/// default; a HEIC or AVIF, whose transformations libheif applies) its orientation is set to 1, as is XMP's
/// `tiff:Orientation`; an EXIF block whose structure cannot be walked is
/// dropped, never an error. A block too large for the output's format (JPEG holds 65 527 bytes of EXIF and
/// 65 504 of XMP in one segment; extended XMP is not written) is left out of that output.
public struct ImageMetadata: Sendable, Equatable {
  /// The ICC profile's bytes, exactly as embedded (uncompressed), or `nil`.
  public var iccProfile: [UInt8]?
  /// The pixel density, or `nil`.
  public var density: PixelDensity?
  /// The EXIF block: a TIFF header and its IFDs (what follows `Exif\0\0` in a JPEG's APP1 segment), or `nil`.
  public var exif: [UInt8]?
  /// The XMP packet's bytes (UTF-8 XML), or `nil`.
  public var xmp: [UInt8]?
  /// Why the file's ICC profile is not used (`iccProfile` is then `nil`): a profile of another colour space than
  /// the file's values (`the RGB ICC profile "Display P3" (736 bytes), which does not describe the file's CMYK
  /// values`), or a CMYK file's profile that cannot convert its values. Said by `decor info` and, for every output
  /// made from the file, among what was not written (`EncodingResult.droppedMetadata`). `nil` when the profile is
  /// used, or there is none.
  public var unusedProfile: String?

  public init(iccProfile: [UInt8]? = nil, density: PixelDensity? = nil) {
    self.init(iccProfile: iccProfile, density: density, exif: nil, xmp: nil)
  }

  /// Metadata with an EXIF block and an XMP packet too.
  public init(iccProfile: [UInt8]? = nil, density: PixelDensity? = nil, exif: [UInt8]?, xmp: [UInt8]? = nil) {
    self.iccProfile = iccProfile
    self.density = density
    self.exif = exif
    self.xmp = xmp
  }

  /// No profile, density, EXIF or XMP: what `--strip` writes.
  public static let none = ImageMetadata()

  /// A short description for `decor info`: `ICC profile (3144 bytes), 72x72 dpi, EXIF (1200 bytes)`.
  public var description: String {
    var parts: [String] = []
    if let iccProfile {
      parts.append("ICC profile (\(iccProfile.count) bytes)")
    } else if let unusedProfile {
      parts.append("not used: \(unusedProfile)")
    } else {
      parts.append("no ICC profile")
    }
    if let density { parts.append(density.description) }
    if let exif { parts.append("EXIF (\(exif.count) bytes)") }
    if let xmp { parts.append("XMP (\(xmp.count) bytes)") }
    return parts.joined(separator: ", ")
  }

  /// The EXIF segment's signature in a JPEG's APP1 (and sometimes in front of a WebP's `EXIF` chunk).
  static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]
  /// The XMP segment's signature in a JPEG's APP1.
  static let xmpSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
  /// The keyword of the `iTXt` chunk that holds XMP in a PNG.
  static let xmpKeyword = "XML:com.adobe.xmp"

  /// This metadata with an EXIF block read from a file (`tiff`, with or without the `Exif\0\0` signature) as it is
  /// carried: through `ExifEditing.carried`, the orientation reset when `oriented` (so XMP's too).
  mutating func setExif<Bytes: Collection<UInt8>>(_ tiff: Bytes, oriented: Bool) {
    let body = tiff.starts(with: Self.exifSignature) ? Array(tiff.dropFirst(6)) : Array(tiff)
    exif = ExifEditing.carried(body, resetOrientation: oriented)
  }

  /// This metadata for pixels turned upright by a decoder: the EXIF's orientation and XMP's `tiff:Orientation` set
  /// to 1, so that no viewer turns the output again.
  package mutating func resetOrientation() {
    if let exif { self.exif = ExifEditing.carried(exif, resetOrientation: true) }
    if let xmp { self.xmp = ExifEditing.xmpWithOrientationReset(xmp) }
  }
}
