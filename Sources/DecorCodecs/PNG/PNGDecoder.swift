import DecorCore

/// The PNG decoder of the standard `DecoderRegistry`.
public struct PNGDecoder: ImageDecoder {
  public init() {}
  public var name: String { "png" }
  public func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool { leadingBytes.starts(with: PNGHeader.signature) }
  public func decode(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    try PNGCodec.decode(data, source: source, pixelLimit: pixelLimit)
  }
  public func decode(contentsOfFile path: String, source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    try PNGCodec.decode(contentsOfFile: path, source: source, pixelLimit: pixelLimit)
  }
  /// Read as it decodes, never whole: the pixels by `decode(contentsOfFile:…)`, the metadata by walking the chunk
  /// headers (`metadata(ofFile:)`).
  public func decodeImage(contentsOfFile path: String, source: String, pixelLimit: Int) throws(CodecError)
    -> DecodedImage
  {
    DecodedImage(raster: try decode(contentsOfFile: path, source: source, pixelLimit: pixelLimit),
      metadata: metadata(ofFile: path))
  }
  /// `96x64, PNG, 8-bit RGBA, interlaced` (from the IHDR chunk).
  public func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String {
    let png = try PNGCodec.header(of: data, source: source)
    return "\(png.width)x\(png.height), PNG, " + png.description.split(separator: ", ").dropFirst()
      .joined(separator: ", ")
  }
}
