extension Raster {
  /// Reads an image file (`-` for standard input) as `init(contentsOfFile:decoders:pixelLimit:)` does, and the ICC
  /// profile and density it records, for writing them into the output (`decor apply` does).
  ///
  /// - Throws: as `init(contentsOfFile:decoders:pixelLimit:)`; the metadata itself is never an error.
  public static func withMetadata(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) -> (raster: Raster, metadata: ImageMetadata) {
    let source = ImageFile.displayName(path, input: true)
    if path != ImageFile.standardStream, let leading = ImageFile.leadingBytesOfRegularFile(atPath: path) {
      let decoder = try decoders.decoder(for: leading, source: source)
      return (try decoder.decode(contentsOfFile: path, source: source, pixelLimit: pixelLimit),
        decoder.metadata(ofFile: path))
    }
    // Standard input, a FIFO: read once, for both.
    let bytes = try ImageFile.readBytes(atPath: path)
    let decoder = try decoders.decoder(for: bytes, source: source)
    return (try decoder.decode(bytes, source: source, pixelLimit: pixelLimit), decoder.metadata(of: bytes))
  }
}
