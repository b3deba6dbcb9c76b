/// The TIFF encoder of the standard `EncoderRegistry`: `TIFFEncoder` with its options, for `.tif` and `.tiff`.
public struct TIFFImageEncoder: ImageEncoder {
  public var options: TIFFOptions

  public init(options: TIFFOptions = TIFFOptions()) { self.options = options }

  public var name: String { "tiff" }
  public var fileExtensions: [String] { ["tif", "tiff"] }

  public func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8] {
    try TIFFEncoder.encode(raster, options: options, destination: destination)
  }
}
