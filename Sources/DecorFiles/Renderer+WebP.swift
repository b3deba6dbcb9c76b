#if WebP
import DecorChain
import DecorCodecs
import DecorCore

extension Renderer {
  /// Renders `component` (or `region` of it) and writes it as a WebP file (`-` for standard output), atomically as
  /// `renderPNG(_:toFile:)` writes. Alpha is kept; `metadata`'s ICC profile, EXIF and XMP are recorded (see `WebPEncoder`).
  ///
  /// The whole image is rendered before it is compressed (libwebp takes whole pictures), unlike PNG's bands: band by
  /// band into libwebp's picture, with no raster beside it.
  /// - Throws: `CodecError.render` with what `render` throws; `.unwritableFormat` when the name says another format (checked
  ///   first), `.encodingFailed` or `.io`; on error a file at `path` is left as it was.
  public func renderWebP(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    options: WebPOptions = WebPOptions(), metadata: ImageMetadata = .none
  ) throws(CodecError) {
    try ImageFile.checkOutputFormat(path, writing: .webp)
    // WebP's size limit is checked from the extent there, before the whole image is rendered.
    try render(component, region: region, toFile: path, encoder: WebPImageEncoder(options: options),
      metadata: metadata)
  }
}
#endif
