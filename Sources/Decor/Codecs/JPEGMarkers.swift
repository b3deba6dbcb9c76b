/// The marker segments of a JPEG file before its image data, each checked against the data: what the EXIF
/// orientation, the ICC profile and the JFIF density are read from.
enum JPEGMarkers {
  /// The segments from the SOI marker up to the first start of scan (or end of image), each as its marker's second
  /// byte (`0xE0` for APP0) and the range of its body (after the two length bytes); the walk stops at the first
  /// malformed or truncated segment. Empty when the data does not start with SOI.
  static func segments(_ data: [UInt8]) -> [(marker: UInt8, body: Range<Int>)] {
    walk(data).segments
  }

  /// Whether `data` holds every segment before the image data: the walk reaches a start of scan or end of image,
  /// or stops at a malformed segment (not at the end of `data`, which a longer prefix of the file might continue).
  static func holdsHeader(_ data: [UInt8]) -> Bool { walk(data).complete }

  private static func walk(_ data: [UInt8]) -> (segments: [(marker: UInt8, body: Range<Int>)], complete: Bool) {
    guard data.count > 4, data[0] == 0xFF, data[1] == 0xD8 else { return ([], data.count > 4) }
    var found: [(marker: UInt8, body: Range<Int>)] = []
    var at = 2
    while at + 4 <= data.count {
      guard data[at] == 0xFF else { return (found, true) }
      let marker = data[at + 1]
      // Start of scan or end of image: no metadata follows that matters here.
      if marker == 0xDA || marker == 0xD9 { return (found, true) }
      let length = Int(data[at + 2]) << 8 | Int(data[at + 3])
      guard length >= 2 else { return (found, true) }
      guard at + 2 + length <= data.count else { return (found, false) }
      found.append((marker, (at + 4)..<(at + 2 + length)))
      at += 2 + length
    }
    return (found, false)
  }
}
