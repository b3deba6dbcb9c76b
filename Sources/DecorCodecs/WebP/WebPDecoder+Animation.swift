#if WebP
import DecorCore

/// An animated WebP's records and frames, both read by `WebPFrameReader` through libwebp's animation decoder; a still
/// WebP is read as any other image.
extension WebPDecoder: AnimatedImageDecoder {
  /// The records `WebPFrameReader` reads, when `source` holds an animation.
  package func animationRecords(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> (width: Int, height: Int, loopCount: Int, delays: [Int])?
  {
    try WebPFrameReader.records(source, pixelLimit: pixelLimit, frameLimit: frameLimit)
  }

  package func frameReader(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> any AnimationFrameReader
  {
    try WebPFrameReader(source, pixelLimit: pixelLimit, frameLimit: frameLimit)
  }
}
#endif
