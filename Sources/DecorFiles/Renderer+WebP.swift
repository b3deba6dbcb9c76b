#if WebP
import DecorChain
import DecorCodecs
import DecorCore

extension Renderer {
  /// Renders `component` (or `region` of it) and writes it as a WebP file (`-` for standard output):
  /// `ImageComponent.write(to:as:metadata:region:renderer:trace:)`.
  @available(*, deprecated, message: "use component.write(to: path, as: .webp(…), metadata:, region:, renderer:)")
  public func renderWebP(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    options: WebPOptions = WebPOptions(), metadata: ImageMetadata = .none
  ) throws(CodecError) {
    try component.write(to: path, as: WebPImageEncoder(options: options), metadata: metadata, region: region,
      renderer: self)
  }
}
#endif
