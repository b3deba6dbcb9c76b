/// Samples of a source written at fewer bits than it holds: a 16-bit PNG into JPEG, WebP or GIF, which hold 8. Not
/// an error, since the format was chosen; reported (`EncodingResult.depthReduction`) so that a caller can tell its
/// user, as `decor` does in one line unless `--depth` asked for it.
public struct DepthReduction: Sendable, Hashable, CustomStringConvertible {
  /// The bits a channel of the deepest source holds (16).
  public let sourceDepth: Int
  /// The bits a channel of the file holds (8).
  public let writtenDepth: Int

  public init(sourceDepth: Int, writtenDepth: Int) {
    self.sourceDepth = sourceDepth
    self.writtenDepth = writtenDepth
  }

  /// `16-bit samples written at 8 bits`.
  public var description: String { "\(sourceDepth)-bit samples written at \(writtenDepth) bits" }
}
