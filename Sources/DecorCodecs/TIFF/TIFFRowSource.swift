#if TIFF
import DecorCore

import CTIFF

/// A TIFF file (or TIFF bytes in memory, or standard input: any `ByteSource`) read as a render needs its rows
/// (`TIFFRowReader`, libtiff over the source's bytes): Decor's one TIFF reader, that `TIFFDecoder` reads whole
/// images with too. Strip by strip, or row of tiles by row of tiles, each decoded once, so the file is never decoded
/// whole unless it is one strip.
///
/// - One image (directory) of the file, the first by default (`page`); `pageCount` says how many there are.
/// - Strips or tiles, any compression, sample size and colour model libtiff's RGBA interface reads (see
///   `TIFFDecoder`), converted one strip's or one row of tiles' rows at a time; 16-bit greyscale and RGB read
///   sample by sample (`TIFFDecoder.readSixteenBit`).
/// - The rows come as stored, whatever the orientation tag says (`orientation` reports it; `TIFFDecoder` applies
///   it); a file whose orientation tag is not one of the eight (`isStreamable` false) is converted whole, turned top
///   row first as libtiff reads it, at the first read, and its rows served from that.
/// - 8-bit CMYK is converted to sRGB through the file's ICC profile, or a default CMYK profile
///   (`CMYKConversion`), rather than by libtiff's naive product.
///
/// Memory: one strip's (or one row of tiles') pixels at 4 bytes a pixel, and libtiff's buffer for its compressed
/// and decoded samples; the whole image for a file written as a single strip (as some writers do for small images)
/// or not stored top row first. libtiff reads the source at the offsets it seeks to: a file or spooled standard
/// input is never held whole.
public struct TIFFRowSource: RowSource, DeepRowSource {
  /// The bytes read: a file, bytes in memory or spooled standard input.
  public let bytes: ByteSource
  /// The file read, or the source's name when it is not a file.
  @available(*, deprecated, message: "a TIFF row source reads any ByteSource: use bytes (bytes.path for a file)")
  public var path: String { bytes.path ?? bytes.name }
  /// The file's name in error messages.
  public let source: String
  public let width: Int
  public let height: Int
  /// How many rows each read decodes at once: the rows per strip, or the tile length; the height when the file is
  /// not streamable.
  public let rowsPerChunk: Int
  /// Whether the file is read strip by strip, in its stored order; otherwise (an orientation tag outside 1 to 8)
  /// each reader converts it whole.
  public let isStreamable: Bool
  /// The orientation the file's tag records (`.up` when it has none; `nil` for a value outside 1 to 8): how the
  /// stored rows must be turned to show the picture upright, as for a JPEG's EXIF orientation. Not applied here.
  public let orientation: ExifOrientation?
  /// The most pixels the image may have, checked before anything is allocated (again by every reader).
  public let pixelLimit: Int
  /// How many images (pages) the file holds.
  public let pageCount: Int
  /// The page read, from 0 (the first).
  public let page: Int
  /// Whether the samples are 16-bit grey or RGB, which a render at 16 bits reads as they are.
  let readsSixteenBit: Bool
  /// Bits a sample of the file.
  let bitsPerSample: Int

  /// Reads the first directory of the TIFF file at `path`.
  ///
  /// - Throws: as `init(_:pixelLimit:)`.
  public init(contentsOfFile path: String, source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError)
  {
    try self.init(ByteSource(contentsOfFile: path, name: source), pixelLimit: pixelLimit)
  }

  /// Reads the first directory of the TIFF bytes of `bytes` (named `bytes.name` in errors).
  ///
  /// - Throws: as `init(_:page:pixelLimit:)`.
  public init(_ bytes: ByteSource, pixelLimit: Int = Raster.defaultPixelLimit) throws(CodecError) {
    try self.init(bytes, page: 0, pixelLimit: pixelLimit)
  }

  /// Reads directory `page` (from 0) of the TIFF bytes of `bytes` (named `bytes.name` in errors): the directories
  /// before it are read, not their pixels.
  ///
  /// - Throws: `CodecError.io` when the input cannot be opened or read, `.corrupt` when libtiff cannot read it (or
  ///   cannot convert its pixels) or the file has no such page (`page N: …` for any page but the first),
  ///   `.tooLarge`.
  public init(_ bytes: ByteSource, page: Int, pixelLimit: Int = Raster.defaultPixelLimit) throws(CodecError) {
    let reader = try TIFFRowReader(bytes: bytes, page: page, pixelLimit: pixelLimit)
    self.bytes = bytes
    self.page = page
    source = bytes.name
    self.pixelLimit = pixelLimit
    (width, height, rowsPerChunk) = (reader.width, reader.height, reader.rowsPerChunk)
    isStreamable = reader.isStreamable
    orientation = reader.orientation
    pageCount = reader.pageCount
    readsSixteenBit = reader.readsSixteenBit
    bitsPerSample = reader.bitsPerSample
  }

  /// 16-bit grey or RGB samples stored top row first, which a render keeps at 16 bits (8-bit files come through
  /// libtiff's RGBA interface already premultiplied at 8 bits: nothing more to keep).
  package var holdsMoreThanEightBits: Bool { readsSixteenBit && isStreamable }

  /// 16 for a 16-bit file, else 8.
  package var sourceDepth: Int { bitsPerSample > 8 ? 16 : 8 }

  /// A reader positioned before row 0, with its own reading of the bytes and libtiff state.
  ///
  /// - Throws: as `init`, and `.corrupt` if the file's size is no longer the one read by `init`.
  public func openRows() throws(CodecError) -> any RowReader { try openTIFFRows() }

  /// `openRows()` with its concrete type.
  public func openTIFFRows() throws(CodecError) -> TIFFRowReader { try openTIFFRows(sharing: CMYKTransforms()) }

  /// `openTIFFRows()` whose CMYK transform comes from `transforms`, those of the input's reading.
  func openTIFFRows(sharing transforms: CMYKTransforms) throws(CodecError) -> TIFFRowReader {
    let reader = try TIFFRowReader(bytes: bytes, page: page, pixelLimit: pixelLimit, transforms: transforms)
    try DecodeChecks.unchanged(width: reader.width, height: reader.height, was: (width, height), source: source)
    return reader
  }

  /// `tiff photo.tif 1024x768, 16 rows a strip`.
  public var description: String {
    "tiff \(source) \(width)x\(height), \(rowsPerChunk) rows a strip"
      + (orientation.map { $0 == .up ? "" : ", orientation \($0.rawValue)" } ?? "")
      + (page == 0 ? "" : ", page \(page + 1) of \(pageCount)")
  }
}
#endif
