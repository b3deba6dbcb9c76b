import DecorCodecs
import DecorCore

/// An animation written frame by frame, each frame through `eachFrame` (a chain, `{ try chain.apply(to: $0) }`, or
/// any decoration; by default the frame as it is), as the image writing calls write one image
/// (`ImageComponent.write(to:as:…)`): to a file, to bytes, into a `ByteSink`, blocking, and to a file `async`
/// (`writeAsync`).
///
/// - Frames stream: each is decoded, decorated, rendered and handed to the encoder before the next is read, so the
///   animation is never held whole (a frame in, a frame out, and what the format's library keeps).
/// - The output's size is that of the first frame's decoration; a frame whose decoration has another size is
///   `CodecError.encodingFailed` (a chain sized from something that changes between frames).
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
    return try writeFile(path, encoder: encoder, metadata: metadata, renderer: renderer, eachFrame: eachFrame)
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
        destination: destination, eachFrame: eachFrame)
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
        renderer: renderer, cancellation: cancellation, eachFrame: eachFrame)
    }
  }

  /// The file at `path`, with no check of its name against the format.
  private func writeFile(
    _ path: String, encoder: some ImageEncoder, metadata: ImageMetadata?, renderer: Renderer,
    cancellation: RenderCancellation? = nil, eachFrame: (Raster) throws -> any ImageComponent
  ) throws(CodecError) -> AnimationWriteResult {
    let destination = ImageFile.displayName(path, input: false)
    var result: AnimationWriteResult?
    do {
      try ImageFile.write(toPath: path, cancellation: cancellation) { sink in
        result = try frames(into: sink, encoder: encoder, metadata: metadata ?? self.metadata, renderer: renderer,
          destination: destination, eachFrame: eachFrame)
      }
    } catch {
      throw .typed(error, destination: destination)
    }
    guard let result else { throw .encodingFailed(destination: destination, detail: "nothing was written") }
    return result
  }

  /// The frames, one at a time: decoded, decorated, rendered, encoded. Untyped: `eachFrame` and the render throw
  /// anything, typed by the callers.
  private func frames(
    into sink: ByteSink, encoder: some ImageEncoder, metadata: ImageMetadata, renderer: Renderer,
    destination: String, eachFrame: (Raster) throws -> any ImageComponent
  ) throws -> AnimationWriteResult {
    let frames = try frames()
    guard let first = try frames.next() else {
      throw CodecError.encodingFailed(destination: destination, detail: "an animation of no frames")
    }
    var output = try eachFrame(first.raster)
    let target = try renderer.target(output.unwrapped, nil)
    try encoder.checkSize(width: target.width, height: target.height, destination: destination)
    let (kept, dropped) = metadata.carried(byEncoderNamed: encoder.name, formatName: encoder.displayName)
    guard let writer = try encoder.animationWriter(width: target.width, height: target.height,
      loopCount: loopCount, metadata: kept, destination: destination, into: sink)
    else {
      // One image: the first frame, rendered into the encoder as any image is (band by band where it streams).
      let encoding = try renderer.render(output, region: target, encoder: encoder, metadata: metadata,
        destination: destination, trace: nil, into: sink)
      return AnimationWriteResult(framesWritten: 1, encoding: encoding)
    }
    var delay = first.delay
    var written = 0
    while true {
      // A frame left as it is (a raster of the output's size) is encoded without a render.
      let raster: Raster
      if let frame = output.unwrapped as? Raster, frame.extent == target {
        raster = frame
      } else {
        raster = try renderer.render(output, region: target)
      }
      try writer.add(raster, delay: delay)
      written += 1
      guard let next = try frames.next() else { break }
      output = try eachFrame(next.raster)
      delay = next.delay
      let extent = try renderer.target(output.unwrapped, nil)
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
