#if CLI
/// The one notice `decor apply` and `batch` print when an animation is written to a format that holds one image.
enum FrameNotice {
  /// `anim.webp: animation of 3 frames: wrote frame 1 (PNG holds one image)`.
  static func line(input: String, frameCount: Int, format: String) -> String {
    "\(input): animation of \(frameCount) frames: wrote frame 1 (\(format) holds one image)"
  }
}
#endif
