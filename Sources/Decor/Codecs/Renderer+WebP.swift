extension Renderer {
  /// Renders `component` (or `region` of it) and writes it as a WebP file (`-` for standard output), atomically as
  /// `renderPNG(_:toFile:)` writes. Alpha is kept; `metadata`'s ICC profile is recorded (see `WebPEncoder`).
  ///
  /// The whole image is rendered before it is compressed (libwebp takes whole pictures), unlike PNG's bands.
  /// - Throws: what `render` throws; `CodecError.unwritableFormat` when the name says another format (checked
  ///   first), `.encodingFailed` or `.io`; on error a file at `path` is left as it was.
  public func renderWebP(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    options: WebPOptions = WebPOptions(), metadata: ImageMetadata = .none
  ) throws {
    try ImageFile.checkOutputFormat(path, writing: .webp)
    let raster = try render(component, region: region)
    let bytes = try WebPEncoder.encode(raster, options: options,
      destination: ImageFile.displayName(path, input: false), metadata: metadata)
    try ImageFile.writeBytes(bytes, toPath: path)
  }
}
