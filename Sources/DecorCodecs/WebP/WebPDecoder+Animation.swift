#if WebP
import DecorCore

/// An animated WebP's records and frames, both read by `WebPFrameReader` through libwebp's animation decoder; a still
/// WebP is read as any other image.
extension WebPDecoder: AnimatedImageDecoder {
  /// The records of the `WebPFrameReader` opened on `source`, when it holds an animation.
  package func animationRecords(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> (width: Int, height: Int, loopCount: Int, delays: [Int])?
  {
    guard let reader = try WebPFrameReader.animation(source, pixelLimit: pixelLimit, frameLimit: frameLimit) else {
      return nil
    }
    return (reader.width, reader.height, reader.loopCount, reader.delays)
  }

  package func frameReader(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> any AnimationFrameReader
  {
    try WebPFrameReader(source, pixelLimit: pixelLimit, frameLimit: frameLimit)
  }
}
#endif
