import DecorCore

/// How a WebP file is written: lossy at a quality, or lossless.
public struct WebPOptions: Sendable, Equatable {
  /// Lossy: 1 (smallest, worst) … 100 (largest, best), clamped into that range wherever it is set, as the
  /// initialiser clamps it; default 75, as `cwebp`, libvips and ImageMagick. Lossless: how hard the encoder works
  /// for a smaller file (same pixels either way). To refuse a value out of range instead, make the encoder with
  /// `ImageEncoder.webp(quality:)`.
  public var quality: Int {
    // Set after the initialiser, the value would reach libwebp unchecked.
    didSet { quality = Swift.min(100, Swift.max(1, quality)) }
  }
  /// Exact pixels (and alpha) instead of lossy compression; files several times larger on photos.
  public var lossless: Bool

  public init(quality: Int = 75, lossless: Bool = false) {
    self.quality = min(100, max(1, quality))
    self.lossless = lossless
  }
}
