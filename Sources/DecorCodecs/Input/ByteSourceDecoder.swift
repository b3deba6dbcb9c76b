import DecorCore

/// A decoder whose one read is `decodeImage(from:pixelLimit:)`, over any `ByteSource`: the forms on bytes in memory
/// and on a path are that read, so a format's reader is written once and works the same from a file, from memory
/// and from standard input (shrink-on-load, the pixel limit, the metadata).
///
/// Conform a decoder that reads a `ByteSource` (through `ByteReader`) and implement `decodeImage(from:pixelLimit:)`;
/// the four calls below come with the conformance.
public protocol ByteSourceDecoder: ImageDecoder {
  /// The pixels, metadata and frame count of `bytes`, named `bytes.name` in errors.
  ///
  /// - Throws: `CodecError.io`, `.corrupt` or `.tooLarge`.
  func decodeImage(from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage
}

extension ByteSourceDecoder {
  /// The pixels of a whole file held in memory: `decodeImage(from:pixelLimit:)` over the bytes.
  public func decode(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    try decodeImage(from: ByteSource(bytes: data, name: source), pixelLimit: pixelLimit).raster
  }

  /// The pixels of the file at `path`, read as they are decoded: `decodeImage(from:pixelLimit:)` over the file.
  public func decode(contentsOfFile path: String, source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    try decodeImage(from: ByteSource(contentsOfFile: path, name: source), pixelLimit: pixelLimit).raster
  }

  /// `decodeImage(from:pixelLimit:)` over bytes held in memory.
  public func decodeImage(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    try decodeImage(from: ByteSource(bytes: data, name: source), pixelLimit: pixelLimit)
  }

  /// `decodeImage(from:pixelLimit:)` over the file at `path`.
  public func decodeImage(contentsOfFile path: String, source: String, pixelLimit: Int) throws(CodecError)
    -> DecodedImage
  {
    try decodeImage(from: ByteSource(contentsOfFile: path, name: source), pixelLimit: pixelLimit)
  }
}
