import DecorCore

extension Raster {
  /// Reads an image file (`-` for standard input) as `init(contentsOfFile:decoders:pixelLimit:)` does, and the ICC
  /// profile and density it records, for writing them into the output, reading the file once for both
  /// (`DecodedImage`, which also counts an animation's frames).
  ///
  /// - Throws: as `init(contentsOfFile:decoders:pixelLimit:)`; the metadata itself is never an error.
  public static func withMetadata(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) -> (raster: Raster, metadata: ImageMetadata) {
    let image = try DecodedImage(contentsOfFile: path, decoders: decoders, pixelLimit: pixelLimit)
    return (image.raster, image.metadata)
  }
}
