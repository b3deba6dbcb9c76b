/// The WebP encoder of the standard `EncoderRegistry`: `WebPEncoder` with its options.
public struct WebPImageEncoder: ImageEncoder {
  public var options: WebPOptions

  public init(options: WebPOptions = WebPOptions()) { self.options = options }

  public var name: String { "webp" }
  public var fileExtensions: [String] { ["webp"] }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    try WebPEncoder.encode(raster, options: options, destination: destination)
  }
}
