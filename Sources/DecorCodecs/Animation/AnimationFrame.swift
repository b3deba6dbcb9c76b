import DecorCore

/// One frame of an animation as it is shown: the whole canvas, composed as a browser draws it (earlier frames
/// beneath, disposed of as the file says), and how long it stays.
public struct AnimationFrame: Sendable {
  /// The canvas after this frame is drawn, premultiplied as every raster is.
  public var raster: Raster
  /// How long the frame is shown, in milliseconds (a GIF's centiseconds × 10, a WebP's duration as stored).
  public var delay: Int

  public init(raster: Raster, delay: Int) {
    self.raster = raster
    self.delay = delay
  }
}
