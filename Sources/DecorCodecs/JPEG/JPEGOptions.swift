import DecorCore

/// How a JPEG is written: quality, chroma subsampling, and the colour transparent pixels are laid on (JPEG has no
/// alpha).
public struct JPEGOptions: Sendable, Equatable {
  /// Chroma subsampling: `420` halves the colour resolution both ways (smaller files; the usual for photos),
  /// `444` keeps it (sharp colour edges: text, graphics).
  public enum Subsampling: String, Sendable, CaseIterable {
    case s420 = "420"
    case s444 = "444"
  }

  /// 1 (smallest, worst) … 100 (largest, best); clamped into that range wherever it is set (500 is 100), as the
  /// initialiser clamps it. Default 90, as ImageMagick's for most inputs and Pillow's `quality=90` habit. To refuse
  /// a value out of range instead, make the encoder with `ImageEncoder.jpeg(quality:subsampling:background:)`.
  public var quality: Int {
    // Set after the initialiser (`options.quality = 500`), the value reached TurboJPEG, which refused it.
    didSet { quality = Swift.min(100, Swift.max(1, quality)) }
  }
  /// How the colour planes are sampled (default 4:2:0).
  public var subsampling: Subsampling
  /// Beneath translucent and transparent pixels (default white, as ImageMagick and Pillow users flatten).
  public var background: Color

  /// Options with `quality` clamped into 1…100.
  public init(quality: Int = 90, subsampling: Subsampling = .s420, background: Color = .white) {
    self.quality = min(100, max(1, quality))
    self.subsampling = subsampling
    self.background = background
  }
}
