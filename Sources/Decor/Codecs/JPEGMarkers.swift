/// The marker segments of a JPEG file before its image data, each checked against the data: what the EXIF
/// orientation, the ICC profile and the JFIF density are read from.
enum JPEGMarkers {
  /// The segments from the SOI marker up to the first start of scan (or end of image), each as its marker's second
  /// byte (`0xE0` for APP0) and the range of its body (after the two length bytes); the walk stops at the first
  /// malformed or truncated segment. Empty when the data does not start with SOI.
  static func segments(_ data: [UInt8]) -> [(marker: UInt8, body: Range<Int>)] {
    guard data.count > 4, data[0] == 0xFF, data[1] == 0xD8 else { return [] }
    var found: [(marker: UInt8, body: Range<Int>)] = []
    var at = 2
    while at + 4 <= data.count, data[at] == 0xFF {
      let marker = data[at + 1]
      // Start of scan or end of image: no metadata follows that matters here.
      if marker == 0xDA || marker == 0xD9 { break }
      let length = Int(data[at + 2]) << 8 | Int(data[at + 3])
      guard length >= 2, at + 2 + length <= data.count else { break }
      found.append((marker, (at + 4)..<(at + 2 + length)))
      at += 2 + length
    }
    return found
  }
}
