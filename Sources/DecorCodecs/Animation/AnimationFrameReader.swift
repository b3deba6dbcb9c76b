import DecorCore

/// One sequential reading of an animation's frames: what `AnimationFrames` pulls from, one frame at a time, so that
/// no more than the canvas (and, for a GIF frame disposed of by restoring what was beneath, the part it covers) is
/// held besides the compressed bytes the format's library needs.
package protocol AnimationFrameReader: AnyObject {
  /// The next frame composed on the canvas, or `nil` after the last.
  ///
  /// - Throws: `CodecError`: `.corrupt` for damage, `.tooLarge` for a frame over the pixel limit,
  ///   `.render(.cancelled)` once the source's cancellation is set.
  func next() throws(CodecError) -> AnimationFrame?
}
