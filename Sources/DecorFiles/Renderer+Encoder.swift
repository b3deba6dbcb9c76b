import DecorChain
import DecorCodecs
import DecorCore

extension Renderer {
  /// Renders `region` of `component` (by default its extent) into a file at `path` (`-` for standard output) in the
  /// format `encoders` chooses for it (`EncoderRegistry.encoder(forOutput:format:settings:)`: the extension, else
  /// PNG), written as `ImageFile` writes (atomically for a regular file). `metadata` is recorded where the format
  /// holds it. This is the call `decor apply` and `compose` make.
  ///
  /// - Throws: as `render(_:region:toFile:encoder:metadata:trace:)`, and the registry's refusals, before anything
  ///   is rendered.
  @discardableResult
  public func render(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String,
    encoders: EncoderRegistry = .standard, metadata: ImageMetadata = .none, trace: RenderTrace? = nil
  ) throws(CodecError) -> EncodingResult {
    try render(component, region: region, toFile: path, encoder: encoders.encoder(forOutput: path),
      metadata: metadata, trace: trace)
  }

  /// Renders `region` of `component` (by default its extent) into a file at `path` through `encoder`: band by band
  /// into the encoder as the render makes them when it streams (`ImageEncoder.streamsRows`: PNG, JPEG), so that
  /// neither the whole image nor the whole file is held; else rendered whole and then encoded (WebP). The format's
  /// size limit is checked from the extent before anything is rendered.
  ///
  /// - Throws: `CodecError.encodingFailed` for an image larger than the format holds (before rendering), `.render`
  ///   with what `render` throws (a whole image that memory cannot hold is `.allocationFailed` naming `path`),
  ///   the encoder's error, or `.io`; on error a file at `path` is left as it was.
  @discardableResult
  public func render(
    _ component: any ImageComponent, region: IntRect? = nil, toFile path: String, encoder: any ImageEncoder,
    metadata: ImageMetadata = .none, trace: RenderTrace? = nil
  ) throws(CodecError) -> EncodingResult {
    let destination = ImageFile.displayName(path, input: false)
    let target: IntRect
    do {
      target = try self.target(component.unwrapped, region)
    } catch {
      throw .render(error)
    }
    try encoder.checkSize(width: target.width, height: target.height, destination: destination)
    var result = EncodingResult()
    do {
      try ImageFile.write(toPath: path) { sink in
        result = try render(component, region: target, encoder: encoder, metadata: metadata,
          destination: destination, trace: trace, into: sink)
      }
    } catch {
      throw .typed(error, destination: destination)
    }
    return result
  }

  /// The file's bytes for `region` of `component` through `encoder`, rendered as `render(_:region:toFile:encoder:…)`
  /// renders.
  ///
  /// - Throws: as `render(_:region:toFile:encoder:…)`, without `.io`.
  public func encoded(
    _ component: any ImageComponent, region: IntRect? = nil, encoder: any ImageEncoder,
    metadata: ImageMetadata = .none, destination: String = "<memory>"
  ) throws(CodecError) -> [UInt8] {
    let sink = ByteSink()
    do {
      let target = try self.target(component.unwrapped, region)
      try encoder.checkSize(width: target.width, height: target.height, destination: destination)
      _ = try render(component, region: target, encoder: encoder, metadata: metadata, destination: destination,
        trace: nil, into: sink)
    } catch {
      throw .typed(error, destination: destination)
    }
    return sink.bytes
  }

  package func render(
    _ component: any ImageComponent, region: IntRect?, encoder: any ImageEncoder, metadata: ImageMetadata,
    destination: String, trace: RenderTrace?, bandHeight: Int? = nil, into sink: ByteSink
  ) throws -> EncodingResult {
    // Metadata the file cannot carry is left out here, once for every encoder, and reported in the result.
    let (metadata, dropped) = metadata.carried(byEncoderNamed: encoder.name, formatName: encoder.displayName)
    var result: EncodingResult
    if encoder.streamsRows {
      let banded = try prepareBands(component, region: region, bandHeight: bandHeight, trace: trace)
      result = try encoder.encode(
        width: banded.region.width, height: banded.region.height, bandHeight: banded.bandHeight, metadata: metadata,
        destination: destination, threads: threadCount, sourcesAreGrey: banded.sourcesAreGrey, into: sink
      ) { rows, pixels in
        try banded.render(band: rows.lowerBound / banded.bandHeight, into: pixels)
      }
    } else {
      // The encoder takes a whole picture: a render into one raster is the quickest way to it.
      let raster = try render(component, region: region, trace: trace)
      result = try encoder.encode(raster, metadata: metadata, destination: destination, into: sink)
    }
    result.droppedMetadata = dropped + result.droppedMetadata
    return result
  }
}
