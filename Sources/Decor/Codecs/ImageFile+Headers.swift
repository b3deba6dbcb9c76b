extension ImageFile {
  /// What the headers of the image file at `path` (`-` for standard input) say, without decoding its pixels, in one
  /// form for every format: size, format, colour and depth, alpha, the format's particulars (interlacing, chroma
  /// subsampling, EXIF orientation, lossy or lossless, frames), then the ICC profile and density it records:
  /// `96x64, JPEG, YCbCr 4:2:0, 8-bit, no alpha, ICC profile (588 bytes), 300x300 dpi`.
  ///
  /// - Throws: `CodecError` naming the file: `.unsupportedFormat` for a format Decor does not read.
  public static func headerDescription(atPath path: String) throws(CodecError) -> String {
    let source = displayName(path, input: true)
    let bytes = try readBytes(atPath: path)
    let leading = bytes.prefix(DecoderRegistry.sniffLength)
    let header: String
    let metadata: ImageMetadata
    if JPEGDecoder().recognizes(leading) {
      header = try JPEGHeader(bytes, source: source).description
      metadata = JPEGDecoder().metadata(of: bytes)
    } else if WebPDecoder().recognizes(leading) {
      header = try WebPDecoder.headerDescription(bytes, source: source)
      metadata = WebPDecoder().metadata(of: bytes)
    } else {
      let png = try PNGCodec.header(of: bytes, source: source)
      header = "\(png.width)x\(png.height), PNG, " + png.description.split(separator: ", ").dropFirst()
        .joined(separator: ", ")
      metadata = PNGDecoder().metadata(of: bytes)
    }
    return header + ", " + metadata.description
  }
}

extension WebPDecoder {
  /// `48x32, WebP, lossless, 8-bit, alpha` or `40x24, WebP, animation of 3 frames, 8-bit, no alpha`, from libwebp's
  /// reading of the headers (an animation's frames may each be lossy or lossless).
  static func headerDescription(_ data: [UInt8], source: String) throws(CodecError) -> String {
    let features = try features(of: data, source: source)
    var parts = ["\(features.width)x\(features.height)", "WebP"]
    if features.has_animation != 0 {
      parts.append("animation of \(frameCount(of: data).map(String.init) ?? "unknown") frames")
    } else {
      parts.append(features.format == 2 ? "lossless" : "lossy")
    }
    parts.append("8-bit")
    parts.append(features.has_alpha != 0 ? "alpha" : "no alpha")
    return parts.joined(separator: ", ")
  }
}
