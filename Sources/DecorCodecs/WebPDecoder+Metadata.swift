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
