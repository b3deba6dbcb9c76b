import DecorCore

extension ImageMetadata {
  /// The colour model of the values a file stores, which the ICC profile it embeds must describe (the header's
  /// data colour space, bytes 16 to 19).
  package enum StoredColors: Sendable {
    case gray
    case rgb
    case cmyk
    /// Grey or RGB, for a reader that does not tell them apart here (a PNG's, whose format already forbids a
    /// profile of the other).
    case grayOrRGB

    /// The ICC data colour spaces that describe these values.
    var spaces: Set<String> {
      switch self {
      case .gray: ["GRAY"]
      case .rgb: ["RGB"]
      case .cmyk: ["CMYK"]
      case .grayOrRGB: ["GRAY", "RGB"]
      }
    }

    var words: String {
      switch self {
      case .gray: "grey"
      case .rgb, .grayOrRGB: "RGB"
      case .cmyk: "CMYK"
      }
    }
  }

  /// The data colour space an ICC profile's header declares (`"RGB"`, `"GRAY"`, `"CMYK"`, `"Lab"`), or `nil` for
  /// bytes that are not a profile's (too short, or without the header's `acsp` signature).
  package static func iccSpace(of profile: [UInt8]) -> String? {
    guard profile.count >= 128, profile[36..<40].elementsEqual("acsp".utf8) else { return nil }
    let characters = String(decoding: profile[16..<20], as: UTF8.self)
    return String(characters.reversed().drop { $0 == " " }.reversed())
  }

  /// Takes `profile`, the ICC profile embedded in a file of `colors` values, as a decoder reads it, so that no
  /// output is tagged with a profile its values are not in:
  ///
  /// - a profile of another colour space than the values' (an RGB profile on CMYK or grey values, a CMYK one on
  ///   RGB, a Lab or any other data colour space) is left out, as libvips leaves out a profile "incompatible with
  ///   the image", and `unusedProfile` says so; the output is then sRGB, untagged;
  /// - a CMYK profile of CMYK values is left out too (the CMYK reader converts the values to sRGB through it), and
  ///   when it cannot be used (`problem(withProfile:)`: it asks for too much work, or Little CMS cannot read it)
  ///   `unusedProfile` says that the system's CMYK profile converted the values instead;
  /// - a grey or RGB profile of its own values is kept. Bytes that are not a profile's header are kept too (not for
  ///   a CMYK file, whose reader passes them over), for the output's carriage to judge and name
  ///   (`carried(byEncoderNamed:formatName:)`: `which Little CMS cannot read`).
  package mutating func takeProfile(_ profile: [UInt8]?, of colors: StoredColors) {
    iccProfile = nil
    unusedProfile = nil
    guard let profile, !profile.isEmpty else { return }
    guard let space = Self.iccSpace(of: profile) else {
      if colors == .cmyk { noteUnusableCMYKProfile(profile, named: "ICC profile") } else { iccProfile = profile }
      return
    }
    guard colors.spaces.contains(space) else {
      unusedProfile = "the \(space) ICC profile\(Self.quotedName(of: profile)) (\(profile.count) bytes), which does not "
        + "describe the file's \(colors.words) values"
      return
    }
    if colors == .cmyk {
      noteUnusableCMYKProfile(profile, named: "CMYK ICC profile")
    } else {
      iccProfile = profile
    }
  }

  /// Says in `unusedProfile` why a CMYK file's profile cannot convert its values, when it cannot
  /// (`problem(withProfile:)`), and what converted them instead.
  private mutating func noteUnusableCMYKProfile(_ profile: [UInt8], named name: String) {
    #if ColorManagement
      if let problem = Self.problem(withProfile: profile) {
        let instead = CMYKConversion.defaultProfile == nil ? "by the plain product" : "through the system's CMYK profile"
        unusedProfile = "the \(name) (\(profile.count) bytes), \(problem): the values were converted \(instead)"
      }
    #endif
  }

  /// ` "Display P3"`, the profile's description as Little CMS reads it, or nothing.
  static func quotedName(of profile: [UInt8]) -> String {
    #if ColorManagement
      if let name = ColorProfile.name(ofICCData: profile) { return " \"\(name)\"" }
    #endif
    return ""
  }
}
