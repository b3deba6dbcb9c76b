#if WebP
import DecorCore

import CWebP

/// A WebP file read through libwebp's incremental decoder (`WebPIDecoder`, in `WebPRowReader`): the file is fed
/// to libwebp in small pieces and each row is served as soon as libwebp has decoded it, so the file is never held
/// whole and the first rows come before the last bytes are read.
///
/// The rows are exactly `WebPDecoder`'s, byte for byte (libwebp's defaults, straight RGBA premultiplied by Decor's
/// own rounding). An animated file gives its first frame, as `WebPDecoder` does, read whole (libwebp's animation
/// decoder takes the whole file).
///
/// Memory: libwebp's public API decodes into a whole-image buffer (it has no per-row output), so a reader maps one
/// (address space, 4 bytes a pixel) and gives the pages of the rows it has served back to the system: what stays
/// resident is the rows decoded but not yet served, and libwebp's own state: for a lossy file a few rows and the
/// compressed data of the partition being read, for a lossless one its whole image (its backward references reach
/// anywhere above).
public struct WebPRowSource: RowSource {
  /// The file read.
  public let path: String
  /// The file's name in error messages.
  public let source: String
  public let width: Int
  public let height: Int
  /// Whether the file is an animation (whose first frame is read whole; see the type's notes).
  public let isAnimated: Bool
  /// The most pixels the image may have, checked before anything is allocated (again by every reader).
  public let pixelLimit: Int

  /// Reads the headers of the WebP file at `path` (its first bytes only).
  ///
  /// - Throws: `CodecError.io` when the file cannot be read, `.corrupt` when libwebp cannot read the headers,
  ///   `.tooLarge`.
  public init(contentsOfFile path: String, source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError)
  {
    let features = try WebPRowReader.features(path: path, source: source, pixelLimit: pixelLimit)
    self.path = path
    self.source = source
    self.pixelLimit = pixelLimit
    (width, height) = (Int(features.width), Int(features.height))
    isAnimated = features.has_animation != 0
  }

  /// A reader positioned before row 0, with its own open file and libwebp decoder.
  ///
  /// - Throws: as `init`, and `.corrupt` if the file's size is no longer the one read by `init`.
  public func openRows() throws(CodecError) -> any RowReader { try openWebPRows() }

  /// `openRows()` with its concrete type.
  public func openWebPRows() throws(CodecError) -> WebPRowReader {
    try WebPRowReader(path: path, source: source, width: width, height: height, animated: isAnimated,
      pixelLimit: pixelLimit)
  }

  /// `webp photo.webp 1024x768`, `…, animated`.
  public var description: String { "webp \(source) \(width)x\(height)" + (isAnimated ? ", animated" : "") }
}
#endif
