import Foundation
import Testing

import Decor
import DecorTestSupport

/// What `decor info` (`ImageFile.headerDescription`) says of what a file records beyond its pixels' layout: the
/// CMYK profile of a CMYK JPEG or TIFF (which the reader converts through and the metadata does not carry), and the
/// EXIF orientation of a PNG, WebP or TIFF as of a JPEG. The profile's name is its description tag, as exiftool's
/// `ProfileDescription` reads it.
@Suite struct HeaderNotesTests {
  static func path(_ folder: String, _ name: String) -> String {
    Fixtures.root.appendingPathComponent(folder).appendingPathComponent(name).path
  }

  @Test(arguments: [
    ("chelsea-cmyk.jpg", "120x80, JPEG, YCCK 4:4:4, 8-bit, no alpha, "),
    ("chelsea-cmyk.tif", "120x80, TIFF, CMYK, 8-bit, no alpha, LZW, strips, 1 page, "),
  ])
  func aCMYKProfileIsNamed(name: String, header: String) throws {
    let text = try ImageFile.headerDescription(atPath: Self.path("CMYK", name))
    // `exiftool -ProfileDescription`: "Decor test CMYK (Chemical proof, 7-point)"; `ls -l small-cmyk.icc`: 29492.
    let profile = "CMYK ICC profile \"Decor test CMYK (Chemical proof, 7-point)\" (29492 bytes, converted to sRGB on read)"
    #expect(text.hasPrefix(header + profile), "\(text)")
    #expect(!text.contains("no ICC profile"), "\(text)")
    // A CMYK JPEG without a profile says so, as before.
    #expect(try ImageFile.headerDescription(atPath: Self.path("CMYK", "chelsea-cmyk-noprofile.jpg"))
      .contains("no alpha, no ICC profile"))
  }

  @Test(arguments: ["png", "webp", "tif"])
  func theOrientationIsShownForEveryFormat(format: String) throws {
    let six = try ImageFile.headerDescription(atPath: Self.path("Orientation", "orientation-6.\(format)"))
    #expect(six.contains(", orientation 6 (shown turned 90° clockwise)"), "\(six)")
    let three = try ImageFile.headerDescription(atPath: Self.path("Orientation", "orientation-3.\(format)"))
    #expect(three.contains(", orientation 3 (turned 180°)"), "\(three)")
    // Orientation 1 is the default, left unsaid as for a JPEG.
    let one = try ImageFile.headerDescription(atPath: Self.path("Orientation", "orientation-1.\(format)"))
    #expect(!one.contains("orientation"), "\(one)")
  }
}
