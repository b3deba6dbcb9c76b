/// An encoder for one image file format, found by `EncoderRegistry` by its name or by a file name's extension.
///
/// Conform to add a format Decor can write: `encode` must never trap, whatever the raster (an image too large for
/// the format is `CodecError.encodingFailed` naming the destination).
public protocol ImageEncoder: Sendable {
  /// A short unique name, such as `"png"`.
  var name: String { get }
  /// The lowercase extensions, without the dot, of the files it writes (`["jpg", "jpeg"]`): the first is the usual
  /// one. No two encoders of a registry share one.
  var fileExtensions: [String] { get }
  /// The file's bytes for `raster` (premultiplied, as every raster is).
  ///
  /// - Parameters:
  ///   - raster: the image to encode.
  ///   - destination: the file's name, for error messages.
  /// - Throws: `CodecError.encodingFailed`.
  func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8]
}
