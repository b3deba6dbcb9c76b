#if WebP
import CWebP
import DecorCore

/// An animated WebP's frames, read by `WebPFrameReader` through libwebp's animation decoder; a still WebP is read as
/// any other image.
extension WebPDecoder: AnimatedImageDecoder {
  package func animationRecords(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> (width: Int, height: Int, loopCount: Int, delays: [Int])?
  {
    let bytes = try source.allBytes()
    guard try Self.features(of: bytes, source: source.name).has_animation != 0 else { return nil }
    let records = try Self.webPRecords(bytes, source: source.name, frameLimit: frameLimit)
    try DecodeChecks.pixelLimit(width: records.width, height: records.height, limit: pixelLimit, source: source.name)
    return records
  }

  package func frameReader(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> any AnimationFrameReader
  {
    try WebPFrameReader(source, pixelLimit: pixelLimit, frameLimit: frameLimit)
  }

  /// An animated WebP's canvas, loop count and frame durations, from libwebp's demuxer.
  private static func webPRecords(_ bytes: [UInt8], source: String, frameLimit: Int) throws(CodecError)
    -> (width: Int, height: Int, loopCount: Int, delays: [Int])
  {
    let records: (Int, Int, Int, [Int])?? = bytes.withUnsafeBufferPointer { buffer in
      var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
      guard let demuxer = decor_webp_demux(&data) else { return nil }
      defer { WebPDemuxDelete(demuxer) }
      let count = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
      guard count <= frameLimit else { return .some(nil) }
      var delays: [Int] = []
      var iterator = WebPIterator()
      if WebPDemuxGetFrame(demuxer, 1, &iterator) != 0 {
        repeat { delays.append(Int(iterator.duration)) } while WebPDemuxNextFrame(&iterator) != 0
        WebPDemuxReleaseIterator(&iterator)
      }
      return (Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH)), Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT)),
        Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT)), delays)
    }
    guard let found = records else { throw .corrupt(source: source, detail: "the animation cannot be parsed") }
    guard let (width, height, loopCount, delays) = found else {
      throw .unsupportedVariant(source: source, detail: "an animation of more than \(frameLimit) frames")
    }
    guard !delays.isEmpty, width > 0, height > 0 else {
      throw .corrupt(source: source, detail: "an animation of no frames")
    }
    return (width, height, loopCount, delays)
  }
}
#endif
