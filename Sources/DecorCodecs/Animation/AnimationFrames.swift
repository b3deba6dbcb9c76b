import DecorCore

/// One reading of an `Animation`'s frames, in order, each decoded when `next()` asks for it: the frame handed out
/// and the format's canvas are what it holds, never the whole animation.
///
/// Not `Sendable`: one reading, by one caller; `Animation.frames()` makes another.
public final class AnimationFrames {
  private let reader: (any AnimationFrameReader)?
  /// A still image's frame, until it is handed out.
  private var still: AnimationFrame?
  /// How many frames have been handed out.
  public private(set) var count = 0

  init(opening animation: Animation) throws(CodecError) {
    reader = try animation.frameReader()
    still = reader == nil ? animation.stillFrame : nil
  }

  /// The next frame, or `nil` after the last.
  ///
  /// - Throws: `CodecError`: `.corrupt` for damage inside a frame, `.tooLarge` for a frame over the pixel limit,
  ///   `.render(.cancelled)` once an `async` read is cancelled.
  public func next() throws(CodecError) -> AnimationFrame? {
    let frame: AnimationFrame?
    if let reader {
      frame = try reader.next()
    } else {
      frame = still
      still = nil
    }
    if frame != nil { count += 1 }
    return frame
  }
}
