#if WebP
import DecorCore

/// An animated WebP's records and frames, both read by `WebPFrameReader` through libwebp's animation decoder; a still
/// WebP is read as any other image.
///
/// With `autoOrient`, the `EXIF` chunk's orientation turns every frame, as it turns a still WebP (and as the
/// metadata, whose orientation is then 1, says): the canvas is the picture upright, its sides swapped for 5 to 8.
extension WebPDecoder: AnimatedImageDecoder {
  /// The records `WebPFrameReader` reads, when `source` holds an animation, with the canvas upright.
  package func animationRecords(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> (width: Int, height: Int, loopCount: Int, delays: [Int])?
  {
    guard let records = try WebPFrameReader.records(source, pixelLimit: pixelLimit, frameLimit: frameLimit) else {
      return nil
    }
    guard orientation(of: source)?.swapsSides == true else { return records }
    return (records.height, records.width, records.loopCount, records.delays)
  }

  package func frameReader(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> any AnimationFrameReader
  {
    try WebPFrameReader(source, pixelLimit: pixelLimit, frameLimit: frameLimit, orientation: orientation(of: source))
  }
}
#endif
