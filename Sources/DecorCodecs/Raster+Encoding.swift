import DecorCore

// FoundationEssentials where it exists (Linux's swift-foundation): `Data`, without the internationalisation data
// the whole of Foundation loads (7 MB more resident in every command).
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Images encoded to bytes held in memory (an HTTP response's body, a database blob), the mirror of
/// `Raster(decoding:)`: one call for every format, the format and its settings given as an encoder,
/// `raster.encoded(as: .jpeg(quality: 80))`, `.png()`, `.webp(lossless: true)`, `.tiff()` or any `ImageEncoder`
/// (a registry's, a custom one). Errors name the destination `<memory>`.
///
/// The blocking calls encode on the caller's thread; the `async` ones (what Swift picks in an `async` function) on a
/// thread outside Swift's concurrency pool, as `DecodedImage.decoding` and `rendered()` do, so that many requests
/// awaiting encodes hold none of the pool's few threads. A `ConcurrencyLimit` decides how many run at once.
extension Raster {
  /// The bytes of the file `encoder` writes for this raster.
  ///
  /// - Parameters:
  ///   - encoder: the format and its settings: `.jpeg(quality: 80)`, `.png()`, `.webp(quality: 75)`,
  ///     `.webp(lossless: true)`, `.tiff()`, or any `ImageEncoder`.
  ///   - metadata: the ICC profile, density, EXIF and XMP to record where the format holds them (by default none;
  ///     pass a `DecodedImage`'s `metadata` to keep the input's).
  /// - Throws: `CodecError.encodingFailed` (an image larger than the format holds, or the library's reason).
  public func encoded(as encoder: some ImageEncoder, metadata: ImageMetadata = .none) throws(CodecError) -> [UInt8] {
    let sink = ByteSink()
    _ = try encoder.encode(self, metadata: metadata, destination: "<memory>", into: sink)
    return sink.bytes
  }

  /// `encoded(as:metadata:)` as `Data`.
  ///
  /// - Parameters:
  ///   - encoder: the format and its settings.
  ///   - metadata: what to record where the format holds it (by default none).
  /// - Throws: as `encoded(as:metadata:)`.
  public func encodedData(as encoder: some ImageEncoder, metadata: ImageMetadata = .none) throws(CodecError)
    -> Data
  {
    Data(try encoded(as: encoder, metadata: metadata))
  }

  /// `encoded(as:metadata:)` on a thread outside Swift's concurrency pool: the same bytes.
  ///
  /// - Parameters:
  ///   - encoder: the format and its settings.
  ///   - metadata: what to record where the format holds it (by default none).
  /// - Throws: as `encoded(as:metadata:)`.
  public func encoded(as encoder: some ImageEncoder, metadata: ImageMetadata = .none) async throws(CodecError)
    -> [UInt8]
  {
    try await OffThePool.run { _ throws(CodecError) in try self.encoded(as: encoder, metadata: metadata) }
  }

  /// `encodedData(as:metadata:)` on a thread outside Swift's concurrency pool: the same bytes.
  ///
  /// - Parameters:
  ///   - encoder: the format and its settings.
  ///   - metadata: what to record where the format holds it (by default none).
  /// - Throws: as `encoded(as:metadata:)`.
  public func encodedData(as encoder: some ImageEncoder, metadata: ImageMetadata = .none) async throws(CodecError)
    -> Data
  {
    Data(try await encoded(as: encoder, metadata: metadata))
  }
}
