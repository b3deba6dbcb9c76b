extension Renderer {
  /// Renders `component` (or `region` of it) and writes it as a JPEG file (`-` for standard output), atomically as
  /// `renderPNG(_:toFile:)` writes. JPEG has no alpha: translucent pixels are laid on `options.background`, and the
  /// result says whether any was. `metadata` is recorded (see `JPEGEncoder.encode`).
  ///
  /// The whole image is rendered before it is compressed (TurboJPEG takes whole images), unlike PNG's bands.
  /// - Throws: `CodecError.render` with what `render` throws; `.unwritableFormat` when the name says another format (checked
  ///   first), `.encodingFailed` or `.io`; on error a file at `path` is left as it was.
  @discardableResult
  public func renderJPEG(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    options: JPEGOptions = JPEGOptions(), metadata: ImageMetadata = .none
  ) throws(CodecError) -> Bool {
    try ImageFile.checkOutputFormat(path, writing: .jpeg)
    let raster: Raster
    do {
      raster = try render(component, region: region)
    } catch {
      throw .render(error)
    }
    return try raster.writeJPEG(toFile: path, options: options, metadata: metadata)
  }
}
