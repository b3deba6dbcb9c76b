import DecorCore

/// A decoder whose files may hold an animation (GIF, WebP): `Animation` asks it for the animation's records and for
/// a reader of its frames, so that a format adds animation by adopting this protocol, and `Animation` never names
/// a format.
package protocol AnimatedImageDecoder: ImageDecoder {
  /// The canvas, loop count (0 for ever) and each frame's delay in milliseconds of the animation in `source`, read
  /// without decoding pixels; `nil` for a file of the format that holds one still image, read as any other. Read by
  /// the format's frame reader, the type `frameReader` gives (`GIFFrameReader` opened to skip the pixels,
  /// `WebPFrameReader`'s reading of libwebp's demuxer with no decoder opened), so that a format's records have one
  /// parser and its frames the delays it counted.
  ///
  /// - Throws: `CodecError`: `.corrupt` for records that cannot be read, `.tooLarge` for a canvas over
  ///   `pixelLimit`, `.unsupportedVariant` for more than `frameLimit` frames.
  func animationRecords(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> (width: Int, height: Int, loopCount: Int, delays: [Int])?

  /// A reader of the frames of the animation whose records `animationRecords` gave, from the start of `source`.
  ///
  /// - Throws: what the format's reader throws on opening.
  func frameReader(_ source: ByteSource, pixelLimit: Int, frameLimit: Int) throws(CodecError)
    -> any AnimationFrameReader
}
