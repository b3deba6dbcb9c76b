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
}
