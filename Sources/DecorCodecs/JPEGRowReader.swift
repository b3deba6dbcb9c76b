#if JPEG
import DecorCore

import CJPEG

/// One render's reader of a `JPEGRowSource`: an open file and libjpeg's state, top to bottom once. Every call into
/// libjpeg goes through a C helper of `Sources/CJPEG/shim.h` that holds the `setjmp` and returns a status, so
/// libjpeg's `longjmp` never crosses a Swift frame. libjpeg writes the scanlines straight into the caller's buffer
/// (RGBA, or CMYK converted in place).
///
/// Not `Sendable`: it belongs to one render, which serialises its calls. The file is closed after the last row, on
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
  /// Where the first warning goes, for the source's caller.
  private let log: DecodeWarnings?
  private let cmyk: Bool
  /// The error that made the reader unusable, thrown again by every later call.
  private var failure: CodecError?

  /// Opens the file, checks its header against `width` × `height` (the source's) and `pixelLimit`, and starts
  /// libjpeg (which allocates its buffers, and reads a progressive file's scans).
  init(path: String, source: String, scale: JPEGRowSource.Scale, width: Int, height: Int, pixelLimit: Int,
    warnings log: DecodeWarnings? = nil) throws(CodecError)
  {
    self.log = log
    let jpeg = try JPEGRowReader.openHeader(path: path, source: source, scale: scale, pixelLimit: pixelLimit)
    let cinfo = jpeg.pointee.cinfo
    guard Int(cinfo.output_width) == width, Int(cinfo.output_height) == height else {
      let size = "\(cinfo.output_width)x\(cinfo.output_height)"
      JPEGRowReader.release(jpeg)
      throw .corrupt(source: source, detail: "the file changed: now \(size), was \(width)x\(height)")
    }
    guard decor_jpeg_reader_start(jpeg) == Int32(DECOR_JPEG_OK) else {
      let error = JPEGRowReader.error(jpeg, source: source)
      JPEGRowReader.release(jpeg)
      throw error
    }
    self.jpeg = jpeg
    self.width = width
    self.height = height
    self.source = source
    cmyk = jpeg.pointee.cmyk != 0
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
      else { throw JPEGRowReader.error(jpeg, source: source) }
      if cmyk { JPEGRowReader.invertedCMYKToRGBA(rows, count: width * count) }
      nextRow += count
      if nextRow == height {
        // The rest of the file up to EOI, as TurboJPEG reads it; then the file and libjpeg's memory go now, not
        // when the render drops the reader.
        guard decor_jpeg_reader_finish(jpeg) == Int32(DECOR_JPEG_OK) else {
          throw JPEGRowReader.error(jpeg, source: source)
        }
        takeWarnings()
        JPEGRowReader.release(jpeg)
        self.jpeg = nil
      }
    } catch {
      failure = error
      JPEGRowReader.release(jpeg)
      jpeg = nil
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

  /// Inverted (Adobe) CMYK to opaque RGBA in place, as `JPEGDecoder.invertedCMYKToRGBA` (round(C × K / 255) for
  /// each of C, M, Y), with raw loads and stores only, since the memory is the caller's `UInt32` buffer.
  static func invertedCMYKToRGBA(_ pixels: UnsafeMutableRawPointer, count: Int) {
    for i in 0..<count {
      let p = pixels + i * 4
      let k = p.load(fromByteOffset: 3, as: UInt8.self)
      for c in 0..<3 {
        p.storeBytes(of: Premultiplication.premultiply(p.load(fromByteOffset: c, as: UInt8.self), k),
          toByteOffset: c, as: UInt8.self)
      }
      p.storeBytes(of: 255, toByteOffset: 3, as: UInt8.self)
    }
  }

  /// Opens `path`, reads its header and sets the scaling, then checks the sizes against `pixelLimit`: the rows',
  /// and a progressive file's stored size (libjpeg keeps all its coefficients). The caller releases what it gets.
  static func openHeader(path: String, source: String, scale: JPEGRowSource.Scale, pixelLimit: Int)
    throws(CodecError) -> UnsafeMutablePointer<decor_jpeg_reader>
  {
    var reader: UnsafeMutablePointer<decor_jpeg_reader>?
    let status = decor_jpeg_reader_open(path, UInt32(scale.rawValue), &reader)
    guard let jpeg = reader else { throw .io(path: source, detail: "cannot allocate libjpeg's reader") }
    guard status == Int32(DECOR_JPEG_OK) else {
      var error = status == Int32(DECOR_JPEG_IO)
        ? CodecError.io(path: source, detail: message(jpeg)) : JPEGRowReader.error(jpeg, source: source)
      // A frame libjpeg-turbo does not decode, named as `JPEGDecoder` names it (from the same header bytes).
      if status == Int32(DECOR_JPEG_CORRUPT), let prefix = ImageFile.prefix(ofRegularFile: path, length: 1 << 16),
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
    for (w, h) in sizes where (try? Raster.byteCount(width: w, height: h, pixelLimit: pixelLimit)) == nil {
      release(jpeg)
      throw .tooLarge(source: source, width: w, height: h, limit: pixelLimit)
    }
    return jpeg
  }

  static func release(_ jpeg: UnsafeMutablePointer<decor_jpeg_reader>?) { decor_jpeg_reader_close(jpeg) }

  static func message(_ jpeg: UnsafeMutablePointer<decor_jpeg_reader>) -> String {
    withUnsafeBytes(of: jpeg.pointee.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }

  static func error(_ jpeg: UnsafeMutablePointer<decor_jpeg_reader>, source: String) -> CodecError {
    let detail = message(jpeg)
    return .corrupt(source: source, detail: detail.isEmpty ? "libjpeg could not decode the image" : detail)
  }
}
#endif
