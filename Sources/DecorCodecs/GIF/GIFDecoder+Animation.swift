#if GIF
import DecorCore

/// A GIF's frames, read by `GIFFrameReader`: every GIF is read as an animation, a still one of one frame.
extension GIFDecoder: AnimatedImageDecoder {
  package func animationRecords(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> (width: Int, height: Int, loopCount: Int, delays: [Int])?
  {
    let reader = try GIFFrameReader(source, pixelLimit: pixelLimit, frameLimit: frameLimit, decodingPixels: false)
    var delays: [Int] = []
    while let delay = try reader.nextDelay() { delays.append(delay) }
    return (reader.width, reader.height, reader.loopCount, delays)
  }

  package func frameReader(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> any AnimationFrameReader
  {
    try GIFFrameReader(source, pixelLimit: pixelLimit, frameLimit: frameLimit)
  }
}
#endif
