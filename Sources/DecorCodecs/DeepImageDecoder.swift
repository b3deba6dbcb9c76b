import DecorCore

/// Decoders of whole images (not row by row) that keep more than 8 bits a channel where a file holds them: a 10- or
/// 12-bit HEIC or AVIF. `decodeImage` stays 8-bit for every caller that reads an 8-bit raster's bytes; a render and
/// `Raster(keepingDepthOf:)` ask this first.
package protocol DeepImageDecoder: ImageDecoder {
  /// The image and its metadata from one reading of the file: a 16-bit raster (premultiplied at 16 bits) when the
  /// file holds more than 8 bits a channel, else what `decodeImage(from:pixelLimit:)` gives.
  ///
  /// - Throws: as `decodeImage(from:pixelLimit:)`.
  func decodeImageKeepingDepth(from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage
}
