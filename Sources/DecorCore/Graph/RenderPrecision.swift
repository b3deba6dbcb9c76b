/// How many bits a channel a render computes in (`Renderer.precision`).
///
/// Decor computes in 8-bit premultiplied RGBA where that loses nothing (opaque 8-bit sources: most photos, every
/// JPEG), and at 16 bits a channel, premultiplied, where it would: a translucent or 16-bit source
/// (Documentation/Precision.md). Every built-in step works at both; a decorator written outside Decor works at 8
/// bits, and a render through it does too (`RenderPlan` says which step held it there).
///
/// The precision is how a render computes; the depth of a file written is the output's own setting (`--depth`,
/// `EncodingSettings.depth`), by default the sources' where the format holds it.
public enum RenderPrecision: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// 16 bits where a source needs them and the output can take them: a render written to a file whose encoder
  /// takes 16-bit rows (PNG, TIFF) works at 16 bits for a translucent or 16-bit source, and for any source when
  /// 16-bit samples are asked for (`EncodingSettings.depth`, `--depth 16`), so that they hold more than 8-bit
  /// values widened; every other render, and every raster a renderer returns, at 8 bits, as Decor always has. The
  /// default.
  case automatic
  /// 16 bits for every render, whatever its sources: rasters returned are 16-bit (`Raster.depth`), and files are
  /// computed at 16 bits before they are written at their depth. For the most exact results of a long chain on
  /// 8-bit opaque photos, at about twice the time and memory.
  case sixteenBits
  /// 8 bits for every render, files too: every source read as 8-bit premultiplied pixels, as Decor computed before
  /// it worked at 16 bits. A 16-bit source computed so is written at 8 bits, and said (`EncodingResult`'s
  /// `depthReduction`); a raster written as it is, computed by nothing, keeps its depth.
  case eightBits

  public var description: String {
    switch self {
    case .automatic: return "automatic"
    case .sixteenBits: return "16 bits"
    case .eightBits: return "8 bits"
    }
  }
}
