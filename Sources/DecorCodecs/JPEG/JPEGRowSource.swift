#if JPEG
import DecorCore

import CJPEG

/// A JPEG file (or JPEG bytes in memory, or standard input: any `ByteSource`) read by scanlines (libjpeg-turbo's
/// libjpeg API, through `JPEGRowReader`): Decor's one JPEG reader, that `JPEGDecoder` reads whole images with too.
/// Optionally shrunk on load
/// by libjpeg's DCT scaling, as libvips' `vipsthumbnail` and Pillow's `draft` do: at 1/8 only each block's DC
/// coefficient is transformed, so a large photo that every consumer downscales by 8 or more costs a fraction of
/// its full decode, in time and in memory.
///
/// - At `.full` scale the rows are exactly `JPEGDecoder`'s without `autoOrient` (which reads them), and TurboJPEG's
///   `tjDecompress2`'s byte for byte (the tests keep TurboJPEG as the oracle): libjpeg's defaults as TurboJPEG keeps
///   them (the accurate integer DCT, smooth chroma upsampling), RGBA from colour and greyscale files; CMYK and YCCK
///   files are converted to sRGB through their ICC profile, or a default CMYK profile (`CMYKConversion`).
/// - At 1/2, 1/4 and 1/8 the image is `⌈w / n⌉ × ⌈h / n⌉`, close to a full decode followed by an area-average
///   downscale (the tests measure how close).
/// - The rows come as stored: the EXIF `orientation` is reported, not applied (a render turns the image with its
///   own stages).
/// - Warnings do not stop the reading (browsers show such files), except a file ending early, which is an error
///   rather than the grey rows libjpeg would invent; the first words of each reading are kept in `warnings`, for
///   the caller to show. The same files decode and fail as through `JPEGDecoder`.
///
/// Memory: libjpeg's few rows of blocks, except for a progressive file, whose every coefficient libjpeg keeps (about
/// two bytes per sample of the stored image, whatever the scale): its stored size is checked against the pixel
/// limit too.
public struct JPEGRowSource: FileRowSource {
  /// A DCT scaling that libjpeg does while decoding: the image is 1/`rawValue` of the stored size on each side.
  public enum Scale: Int, Sendable, CaseIterable, CustomStringConvertible {
    case full = 1
    case half = 2
    case quarter = 4
    case eighth = 8

    /// The smallest decode that a downscale by `factor` (≥ 1: output = input / factor) can start from without
    /// upscaling: the largest of 1, 2, 4, 8 not over `factor`. The rest of the downscale is the consumer's.
    public init(downscale factor: Double) {
      self = [.eighth, .quarter, .half].first { Double($0.rawValue) <= factor } ?? .full
    }

    public var description: String { self == .full ? "1" : "1/\(rawValue)" }
  }

  /// The bytes read: a file, bytes in memory or spooled standard input.
  public let bytes: ByteSource
  /// The file read, or the source's name when it is not a file.
  @available(*, deprecated, message: "a JPEG row source reads any ByteSource: use bytes (bytes.path for a file)")
  public var path: String { bytes.path ?? bytes.name }
  /// The file's name in error messages.
  public let source: String
  /// The DCT scaling asked for.
  public let scale: Scale
  /// The size of the rows: the stored size scaled (`⌈stored / n⌉`).
  public let width: Int
  public let height: Int
  /// The size stored in the file.
  public let storedWidth: Int
  public let storedHeight: Int
  /// The EXIF orientation the file records (not applied: rows come as stored), or `nil` when it records none.
  public let orientation: ExifOrientation?
  /// Whether the file is progressive (libjpeg then holds all its coefficients; see the type's notes).
  public let isProgressive: Bool
  /// Whether the file is greyscale (one component): every pixel grey.
  public let isGrey: Bool
  /// How a CMYK or YCCK file's values become sRGB; `nil` for any other file.
  package let cmyk: CMYKConversion?
  /// The most pixels the rows may have (and, for a progressive file, the stored image), checked before anything
  /// is allocated (again by every reader).
  public let pixelLimit: Int
  /// The warnings this source's readers passed over (libjpeg's first words of each reading), shown once the render
  /// is done, as `DecodedImage.warnings` are.
  public package(set) var warnings = DecodeWarnings()

  /// Reads the header of the JPEG file at `path`.
  ///
  /// - Throws: as `init(_:scale:pixelLimit:)`.
  public init(contentsOfFile path: String, source: String, scale: Scale = .full,
    pixelLimit: Int = Raster.defaultPixelLimit) throws(CodecError)
  {
    try self.init(ByteSource(contentsOfFile: path, name: source), scale: scale, pixelLimit: pixelLimit)
  }

  /// Reads the header of the JPEG bytes of `bytes` (named `bytes.name` in errors).
  ///
  /// - Throws: `CodecError.io` when the input cannot be opened or read, `.corrupt` with libjpeg's message for a bad
  ///   header, `.unsupportedVariant` for a frame libjpeg-turbo does not decode, `.tooLarge`.
  public init(_ bytes: ByteSource, scale: Scale = .full, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError)
  {
    let source = bytes.name
    let (jpeg, input) = try JPEGRowReader.openHeader(bytes: bytes, source: source, scale: scale,
      pixelLimit: pixelLimit)
    defer {
      JPEGRowReader.release(jpeg)
      withExtendedLifetime(input) {}
    }
    self.bytes = bytes
    self.source = source
    self.scale = scale
    self.pixelLimit = pixelLimit
    let cinfo = jpeg.pointee.cinfo
    (width, height) = (Int(cinfo.output_width), Int(cinfo.output_height))
    (storedWidth, storedHeight) = (Int(cinfo.image_width), Int(cinfo.image_height))
    isProgressive = cinfo.progressive_mode != 0
    isGrey = cinfo.jpeg_color_space == JCS_GRAYSCALE
    orientation = JPEGRowSource.exifOrientation(cinfo)
    cmyk = JPEGRowReader.cmykConversion(jpeg)
  }

  /// The same bytes read at another DCT scale, sharing this source's warnings.
  ///
  /// - Throws: as `init(_:scale:pixelLimit:)`.
  public func scaled(_ scale: Scale) throws(CodecError) -> JPEGRowSource {
    var scaled = try JPEGRowSource(bytes, scale: scale, pixelLimit: pixelLimit)
    scaled.warnings = warnings
    return scaled
  }

  /// A reader positioned before row 0, with its own reading of the bytes and libjpeg state.
  ///
  /// - Throws: as `init`, and `.corrupt` if the file's size is no longer the one read by `init`.
  public func openRows() throws(CodecError) -> any RowReader { try openJPEGRows() }

  /// `openRows()` with its concrete type.
  public func openJPEGRows() throws(CodecError) -> JPEGRowReader {
    try JPEGRowReader(bytes: bytes, source: source, scale: scale, width: width, height: height, pixelLimit: pixelLimit,
      cmyk: cmyk, warnings: warnings)
  }

  /// `jpeg photo.jpg 1024x768 (1/8 of 8192x6144), progressive, orientation 6`.
  public var description: String {
    "jpeg \(source) \(width)x\(height)" + (scale == .full ? "" : " (\(scale) of \(storedWidth)x\(storedHeight))")
      + (isProgressive ? ", progressive" : "") + (orientation.map { ", orientation \($0.rawValue)" } ?? "")
  }

  /// The orientation in the first APP1 `Exif` marker libjpeg kept.
  static func exifOrientation(_ cinfo: jpeg_decompress_struct) -> ExifOrientation? {
    let exif: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
    var marker = cinfo.marker_list
    while let m = marker {
      if Int32(m.pointee.marker) == DECOR_JPEG_APP1, m.pointee.data_length >= 14, let data = m.pointee.data {
        let body = Array(UnsafeBufferPointer(start: data, count: Int(m.pointee.data_length)))
        if body.starts(with: exif) {
          return ExifOrientation.tiffOrientation(body, tiff: 6, end: body.count).flatMap(ExifOrientation.init)
        }
      }
      marker = m.pointee.next
    }
    return nil
  }
}
#endif
