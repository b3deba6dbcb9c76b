#if ColorManagement
import DecorCore

import CLCMS2

/// An ICC profile, read by Little CMS (lcms2): the colour space an image's values are in.
///
/// Decor keeps an input's profile with its pixels and writes it into the output (`ImageMetadata.iccProfile`); it
/// converts the values to sRGB only when images of different spaces meet or when asked (`ColorTransform`,
/// `Raster.converted(from:)`). A profile is compared with another by its space, not its bytes: `isSRGB` is true for
/// every profile whose conversion to sRGB leaves 8-bit values as they are (the many sRGB profiles in circulation
/// differ in bytes, not in effect).
///
/// Limits: RGB and grey profiles only (Decor's pixels are RGBA); a grey profile's image is read from its red
/// channel (the decoders expand grey as r = g = b). A CMYK JPEG or TIFF never needs one: its decoder converts it to
/// sRGB through its CMYK profile as it reads it, and keeps no CMYK profile in its metadata.
public struct ColorProfile: Sendable, Hashable, CustomStringConvertible {
  /// The colour spaces Decor converts from.
  public enum Space: Sendable, Hashable {
    case rgb
    case gray
  }

  /// The profile's bytes, as embedded in a file.
  public let data: [UInt8]
  /// The profile's description tag ("Display P3", "sRGB IEC61966-2.1"), or "unnamed".
  public let name: String
  /// Whether the values are RGB or grey.
  public let space: Space
  /// Whether converting to sRGB leaves every 8-bit value of a probe grid within one level: an sRGB profile, by
  /// whatever bytes.
  public let isSRGB: Bool

  /// Reads `data` as an ICC profile.
  ///
  /// - Throws: `ColorProfileError.unreadable` when Little CMS cannot read it, `.beyondWorkLimit` when it asks for
  ///   more work than `ICCProfileWork.limit` (before Little CMS reads it), `.unsupportedSpace` for a space other
  ///   than RGB or grey, `.noTransform` when it cannot be converted to sRGB.
  public init(iccData data: [UInt8]) throws(ColorProfileError) {
    let profile = try Self.open(data)
    defer { cmsCloseProfile(profile) }
    let signature = cmsGetColorSpace(profile)
    switch signature {
    case cmsSigRgbData: space = .rgb
    case cmsSigGrayData: space = .gray
    default: throw .unsupportedSpace(Self.fourCharacters(signature.rawValue))
    }
    self.data = data
    name = Self.description(of: profile) ?? "unnamed"
    isSRGB = try Self.leavesSRGBAlone(profile, space: space, name: name)
  }

  /// The profile `data` opened by Little CMS, for the caller to close: the one place Decor hands a profile's bytes
  /// to Little CMS, after counting the work reading it would ask for (`ICCProfileWork`), so that a profile made to
  /// cost minutes is refused before Little CMS reads any of it.
  ///
  /// - Throws: `ColorProfileError.beyondWorkLimit`, `.unreadable`.
  static func open(_ data: [UInt8]) throws(ColorProfileError) -> cmsHPROFILE {
    if let excess = ICCProfileWork.excess(of: data) { throw .beyondWorkLimit(bytes: data.count, detail: excess) }
    guard let profile = data.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
    else { throw .unreadable(bytes: data.count) }
    return profile
  }

  /// The description tag of the ICC profile `data`, of any colour space, when Little CMS reads one.
  package static func name(ofICCData data: [UInt8]) -> String? {
    guard let profile = try? open(data) else { return nil }
    defer { cmsCloseProfile(profile) }
    return description(of: profile)
  }

  /// Why the ICC profile `data` (of any colour space) cannot be used at all, `nil` when it can be opened: `which
  /// Little CMS cannot read`, or `which asks for more work than Decor allows a profile (5,000 evaluation steps a
  /// colour, more than 4,096)`. What a profile must pass to be carried into an output file or converted through.
  package static func problem(with data: [UInt8]) -> String? {
    do {
      cmsCloseProfile(try open(data))
      return nil
    } catch {
      switch error {
      case .beyondWorkLimit(_, let detail): return "which asks for more work than Decor allows a profile (\(detail))"
      default: return "which Little CMS cannot read"
      }
    }
  }

  /// sRGB as Little CMS builds it (IEC 61966-2.1).
  public static let sRGB: ColorProfile = {
    // Little CMS builds its sRGB profile from constants; should it ever fail, the profile is left empty.
    guard let profile = cmsCreate_sRGBProfile() else {
      return ColorProfile(data: [], name: "sRGB", space: .rgb, isSRGB: true)
    }
    defer { cmsCloseProfile(profile) }
    var size: cmsUInt32Number = 0
    cmsSaveProfileToMem(profile, nil, &size)
    var bytes = [UInt8](repeating: 0, count: Int(size))
    bytes.withUnsafeMutableBytes { _ = cmsSaveProfileToMem(profile, $0.baseAddress, &size) }
    // Known without reading the bytes back: sRGB by definition.
    return ColorProfile(data: bytes, name: description(of: profile) ?? "sRGB", space: .rgb, isSRGB: true)
  }()

  private init(data: [UInt8], name: String, space: Space, isSRGB: Bool) {
    self.data = data
    self.name = name
    self.space = space
    self.isSRGB = isSRGB
  }

  /// Whether images in this profile and in `other` can meet without conversion: the same bytes, or both sRGB.
  public func isSameSpace(as other: ColorProfile?) -> Bool {
    guard let other else { return isSRGB }
    return data == other.data || (isSRGB && other.isSRGB)
  }

  public var description: String { "\(name) (\(space == .rgb ? "RGB" : "grey"), \(data.count) bytes)" }

  public static func == (a: ColorProfile, b: ColorProfile) -> Bool { a.data == b.data }
  public func hash(into hasher: inout Hasher) { hasher.combine(data) }

  /// The profile's description in English, when it has one.
  static func description(of profile: cmsHPROFILE) -> String? {
    let size = cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", nil, 0)
    guard size > 1 else { return nil }
    var text = [CChar](repeating: 0, count: Int(size))
    cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &text, size)
    let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? nil : name
  }

  /// An ICC signature as its four characters (`0x434D594B` → "CMYK").
  static func fourCharacters(_ value: UInt32) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: " ")
  }

  /// Converts a grid of 8-bit values (every channel at 0, 17, 34, …, 255: 4096 colours, or 16 greys) to sRGB and
  /// checks that none moves by more than one level.
  static func leavesSRGBAlone(_ profile: cmsHPROFILE, space: Space, name: String) throws(ColorProfileError) -> Bool {
    let levels = stride(from: 0, through: 255, by: 17).map(UInt8.init)
    var input: [UInt8] = []
    if space == .rgb {
      for r in levels { for g in levels { for b in levels { input += [r, g, b, 255] } } }
    } else {
      for v in levels { input += [v, v, v, 255] }
    }
    var output = input
    guard let transform = ColorTransform(from: profile, space: space) else { throw .noTransform(profile: name) }
    output.withUnsafeMutableBytes { transform.convertStraight($0.baseAddress!, count: $0.count / 4) }
    return zip(input, output).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    String(self.drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }
}
#endif
