import DecorCore

// FoundationEssentials where it exists (Linux's swift-foundation): `Data`, without the internationalisation data
// the whole of Foundation loads (7 MB more resident in every command).
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Images decoded from bytes held in memory (an HTTP request's body, a database blob), by the decoder of the
/// registry that recognises them, named `<memory>` in errors. The blocking calls decode on the caller's thread; the
/// `async` ones on a thread outside Swift's concurrency pool, as `Renderer`'s `async` render does, so that many
/// requests awaiting decodes hold none of the pool's few threads. To keep memory flat under many requests, let a
/// `ConcurrencyLimit` decide how many decode (and render, and encode) at once.
extension DecodedImage {
  /// The pixels, metadata and frame count of an image file's bytes.
  ///
  /// - Throws: `CodecError`: `.unsupportedFormat` when no decoder recognises the bytes, `.corrupt`, `.tooLarge`
  ///   (over `pixelLimit`, before any pixel is decoded).
  public init(
    decoding bytes: [UInt8], decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    let source = "<memory>"
    self = try decoders.decoder(for: bytes, source: source).decodeImage(bytes, source: source, pixelLimit: pixelLimit)
  }

  /// `init(decoding:decoders:pixelLimit:)` from `Data`.
  public init(
    decoding data: Data, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    try self.init(decoding: [UInt8](data), decoders: decoders, pixelLimit: pixelLimit)
  }

  /// `init(decoding:decoders:pixelLimit:)` on a thread outside Swift's concurrency pool. Cancelling the awaiting
  /// task stops the decode: before it starts (waiting for a thread) nothing is decoded, and once started the
  /// decoders that pull their bytes through a `ByteSource` (JPEG, PNG, WebP, TIFF) stop at their next read, within
  /// one piece of compressed input (64 KiB for most). GIF and HEIF, which giflib and libheif decode whole, stop only
  /// when they are done.
  ///
  /// - Throws: as `init(decoding:decoders:pixelLimit:)`, and `CodecError.render(.cancelled)`.
  public static func decoding(
    _ bytes: [UInt8], decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) async throws(CodecError) -> DecodedImage {
    try await OffThePool.run { cancellation throws(CodecError) in
      try decode(bytes, decoders: decoders, pixelLimit: pixelLimit, cancellation: cancellation)
    }
  }

  /// The decode of `decoding(_:decoders:pixelLimit:)`, its reads stopping once `cancellation` is set: then it throws
  /// `CodecError.render(.cancelled)`, whatever words the decoder's library found for the stopped read.
  package static func decode(
    _ bytes: [UInt8], decoders: DecoderRegistry, pixelLimit: Int, cancellation: RenderCancellation
  ) throws(CodecError) -> DecodedImage {
    if cancellation.isCancelled { throw .render(.cancelled) }
    let source = "<memory>"
    do {
      return try decoders.decoder(for: bytes, source: source)
        .decodeImage(from: ByteSource(bytes: bytes, name: source).cancellable(by: cancellation), pixelLimit: pixelLimit)
    } catch {
      if cancellation.isCancelled { throw .render(.cancelled) }
      throw error
    }
  }

  /// `decoding(_:decoders:pixelLimit:)` from `Data`.
  public static func decoding(
    _ data: Data, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) async throws(CodecError) -> DecodedImage {
    try await decoding([UInt8](data), decoders: decoders, pixelLimit: pixelLimit)
  }
}

extension Raster {
  /// The first frame of an image file's bytes held in memory: `DecodedImage(decoding:decoders:pixelLimit:)`'s
  /// pixels.
  ///
  /// - Throws: `CodecError`, as `DecodedImage(decoding:decoders:pixelLimit:)`.
  public init(
    decoding bytes: [UInt8], decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    self = try DecodedImage(decoding: bytes, decoders: decoders, pixelLimit: pixelLimit).raster
  }

  /// `init(decoding:decoders:pixelLimit:)` from `Data`.
  public init(
    decoding data: Data, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    try self.init(decoding: [UInt8](data), decoders: decoders, pixelLimit: pixelLimit)
  }
}
