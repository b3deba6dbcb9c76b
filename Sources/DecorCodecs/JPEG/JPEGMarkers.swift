import DecorCore

/// The marker segments of a JPEG file before its image data, each checked against the data: what the EXIF
/// orientation, the ICC profile and the JFIF density are read from.
package enum JPEGMarkers {
  /// The segments from the SOI marker up to the first start of scan (or end of image), each as its marker's second
  /// byte (`0xE0` for APP0) and the range of its body (after the two length bytes); the walk stops at the first
  /// malformed or truncated segment. Empty when the data does not start with SOI.
  package static func segments(_ data: [UInt8]) -> [(marker: UInt8, body: Range<Int>)] {
    walk(data).segments
  }

  /// Whether `data` holds every segment before the image data: the walk reaches a start of scan or end of image,
  /// or stops at a malformed segment (not at the end of `data`, which a longer prefix of the file might continue).
  static func holdsHeader(_ data: [UInt8]) -> Bool { walk(data).complete }

  /// Why libjpeg-turbo (built for 8-bit lossy JPEG) cannot decode a file whose frame header (SOFn) says so — a
  /// lossless or hierarchical process, a precision other than 8 bits, arithmetic coding — in the words `decor info`
  /// and `decor apply` both give; `nil` for a frame it decodes, or none found. Asked once libjpeg has failed, so an
  /// arithmetic-coded file is named only by a libjpeg-turbo built without arithmetic decoding.
  package static func unsupportedVariant(_ data: [UInt8]) -> String? {
    guard let frame = frameHeader(data) else { return nil }
    let name = "SOF\(frame.marker - 0xC0)"
    switch frame.marker {
    case 0xC3, 0xC7, 0xCB, 0xCF: return "lossless JPEG (\(name)) is not supported"
    case 0xC5, 0xC6, 0xCD, 0xCE: return "hierarchical JPEG (\(name)) is not supported"
    default: break
    }
    if let precision = data[frame.body].first, precision != 8 { return "\(precision)-bit JPEG is not supported" }
    if frame.marker == 0xC9 || frame.marker == 0xCA { return "arithmetic-coded JPEG (\(name)) is not supported" }
    return nil
  }

  /// The first frame header (SOFn) segment, or `nil`.
  static func frameHeader(_ data: [UInt8]) -> (marker: UInt8, body: Range<Int>)? {
    segments(data).first { (0xC0...0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker) }
  }

  /// The colours the frame header's component count stores: 1 grey, 4 CMYK (or YCCK), else RGB (or YCbCr), as
  /// libjpeg reads them; `nil` without a frame header.
  static func storedColors(_ data: [UInt8]) -> ImageMetadata.StoredColors? {
    guard let frame = frameHeader(data), frame.body.count >= 6 else { return nil }
    switch data[frame.body.lowerBound + 5] {
    case 1: return .gray
    case 4: return .cmyk
    default: return .rgb
    }
  }

  /// Whether an EOI marker follows the first start of scan: the file was not cut short. Entropy-coded data never
  /// holds `FF D9` (a data byte `FF` is followed by `00`), so any found there is a marker.
  static func hasEndOfImage(_ data: [UInt8]) -> Bool {
    let start = walk(data).scan ?? 2
    return data.withUnsafeBufferPointer { bytes in
      var at = start
      while at + 1 < bytes.count {
        if bytes[at] == 0xFF, bytes[at + 1] == 0xD9 { return true }
        at += 1
      }
      return false
    }
  }

  /// The segments, whether the walk reached the end of the header, and where the first start of scan is.
  private static func walk(_ data: [UInt8])
    -> (segments: [(marker: UInt8, body: Range<Int>)], complete: Bool, scan: Int?)
  {
    guard data.count > 4, data[0] == 0xFF, data[1] == 0xD8 else { return ([], data.count > 4, nil) }
    var found: [(marker: UInt8, body: Range<Int>)] = []
    var at = 2
    while at + 4 <= data.count {
      guard data[at] == 0xFF else { return (found, true, nil) }
      let marker = data[at + 1]
      // Start of scan or end of image: no metadata follows that matters here.
      if marker == 0xDA || marker == 0xD9 { return (found, true, marker == 0xDA ? at : nil) }
      let length = Int(data[at + 2]) << 8 | Int(data[at + 3])
      guard length >= 2 else { return (found, true, nil) }
      guard at + 2 + length <= data.count else { return (found, false, nil) }
      found.append((marker, (at + 4)..<(at + 2 + length)))
      at += 2 + length
    }
    return (found, false, nil)
  }
}
