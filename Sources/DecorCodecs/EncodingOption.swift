import DecorCore

/// An output setting a user may choose (`decor`'s `--quality`, `--lossless`, …), taken by the formats whose encoder
/// lists it in `ImageEncoder.acceptedOptions`.
///
/// The options are checked against the chosen encoder before any work (`EncoderRegistry.encoder(forOutput:format:
/// settings:)`), so that a setting the format would ignore (a quality for PNG, lossless for JPEG) is refused rather
/// than silently dropped, as libvips refuses a saver option it does not know.
public enum EncodingOption: String, Sendable, CaseIterable, Hashable {
  /// A lossy quality, 1…100 (JPEG, lossy WebP, lossy AVIF).
  case quality
  /// Exact pixels instead of lossy compression (WebP, AVIF).
  case lossless
  /// Chroma subsampling (JPEG).
  case subsampling
  /// PNG's compression effort.
  case compression
  /// The colour translucent pixels are laid on, for a format without alpha (JPEG).
  case background
  /// Bits a channel (`BitDepth`): 16 for PNG and TIFF; 8 is every format's, so every encoder takes it.
  case depth
}
