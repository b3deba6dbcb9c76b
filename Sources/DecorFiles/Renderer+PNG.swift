import DecorChain
import DecorCodecs
import DecorCore

extension Renderer {
  /// Renders `region` of `component` (by default its extent) straight into a PNG file's bytes, band by band, errors
  /// naming `destination`: `ImageComponent.encoded(as:metadata:region:renderer:)`.
  @available(*, deprecated, message: "use component.encoded(as: .png(compression:), metadata:, region:, renderer:)")
  public func renderPNG(
    _ component: any ImageComponent, region: IntRect? = nil, compression: PNGCompression = .default,
    destination: String = "<memory>", metadata: ImageMetadata = .none, trace: RenderTrace? = nil
  ) throws(CodecError) -> [UInt8] {
    try ImageWriting.encoded(component, encoder: PNGImageEncoder(compression: compression), metadata: metadata,
      region: region, renderer: self, trace: trace, destination: destination)
  }

  /// Renders `region` of `component` (by default its extent) as a PNG file at `path`:
  /// `ImageComponent.write(to:as:metadata:region:renderer:trace:)`.
  @available(*, deprecated, message: "use component.write(to: path, as: .png(compression:), metadata:, region:, …)")
  public func renderPNG(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    compression: PNGCompression = .default, metadata: ImageMetadata = .none, trace: RenderTrace? = nil
  ) throws(CodecError) {
    try component.write(to: path, as: PNGImageEncoder(compression: compression), metadata: metadata,
      region: region, renderer: self, trace: trace)
  }
}
