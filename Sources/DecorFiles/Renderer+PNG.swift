import DecorChain
import DecorCodecs
import DecorCore

extension Renderer {
  /// Renders `region` of `component` (by default its extent) straight into a PNG file's bytes, band by band: each
  /// band is filtered into the compressor's input as soon as it is rendered, so neither the whole image nor a
  /// straight-alpha copy of it is ever held (see `PNGEncoder`). The pixels are those `render` gives.
  ///
  /// - Parameters:
  ///   - component: what to render.
  ///   - region: the rectangle to render, in the component's coordinates; its extent when `nil`.
  ///   - compression: how hard, and with which compressor, the encoder works.
  ///   - destination: the file's name, for error messages.
  ///   - metadata: the ICC profile and density to record (see `ImageMetadata`).
  ///   - trace: where to record what each stage was asked for, if anywhere.
  /// - Throws: `CodecError.render` with what `render` throws, or `.encodingFailed`.
  public func renderPNG(
    _ component: any ImageComponent, region: IntRect? = nil, compression: PNGCompression = .default,
    destination: String = "<memory>", metadata: ImageMetadata = .none, trace: RenderTrace? = nil
  ) throws(CodecError) -> [UInt8] {
    let sink = ByteSink()
    do {
      try renderPNG(component, region: region, compression: compression, destination: destination,
        metadata: metadata, trace: trace, into: sink)
    } catch {
      throw .typed(error, destination: destination)
    }
    return sink.bytes
  }

  /// Renders `region` of `component` (by default its extent) as a PNG file at `path`, written as `ImageFile`
  /// writes (atomically for a regular file), and as it is compressed, part by part (`PNGEncoder`): a large output is
  /// held neither as pixels nor as compressed bytes.
  ///
  /// - Throws: `CodecError.unwritableFormat` when `path` names another format (`out.jpg`, see
  ///   `ImageFile.checkOutputFormat(_:)`), before anything is rendered; `.render` with what `render` throws,
  ///   `.encodingFailed` or `.io`; a file at `path` is then left as it was.
  public func renderPNG(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    compression: PNGCompression = .default, metadata: ImageMetadata = .none, trace: RenderTrace? = nil
  ) throws(CodecError) {
    try ImageFile.checkOutputFormat(path)
    try render(component, region: region, toFile: path, encoder: PNGImageEncoder(compression: compression),
      metadata: metadata, trace: trace)
  }

  func renderPNG(
    _ component: any ImageComponent, region: IntRect?, compression: PNGCompression, destination: String,
    metadata: ImageMetadata, trace: RenderTrace?, into sink: ByteSink
  ) throws {
    // The one streamed path every format takes (`Renderer+Encoder`).
    _ = try render(component, region: region, encoder: PNGImageEncoder(compression: compression), metadata: metadata,
      destination: destination, trace: trace, into: sink)
  }
}
