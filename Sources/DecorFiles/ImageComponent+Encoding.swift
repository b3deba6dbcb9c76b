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

/// A whole component (a chain, a scene) rendered straight to a file's bytes in memory, as `Raster`'s
/// `encoded(as:metadata:)` encodes a raster: through `Renderer.encoded(_:region:encoder:metadata:destination:)`,
/// band by band into an encoder that streams (PNG, JPEG), so that the whole image is never held; whole, then encoded,
/// for the others (WebP, TIFF). The format's size limit is checked before anything is rendered.
extension ImageComponent {
  /// The bytes of the file `encoder` writes for this component's extent, rendered by `renderer`.
  ///
  /// - Parameters:
  ///   - encoder: the format and its settings: `.jpeg(quality: 80)`, `.png()`, `.webp(lossless: true)`, `.tiff()`,
  ///     or any `ImageEncoder`.
  ///   - metadata: what to record where the format holds it (by default none).
  ///   - renderer: the renderer (threads, tile size, pixel limit; by default `Renderer()`).
  /// - Throws: `CodecError.encodingFailed` for an image larger than the format holds (before rendering), `.render`
  ///   with what the render throws, or the encoder's error.
  public func encoded(as encoder: some ImageEncoder, metadata: ImageMetadata = .none, renderer: Renderer = Renderer())
    throws(CodecError) -> [UInt8]
  {
    try renderer.encoded(self, encoder: encoder, metadata: metadata)
  }

  /// `encoded(as:metadata:renderer:)` as `Data`.
  ///
  /// - Parameters:
  ///   - encoder: the format and its settings.
  ///   - metadata: what to record where the format holds it (by default none).
  ///   - renderer: the renderer (by default `Renderer()`).
  /// - Throws: as `encoded(as:metadata:renderer:)`.
  public func encodedData(
    as encoder: some ImageEncoder, metadata: ImageMetadata = .none, renderer: Renderer = Renderer()
  ) throws(CodecError) -> Data {
    Data(try encoded(as: encoder, metadata: metadata, renderer: renderer))
  }

  /// `encoded(as:metadata:renderer:)` on a thread outside Swift's concurrency pool (the render's tiles on the
  /// renderer's threads): the same bytes. Cancelling the awaiting task stops the work before the render's next tile
  /// (the encoder then receives no further band) and throws `CodecError.render(.cancelled)`.
  ///
  /// - Parameters:
  ///   - encoder: the format and its settings.
  ///   - metadata: what to record where the format holds it (by default none).
  ///   - renderer: the renderer (by default `Renderer()`).
  /// - Throws: as `encoded(as:metadata:renderer:)`, and `CodecError.render(.cancelled)`.
  public func encoded(as encoder: some ImageEncoder, metadata: ImageMetadata = .none, renderer: Renderer = Renderer())
    async throws(CodecError) -> [UInt8]
  {
    try await OffThePool.run { cancellation throws(CodecError) in
      var renderer = renderer
      renderer.cancellation = cancellation
      do throws(RenderError) {
        try cancellation.check()
      } catch {
        throw .render(error)
      }
      return try renderer.encoded(self, encoder: encoder, metadata: metadata)
    }
  }

  /// `encodedData(as:metadata:renderer:)` on a thread outside Swift's concurrency pool: the same bytes.
  ///
  /// - Parameters:
  ///   - encoder: the format and its settings.
  ///   - metadata: what to record where the format holds it (by default none).
  ///   - renderer: the renderer (by default `Renderer()`).
  /// - Throws: as `encoded(as:metadata:renderer:)`.
  public func encodedData(
    as encoder: some ImageEncoder, metadata: ImageMetadata = .none, renderer: Renderer = Renderer()
  ) async throws(CodecError) -> Data {
    Data(try await encoded(as: encoder, metadata: metadata, renderer: renderer))
  }
}
