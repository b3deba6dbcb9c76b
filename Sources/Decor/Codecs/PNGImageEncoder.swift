/// The PNG encoder of the standard `EncoderRegistry`: `PNGCodec.encode` at a compression level.
///
/// For rendering straight into a file in bands, without the whole image in memory, use `Renderer.renderPNG`.
public struct PNGImageEncoder: ImageEncoder {
  public var compression: PNGCompression

  public init(compression: PNGCompression = .default) { self.compression = compression }

  public var name: String { "png" }
  public var fileExtensions: [String] { ["png"] }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    try PNGCodec.encode(raster, compression: compression, destination: destination)
  }
}
