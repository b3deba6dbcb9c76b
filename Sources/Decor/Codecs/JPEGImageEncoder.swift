/// The JPEG encoder of the standard `EncoderRegistry`: `JPEGEncoder` with its options (translucent pixels are laid
/// on `options.background`, silently; call `JPEGEncoder.encode` to learn whether any were).
public struct JPEGImageEncoder: ImageEncoder {
  public var options: JPEGOptions

  public init(options: JPEGOptions = JPEGOptions()) { self.options = options }

  public var name: String { "jpeg" }
  public var fileExtensions: [String] { ["jpg", "jpeg", "jpe", "jfif"] }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    try JPEGEncoder.encode(raster, options: options, destination: destination).bytes
  }
}
