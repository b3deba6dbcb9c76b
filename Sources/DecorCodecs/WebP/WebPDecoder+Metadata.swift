#if WebP
import DecorCore

extension WebPDecoder {
  /// The ICC profile, EXIF and XMP of an extended file's `ICCP`, `EXIF` and `XMP ` chunks (WebP records no
  /// density). The EXIF thumbnail is dropped; with `autoOrient`, which turns the pixels, the orientation is set to 1.
  public func metadata(of data: [UInt8]) -> ImageMetadata { metadata(from: ByteSource(bytes: data)) }

  public func metadata(ofFile path: String) -> ImageMetadata { metadata(from: ByteSource(contentsOfFile: path)) }

  /// As `metadata(of:)`, from any source: only the chunks' headers and the three chunks' bodies are read (the
  /// image data is skipped), so a file or spooled standard input is never held whole.
  public func metadata(from bytes: ByteSource) -> ImageMetadata {
    var metadata = Self.storedMetadata(from: bytes)
    if autoOrient, let orientation = metadata.exif.flatMap(ExifOrientation.init(exif:)), orientation != .up {
      metadata.resetOrientation()
    }
    return metadata
  }

  /// As `metadata(from:)`, the EXIF's orientation as stored.
  static func storedMetadata(from bytes: ByteSource) -> ImageMetadata {
    guard let input = try? bytes.openReader() else { return .none }
    let chunks = Self.chunks(["ICCP", "XMP ", "EXIF"], in: input)
    var metadata = ImageMetadata(iccProfile: nil, exif: nil, xmp: chunks["XMP "])
    metadata.takeProfile(chunks["ICCP"], of: .rgb)
    if let exif = chunks["EXIF"] { metadata.setExif(exif[...], oriented: false) }
    return metadata
  }

  /// The body of the first RIFF chunk of each of `types` in the WebP file `input` reads, each chunk's size checked
  /// against the file's (the walk stops at the first chunk that overruns it).
  static func chunks(_ types: Set<String>, in input: ByteReader) -> [String: [UInt8]] {
    func bytes(_ count: Int, at offset: Int) -> [UInt8]? {
      var bytes = [UInt8](repeating: 0, count: count)
      var done = 0
      while done < count {
        let n = bytes.withUnsafeMutableBytes { buffer in
          try? input.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: offset + done)
        }
        guard let n, n > 0 else { return nil }
        done += n
      }
      return bytes
    }
    guard let size = try? input.size(), let header = bytes(12, at: 0),
      WebPDecoder().recognizes(header[...])
    else { return [:] }
    var found: [String: [UInt8]] = [:]
    var at = 12
    while at + 8 <= size, found.count < types.count, let chunkHeader = bytes(8, at: at) {
      let length = chunkHeader[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
      let end = at + 8 + length
      guard end <= size else { break }
      let type = String(decoding: chunkHeader[0..<4], as: UTF8.self)
      if types.contains(type), found[type] == nil {
        guard let body = bytes(length, at: at + 8) else { break }
        found[type] = body
      }
      // Chunks are padded to an even size.
      at = end + (length & 1)
    }
    return found
  }
}

extension WebPDecoder {
  /// `48x32, WebP, lossless, 8-bit, alpha` or `40x24, WebP, animation of 3 frames (100, 200, 300 ms), looping for
  /// ever, 8-bit, no alpha`, from libwebp's reading of the headers (an animation's frames may each be lossy or
  /// lossless).
  public func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String {
    try Self.headerDescription(data, source: source)
  }

  static func headerDescription(_ data: [UInt8], source: String) throws(CodecError) -> String {
    let features = try features(of: data, source: source)
    var parts = ["\(features.width)x\(features.height)", "WebP"]
    if features.has_animation != 0 {
      if let animation = try? Animation(ByteSource(bytes: data, name: source), decoder: WebPDecoder(), pixelLimit: .max,
        frameLimit: .max, totalPixelLimit: .max)
      {
        parts.append(animation.summary)
      } else {
        // The demuxer may not count them where the animation decoder refused the file.
        parts.append(Self.frameCount(of: data).map { "animation of \($0) frames" } ?? "animation, frames not counted")
      }
    } else {
      parts.append(features.format == 2 ? "lossless" : "lossy")
    }
    parts.append("8-bit")
    parts.append(features.has_alpha != 0 ? "alpha" : "no alpha")
    // The `EXIF` chunk's orientation as the file records it, as for a JPEG.
    if let orientation = storedMetadata(from: ByteSource(bytes: data, name: source)).exif
      .flatMap(ExifOrientation.init(exif:)), orientation != .up
    {
      parts.append(orientation.summary)
    }
    return parts.joined(separator: ", ")
  }
}
#endif
