/// How far an image may be from its reference and still pass. Exact by default.
///
/// A pixel *differs* when any of its four premultiplied channels is more than `maxChannelDelta` away from the
/// reference's. An image passes when the share of differing pixels is at most `maxDifferingFraction`, its PSNR is
/// at least `minimumPSNR` (when set), and, with `ignoresAntialiasing`, differing pixels that look like
/// antialiased edges in either image (in the spirit of pixelmatch) are not counted.
///
/// A tolerance is written in levels of 255 and holds at either depth: images compared at 16 bits
/// (`ImageComparison.depth`) allow `maxChannelDelta × 257` levels of 65535, the same share of the range (so
/// `.exact` stays exact, and a tolerance of 1 allows what one 8-bit level is), unless `maxChannelDelta16` gives
/// the 16-bit allowance itself, for a test that means to allow less than a level of 255.
public struct GoldenTolerance: Hashable, Sendable, CustomStringConvertible {
  /// The largest per-channel difference (0…255) that does not make a pixel differ; at 16 bits, scaled × 257
  /// unless `maxChannelDelta16` is set.
  public var maxChannelDelta: Int
  /// The largest per-channel difference in levels of 65535 (0…65535) that does not make a pixel differ when the
  /// images are compared at 16 bits; `nil` (the default) for `maxChannelDelta × 257`. Images compared at 8 bits
  /// ignore it.
  public var maxChannelDelta16: Int?
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

  /// As `init(maxChannelDelta:maxDifferingFraction:minimumPSNR:ignoresAntialiasing:)`, with the allowance at 16
  /// bits given in levels of 65535 (`maxChannelDelta16`, clamped to 0…65535) rather than scaled from
  /// `maxChannelDelta`.
  public init(
    maxChannelDelta: Int = 0, maxChannelDelta16: Int, maxDifferingFraction: Double = 0, minimumPSNR: Double? = nil,
    ignoresAntialiasing: Bool = false
  ) {
    self.init(maxChannelDelta: maxChannelDelta, maxDifferingFraction: maxDifferingFraction, minimumPSNR: minimumPSNR,
      ignoresAntialiasing: ignoresAntialiasing)
    self.maxChannelDelta16 = min(65535, max(0, maxChannelDelta16))
  }

  /// The largest per-channel difference that does not make a pixel differ, in the units of `depth`:
  /// `maxChannelDelta` at 8 bits; at 16, `maxChannelDelta16` when set, else `maxChannelDelta × 257`.
  public func channelDeltaLimit(at depth: BitDepth) -> Int {
    guard depth == .sixteen else { return maxChannelDelta }
    return maxChannelDelta16 ?? maxChannelDelta * 257
  }

  /// Every byte equal.
  public static let exact = GoldenTolerance()

  public var description: String {
    var parts = ["max channel delta \(maxChannelDelta)"]
    if let maxChannelDelta16 { parts.append("max channel delta \(maxChannelDelta16)/65535 at 16 bits") }
    if maxDifferingFraction > 0 { parts.append("up to \(maxDifferingFraction * 100)% of pixels differing") }
    if let minimumPSNR { parts.append("PSNR ≥ \(minimumPSNR) dB") }
    if ignoresAntialiasing { parts.append("antialiased edges excused") }
    return parts.joined(separator: ", ")
  }
}
