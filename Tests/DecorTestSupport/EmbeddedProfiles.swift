/// Image files with an ICC profile of a test's choosing: a JPEG's profile replaced (its APP2 `ICC_PROFILE` segments),
/// and an uncompressed CMYK TIFF of pages that each carry one.
public enum EmbeddedProfiles {
  /// `jpeg` with its ICC profile segments removed and `profile` (when given) embedded after SOI, in as many APP2
  /// segments as it needs.
  public static func jpeg(_ jpeg: [UInt8], withProfile profile: [UInt8]?) -> [UInt8] {
    var out = Array(jpeg.prefix(2))
    if let profile {
      let pieces = stride(from: 0, to: profile.count, by: 65_519).map { Array(profile[$0..<min($0 + 65_519, profile.count)]) }
      for (index, piece) in pieces.enumerated() {
        let body = Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(pieces.count)] + piece
        out += [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
      }
    }
    var at = 2
    while at + 4 <= jpeg.count, jpeg[at] == 0xFF {
      let marker = jpeg[at + 1]
      if marker == 0xDA { break }
      let length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
      let segment = jpeg[at..<min(jpeg.count, at + 2 + length)]
      let isProfile = marker == 0xE2 && segment.dropFirst(4).starts(with: Array("ICC_PROFILE".utf8))
      if !isProfile { out += segment }
      at += 2 + length
    }
    return out + jpeg[min(at, jpeg.count)...]
  }

  /// A little-endian, uncompressed CMYK TIFF of `pages` pages of `width` × `height`, every pixel `cmyk` (0 is no
  /// ink), each page's `ICCProfile` tag pointing at the one copy of `profile` (none when `nil`).
  public static func cmykTIFF(pages: Int, width: Int = 1, height: Int = 1, cmyk: [UInt8] = [0, 128, 255, 0],
    profile: [UInt8]?) -> [UInt8]
  {
    func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    func u32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) } }
    var bytes: [UInt8] = [0x49, 0x49, 42, 0] + u32(8)
    // The pixels, the four bits-per-sample values and the profile, shared by every page, after the header.
    let pixels = Array((0..<(width * height)).flatMap { _ in cmyk })
    let pixelsAt = 8
    let bitsAt = pixelsAt + pixels.count
    let profileAt = bitsAt + 8
    let shared = pixels + u16(8) + u16(8) + u16(8) + u16(8) + (profile ?? [])
    bytes.replaceSubrange(4..<8, with: u32(8 + (shared.count + 1) / 2 * 2))
    bytes += shared + (shared.count % 2 == 1 ? [0] : [])
    for page in 0..<pages {
      var entries: [(tag: Int, type: Int, count: Int, value: [UInt8])] = [
        (256, 4, 1, u32(width)), (257, 4, 1, u32(height)), (258, 3, 4, u32(bitsAt)), (259, 3, 1, u16(1) + u16(0)),
        (262, 3, 1, u16(5) + u16(0)), (273, 4, 1, u32(pixelsAt)), (277, 3, 1, u16(4) + u16(0)),
        (278, 4, 1, u32(height)), (279, 4, 1, u32(pixels.count)), (284, 3, 1, u16(1) + u16(0)),
      ]
      if let profile { entries.append((34675, 7, profile.count, u32(profileAt))) }
      bytes += u16(entries.count)
      for entry in entries { bytes += u16(entry.tag) + u16(entry.type) + u32(entry.count) + entry.value }
      bytes += u32(page + 1 < pages ? bytes.count + 4 : 0)
    }
    return bytes
  }
}
