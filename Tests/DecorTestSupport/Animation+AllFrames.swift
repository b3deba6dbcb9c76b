import Decor

extension Animation {
  /// Every frame, read in order from one reading (`frames()`).
  package func allFrames() throws -> [AnimationFrame] {
    let reading = try frames()
    var frames: [AnimationFrame] = []
    while let frame = try reading.next() { frames.append(frame) }
    return frames
  }
}
