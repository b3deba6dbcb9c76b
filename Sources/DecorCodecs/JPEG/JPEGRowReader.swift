#if JPEG
import DecorCore

import CJPEG

/// One reading of a `JPEGRowSource`, top to bottom once: a `ByteReader` of its bytes (a file, memory or spooled
/// standard input) and libjpeg's state. Every JPEG decode is one: a render's streamed input, and `JPEGDecoder`'s
/// whole image (every row read into a raster). Every call into libjpeg goes through a C helper of
/// `Sources/CJPEG/shim.h` that holds the `setjmp` and returns a status, so libjpeg's `longjmp` never crosses a Swift
/// frame; libjpeg pulls the compressed bytes through a C function that asks the `ByteReader` and returns before
/// libjpeg goes on. libjpeg writes the scanlines straight into the caller's buffer (RGBA, or CMYK converted to sRGB
/// in place by the source's `CMYKConversion`).
///
/// Not `Sendable`: it belongs to one render, which serialises its calls. The input is closed after the last row, on
/// the first error, or when the reader goes.
public final class JPEGRowReader: RowReader {
  public let width: Int
  public let height: Int
  /// The file's name in error messages.
  public let source: String
  /// The next row `readRows` gives.
  public private(set) var nextRow = 0
  /// How many libjpeg warnings were passed over so far, and the first one's words (see `JPEGRowSource`).
  public private(set) var warnings = 0
  public private(set) var firstWarning: String?

  private var jpeg: UnsafeMutablePointer<decor_jpeg_reader>?
  /// The bytes libjpeg reads, kept alive as long as `jpeg` (which points at it).
  private var input: ByteReader?
  /// Where the first warning goes, for the source's caller.
  private let log: DecodeWarnings?
  /// How CMYK rows become RGBA, for a CMYK or YCCK file.
  private let cmyk: ((UnsafeMutableRawPointer, Int) -> Void)?
  /// The error that made the reader unusable, thrown again by every later call.
  private var failure: CodecError?

  /// Opens the bytes, checks their header against `width` × `height` (the source's) and `pixelLimit`, and starts
  /// libjpeg (which allocates its buffers, and reads a progressive file's scans).
  init(bytes: ByteSource, source: String, scale: JPEGRowSource.Scale, width: Int, height: Int, pixelLimit: Int,
    cmyk conversion: CMYKConversion?, warnings log: DecodeWarnings? = nil) throws(CodecError)
  {
    self.log = log
    let (jpeg, input) = try JPEGRowReader.openHeader(bytes: bytes, source: source, scale: scale,
      pixelLimit: pixelLimit)
    let cinfo = jpeg.pointee.cinfo
    do {
      try DecodeChecks.unchanged(width: Int(cinfo.output_width), height: Int(cinfo.output_height),
        was: (width, height), source: source)
    } catch {
      JPEGRowReader.release(jpeg)
      throw error
    }
    guard decor_jpeg_reader_start(jpeg) == Int32(DECOR_JPEG_OK) else {
      let error = JPEGRowReader.error(jpeg, input: input, source: source)
      JPEGRowReader.release(jpeg)
      throw error
    }
    self.jpeg = jpeg
    self.input = input
    self.width = width
    self.height = height
    self.source = source
    cmyk =
      jpeg.pointee.cmyk == 0
      ? nil : (conversion ?? CMYKConversion(inverted: true, profile: nil)).converter()
    takeWarnings()
  }

  deinit { JPEGRowReader.release(jpeg) }

  public func readRows(count: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws(CodecError) {
    if let failure { throw failure }
    precondition(count >= 0 && nextRow + count <= height, "rows \(nextRow)..<\(nextRow + count) of \(height)")
    precondition(buffer.count >= width * count, "a buffer of \(buffer.count) pixels for \(count) rows of \(width)")
    guard count > 0 else { return }
    do throws(CodecError) {
      guard let jpeg else { throw .corrupt(source: source, detail: "the reader is closed") }
      let rows = UnsafeMutableRawPointer(buffer.baseAddress!)
      guard decor_jpeg_reader_read(jpeg, rows.assumingMemoryBound(to: UInt8.self), width * 4, UInt32(count))
        == Int32(DECOR_JPEG_OK)
      else { throw JPEGRowReader.error(jpeg, input: input, source: source) }
      cmyk?(rows, width * count)
      nextRow += count
      if nextRow == height {
        // The rest of the file up to EOI, as TurboJPEG reads it; then the file and libjpeg's memory go now, not
        // when the render drops the reader.
        guard decor_jpeg_reader_finish(jpeg) == Int32(DECOR_JPEG_OK) else {
          throw JPEGRowReader.error(jpeg, input: input, source: source)
        }
        takeWarnings()
        JPEGRowReader.release(jpeg)
        self.jpeg = nil
        input = nil
      }
    } catch {
      failure = error
      JPEGRowReader.release(jpeg)
      jpeg = nil
      input = nil
      throw error
    }
    takeWarnings()
  }

  /// Copies the warning count and first words out of the C state (which goes after the last row).
  private func takeWarnings() {
    guard let jpeg else { return }
    warnings = Int(jpeg.pointee.warnings)
    if warnings > 0, firstWarning == nil {
      let words = withUnsafeBytes(of: jpeg.pointee.warning) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      firstWarning = words
      log?.record(words)
    }
  }

  /// Starts libjpeg on `bytes`, reads the header and sets the scaling, then checks the sizes against `pixelLimit`:
  /// the rows', and a progressive file's stored size (libjpeg keeps all its coefficients). The caller releases the
  /// state it gets, and keeps the byte reader (which the state points at) for as long.
  static func openHeader(bytes: ByteSource, source: String, scale: JPEGRowSource.Scale, pixelLimit: Int)
    throws(CodecError) -> (UnsafeMutablePointer<decor_jpeg_reader>, ByteReader)
  {
    let input = try bytes.openReader()
    var reader: UnsafeMutablePointer<decor_jpeg_reader>?
    let status = decor_jpeg_reader_open({ ByteReader.read(context: $0, buffer: $1, capacity: $2) },
      Unmanaged.passUnretained(input).toOpaque(), UInt32(scale.rawValue), &reader)
    guard let jpeg = reader else { throw .io(path: source, detail: "cannot allocate libjpeg's reader") }
    guard status == Int32(DECOR_JPEG_OK) else {
      var error = JPEGRowReader.error(jpeg, input: input, source: source)
      // A frame libjpeg-turbo does not decode, named from the same header bytes by every JPEG reader.
      if status == Int32(DECOR_JPEG_CORRUPT), let prefix = bytes.prefix(1 << 16),
        let variant = JPEGMarkers.unsupportedVariant(prefix)
      {
        error = .unsupportedVariant(source: source, detail: variant)
      }
      release(jpeg)
      throw error
    }
    let cinfo = jpeg.pointee.cinfo
    var sizes = [(Int(cinfo.output_width), Int(cinfo.output_height))]
    if cinfo.progressive_mode != 0 { sizes.append((Int(cinfo.image_width), Int(cinfo.image_height))) }
    do {
      for (w, h) in sizes { try DecodeChecks.pixelLimit(width: w, height: h, limit: pixelLimit, source: source) }
    } catch {
      release(jpeg)
      throw error
    }
    return (jpeg, input)
  }

  /// How the CMYK values of the file whose header `jpeg` read become RGBA (`nil` when it is not CMYK or YCCK):
  /// inverted, as Adobe applications write every CMYK JPEG and libvips and Pillow read every one (with or without
  /// Adobe's APP14 marker), through its ICC profile.
  static func cmykConversion(_ jpeg: UnsafeMutablePointer<decor_jpeg_reader>) -> CMYKConversion? {
    guard jpeg.pointee.cmyk != 0 else { return nil }
    var data: UnsafeMutablePointer<JOCTET>?
    var length: UInt32 = 0
    var profile: [UInt8]?
    if decor_jpeg_reader_icc(jpeg, &data, &length) != 0, let data {
      profile = Array(UnsafeBufferPointer(start: data, count: Int(length)))
    }
    free(data)
    return CMYKConversion(inverted: true, profile: profile)
  }

  static func release(_ jpeg: UnsafeMutablePointer<decor_jpeg_reader>?) { decor_jpeg_reader_close(jpeg) }

  static func message(_ jpeg: UnsafeMutablePointer<decor_jpeg_reader>) -> String {
    withUnsafeBytes(of: jpeg.pointee.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }

  /// Why libjpeg stopped: the input's read error when there was one, else libjpeg's words.
  static func error(_ jpeg: UnsafeMutablePointer<decor_jpeg_reader>, input: ByteReader?, source: String)
    -> CodecError
  {
    if jpeg.pointee.read_failed != 0, let failure = input?.failure { return failure }
    let detail = message(jpeg)
    return .corrupt(source: source, detail: detail.isEmpty ? "libjpeg could not decode the image" : detail)
  }
}
#endif
