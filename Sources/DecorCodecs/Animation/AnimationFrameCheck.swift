import DecorCore

/// What every `AnimationWriter` checks of a frame before encoding it, in the same words.
enum AnimationFrameCheck {
  /// Throws unless `frame` covers the animation's `width` × `height` canvas and `sink`'s write has not been
  /// cancelled.
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination`, or the sink's `.render(.cancelled)`.
  static func check(_ frame: Raster, width: Int, height: Int, destination: String, sink: ByteSink) throws(CodecError) {
    guard frame.width == width, frame.height == height else {
      throw .encodingFailed(destination: destination,
        detail: "a frame of \(frame.width)x\(frame.height) in an animation of \(width)x\(height)")
    }
    try sink.checkCancellation()
  }
}
