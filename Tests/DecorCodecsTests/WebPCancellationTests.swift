#if WebP
import Testing

import Decor
import DecorCore
@testable import DecorCodecs

/// libwebp's encoder stops at its next progress report once the cancellation it is given is set (its progress hook
/// returns 0, `VP8_ENC_ERROR_USER_ABORT`), lossy and lossless: whole-picture encoding is most of a large WebP's
/// time, and an `async` write cancelled during it must not wait for its end.
@Suite struct WebPCancellationTests {
  @Test(arguments: [WebPOptions(quality: 90), WebPOptions(lossless: true)])
  func aCancellationSetDuringTheBandsStopsLibwebp(options: WebPOptions) throws {
    let cancellation = RenderCancellation()
    let (width, height) = (300, 200)
    // The last band sets the flag without throwing: the one place left to stop is inside `WebPEncode`.
    #expect(throws: CodecError.render(.cancelled)) {
      try WebPEncoder.encode(width: width, height: height, bandHeight: 50, options: options, destination: "m",
        metadata: .none, cancellation: cancellation
      ) { rows, pixels in
        for index in pixels.indices { pixels[index] = UInt32(truncatingIfNeeded: index &* 2_654_435_761) | 0xFF00_0000 }
        if rows.upperBound == height { cancellation.cancel() }
      }
    }
    // Not cancelled: the same call gives the file.
    let bytes = try WebPEncoder.encode(width: width, height: height, bandHeight: 50, options: options,
      destination: "m", metadata: .none, cancellation: RenderCancellation()
    ) { _, pixels in
      for index in pixels.indices { pixels[index] = 0xFF80_4020 }
    }
    #expect(try Raster(decoding: bytes).width == width)
  }

  /// A raster's encode stops between the bands copied into libwebp's picture too.
  @Test func aRasterEncodeStopsOnceCancelled() throws {
    let cancellation = RenderCancellation()
    cancellation.cancel()
    let raster = try Raster(width: 64, height: 64, fill: .white)
    #expect(throws: CodecError.render(.cancelled)) {
      try WebPEncoder.encode(raster, options: WebPOptions(), destination: "m", metadata: .none,
        cancellation: cancellation)
    }
  }
}
#endif
