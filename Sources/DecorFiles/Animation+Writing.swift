import DecorCodecs
import DecorCore

/// An animation written frame by frame, as the image writing calls write one image (`ImageComponent.write(to:as:…)`):
/// to a file, to bytes, into a `ByteSink`, blocking, and to a file `async` (`writeAsync`). Each frame goes through
/// either
/// - a `graph` built once over `frame` (`try chain.apply(to: animation.frame)`), rendered for every frame with that
///   frame in its place: what the graph computes as it is built — a text's layout, the images its steps read, its
///   checks — is computed once for the whole animation; or
/// - `eachFrame`, a decoration made again for every frame from its raster (by default the frame as it is): for a
///   decoration that depends on the frame's pixels.
///
/// - Frames stream: each is decoded, decorated, rendered and handed to the encoder before the next is read, so the
///   animation is never held whole (a frame in, a frame out, and what the format's library keeps).
/// - The output's size is that of the graph, or of the first frame's decoration; a frame whose decoration has another
///   size is
///   `CodecError.encodingFailed`.
/// - An encoder that writes animations (`ImageEncoder.writesAnimations`: WebP, GIF) gets every frame with its
///   delay, and the loop count; any other writes the first frame alone, and the result says so
///   (`AnimationWriteResult.framesWritten` is 1), for the caller to tell the user.
/// - `metadata` (by default the animation's own) is recorded where the format holds it.
extension Animation {
  /// Writes the animation as a file at `path` (`-` for standard output) through `encoder`, atomically as every
  /// image write (see `ImageFile`).
  ///
  /// - Throws: `CodecError.unwritableFormat` when `path`'s extension names another format than `encoder`'s;
  ///   `.encodingFailed` (a size the format cannot hold, a frame of another size); a frame's decoding error;
  ///   `.render` with what a render throws; `.io`. A file at `path` is then left as it was.
  @discardableResult
  public func write(
    to path: String, as encoder: some ImageEncoder, metadata: ImageMetadata? = nil, renderer: Renderer = Renderer(),
    eachFrame: (Raster) throws -> any ImageComponent = { $0 }
  ) throws(CodecError) -> AnimationWriteResult {
    try ImageFile.checkOutputFormat(path, writingWith: encoder)
    return try writeFile(path, encoder: encoder, metadata: metadata, renderer: renderer) { frame in
      (try eachFrame(frame), renderer)
    }
  }

  /// Writes the animation as a file at `path` (`-` for standard output) through `encoder`, every frame through
  /// `graph` (built over `frame`), atomically as every image write.
  ///
  /// - Throws: as `write(to:as:metadata:renderer:eachFrame:)`.
  @discardableResult
  public func write(
    to path: String, as encoder: some ImageEncoder, graph: any ImageComponent, metadata: ImageMetadata? = nil,
    renderer: Renderer = Renderer()
  ) throws(CodecError) -> AnimationWriteResult {
    try write(to: path, as: encoder, graph: graph, preparing: nil, metadata: metadata, renderer: renderer)
  }

  /// `write(to:as:graph:metadata:renderer:)` with each frame made by `preparing` before it takes the place of
  /// `frame` (its colours converted to sRGB).
  package func write(
    to path: String, as encoder: some ImageEncoder, graph: any ImageComponent,
    preparing: ((Raster) throws -> Raster)?, metadata: ImageMetadata?, renderer: Renderer
  ) throws(CodecError) -> AnimationWriteResult {
    try ImageFile.checkOutputFormat(path, writingWith: encoder)
    return try writeFile(path, encoder: encoder, metadata: metadata, renderer: renderer) { frame in
      try placing(frame, in: graph, preparing: preparing, renderer: renderer)
    }
  }

  /// The file's bytes in memory (named `<memory>` in errors).
  ///
  /// - Throws: as `write(to:as:metadata:renderer:eachFrame:)`.
  public func encoded(
    as encoder: some ImageEncoder, metadata: ImageMetadata? = nil, renderer: Renderer = Renderer(),
    eachFrame: (Raster) throws -> any ImageComponent = { $0 }
  ) throws(CodecError) -> [UInt8] {
    let sink = ByteSink()
    try write(into: sink, as: encoder, metadata: metadata, renderer: renderer, eachFrame: eachFrame)
    return sink.bytes
  }

  /// The file's bytes in memory (named `<memory>` in errors), every frame through `graph` (built over `frame`).
  ///
  /// - Throws: as `write(to:as:metadata:renderer:eachFrame:)`.
  public func encoded(
    as encoder: some ImageEncoder, graph: any ImageComponent, metadata: ImageMetadata? = nil,
    renderer: Renderer = Renderer()
  ) throws(CodecError) -> [UInt8] {
    let sink = ByteSink()
    try write(into: sink, as: encoder, graph: graph, metadata: metadata, renderer: renderer)
    return sink.bytes
  }

  /// Writes the file into `sink` as it is made, naming `destination` in errors.
  ///
  /// - Throws: as `write(to:as:metadata:renderer:eachFrame:)`.
  @discardableResult
  public func write(
    into sink: ByteSink, as encoder: some ImageEncoder, metadata: ImageMetadata? = nil,
    renderer: Renderer = Renderer(), destination: String = "<memory>",
    eachFrame: (Raster) throws -> any ImageComponent = { $0 }
  ) throws(CodecError) -> AnimationWriteResult {
    do {
      return try frames(into: sink, encoder: encoder, metadata: metadata ?? self.metadata, renderer: renderer,
        destination: destination) { frame in (try eachFrame(frame), renderer) }
    } catch {
      throw .typed(error, destination: destination)
    }
  }

  /// Writes the file into `sink` as it is made, naming `destination` in errors, every frame through `graph` (built
  /// over `frame`).
  ///
  /// - Throws: as `write(to:as:metadata:renderer:eachFrame:)`.
  @discardableResult
  public func write(
    into sink: ByteSink, as encoder: some ImageEncoder, graph: any ImageComponent, metadata: ImageMetadata? = nil,
    renderer: Renderer = Renderer(), destination: String = "<memory>"
  ) throws(CodecError) -> AnimationWriteResult {
    do {
      return try frames(into: sink, encoder: encoder, metadata: metadata ?? self.metadata, renderer: renderer,
        destination: destination) { frame in try placing(frame, in: graph, preparing: nil, renderer: renderer) }
    } catch {
      throw .typed(error, destination: destination)
    }
  }

  /// `write(to:as:metadata:renderer:eachFrame:)` on a thread outside Swift's concurrency pool, under a name of its
  /// own as `ImageComponent.writeAsync(to:as:…)` (top-level code resolves an `async` overload of a blocking name to
  /// the blocking one); cancelling the awaiting task stops it at the next read of the file, tile of a render or
  /// frame handed to the encoder, with `CodecError.render(.cancelled)`, and the file at `path` is left as it was.
  @discardableResult
  public func writeAsync(
    to path: String, as encoder: some ImageEncoder, metadata: ImageMetadata? = nil, renderer: Renderer = Renderer(),
    eachFrame: @escaping @Sendable (Raster) throws -> any ImageComponent = { $0 }
  ) async throws(CodecError) -> AnimationWriteResult {
    try ImageFile.checkOutputFormat(path, writingWith: encoder)
    let encoder = encoder as any ImageEncoder
    return try await ImageWriting.offThePool(renderer) { renderer, cancellation throws(CodecError) in
      try self.cancellable(by: cancellation).writeFile(path, encoder: encoder, metadata: metadata,
        renderer: renderer, cancellation: cancellation) { frame in (try eachFrame(frame), renderer) }
    }
  }

  /// `write(to:as:graph:metadata:renderer:)` on a thread outside Swift's concurrency pool, cancelled as
  /// `writeAsync(to:as:metadata:renderer:eachFrame:)` is.
  @discardableResult
  public func writeAsync(
    to path: String, as encoder: some ImageEncoder, graph: any ImageComponent, metadata: ImageMetadata? = nil,
    renderer: Renderer = Renderer()
  ) async throws(CodecError) -> AnimationWriteResult {
    try ImageFile.checkOutputFormat(path, writingWith: encoder)
    let encoder = encoder as any ImageEncoder
    return try await ImageWriting.offThePool(renderer) { renderer, cancellation throws(CodecError) in
      try self.cancellable(by: cancellation).writeFile(path, encoder: encoder, metadata: metadata,
        renderer: renderer, cancellation: cancellation) { frame in
          try placing(frame, in: graph, preparing: nil, renderer: renderer)
        }
    }
  }

  /// What renders `frame` through `graph`: the graph (or the frame itself, when the graph is `frame` alone) and
  /// `renderer` with the frame, made by `preparing`, in the slot's place.
  private func placing(
    _ frame: Raster, in graph: any ImageComponent, preparing: ((Raster) throws -> Raster)?, renderer: Renderer
  ) throws -> (image: any ImageComponent, renderer: Renderer) {
    let raster = try preparing.map { prepare in try prepare(frame) } ?? frame
    if let alone = graph.unwrapped as? ImageSlot, alone.identity == slot.identity { return (raster, renderer) }
    return (graph, try renderer.binding(slot, to: raster))
  }

  /// The file at `path`, with no check of its name against the format.
  private func writeFile(
    _ path: String, encoder: some ImageEncoder, metadata: ImageMetadata?, renderer: Renderer,
    cancellation: RenderCancellation? = nil,
    decorate: (Raster) throws -> (image: any ImageComponent, renderer: Renderer)
  ) throws(CodecError) -> AnimationWriteResult {
    let destination = ImageFile.displayName(path, input: false)
    var result: AnimationWriteResult?
    do {
      try ImageFile.write(toPath: path, cancellation: cancellation) { sink in
        result = try frames(into: sink, encoder: encoder, metadata: metadata ?? self.metadata, renderer: renderer,
          destination: destination, decorate: decorate)
      }
    } catch {
      throw .typed(error, destination: destination)
    }
    guard let result else { throw .encodingFailed(destination: destination, detail: "nothing was written") }
    return result
  }

  /// The frames, one at a time: decoded, decorated (`decorate` gives what to render and the renderer to render it
  /// with), rendered, encoded. Untyped: the decoration and the render throw anything, typed by the callers.
  private func frames(
    into sink: ByteSink, encoder: some ImageEncoder, metadata: ImageMetadata, renderer: Renderer,
    destination: String, decorate: (Raster) throws -> (image: any ImageComponent, renderer: Renderer)
  ) throws -> AnimationWriteResult {
    let frames = try frames()
    guard let first = try frames.next() else {
      throw CodecError.encodingFailed(destination: destination, detail: "an animation of no frames")
    }
    var output = try decorate(first.raster)
    let target = try output.renderer.target(output.image.unwrapped, nil)
    try encoder.checkSize(width: target.width, height: target.height, destination: destination)
    let (kept, dropped) = metadata.carried(byEncoderNamed: encoder.name, formatName: encoder.displayName)
    guard let writer = try encoder.animationWriter(width: target.width, height: target.height,
      loopCount: loopCount, metadata: kept, destination: destination, into: sink)
    else {
      // One image: the first frame, rendered into the encoder as any image is (band by band where it streams).
      let encoding = try output.renderer.render(output.image, region: target, encoder: encoder, metadata: metadata,
        destination: destination, trace: nil, into: sink)
      return AnimationWriteResult(framesWritten: 1, encoding: encoding)
    }
    var delay = first.delay
    var written = 0
    while true {
      // A frame left as it is (a raster of the output's size) is encoded without a render.
      let raster: Raster
      if let frame = output.image.unwrapped as? Raster, frame.extent == target {
        raster = frame
      } else {
        raster = try output.renderer.render(output.image, region: target)
      }
      try writer.add(raster, delay: delay)
      written += 1
      guard let next = try frames.next() else { break }
      output = try decorate(next.raster)
      delay = next.delay
      let extent = try output.renderer.target(output.image.unwrapped, nil)
      guard extent == target else {
        throw CodecError.encodingFailed(destination: destination, detail: "frame \(written + 1) comes out "
          + "\(extent.width)x\(extent.height), the first \(target.width)x\(target.height): every frame must come "
          + "out the same size")
      }
    }
    var encoding = try writer.finish()
    encoding.droppedMetadata = dropped + encoding.droppedMetadata
    return AnimationWriteResult(framesWritten: written, encoding: encoding)
  }
}
