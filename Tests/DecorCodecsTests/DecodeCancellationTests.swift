import Testing

import Decor
import DecorCore
@testable import DecorCodecs

/// A decode whose source's cancellation is set stops at its next read and says it was cancelled, for every format
/// whose reader pulls its bytes through a `ByteSource`: what lets an `async` decode stop within one piece of input.
@Suite struct DecodeCancellationTests {
  static let formats = ["png", "jpeg", "webp", "tiff"].filter { (try? EncoderRegistry.standard.encoder(named: $0)) != nil }

  static func file(_ format: String) throws -> [UInt8] {
    let bytes = (0..<64 * 48 * 4).map { $0 % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
    let raster = try Raster(width: 64, height: 48, straightBytes: bytes)
    return try raster.encoded(as: EncoderRegistry.standard.encoder(named: format))
  }

  @Test(arguments: formats)
  func aCancelledSourceStopsTheReader(format: String) throws {
    let bytes = try Self.file(format)
    let decoder = try DecoderRegistry.standard.decoder(for: bytes, source: "m")
    let cancelled = RenderCancellation()
    cancelled.cancel()
    #expect(throws: CodecError.render(.cancelled)) {
      try decoder.decodeImage(from: ByteSource(bytes: bytes, name: "m").cancellable(by: cancelled), pixelLimit: 1 << 20)
    }
    // Not cancelled, the same source decodes.
    let image = try decoder.decodeImage(
      from: ByteSource(bytes: bytes, name: "m").cancellable(by: RenderCancellation()), pixelLimit: 1 << 20)
    #expect(image.raster.width == 64 && image.raster.height == 48)
  }

  /// The async decode: a task cancelled before its decode starts throws `.render(.cancelled)`, and the blocking
  /// decode it runs reports a cancellation set during it as such, whatever the library's words.
  @Test(arguments: formats)
  func theAsyncDecodeSaysItWasCancelled(format: String) async throws {
    let bytes = try Self.file(format)
    let cancelled = RenderCancellation()
    cancelled.cancel()
    #expect(throws: CodecError.render(.cancelled)) {
      try DecodedImage.decode(bytes, decoders: .standard, pixelLimit: 1 << 20, cancellation: cancelled)
    }
    let task = Task { () async throws(CodecError) -> DecodedImage in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await DecodedImage.decoding(bytes)
    }
    await #expect(throws: CodecError.render(.cancelled)) { try await task.value }
    #expect(try await DecodedImage.decoding(bytes).raster.width == 64)
  }
}
