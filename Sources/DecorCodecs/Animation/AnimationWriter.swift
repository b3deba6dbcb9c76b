import DecorCore

/// One animated file being written: frames go in as they come, each encoded (or handed to the format's library)
/// before the next is asked for, and `finish()` ends the file. An encoder that writes animations makes one
/// (`ImageEncoder.animationWriter(width:height:loopCount:metadata:destination:into:)`); the writing calls of
/// `Animation` drive it.
public protocol AnimationWriter: AnyObject {
  /// Adds a frame of the animation's size, shown for `delay` milliseconds.
  ///
  /// - Throws: `CodecError.encodingFailed` naming the destination (a frame of another size, the library's reason),
  ///   the sink's `.io` or `.render(.cancelled)`.
  func add(_ frame: Raster, delay: Int) throws(CodecError)

  /// Ends the file and writes what is left of it to the sink.
  ///
  /// - Throws: as `add(_:delay:)`; an animation of no frames is `.encodingFailed`.
  func finish() throws(CodecError) -> EncodingResult
}
