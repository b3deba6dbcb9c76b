import DecorChain
import DecorCodecs
import DecorCore

/// What every writing call does (`ImageComponent.write(to:as:…)`, `encoded(as:…)`, `write(into:as:…)` and the
/// deprecated calls that forward to them), written once: the size checked before any work, a raster encoded as it
/// is, anything else rendered band by band into the encoder, and the `async` calls' cancellation handed both to the
/// render and to the sink.
package enum ImageWriting {
  /// What a write will do: encode a raster as it is, or render `region` into the encoder. Checked before any file
  /// is created, so that a refusal leaves nothing behind.
  enum Plan {
    case raster(Raster)
    case render(IntRect)
  }

  /// The plan for `component` (or `region` of it) through `encoder`.
  ///
  /// - Throws: `CodecError.render` for an unusable extent or region, `.encodingFailed` for an image larger than
  ///   the format holds.
  static func plan(
    _ component: some ImageComponent, region: IntRect?, encoder: some ImageEncoder, renderer: Renderer,
    destination: String
  ) throws(CodecError) -> Plan {
    // A raster is encoded as the encoders encode one (the bytes of `ImageEncoder.encode(_:metadata:…)`), without
    // the copy a render would make. A region asks for a render.
    if region == nil, let raster = component.unwrapped as? Raster { return .raster(raster) }
    let target: IntRect
    do {
      target = try renderer.target(component.unwrapped, region)
    } catch {
      throw .render(error)
    }
    try encoder.checkSize(width: target.width, height: target.height, destination: destination)
    return .render(target)
  }

  /// Carries out `plan` into `sink`. Untyped: the render's errors are passed on as they are, for the caller to
  /// type (`CodecError.typed`).
  static func run(
    _ plan: Plan, _ component: some ImageComponent, encoder: some ImageEncoder, metadata: ImageMetadata,
    renderer: Renderer, trace: RenderTrace?, destination: String, into sink: ByteSink
  ) throws -> EncodingResult {
    switch plan {
    case .raster(let raster):
      // Metadata the file cannot carry is left out and reported, as `Renderer.render(_:region:encoder:…)` does.
      let (metadata, dropped) = metadata.carried(byEncoderNamed: encoder.name, formatName: encoder.displayName)
      var result = try encoder.encode(raster, metadata: metadata, destination: destination, into: sink)
      result.droppedMetadata = dropped + result.droppedMetadata
      // A raster deeper than the file (a 10-bit HEIC's into JPEG) is reported as a render's would be: the encoders
      // that take 16-bit rows write the depth asked for or the raster's own, the others 8 bits.
      let written = (encoder as? any DeepRowEncoding).map { $0.depth?.rawValue ?? raster.format.depth } ?? 8
      result.depthReduction = Renderer.reduction(from: raster.sourceDepth, to: written)
      return result
    case .render(let target):
      return try renderer.render(component, region: target, encoder: encoder, metadata: metadata,
        destination: destination, trace: trace, into: sink)
    }
  }

  /// Writes the file at `path` through `encoder`, with no check of the name against the format (the callers that
  /// want one make it first).
  static func write(
    _ component: some ImageComponent, toFile path: String, encoder: some ImageEncoder, metadata: ImageMetadata,
    region: IntRect?, renderer: Renderer, trace: RenderTrace?, cancellation: RenderCancellation? = nil
  ) throws(CodecError) -> EncodingResult {
    let destination = ImageFile.displayName(path, input: false)
    let plan = try plan(component, region: region, encoder: encoder, renderer: renderer, destination: destination)
    var result = EncodingResult()
    do {
      try ImageFile.write(toPath: path, cancellation: cancellation) { sink in
        result = try run(plan, component, encoder: encoder, metadata: metadata, renderer: renderer, trace: trace,
          destination: destination, into: sink)
      }
    } catch {
      throw .typed(error, destination: destination)
    }
    return result
  }

  /// The file's bytes in memory, naming `destination` in errors.
  static func encoded(
    _ component: some ImageComponent, encoder: some ImageEncoder, metadata: ImageMetadata, region: IntRect?,
    renderer: Renderer, trace: RenderTrace? = nil, destination: String = "<memory>",
    cancellation: RenderCancellation? = nil
  ) throws(CodecError) -> [UInt8] {
    let sink = ByteSink(cancellation: cancellation)
    _ = try write(component, into: sink, encoder: encoder, metadata: metadata, region: region, renderer: renderer,
      trace: trace, destination: destination)
    return sink.bytes
  }

  /// Writes the file into `sink` as it is made, naming `destination` in errors.
  static func write(
    _ component: some ImageComponent, into sink: ByteSink, encoder: some ImageEncoder, metadata: ImageMetadata,
    region: IntRect?, renderer: Renderer, trace: RenderTrace?, destination: String
  ) throws(CodecError) -> EncodingResult {
    let plan = try plan(component, region: region, encoder: encoder, renderer: renderer, destination: destination)
    do {
      return try run(plan, component, encoder: encoder, metadata: metadata, renderer: renderer, trace: trace,
        destination: destination, into: sink)
    } catch {
      throw .typed(error, destination: destination)
    }
  }

  /// Runs `work` on a thread outside Swift's concurrency pool (`OffThePool`) with `renderer` set to stop once the
  /// awaiting task is cancelled, and that cancellation, for the sink. A task cancelled before the work starts does
  /// none of it.
  static func offThePool<T: Sendable>(
    _ renderer: Renderer,
    _ work: @escaping @Sendable (Renderer, RenderCancellation) throws(CodecError) -> T
  ) async throws(CodecError) -> T {
    try await OffThePool.run { cancellation throws(CodecError) in
      var renderer = renderer
      renderer.cancellation = cancellation
      try checkCancellation(cancellation)
      return try work(renderer, cancellation)
    }
  }

  /// Throws `CodecError.render(.cancelled)` once `cancellation` is set.
  static func checkCancellation(_ cancellation: RenderCancellation) throws(CodecError) {
    if cancellation.isCancelled { throw .render(.cancelled) }
  }
}
