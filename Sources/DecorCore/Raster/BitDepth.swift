/// Bits a channel: of a file's samples, the depth an output is written at (`decor`'s `--depth`,
/// `EncodingSettings.depth`); of a raster's pixels (`Raster.depth`).
///
/// Every format writes 8 bits. PNG and TIFF write 16 too; by default an output keeps its sources' depth where its format can
/// hold it (a 16-bit PNG in, a 16-bit PNG out) and 8 bits elsewhere, said in `EncodingResult.depthReduction`.
public enum BitDepth: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case eight = 8
  case sixteen = 16

  /// `8-bit`, `16-bit`.
  public var description: String { "\(rawValue)-bit" }
}
