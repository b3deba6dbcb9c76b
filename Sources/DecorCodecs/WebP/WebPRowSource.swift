#if WebP
import DecorCore

import CWebP

/// A WebP file (or WebP bytes in memory, or standard input: any `ByteSource`) read through libwebp's incremental
/// decoder (`WebPIDecoder`, in `WebPRowReader`): Decor's one WebP reader, that `WebPDecoder` reads whole images
/// with too. The bytes are fed to libwebp in pieces and each row is served as soon as libwebp has decoded it, so the
/// file is never held whole by Decor and the first rows come before the last bytes are read.
///
/// The rows are libwebp's defaults, straight RGBA premultiplied by Decor's own rounding (`Premultiplication`). An
/// animated file gives its first frame, composed on the canvas as libwebp's animation decoder draws it, read whole
/// (libwebp's animation decoder takes the whole file).
///
/// Memory: libwebp's public API decodes into a whole-image buffer (it has no per-row output), so a reader maps one
/// (address space, 4 bytes a pixel) and gives the pages of the rows it has served back to the system: what stays
/// resident is the rows decoded but not yet served, and libwebp's own state: for a lossy file a few rows and the
/// compressed data of the partition being read, for a lossless one its whole image (its backward references reach
/// anywhere above).
public struct WebPRowSource: FileRowSource {
  /// The bytes read: a file, bytes in memory or spooled standard input.
  public let bytes: ByteSource
  /// The file read, or the source's name when it is not a file.
  @available(*, deprecated, message: "a WebP row source reads any ByteSource: use bytes (bytes.path for a file)")
  public var path: String { bytes.path ?? bytes.name }
  /// The file's name in error messages.
  public let source: String
  public let width: Int
  public let height: Int
  /// Whether the file is an animation (whose first frame is read whole; see the type's notes).
  public let isAnimated: Bool
  /// The most pixels the image may have, checked before anything is allocated (again by every reader).
  public let pixelLimit: Int

  /// Reads the headers of the WebP file at `path`.
  ///
  /// - Throws: as `init(_:pixelLimit:)`.
  public init(contentsOfFile path: String, source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError)
  {
    try self.init(ByteSource(contentsOfFile: path, name: source), pixelLimit: pixelLimit)
  }

  /// Reads the headers of the WebP bytes of `bytes` (their first bytes only), named `bytes.name` in errors.
  ///
  /// - Throws: `CodecError.io` when the input cannot be opened or read, `.corrupt` when libwebp cannot read the
  ///   headers, `.tooLarge`.
  public init(_ bytes: ByteSource, pixelLimit: Int = Raster.defaultPixelLimit) throws(CodecError) {
    let features = try WebPRowReader.features(bytes: bytes, pixelLimit: pixelLimit)
    self.bytes = bytes
    source = bytes.name
    self.pixelLimit = pixelLimit
    (width, height) = (Int(features.width), Int(features.height))
    isAnimated = features.has_animation != 0
  }

  /// The EXIF orientation the `EXIF` chunk records (not applied: rows come as stored), or `nil` when it records
  /// none: read from the chunks when asked (the image data skipped), as `WebPDecoder` reads the metadata.
  public var orientation: ExifOrientation? {
    WebPDecoder.storedMetadata(from: bytes).exif.flatMap(ExifOrientation.init(exif:))
  }

  /// A reader positioned before row 0, with its own reading of the bytes and libwebp decoder.
  ///
  /// - Throws: as `init`, and `.corrupt` if the file's size is no longer the one read by `init`.
  public func openRows() throws(CodecError) -> any RowReader { try openWebPRows() }

  /// `openRows()` with its concrete type.
  public func openWebPRows() throws(CodecError) -> WebPRowReader {
    try WebPRowReader(bytes: bytes, width: width, height: height, animated: isAnimated, pixelLimit: pixelLimit)
  }

  /// `webp photo.webp 1024x768`, `…, animated`.
  public var description: String { "webp \(source) \(width)x\(height)" + (isAnimated ? ", animated" : "") }
}
#endif
