/// How far an image may be from its reference and still pass. Exact by default.
///
/// A pixel *differs* when any of its four premultiplied channels is more than `maxChannelDelta` away from the
/// reference's. An image passes when the share of differing pixels is at most `maxDifferingFraction`, its PSNR is
/// at least `minimumPSNR` (when set), and, with `ignoresAntialiasing`, differing pixels that look like
/// antialiased edges in either image (in the spirit of pixelmatch) are not counted.
public struct GoldenTolerance: Hashable, Sendable, CustomStringConvertible {
  /// The largest per-channel difference (0…255) that does not make a pixel differ.
  public var maxChannelDelta: Int
  /// The share of pixels (0…1) allowed to differ.
  public var maxDifferingFraction: Double
  /// The lowest acceptable peak signal-to-noise ratio over all channels, in dB; `nil` to ignore it.
  public var minimumPSNR: Double?
  /// Whether differing pixels on antialiased edges are excused.
  public var ignoresAntialiasing: Bool

  public init(
    maxChannelDelta: Int = 0, maxDifferingFraction: Double = 0, minimumPSNR: Double? = nil,
    ignoresAntialiasing: Bool = false
  ) {
    self.maxChannelDelta = max(0, maxChannelDelta)
    self.maxDifferingFraction = min(1, max(0, maxDifferingFraction))
    self.minimumPSNR = minimumPSNR
    self.ignoresAntialiasing = ignoresAntialiasing
  }

  /// Every byte equal.
  public static let exact = GoldenTolerance()

  public var description: String {
    var parts = ["max channel delta \(maxChannelDelta)"]
    if maxDifferingFraction > 0 { parts.append("up to \(maxDifferingFraction * 100)% of pixels differing") }
    if let minimumPSNR { parts.append("PSNR ≥ \(minimumPSNR) dB") }
    if ignoresAntialiasing { parts.append("antialiased edges excused") }
    return parts.joined(separator: ", ")
  }
}
