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
    let destination = ImageFile.displayName(path, input: false)
    do {
      try ImageFile.write(toPath: path) { sink in
        try renderPNG(component, region: region, compression: compression, destination: destination,
          metadata: metadata, trace: trace, into: sink)
      }
    } catch {
      throw .typed(error, destination: destination)
    }
  }

  func renderPNG(
    _ component: any ImageComponent, region: IntRect?, compression: PNGCompression, destination: String,
    metadata: ImageMetadata, trace: RenderTrace?, into sink: ByteSink
  ) throws {
    let render = try prepareBands(component, region: region, trace: trace)
    let width = render.region.width
    var band = [UInt32](repeating: 0, count: width * Swift.min(render.bandHeight, render.region.height))
    try PNGEncoder.encode(
      width: width, height: render.region.height, bandHeight: render.bandHeight, opaque: nil,
      grey: render.sourcesAreGrey ? nil : false, compression: compression, threads: threadCount,
      destination: destination, metadata: metadata, into: sink
    ) { rows, body in
      let index = rows.lowerBound / render.bandHeight
      try band.withUnsafeMutableBufferPointer { buffer in
        let pixels = UnsafeMutableBufferPointer(rebasing: buffer[..<(width * rows.count)])
        try render.render(band: index, into: pixels)
        try body(UnsafeBufferPointer(pixels))
      }
    }
  }
}
