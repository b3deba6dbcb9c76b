#if TIFF
import DecorCore

import CTIFF

/// One render's reader of a `TIFFRowSource`: the file opened by libtiff (which maps it), and the pixels of the
/// strip (or row of tiles) that holds the next rows. libtiff reports errors through the handlers of
/// `Sources/CTIFF/shim.h` and return codes (no `longjmp`), so it is called directly.
///
/// Not `Sendable`: it belongs to one render, which serialises its calls. The file goes after the last row, on the
/// first error, or when the reader goes.
public final class TIFFRowReader: RowReader {
  public let width: Int
  public let height: Int
  /// The file's name in error messages.
  public let source: String
  /// The next row `readRows` gives.
  public private(set) var nextRow = 0
  /// How many rows are decoded at once: the rows per strip, or the tile length.
  let rowsPerChunk: Int
  /// Whether the file is stored top row first (see `TIFFRowSource`).
  let isStreamable: Bool
  /// How many images (directories) the file holds; the first is read.
  var pageCount: Int { tif.map { Swift.max(1, Int(TIFFNumberOfDirectories($0))) } ?? 1 }

  private let layout: TIFFDecoder.Layout
  private var tif: OpaquePointer?
  /// libtiff's messages for this file (its handlers' user data), kept until the file is closed.
  private let io: UnsafeMutablePointer<decor_tiff_io>
  /// libtiff's RGBA conversion state, when the samples are not read by `TIFFDecoder.readSixteenBit`.
  private var rgba: UnsafeMutablePointer<TIFFRGBAImage>?
  /// The premultiplied pixels of rows `chunkStart ..< chunkStart + chunkRows`.
  private var chunk: [UInt32] = []
  private var chunkStart = 0
  private var chunkRows = 0
  /// The error that made the reader unusable, thrown again by every later call.
  private var failure: CodecError?

  init(path: String, source: String, pixelLimit: Int) throws(CodecError) {
    self.source = source
    io = UnsafeMutablePointer<decor_tiff_io>.allocate(capacity: 1)
    io.initialize(to: decor_tiff_io())
    guard let tif = decor_tiff_open_file(path, io) else {
      let detail = TIFFDecoder.message(io, otherwise: "not a TIFF file libtiff reads")
      io.deallocate()
      throw .corrupt(source: source, detail: detail)
    }
    self.tif = tif
    layout = TIFFDecoder.layout(of: tif)
    (width, height) = (layout.width, layout.height)
    var chunkLength: UInt32 = 0
    if TIFFIsTiled(tif) != 0 {
      _ = decor_tiff_get_u32(tif, UInt32(TIFFTAG_TILELENGTH), &chunkLength)
    } else {
      _ = decor_tiff_get_u32(tif, UInt32(TIFFTAG_ROWSPERSTRIP), &chunkLength)
    }
    rowsPerChunk = max(1, min(Int(chunkLength == 0 ? UInt32.max : chunkLength), max(1, height)))
    isStreamable = layout.orientation == ORIENTATION_TOPLEFT
    guard width > 0, height > 0 else {
      finish()
      throw .corrupt(source: source, detail: "an image of \(width)×\(height) pixels")
    }
    do {
      try DecodeChecks.pixelLimit(width: width, height: height, limit: pixelLimit, source: source)
    } catch {
      finish()
      throw error
    }
    if !layout.readsSixteenBit {
      var reason = [CChar](repeating: 0, count: 1024)
      let image = UnsafeMutablePointer<TIFFRGBAImage>.allocate(capacity: 1)
      image.initialize(to: TIFFRGBAImage())
      guard TIFFRGBAImageOK(tif, &reason) != 0, TIFFRGBAImageBegin(image, tif, 1, &reason) != 0 else {
        image.deallocate()
        finish()
        let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw .corrupt(source: source, detail: "unsupported TIFF: \(text)")
      }
      image.pointee.req_orientation = UInt16(ORIENTATION_TOPLEFT)
      rgba = image
    }
  }

  deinit {
    finish()
    io.deallocate()
  }

  /// Closes the file and frees libtiff's conversion state and the rows held.
  private func finish() {
    if let rgba {
      TIFFRGBAImageEnd(rgba)
      rgba.deallocate()
    }
    rgba = nil
    if let tif { TIFFClose(tif) }
    tif = nil
    chunk = []
  }

  public func readRows(count: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws(CodecError) {
    if let failure { throw failure }
    precondition(count >= 0 && nextRow + count <= height, "rows \(nextRow)..<\(nextRow + count) of \(height)")
    precondition(buffer.count >= width * count, "a buffer of \(buffer.count) pixels for \(count) rows of \(width)")
    var served = 0
    while served < count {
      if nextRow >= chunkStart + chunkRows || nextRow < chunkStart {
        do throws(CodecError) {
          try decodeChunk(startingAt: nextRow / rowsPerChunk * rowsPerChunk)
        } catch {
          failure = error
          finish()
          throw error
        }
      }
      let rows = min(count - served, chunkStart + chunkRows - nextRow)
      chunk.withUnsafeBufferPointer { chunk in
        UnsafeMutableRawPointer(buffer.baseAddress! + served * width).copyMemory(
          from: chunk.baseAddress! + (nextRow - chunkStart) * width, byteCount: rows * width * 4)
      }
      served += rows
      nextRow += rows
    }
    if nextRow == height { finish() }
  }

  /// Decodes the strip (or row of tiles) whose first row is `start` into `chunk`.
  private func decodeChunk(startingAt start: Int) throws(CodecError) {
    guard let tif else { throw .corrupt(source: source, detail: "the reader is closed") }
    let rows = min(rowsPerChunk, height - start)
    if chunk.count < rows * width { chunk = [UInt32](repeating: 0, count: rows * width) }
    let layout = layout
    let width = width
    let done = chunk.withUnsafeMutableBufferPointer { pixels -> Bool in
      if let rgba {
        rgba.pointee.row_offset = Int32(start)
        rgba.pointee.col_offset = 0
        guard TIFFRGBAImageGet(rgba, pixels.baseAddress, UInt32(width), UInt32(rows)) != 0 else { return false }
        // libtiff packs each pixel as A << 24 | B << 16 | G << 8 | R: bytes R, G, B, A in little-endian memory.
        #if _endian(big)
          for index in 0..<(width * rows) { pixels[index] = pixels[index].byteSwapped }
        #endif
        TIFFDecoder.clampToAlpha(UnsafeMutableRawBufferPointer(pixels))
        return true
      }
      return UnsafeMutableRawPointer(pixels.baseAddress!).withMemoryRebound(to: UInt8.self, capacity: rows * width * 4)
      { bytes in
        TIFFDecoder.readSixteenBit(tif, layout: layout, rows: start..<(start + rows), into: bytes)
      }
    }
    guard done else {
      throw .corrupt(source: source, detail: TIFFDecoder.message(io, otherwise: "the TIFF data cannot be read"))
    }
    (chunkStart, chunkRows) = (start, rows)
  }
}
#endif
