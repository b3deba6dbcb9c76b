import DecorCodecs

/// What writing an `Animation` did: how many frames the file holds, and what the encoder reported.
public struct AnimationWriteResult: Sendable {
  /// Every frame of the animation when the format holds animations (WebP, GIF) or pages (TIFF); 1 when it holds
  /// one image (PNG, JPEG, AVIF) and only the first frame was written.
  public var framesWritten: Int
  /// What the encoder reported (metadata left out; translucent pixels flattened, for JPEG).
  public var encoding: EncodingResult

  public init(framesWritten: Int, encoding: EncodingResult) {
    self.framesWritten = framesWritten
    self.encoding = encoding
  }
}
