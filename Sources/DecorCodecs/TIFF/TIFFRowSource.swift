#if TIFF
import DecorCore

import CTIFF

/// A TIFF file read as a render needs its rows (`TIFFRowReader`): strip by strip, or row of tiles by row of tiles,
/// each decoded once, so the file is never decoded whole unless it is one strip.
///
/// The rows are exactly `TIFFDecoder`'s, byte for byte (libtiff's RGBA interface asked for one strip's or one row of
/// tiles' rows at a time, and `TIFFDecoder.readSixteenBit` for 16-bit greyscale and RGB). Only files stored top row
/// first are read this way (`isStreamable`); any other orientation is decoded whole by `TIFFDecoder`.
///
/// Memory: one strip's (or one row of tiles') pixels at 4 bytes a pixel, and libtiff's buffer for its compressed
/// and decoded samples. A file written as a single strip (as some writers do for small images) is therefore held
/// whole, as a lossless WebP is.
public struct TIFFRowSource: RowSource {
  /// The file read.
  public let path: String
  /// The file's name in error messages.
  public let source: String
  public let width: Int
  public let height: Int
  /// How many rows each read decodes at once: the rows per strip, or the tile length.
  public let rowsPerChunk: Int
  /// Whether the file can be read top to bottom this way (stored top row first).
  public let isStreamable: Bool
  /// The most pixels the image may have, checked before anything is allocated (again by every reader).
  public let pixelLimit: Int
  /// How many images (pages) the file holds; the first is the one read.
  public let pageCount: Int

  /// Reads the first directory of the TIFF file at `path`.
  ///
  /// - Throws: `CodecError.corrupt` when libtiff cannot read it (or cannot convert its pixels), `.tooLarge`.
  public init(contentsOfFile path: String, source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError)
  {
    let reader = try TIFFRowReader(path: path, source: source, pixelLimit: pixelLimit)
    self.path = path
    self.source = source
    self.pixelLimit = pixelLimit
    (width, height, rowsPerChunk) = (reader.width, reader.height, reader.rowsPerChunk)
    isStreamable = reader.isStreamable
    pageCount = reader.pageCount
  }

  /// A reader positioned before row 0, with its own open file.
  ///
  /// - Throws: as `init`, and `.corrupt` if the file's size is no longer the one read by `init`.
  public func openRows() throws(CodecError) -> any RowReader {
    let reader = try TIFFRowReader(path: path, source: source, pixelLimit: pixelLimit)
    try DecodeChecks.unchanged(width: reader.width, height: reader.height, was: (width, height), source: source)
    return reader
  }

  /// `tiff photo.tif 1024x768, 16 rows a strip`.
  public var description: String { "tiff \(source) \(width)x\(height), \(rowsPerChunk) rows a strip" }
}
#endif
