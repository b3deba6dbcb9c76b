import DecorCore

/// A PNG file read row by row (libpng's full API, through `PNGRowReader`), so that the render holds a few rows of
/// it rather than the whole image: what reads a 32768² PNG, which `PNGCodec` (libpng's simplified API, the whole
/// image at once) cannot.
///
/// The rows are exactly `PNGCodec.decode`'s, byte for byte: every colour type, bit depths 1–16, palettes, `tRNS`,
/// samples taken as sRGB-encoded whatever the colour-space chunks say, and 16-bit samples premultiplied at 16 bits
/// (libpng's rounding) then rounded to 8 as `PNGCodec.reduceTo8Bits` does (see `PNGRowReader`).
///
/// Memory: libpng's few rows for a non-interlaced file; an interlaced (Adam7) one is decoded whole into 8-bit
/// premultiplied pixels when its first rows are asked (its last pass holds every other row, so no row is complete
/// before the end of the file), then served as rows: one image, as `PNGCodec` would hold.
///
/// Constructing one reads the header only (and walks the chunk headers, for the same truncation check as
/// `PNGCodec`); each `openRows()` opens the file again, so that every render reads with its own state.
public struct PNGRowSource: RowSource {
  /// The file read.
  public let path: String
  /// The file's name in error messages.
  public let source: String
  public let width: Int
  public let height: Int
  /// The file's bit depth (1, 2, 4, 8 or 16) and whether it is Adam7-interlaced (read whole, see the type's notes).
  public let bitDepth: Int
  public let isInterlaced: Bool
  /// Whether the file is greyscale (colour type 0 or 4): every pixel grey.
  public let isGrey: Bool
  /// The most pixels the image may have, checked before anything is allocated (again by every reader).
  public let pixelLimit: Int

  /// Reads the header of the PNG file at `path`, checking its size against `pixelLimit`.
  ///
  /// - Throws: `CodecError.io` when the file cannot be opened or is not a regular file (every render reads it
  ///   again), `.corrupt` with libpng's message for a bad header or a file cut short (its chunk headers are walked
  ///   as by `PNGCodec`), `.tooLarge`.
  public init(contentsOfFile path: String, source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError)
  {
    let header = try PNGRowReader.openHeader(path: path, source: source, pixelLimit: pixelLimit)
    defer { PNGRowReader.release(header) }
    self.path = path
    self.source = source
    self.pixelLimit = pixelLimit
    width = Int(header.pointee.width)
    height = Int(header.pointee.height)
    bitDepth = Int(header.pointee.bit_depth)
    isInterlaced = header.pointee.interlaced != 0
    isGrey = header.pointee.color_type & 2 == 0
  }

  /// A reader positioned before row 0, with its own open file and libpng state.
  ///
  /// - Throws: as `init`, and `.corrupt` if the file's size is no longer the one read by `init`.
  public func openRows() throws(CodecError) -> any RowReader { try openPNGRows() }

  /// `openRows()` with its concrete type.
  public func openPNGRows() throws(CodecError) -> PNGRowReader {
    try PNGRowReader(path: path, source: source, width: width, height: height, pixelLimit: pixelLimit)
  }

  /// `png rocket.png 1024x768 8-bit interlaced`.
  public var description: String {
    "png \(source) \(width)x\(height) \(bitDepth)-bit" + (isInterlaced ? " interlaced" : "")
  }
}
