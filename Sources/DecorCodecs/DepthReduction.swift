/// Samples of a source written at fewer bits than it holds: a 16-bit PNG into JPEG, WebP or GIF, which hold 8, or
/// into a PNG when it was read at 8 bits so far or went through a step that works at 8 bits (a decorator written
/// outside Decor). Not an error, since the format and the steps were chosen;
/// reported (`EncodingResult.depthReduction`) so that a caller can tell its user, as `decor` does in one line unless
/// `--depth` asked for it.
public struct DepthReduction: Sendable, Hashable, CustomStringConvertible {
  /// The bits a channel of the deepest source file holds (16; 10 or 12 for a 10- or 12-bit HEIC or AVIF).
  public let sourceDepth: Int
  /// The bits a channel of the file holds (8).
  public let writtenDepth: Int
  /// Why a format that holds the source's depth got fewer bits (`#0 duotone works at 8 bits`); `nil` when
  /// the format holds no more.
  public let cause: String?

  public init(sourceDepth: Int, writtenDepth: Int) {
    self.init(sourceDepth: sourceDepth, writtenDepth: writtenDepth, cause: nil)
  }

  public init(sourceDepth: Int, writtenDepth: Int, cause: String?) {
    self.sourceDepth = sourceDepth
    self.writtenDepth = writtenDepth
    self.cause = cause
  }

  /// `16-bit samples written at 8 bits`.
  public var description: String { "\(sourceDepth)-bit samples written at \(writtenDepth) bits" }
}
