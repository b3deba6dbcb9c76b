import DecorCore

/// How a TIFF file is written (`TIFFEncoder`): the compression of its strips. Every choice is lossless.
public struct TIFFOptions: Sendable, Equatable {
  /// A strip compression TIFF readers share.
  public enum Compression: String, Sendable, CaseIterable {
    /// Deflate (zlib), tag value 8: the smallest files here, read by every current reader (libtiff, Pillow,
    /// libvips, Photoshop).
    case deflate
    /// LZW, tag value 5: the older choice, read by every TIFF reader.
    case lzw
    /// No compression: the largest files, the fastest to write and read.
    case none
  }

  /// Deflate by default, as libvips' `tiffsave` offers and Pillow's `compression="tiff_adobe_deflate"` writes.
  public var compression: Compression

  public init(compression: Compression = .deflate) { self.compression = compression }
}
