import DecorCore

/// What an encoder reports besides the bytes it wrote.
public struct EncodingResult: Sendable, Equatable {
  /// Whether translucent pixels were laid on a background (a format without alpha, such as JPEG), so that a caller
  /// can tell its user.
  public var flattened: Bool
  /// The metadata that was to be carried but was left out of the file, each with why (`the ICC profile (16 MB),
  /// which Little CMS cannot read`, `the EXIF (52428800 bytes), more than JPEG holds (65527)`), so that a caller can
  /// tell its user: nothing is dropped silently. Empty when everything given was written.
  public var droppedMetadata: [String]
  /// Set when a source's samples were deeper than the file's (a 16-bit PNG written as JPEG), so that a caller can
  /// tell its user; `nil` when the file keeps every source's depth.
  public var depthReduction: DepthReduction?

  public init(flattened: Bool = false) { self.init(flattened: flattened, droppedMetadata: []) }

  public init(flattened: Bool = false, droppedMetadata: [String]) {
    self.flattened = flattened
    self.droppedMetadata = droppedMetadata
  }
}
