#if WebP
import DecorCore

import CWebP

/// An animated (or still) WebP's frames read one at a time through libwebp's animation decoder, which composes
/// each on the canvas (blending and disposal as the file says) and gives its timestamp, from which each frame's
/// delay is taken (its end less the previous frame's end).
///
/// libwebp's demuxer needs the whole file, so the compressed bytes are held (read once from the `ByteSource`); the
/// decoded pixels are the decoder's canvas and the one frame handed out. The pixel limit is checked on the canvas
/// and the frame count against `frameLimit` from the headers, before libwebp allocates anything.
///
/// Not `Sendable`: one reading, by one caller.
package final class WebPFrameReader: AnimationFrameReader {
  package let width: Int
  package let height: Int
  /// How many times the animation plays, 0 for ever (the `ANIM` chunk's loop count; 0 for a still image).
  package let loopCount: Int
  package let frameCount: Int
  private let data: UnsafeMutableBufferPointer<UInt8>
  private let decoder: OpaquePointer
  private let name: String
  private let cancellation: RenderCancellation?
  private var previousTimestamp = 0

  /// Reads `bytes` whole and opens libwebp's animation decoder on them.
  ///
  /// - Throws: `CodecError`: `.io`, `.corrupt` for a file libwebp cannot parse, `.tooLarge` over `pixelLimit`,
  ///   `.unsupportedVariant` past `frameLimit`.
  package init(_ bytes: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError) {
    name = bytes.name
    cancellation = bytes.cancellation
    let all = try bytes.allBytes()
    let features = try WebPDecoder.features(of: all, source: bytes.name)
    try DecodeChecks.pixelLimit(width: Int(features.width), height: Int(features.height), limit: pixelLimit,
      source: bytes.name)
    let frames = WebPDecoder.frameCount(of: all) ?? 1
    guard frames <= frameLimit else {
      throw .unsupportedVariant(source: bytes.name, detail: "an animation of more than \(frameLimit) frames")
    }
    var options = WebPAnimDecoderOptions()
    guard decor_webp_anim_decoder_options_init(&options) != 0 else {
      throw .corrupt(source: bytes.name, detail: "libwebp's version does not match its headers")
    }
    options.color_mode = MODE_RGBA
    options.use_threads = 0
    // The decoder reads the bytes in place for its whole life: they are kept at a fixed address until it goes.
    data = .allocate(capacity: max(1, all.count))
    _ = data.initialize(from: all)
    var webp = WebPData(bytes: data.baseAddress, size: all.count)
    var info = WebPAnimInfo()
    guard let decoder = decor_webp_anim_decoder_new(&webp, &options) else {
      data.deallocate()
      throw .corrupt(source: bytes.name, detail: "the animation cannot be parsed")
    }
    guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.canvas_width > 0, info.canvas_height > 0 else {
      WebPAnimDecoderDelete(decoder)
      data.deallocate()
      throw .corrupt(source: bytes.name, detail: "the animation's header cannot be read")
    }
    self.decoder = decoder
    width = Int(info.canvas_width)
    height = Int(info.canvas_height)
    loopCount = Int(info.loop_count)
    frameCount = Int(info.frame_count)
  }

  deinit {
    WebPAnimDecoderDelete(decoder)
    data.deallocate()
  }

  package func next() throws(CodecError) -> AnimationFrame? {
    if let cancellation, cancellation.isCancelled { throw .render(.cancelled) }
    guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
    var pixels: UnsafeMutablePointer<UInt8>?
    var timestamp: Int32 = 0
    guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
      throw .corrupt(source: name, detail: "an animation frame cannot be decoded")
    }
    let (width, height) = (self.width, self.height)
    let raster: Raster
    do {
      raster = try Raster(width: width, height: height, pixelLimit: .max, initializingWith: { buffer in
        buffer.baseAddress!.copyMemory(from: pixels, byteCount: width * height * 4)
        Premultiplication.premultiply(buffer)
      })
    } catch {
      throw .allocationFailed(source: name, width: width, height: height, bytes: width * height * 4)
    }
    let delay = max(0, Int(timestamp) - previousTimestamp)
    previousTimestamp = Int(timestamp)
    return AnimationFrame(raster: raster, delay: delay)
  }
}
#endif
