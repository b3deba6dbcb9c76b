#if TIFF
import DecorCore

/// A TIFF is read row by row (strip by strip) as a render needs it.
extension TIFFDecoder: RowSourceDecoder {
  /// The rows `decodeImage(from:pixelLimit:)` reads (its first page).
  package func rowSource(_ bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> (any FileRowSource)? {
    try TIFFRowSource(bytes, pixelLimit: pixelLimit)
  }
}
#endif
