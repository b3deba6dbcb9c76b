import DecorChain
import DecorCodecs
import DecorCore

// FoundationEssentials where it exists (Linux's swift-foundation): `Data`, without the internationalisation data
// the whole of Foundation loads.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one way to write an image, as libvips's file, buffer and target trio: any component (a raster, a chain, a
/// scene, a decoded image's pixels) written
///
/// - to a file: `write(to:as:metadata:region:renderer:trace:)`, or `write(to:encoders:…)` for the format the
///   path's extension names;
/// - to bytes in memory: `encoded(as:metadata:region:renderer:)`;
/// - to a stream: `write(into:as:metadata:region:renderer:trace:)`, a `ByteSink`.
///
/// Each is blocking (on the caller's thread, the render's tiles on the renderer's threads) and `async` under a name
/// of its own, `writeAsync` and `encodedAsync` (the same work on a thread outside Swift's concurrency pool): an
/// `async` overload of the blocking name is what Swift's top-level code (a `main.swift`) resolves to the blocking
/// form, with only a warning. The encoder is the
/// format with its settings (`.png()`, `.jpeg(quality: 80)`, `.webp(lossless: true)`, `.tiff()`, `.avif()`, a
/// registry's or your own `ImageEncoder`); `metadata` is recorded where the format holds it; `region` (by default
/// the extent) and `renderer` (threads, tile size, pixel limit) say what is rendered and how.
///
/// Rendering streams: an encoder that takes rows (`ImageEncoder.streamsRows`: PNG, JPEG, WebP) is handed the image
/// band by band as the render makes it, so the whole image is never held beside it (PNG and JPEG write each band's
/// bytes as they are compressed; WebP's bands go into libwebp's picture). A raster is encoded as it is, without a
/// render. The format's size limit is checked from the extent before anything is rendered or any file created.
///
/// Files are written as `ImageFile` writes them: atomically through a temporary file beside a regular file (never
/// left behind, whatever fails), straight through to a device or FIFO (sent only once complete), through symbolic
/// links to their target; `-` is standard output.
///
/// Cancelling the task awaiting an `async` call stops the work within a tile's time: the render before its next
/// tile, the PNG and JPEG encoders at their next write, libwebp's encoder at its next progress report. The call then
/// throws `CodecError.render(.cancelled)`; a file being written is left as it was.
extension ImageComponent {
  // MARK: To a file

  /// Writes the component (or `region` of it) as a file at `path` (`-` for standard output) through `encoder`.
  ///
  /// - Parameters:
  ///   - path: the file; a regular file is replaced atomically, a device or FIFO written through.
  ///   - encoder: the format and its settings: `.png()`, `.jpeg(quality: 80)`, `.webp(lossless: true)`, or any
  ///     `ImageEncoder`.
  ///   - metadata: the ICC profile, density, EXIF and XMP to record where the format holds them (by default none).
  ///   - region: the rectangle to render, in the component's coordinates (by default its extent).
  ///   - renderer: the renderer (by default `Renderer()`).
  ///   - trace: where to record what each stage was asked for, if anywhere.
  /// - Returns: what the encoder reported: whether translucent pixels were flattened (JPEG), the metadata left out.
  /// - Throws: `CodecError.unwritableFormat` when `path`'s extension names another format than `encoder`'s (before
  ///   any work); `.encodingFailed` for an image larger than the format holds (before rendering); `.render` with
  ///   what the render throws; the encoder's error; `.io`. A file at `path` is then left as it was.
  @discardableResult
  public func write(
    to path: String, as encoder: some ImageEncoder, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer(), trace: RenderTrace? = nil
  ) throws(CodecError) -> EncodingResult {
    try ImageFile.checkOutputFormat(path, writingWith: encoder)
    return try ImageWriting.write(self, toFile: path, encoder: encoder, metadata: metadata, region: region,
      renderer: renderer, trace: trace)
  }

  /// Writes the component as a file at `path` in the format its extension names, with that encoder's default
  /// settings (`EncoderRegistry.encoder(forOutput:format:settings:)`: `.png`, `.jpg`, `.webp`, `.tif`, `.avif`,
  /// or the extension of an encoder registered in `encoders`; PNG for `-` and a name without an extension).
  ///
  /// - Parameters:
  ///   - path: the file, written as `write(to:as:metadata:region:renderer:trace:)` writes it.
  ///   - encoders: the registry choosing the encoder (by default `.standard`).
  ///   - metadata: what to record where the format holds it (by default none).
  ///   - region: the rectangle to render (by default the extent).
  ///   - renderer: the renderer (by default `Renderer()`).
  ///   - trace: where to record what each stage was asked for, if anywhere.
  /// - Throws: `CodecError.noEncoder` for an extension no encoder claims (naming the writable formats), before any
  ///   work; else as `write(to:as:metadata:region:renderer:trace:)`.
  @discardableResult
  public func write(
    to path: String, encoders: EncoderRegistry = .standard, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer(), trace: RenderTrace? = nil
  ) throws(CodecError) -> EncodingResult {
    try ImageWriting.write(self, toFile: path, encoder: encoders.encoder(forOutput: path), metadata: metadata,
      region: region, renderer: renderer, trace: trace)
  }

  /// `write(to:as:metadata:region:renderer:trace:)` on a thread outside Swift's concurrency pool. Cancelling the
  /// awaiting task stops the render and the encoder within a tile's time and removes the temporary file.
  ///
  /// - Throws: as the blocking call, and `CodecError.render(.cancelled)`; a file at `path` is then left as it was.
  @discardableResult
  public func writeAsync(
    to path: String, as encoder: some ImageEncoder, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer(), trace: RenderTrace? = nil
  ) async throws(CodecError) -> EncodingResult {
    try ImageFile.checkOutputFormat(path, writingWith: encoder)
    return try await ImageWriting.offThePool(renderer) { renderer, cancellation throws(CodecError) in
      try ImageWriting.write(self, toFile: path, encoder: encoder, metadata: metadata, region: region,
        renderer: renderer, trace: trace, cancellation: cancellation)
    }
  }

  /// `write(to:encoders:metadata:region:renderer:trace:)` on a thread outside Swift's concurrency pool, cancelled
  /// as `write(to:as:…)` is.
  ///
  /// - Throws: as the blocking call, and `CodecError.render(.cancelled)`.
  @discardableResult
  public func writeAsync(
    to path: String, encoders: EncoderRegistry = .standard, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer(), trace: RenderTrace? = nil
  ) async throws(CodecError) -> EncodingResult {
    let encoder = try encoders.encoder(forOutput: path)
    return try await ImageWriting.offThePool(renderer) { renderer, cancellation throws(CodecError) in
      try ImageWriting.write(self, toFile: path, encoder: encoder, metadata: metadata, region: region,
        renderer: renderer, trace: trace, cancellation: cancellation)
    }
  }

  // MARK: To bytes

  /// The bytes of the file `encoder` writes for the component (or `region` of it): an HTTP response's body, a
  /// database blob. Errors name the destination `<memory>`.
  ///
  /// - Parameters:
  ///   - encoder: the format and its settings: `.jpeg(quality: 80)`, `.png()`, `.webp(lossless: true)`,
  ///     `.tiff()`, or any `ImageEncoder`.
  ///   - metadata: what to record where the format holds it (by default none; pass a `DecodedImage`'s `metadata`
  ///     to keep the input's).
  ///   - region: the rectangle to render (by default the extent).
  ///   - renderer: the renderer (by default `Renderer()`).
  /// - Throws: `CodecError.encodingFailed` for an image larger than the format holds (before rendering), `.render`
  ///   with what the render throws, or the encoder's error.
  public func encoded(
    as encoder: some ImageEncoder, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer()
  ) throws(CodecError) -> [UInt8] {
    try ImageWriting.encoded(self, encoder: encoder, metadata: metadata, region: region, renderer: renderer)
  }

  /// `encoded(as:metadata:region:renderer:)` on a thread outside Swift's concurrency pool: the same bytes.
  /// Cancelling the awaiting task stops the work within a tile's time.
  ///
  /// - Throws: as the blocking call, and `CodecError.render(.cancelled)`.
  public func encodedAsync(
    as encoder: some ImageEncoder, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer()
  ) async throws(CodecError) -> [UInt8] {
    try await ImageWriting.offThePool(renderer) { renderer, cancellation throws(CodecError) in
      try ImageWriting.encoded(self, encoder: encoder, metadata: metadata, region: region, renderer: renderer,
        cancellation: cancellation)
    }
  }

  // MARK: To a stream

  /// Writes the file `encoder` makes for the component (or `region` of it) into `sink`, as it is made: PNG and
  /// JPEG band by band as they are compressed. On error the sink holds a partial file, for the caller to throw
  /// away (`ByteSink.restart()`).
  ///
  /// - Parameters:
  ///   - sink: where the bytes go.
  ///   - encoder: the format and its settings.
  ///   - metadata: what to record where the format holds it (by default none).
  ///   - region: the rectangle to render (by default the extent).
  ///   - renderer: the renderer (by default `Renderer()`).
  ///   - trace: where to record what each stage was asked for, if anywhere.
  /// - Returns: what the encoder reported.
  /// - Throws: as `encoded(as:metadata:region:renderer:)`, and the sink's `.io`.
  @discardableResult
  public func write(
    into sink: ByteSink, as encoder: some ImageEncoder, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer(), trace: RenderTrace? = nil
  ) throws(CodecError) -> EncodingResult {
    try ImageWriting.write(self, into: sink, encoder: encoder, metadata: metadata, region: region,
      renderer: renderer, trace: trace, destination: "<memory>")
  }

  /// `write(into:as:metadata:region:renderer:trace:)` on a thread outside Swift's concurrency pool. Cancelling the
  /// awaiting task stops the work within a tile's time; the sink then holds a partial file.
  ///
  /// - Throws: as the blocking call, and `CodecError.render(.cancelled)`.
  @discardableResult
  public func writeAsync(
    into sink: ByteSink, as encoder: some ImageEncoder, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer(), trace: RenderTrace? = nil
  ) async throws(CodecError) -> EncodingResult {
    try await ImageWriting.offThePool(renderer) { renderer, cancellation throws(CodecError) in
      try ImageWriting.write(self, into: ByteSink(forwardingTo: sink, cancellation: cancellation), encoder: encoder,
        metadata: metadata, region: region, renderer: renderer, trace: trace, destination: "<memory>")
    }
  }
}

// MARK: - Deprecated

extension ImageComponent {
  /// `encoded(as:metadata:region:renderer:)` as `Data`.
  @available(*, deprecated, message: "use Data(try encoded(as:metadata:region:renderer:))")
  public func encodedData(
    as encoder: some ImageEncoder, metadata: ImageMetadata = .none, renderer: Renderer = Renderer()
  ) throws(CodecError) -> Data {
    Data(try encoded(as: encoder, metadata: metadata, renderer: renderer))
  }

  /// `encoded(as:metadata:region:renderer:)` as `Data`, on a thread outside Swift's concurrency pool.
  @available(*, deprecated, message: "use Data(try await encodedAsync(as:metadata:region:renderer:))")
  public func encodedData(
    as encoder: some ImageEncoder, metadata: ImageMetadata = .none, renderer: Renderer = Renderer()
  ) async throws(CodecError) -> Data {
    Data(try await encodedAsync(as: encoder, metadata: metadata, renderer: renderer))
  }

  /// `writeAsync(to:as:metadata:region:renderer:trace:)` under the blocking call's name, which top-level code
  /// resolves to the blocking call.
  @available(*, deprecated, renamed: "writeAsync(to:as:metadata:region:renderer:trace:)")
  @discardableResult
  public func write(
    to path: String, as encoder: some ImageEncoder, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer(), trace: RenderTrace? = nil
  ) async throws(CodecError) -> EncodingResult {
    try await writeAsync(to: path, as: encoder, metadata: metadata, region: region, renderer: renderer, trace: trace)
  }

  /// `writeAsync(to:encoders:metadata:region:renderer:trace:)` under the blocking call's name.
  @available(*, deprecated, renamed: "writeAsync(to:encoders:metadata:region:renderer:trace:)")
  @discardableResult
  public func write(
    to path: String, encoders: EncoderRegistry = .standard, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer(), trace: RenderTrace? = nil
  ) async throws(CodecError) -> EncodingResult {
    try await writeAsync(to: path, encoders: encoders, metadata: metadata, region: region, renderer: renderer,
      trace: trace)
  }

  /// `encodedAsync(as:metadata:region:renderer:)` under the blocking call's name.
  @available(*, deprecated, renamed: "encodedAsync(as:metadata:region:renderer:)")
  public func encoded(
    as encoder: some ImageEncoder, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer()
  ) async throws(CodecError) -> [UInt8] {
    try await encodedAsync(as: encoder, metadata: metadata, region: region, renderer: renderer)
  }

  /// `writeAsync(into:as:metadata:region:renderer:trace:)` under the blocking call's name.
  @available(*, deprecated, renamed: "writeAsync(into:as:metadata:region:renderer:trace:)")
  @discardableResult
  public func write(
    into sink: ByteSink, as encoder: some ImageEncoder, metadata: ImageMetadata = .none, region: IntRect? = nil,
    renderer: Renderer = Renderer(), trace: RenderTrace? = nil
  ) async throws(CodecError) -> EncodingResult {
    try await writeAsync(into: sink, as: encoder, metadata: metadata, region: region, renderer: renderer, trace: trace)
  }
}
