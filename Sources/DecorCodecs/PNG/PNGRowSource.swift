import DecorCore

/// A PNG file (or PNG bytes in memory, or standard input: any `ByteSource`) read row by row (libpng's full API,
/// through `PNGRowReader`): Decor's one PNG reader, that `PNGDecoder` reads whole images with too. A render holds a
/// few rows of it rather than the whole image, so a 32768² PNG streams from a pipe as from a path.
///
/// Every colour type, bit depths 1–16, palettes, `tRNS`; samples taken as sRGB-encoded whatever the colour-space
/// chunks say, and 16-bit samples premultiplied at 16 bits (libpng's rounding) then rounded to 8 (see
/// `PNGRowReader`).
///
/// Memory: libpng's few rows for a non-interlaced file; an interlaced (Adam7) one is decoded whole when its first
/// rows are asked (its last pass holds every other row, so no row is complete before the end of the file), then
/// served as rows: one image (read into a raster whole, it is decoded straight into the raster). The whole image is
/// 8-bit premultiplied pixels for a render at 8 bits; for a 16-bit file read at 16 bits it is the file's 16-bit
/// samples, so that an interlaced 16-bit file gives the same 16-bit pixels as the same image not interlaced.
///
/// Constructing one reads the header only (and walks the chunk headers, refusing input cut short before `IEND`);
/// each `openRows()` reads the bytes again from their start, so that every render reads with its own state.
public struct PNGRowSource: FileRowSource, DeepRowSource {
  /// The bytes read: a file, bytes in memory or spooled standard input.
  public let bytes: ByteSource
  /// The file read, or the source's name when it is not a file.
  @available(*, deprecated, message: "a PNG row source reads any ByteSource: use bytes (bytes.path for a file)")
  public var path: String { bytes.path ?? bytes.name }
  /// The file's name in error messages.
  public let source: String
  public let width: Int
  public let height: Int
  /// The file's bit depth (1, 2, 4, 8 or 16) and whether it is Adam7-interlaced (read whole, see the type's notes).
  public let bitDepth: Int
  public let isInterlaced: Bool
  /// Whether the file is greyscale (colour type 0 or 4): every pixel grey.
  public let isGrey: Bool
  /// Whether the file has neither an alpha channel nor a transparent colour (`tRNS`): every pixel opaque.
  package let isOpaque: Bool
  /// The most pixels the image may have, checked before anything is allocated (again by every reader).
  public let pixelLimit: Int

  /// Reads the header of the PNG file at `path`, named `source` in errors.
  ///
  /// - Throws: as `init(_:pixelLimit:)`; `CodecError.io` too when the file is not a regular file (every render
  ///   reads it again).
  public init(contentsOfFile path: String, source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError)
  {
    try self.init(ByteSource(contentsOfFile: path, name: source), pixelLimit: pixelLimit)
  }

  /// Reads the header of the PNG bytes of `bytes` (named `bytes.name` in errors), checking its size against
  /// `pixelLimit`.
  ///
  /// - Throws: `CodecError.io` when the input cannot be opened or read, `.corrupt` with libpng's message for a bad
  ///   header or input cut short, `.tooLarge`.
  public init(_ bytes: ByteSource, pixelLimit: Int = Raster.defaultPixelLimit) throws(CodecError) {
    let source = bytes.name
    let (header, input) = try PNGRowReader.openHeader(bytes: bytes, source: source, pixelLimit: pixelLimit)
    defer {
      PNGRowReader.release(header)
      withExtendedLifetime(input) {}
    }
    self.bytes = bytes
    self.source = source
    self.pixelLimit = pixelLimit
    width = Int(header.pointee.width)
    height = Int(header.pointee.height)
    bitDepth = Int(header.pointee.bit_depth)
    isInterlaced = header.pointee.interlaced != 0
    isGrey = header.pointee.color_type & 2 == 0
    isOpaque = header.pointee.opaque != 0
  }

  /// The EXIF orientation the `eXIf` chunk records (not applied: rows come as stored), or `nil` when it records
  /// none: read from the chunks when asked (the image data skipped), as `PNGDecoder` reads the metadata.
  public var orientation: ExifOrientation? {
    PNGDecoder.storedMetadata(from: bytes).exif.flatMap(ExifOrientation.init(exif:))
  }

  /// A reader positioned before row 0, with its own reading of the bytes and libpng state.
  ///
  /// - Throws: as `init`, and `.corrupt` if the file's size is no longer the one read by `init`.
  public func openRows() throws(CodecError) -> any RowReader { try openPNGRows() }

  /// `openRows()` with its concrete type.
  public func openPNGRows() throws(CodecError) -> PNGRowReader {
    try PNGRowReader(bytes: bytes, source: source, width: width, height: height, pixelLimit: pixelLimit)
  }

  /// Translucent pixels, or 16-bit samples, which a render keeps at 16 bits; not for an interlaced file of fewer
  /// than 16 bits, whose whole image is decoded at 8 bits premultiplied (see the type's notes).
  package var holdsMoreThanEightBits: Bool { bitDepth == 16 || !isOpaque && !isInterlaced }

  /// 16 for a 16-bit file, else 8.
  package var sourceDepth: Int { bitDepth == 16 ? 16 : 8 }

  /// `png rocket.png 1024x768 8-bit interlaced`.
  public var description: String {
    "png \(source) \(width)x\(height) \(bitDepth)-bit" + (isInterlaced ? " interlaced" : "")
  }
}
