#if WebP
import DecorCore

extension WebPDecoder {
  /// The ICC profile, EXIF and XMP of an extended file's `ICCP`, `EXIF` and `XMP ` chunks (WebP records no
  /// density). Decor does not turn a WebP by its EXIF orientation, so that stays; the EXIF thumbnail is dropped.
  public func metadata(of data: [UInt8]) -> ImageMetadata {
    var metadata = ImageMetadata(iccProfile: Self.chunk("ICCP", in: data).map(Array.init),
      exif: nil, xmp: Self.chunk("XMP ", in: data).map(Array.init))
    if let exif = Self.chunk("EXIF", in: data) { metadata.setExif(exif, oriented: false) }
    return metadata
  }

  /// The body of the first RIFF chunk of `type` in a WebP file, each chunk's size checked against the data.
  static func chunk(_ type: String, in data: [UInt8]) -> ArraySlice<UInt8>? {
    let tag = Array(type.utf8)
    guard WebPDecoder().recognizes(data.prefix(12)) else { return nil }
    var at = 12
    while at + 8 <= data.count {
      let size = data[(at + 4)..<(at + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
      let end = at + 8 + size
      guard end <= data.count else { return nil }
      if Array(data[at..<(at + 4)]) == tag { return data[(at + 8)..<end] }
      // Chunks are padded to an even size.
      at = end + (size & 1)
    }
    return nil
  }
}

extension WebPDecoder {
  /// `48x32, WebP, lossless, 8-bit, alpha` or `40x24, WebP, animation of 3 frames, 8-bit, no alpha`, from libwebp's
  /// reading of the headers (an animation's frames may each be lossy or lossless).
  public func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String {
    try Self.headerDescription(data, source: source)
  }

  static func headerDescription(_ data: [UInt8], source: String) throws(CodecError) -> String {
    let features = try features(of: data, source: source)
    var parts = ["\(features.width)x\(features.height)", "WebP"]
    if features.has_animation != 0 {
      parts.append("animation of \(Self.frameCount(of: data).map(String.init) ?? "unknown") frames")
    } else {
      parts.append(features.format == 2 ? "lossless" : "lossy")
    }
    parts.append("8-bit")
    parts.append(features.has_alpha != 0 ? "alpha" : "no alpha")
    return parts.joined(separator: ", ")
  }
}
#endif
