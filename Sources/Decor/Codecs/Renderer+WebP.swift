extension Renderer {
  /// Renders `component` (or `region` of it) and writes it as a WebP file (`-` for standard output), atomically as
  /// `renderPNG(_:toFile:)` writes. Alpha is kept; `metadata`'s ICC profile, EXIF and XMP are recorded (see `WebPEncoder`).
  ///
  /// The whole image is rendered before it is compressed (libwebp takes whole pictures), unlike PNG's bands.
  /// - Throws: `CodecError.render` with what `render` throws; `.unwritableFormat` when the name says another format (checked
  ///   first), `.encodingFailed` or `.io`; on error a file at `path` is left as it was.
  public func renderWebP(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    options: WebPOptions = WebPOptions(), metadata: ImageMetadata = .none
  ) throws(CodecError) {
    try ImageFile.checkOutputFormat(path, writing: .webp)
    let raster: Raster
    do {
      raster = try render(component, region: region)
    } catch {
      throw .render(error)
    }
    try raster.writeWebP(toFile: path, options: options, metadata: metadata)
  }
}
