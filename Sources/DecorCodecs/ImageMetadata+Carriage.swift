import DecorCore

extension ImageMetadata {
  /// The most bytes each kind of metadata may have in a file of the format `encoderName` names: JPEG's EXIF and XMP
  /// each fill one APP1 segment (65,533 bytes less their signatures), its ICC profile at most 255 APP2 segments;
  /// PNG's chunks, WebP's and TIFF's counts and AVIF's items all hold far more, so for them the limit is 2 GiB − 1
  /// (a PNG chunk's), the largest any takes.
  static func carriageLimits(forEncoderNamed encoderName: String) -> (icc: Int, exif: Int, xmp: Int) {
    let large = Int(Int32.max)
    #if JPEG
      if encoderName == "jpeg" {
        return (255 * JPEGRowWriter.iccPieceSize, 65_533 - exifSignature.count, 65_533 - xmpSignature.count)
      }
    #endif
    return (large, large, large)
  }

  /// This metadata as a file of the format `encoderName` names can carry it, and what was left out and why: an ICC
  /// profile Little CMS cannot open (a reader would reject the file, or take its colours from garbage) or that asks
  /// for more work than Decor allows a profile (a reader would hang on it), and any
  /// part larger than the format holds (`carriageLimits`). The density is always kept.
  package func carried(byEncoderNamed encoderName: String, formatName: String) -> (metadata: ImageMetadata, dropped: [String]) {
    var kept = self
    var dropped: [String] = []
    let limits = Self.carriageLimits(forEncoderNamed: encoderName)
    if let unusedProfile { dropped.append(unusedProfile) }
    kept.unusedProfile = nil
    if let profile = iccProfile, !profile.isEmpty {
      if let problem = Self.problem(withProfile: profile) {
        kept.iccProfile = nil
        dropped.append("the ICC profile (\(profile.count) bytes), \(problem)")
      } else if profile.count > limits.icc {
        kept.iccProfile = nil
        dropped.append("the ICC profile (\(profile.count) bytes), more than \(formatName) holds (\(limits.icc))")
      }
    }
    if let exif, exif.count > limits.exif {
      kept.exif = nil
      dropped.append("the EXIF (\(exif.count) bytes), more than \(formatName) holds (\(limits.exif))")
    }
    if let xmp, xmp.count > limits.xmp {
      kept.xmp = nil
      dropped.append("the XMP (\(xmp.count) bytes), more than \(formatName) holds (\(limits.xmp))")
    }
    return (kept, dropped)
  }

  /// Why `profile` can be neither carried nor converted through (`ColorProfile.problem(with:)`), or `nil`. Without
  /// Little CMS (the ColorManagement trait) a profile cannot be checked, and is carried as it came.
  package static func problem(withProfile profile: [UInt8]) -> String? {
    #if ColorManagement
      return ColorProfile.problem(with: profile)
    #else
      return nil
    #endif
  }
}
