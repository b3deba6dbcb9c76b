import DecorCore

/// How an AVIF file is written (`AVIFEncoder`): lossy at a quality, or lossless.
public struct AVIFOptions: Sendable, Equatable {
  /// Lossy: 0 (smallest, worst) … 100 (largest, best), clamped into that range; libheif maps it onto libaom's
  /// quantizer (`cq-level = (100 − quality) × 63 / 100`). Default 75, as the WebP encoder's default and Pillow's
  /// AVIF default. Ignored when `lossless`.
  public var quality: Int
  /// Exact pixels and alpha (AV1 lossless, 4:4:4, identity matrix) instead of lossy compression; files several
  /// times larger on photos.
  public var lossless: Bool

  public init(quality: Int = 75, lossless: Bool = false) {
    self.quality = min(100, max(0, quality))
    self.lossless = lossless
  }
}
