#if JPEG
import DecorCore

extension JPEGDecoder {
  /// `96x64, JPEG, YCbCr 4:2:0, 8-bit, no alpha` and the EXIF orientation (from the frame header and APP1).
  /// The header's description (`JPEGHeader.description`); for a CMYK or YCCK file, the CMYK profile it carries,
  /// which is not carried on since its pixels are converted to sRGB (`CMYKConversion.profileSummary`).
  public func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String {
    let header = try JPEGHeader(data, source: source)
    guard header.colorSpace == "CMYK" || header.colorSpace == "YCCK",
      let profile = CMYKConversion.profileSummary(Self.iccProfile(of: data))
    else { return header.description }
    return header.description + ", " + profile
  }

  /// The ICC profile (APP2 `ICC_PROFILE` segments, joined in their sequence numbers' order; left out when numbers
  /// are missing or repeated, when it is a CMYK profile, since the CMYK pixels are converted to sRGB, and when its
  /// colour space is not the values', see `ImageMetadata.takeProfile`), the JFIF density (APP0), the EXIF (the first
  /// APP1 `Exif`) and the XMP (the first APP1 XMP), the EXIF's and XMP's orientation set to 1 when this decoder applies it (see `ImageMetadata`).
  public func metadata(of data: [UInt8]) -> ImageMetadata {
    Self.metadata(of: data, oriented: autoOrient)
  }

  /// As `metadata(of:)`, reading only the start of a regular file, up to its image data, not the whole file: a
  /// streamed read never holds the file.
  public func metadata(ofFile path: String) -> ImageMetadata {
    metadata(from: ByteSource(contentsOfFile: path))
  }

  /// As `metadata(of:)`, reading only the start of the bytes, up to the image data (see `header(of:)`).
  public func metadata(from bytes: ByteSource) -> ImageMetadata {
    Self.header(of: bytes).map(metadata(of:)) ?? .none
  }

  /// The bytes of `bytes` up to its image data, where the marker segments are (all of them for bytes in memory):
  /// 64 KiB first, four times more while the segments go on; `nil` when they cannot be read.
  static func header(of bytes: ByteSource) -> [UInt8]? {
    if let whole = bytes.bytesInMemory { return whole }
    var length = 1 << 16
    while let prefix = bytes.prefix(length) {
      if prefix.count < length || JPEGMarkers.holdsHeader(prefix) { return prefix }
      length *= 4
    }
    return try? bytes.allBytes()
  }

  package static let iccSignature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]
  package static let jfifSignature: [UInt8] = Array("JFIF".utf8) + [0]

  /// The ICC profile of the APP2 `ICC_PROFILE` segments, joined in their sequence numbers' order, whatever its
  /// colour space; `nil` when there is none or numbers are missing or repeated.
  static func iccProfile(of data: [UInt8]) -> [UInt8]? {
    var pieces: [Int: ArraySlice<UInt8>] = [:]
    var count = 0
    var consistent = true
    for segment in JPEGMarkers.segments(data) where segment.marker == 0xE2 {
      let body = data[segment.body]
      guard body.count >= 14, body.starts(with: iccSignature) else { continue }
      let sequence = Int(body[body.startIndex + 12])
      let total = Int(body[body.startIndex + 13])
      if count == 0 { count = total }
      if total != count || sequence < 1 || sequence > total || pieces[sequence] != nil { consistent = false }
      pieces[sequence] = body.dropFirst(14)
    }
    // Every sequence number from 1 to the count, each once: otherwise a piece is missing and the profile is left out.
    let ordered = (0..<count).compactMap { pieces[$0 + 1] }
    guard consistent, count > 0, ordered.count == count else { return nil }
    return ordered.flatMap(Array.init)
  }

  static func metadata(of data: [UInt8], oriented: Bool) -> ImageMetadata {
    var metadata = ImageMetadata()
    for segment in JPEGMarkers.segments(data) {
      let body = data[segment.body]
      if segment.marker == 0xE1, metadata.exif == nil, body.starts(with: ImageMetadata.exifSignature) {
        metadata.setExif(body.dropFirst(6), oriented: oriented)
      } else if segment.marker == 0xE1, metadata.xmp == nil, body.starts(with: ImageMetadata.xmpSignature) {
        let packet = Array(body.dropFirst(ImageMetadata.xmpSignature.count))
        metadata.xmp = oriented ? ExifEditing.xmpWithOrientationReset(packet) : packet
      } else if segment.marker == 0xE0, metadata.density == nil, body.count >= 12, body.starts(with: jfifSignature) {
        let at = body.startIndex
        let x = Double(Int(body[at + 8]) << 8 | Int(body[at + 9]))
        let y = Double(Int(body[at + 10]) << 8 | Int(body[at + 11]))
        let unit: PixelDensity.Unit? =
          switch body[at + 7] {
          case 0: .aspectRatio
          case 1: .perInch
          case 2: .perCentimeter
          default: nil
          }
        // 1:1 with no unit is JFIF's way of saying nothing (TurboJPEG writes it into every file).
        if let unit, x > 0, y > 0, !(unit == .aspectRatio && x == y) {
          metadata.density = PixelDensity(horizontal: x, vertical: y, unit: unit)
        }
      }
    }
    // A CMYK profile describes the file's CMYK values, which the reader converts to sRGB: the pixels no longer are in
    // it. A profile of another space than the values' is not theirs.
    metadata.takeProfile(iccProfile(of: data), of: JPEGMarkers.storedColors(data) ?? .rgb)
    return metadata
  }
}
#endif
