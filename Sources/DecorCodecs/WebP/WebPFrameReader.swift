#if WebP
import DecorCore

import CWebP

/// An animated (or still) WebP's records and frames, read through libwebp's animation decoder: its demuxer gives
/// the records (canvas, loop count, each frame's duration) when the reader opens, and the decoder composes each
/// frame on the canvas (blending and disposal as the file says) as `next()` asks for it. The one reader of both:
/// `WebPDecoder.animationRecords` asks it (`records(_:pixelLimit:frameLimit:)`, from a demuxer alone), so the
/// records have one parser.
///
/// libwebp's demuxer needs the whole file, so the compressed bytes are held (read once from the `ByteSource`); the
/// decoded pixels are the decoder's canvas and the one frame handed out. The pixel limit is checked on the canvas
/// from the headers before libwebp allocates it, and the frame count against `frameLimit` before any frame is
/// decoded.
///
/// Each frame is turned by `orientation` when one is given (the `EXIF` chunk's, which `WebPDecoder` applies).
///
/// Not `Sendable`: one reading, by one caller.
package final class WebPFrameReader: AnimationFrameReader {
  /// The canvas as stored (before `orientation` turns it).
  package let width: Int
  package let height: Int
  /// How many times the animation plays, 0 for ever (the `ANIM` chunk's loop count; 0 for a still image).
  package let loopCount: Int
  /// Each frame's duration in milliseconds, in order, as the demuxer reads them (a still image: one, 0).
  package let delays: [Int]
  private let data: UnsafeMutableBufferPointer<UInt8>
  private let decoder: OpaquePointer
  private let name: String
  private let cancellation: RenderCancellation?
  /// How each frame is turned upright; `nil` or `.up` to leave it as stored.
  private let orientation: ExifOrientation?
  /// How many frames were handed out.
  private var frameIndex = 0

  /// Reads `bytes` whole, opens libwebp's animation decoder on them and reads the records from its demuxer; a still
  /// WebP is one frame.
  ///
  /// - Throws: `CodecError`: `.io`, `.corrupt` for a file libwebp cannot parse or an animation of no frames,
  ///   `.tooLarge` over `pixelLimit`, `.unsupportedVariant` past `frameLimit`.
  package convenience init(
    _ bytes: ByteSource, pixelLimit: Int, frameLimit: Int, orientation: ExifOrientation? = nil
  ) throws(CodecError) {
    let all = try bytes.allBytes()
    try self.init(all, features: try WebPDecoder.features(of: all, source: bytes.name), source: bytes,
      pixelLimit: pixelLimit, frameLimit: frameLimit, orientation: orientation)
  }

  /// The records of `bytes` when they hold an animation (the headers say so), read as `init` reads them but from a
  /// demuxer alone: no decoder opened, no canvas allocated. `nil` for a still WebP.
  ///
  /// - Throws: as `init(_:pixelLimit:frameLimit:)`.
  package static func records(_ bytes: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> (width: Int, height: Int, loopCount: Int, delays: [Int])?
  {
    let all = try bytes.allBytes()
    let features = try WebPDecoder.features(of: all, source: bytes.name)
    guard features.has_animation != 0 else { return nil }
    try DecodeChecks.pixelLimit(width: Int(features.width), height: Int(features.height), limit: pixelLimit,
      source: bytes.name)
    let read: Result<(width: Int, height: Int, loopCount: Int, delays: [Int]), CodecError>? =
      all.withUnsafeBufferPointer { buffer in
        var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
        guard let demuxer = decor_webp_demux(&data) else { return nil }
        defer { WebPDemuxDelete(demuxer) }
        return Result { () throws(CodecError) in try records(demuxer, frameLimit: frameLimit, source: bytes.name) }
      }
    guard let read else { throw .corrupt(source: bytes.name, detail: "the animation cannot be parsed") }
    return try read.get()
  }

  /// Opens the decoder on `all`, the bytes of `source`, whose headers gave `features`.
  private init(
    _ all: [UInt8], features: WebPBitstreamFeatures, source bytes: ByteSource, pixelLimit: Int, frameLimit: Int,
    orientation: ExifOrientation?
  ) throws(CodecError) {
    name = bytes.name
    cancellation = bytes.cancellation
    self.orientation = orientation
    try DecodeChecks.pixelLimit(width: Int(features.width), height: Int(features.height), limit: pixelLimit,
      source: bytes.name)
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
    guard let decoder = decor_webp_anim_decoder_new(&webp, &options) else {
      data.deallocate()
      throw .corrupt(source: bytes.name, detail: "the animation cannot be parsed")
    }
    let records: (width: Int, height: Int, loopCount: Int, delays: [Int])
    do throws(CodecError) {
      guard let demuxer = WebPAnimDecoderGetDemuxer(decoder) else {
        throw .corrupt(source: bytes.name, detail: "the animation's header cannot be read")
      }
      records = try Self.records(demuxer, frameLimit: frameLimit, source: bytes.name)
    } catch {
      WebPAnimDecoderDelete(decoder)
      data.deallocate()
      throw error
    }
    self.decoder = decoder
    (width, height, loopCount, delays) = records
  }

  deinit {
    WebPAnimDecoderDelete(decoder)
    data.deallocate()
  }

  /// The canvas, loop count and frame durations the demuxer read.
  private static func records(_ demuxer: OpaquePointer, frameLimit: Int, source: String) throws(CodecError)
    -> (width: Int, height: Int, loopCount: Int, delays: [Int])
  {
    let count = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
    guard count <= frameLimit else {
      throw Animation.tooManyFrames(source: source, count: count, limit: frameLimit)
    }
    var delays: [Int] = []
    var iterator = WebPIterator()
    if WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 {
      repeat { delays.append(Int(iterator.duration)) } while WebPDemuxNextFrame(&iterator) != 0
      WebPDemuxReleaseIterator(&iterator)
    }
    let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
    let height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
    guard !delays.isEmpty, width > 0, height > 0 else {
      throw .corrupt(source: source, detail: "an animation of no frames")
    }
    return (width, height, Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT)), delays)
  }

  package func next() throws(CodecError) -> AnimationFrame? {
    if let cancellation, cancellation.isCancelled { throw .render(.cancelled) }
    guard frameIndex < delays.count, WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
    var pixels: UnsafeMutablePointer<UInt8>?
    var timestamp: Int32 = 0
    guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
      throw .corrupt(source: name, detail: "an animation frame cannot be decoded")
    }
    let (width, height) = (self.width, self.height)
    var raster: Raster
    do {
      raster = try Raster(width: width, height: height, pixelLimit: .max, initializingWith: { buffer in
        buffer.baseAddress!.copyMemory(from: pixels, byteCount: width * height * 4)
        Premultiplication.premultiply(buffer)
      })
    } catch {
      throw .allocationFailed(source: name, width: width, height: height, bytes: width * height * 4)
    }
    if let orientation, orientation != .up {
      let stored = raster
      raster = try WholeImage.making(source: name) { try orientation.apply(to: stored) }
    }
    // The frame's duration as the records hold it: the decoder's timestamp is the sum of those durations.
    let delay = delays[frameIndex]
    frameIndex += 1
    return AnimationFrame(raster: raster, delay: delay)
  }
}
#endif
