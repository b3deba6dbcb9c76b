/// What an encoder reports besides the bytes it wrote.
public struct EncodingResult: Sendable, Equatable {
  /// Whether translucent pixels were laid on a background (a format without alpha, such as JPEG), so that a caller
  /// can tell its user.
  public var flattened: Bool

  public init(flattened: Bool = false) { self.flattened = flattened }
}
