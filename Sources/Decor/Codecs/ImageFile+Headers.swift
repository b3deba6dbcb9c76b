extension ImageFile {
  /// What the headers of the image file at `path` (`-` for standard input) say, without decoding its pixels: a
  /// `JPEGHeader`'s or `PNGHeader`'s description, by the file's first bytes. A PNG on disk is read only as far as
  /// its header.
  ///
  /// - Throws: `CodecError` naming the file.
  public static func headerDescription(atPath path: String) throws(CodecError) -> String {
    let source = displayName(path, input: true)
    let isJPEG: ([UInt8]) -> Bool = { JPEGDecoder().recognizes($0.prefix(DecoderRegistry.sniffLength)) }
    if path != standardStream, let leading = leadingBytesOfRegularFile(atPath: path) {
      if isJPEG(leading) { return try JPEGHeader(readBytes(atPath: path), source: source).description }
      return try PNGHeader(contentsOfFile: path).description
    }
    let bytes = try readBytes(atPath: path)
    return isJPEG(bytes) ? try JPEGHeader(bytes, source: source).description
      : try PNGHeader(bytes, source: source).description
  }
}
