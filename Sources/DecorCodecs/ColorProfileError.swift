import DecorCore

/// Why an ICC profile could not be used to convert an image's colours.
public enum ColorProfileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Little CMS could not read the profile (truncated, not ICC, or an unsupported version).
  case unreadable(bytes: Int)
  /// The profile describes a colour space Decor's RGBA pixels cannot be in (CMYK, Lab, …): `space` is the ICC
  /// signature (`"CMYK"`).
  case unsupportedSpace(String)
  /// Little CMS read the profile but could not build a transform from it to sRGB (a profile without the tags a
  /// conversion needs).
  case noTransform(profile: String)
  /// The profile asks for more work than Decor allows one (`ICCProfileWork.limit`: a profile made to keep Little CMS
  /// busy for minutes), refused before Little CMS reads it; `detail` says which count is over.
  case beyondWorkLimit(bytes: Int, detail: String)

  public var description: String {
    switch self {
    case .unreadable(let bytes):
      return "the ICC profile (\(bytes) bytes) cannot be read"
    case .unsupportedSpace(let space):
      return "the ICC profile is for \(space) colours, not RGB or grey"
    case .noTransform(let profile):
      return "no conversion from the ICC profile \"\(profile)\" to sRGB"
    case .beyondWorkLimit(let bytes, let detail):
      return "the ICC profile (\(bytes) bytes) asks for more work than Decor allows a profile: \(detail)"
    }
  }
}
