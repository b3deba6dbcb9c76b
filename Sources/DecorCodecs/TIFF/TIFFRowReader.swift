#if TIFF
import DecorCore

import CTIFF

/// One reading of a `TIFFRowSource`: libtiff's state over a `ByteReader` of its bytes (a file, memory or spooled
/// standard input, read at the offsets libtiff seeks to through `decor_tiff_io.source_read`), and the pixels of the
/// strip (or row of tiles) that holds the next rows. Every TIFF decode is one: a render's streamed input, and
/// `TIFFDecoder`'s whole image (every row read into a raster). libtiff reports errors through the handlers of
/// `Sources/CTIFF/shim.h` and return codes (no `longjmp`), so it is called directly.
///
/// The rows come in the order they are stored, whatever the file's orientation (which `orientation` reports, for
/// `TIFFDecoder` to apply); a file whose orientation tag is not one of the eight (`isStreamable` false) is converted
/// whole at the first read, top row first, by the same call libtiff's `TIFFReadRGBAImageOriented` makes, and its
/// rows served from that. 8-bit CMYK is converted to sRGB through the file's ICC profile (`CMYKConversion`).
///
/// Not `Sendable`: it belongs to one render, which serialises its calls. Its opening of the file (`TIFFFile`) is let
/// go after the last row, on the first error, or when the reader goes, and closed then unless a `TIFFPageReader`
/// reads the next page through it.
public final class TIFFRowReader: RowReader, DeepRowReader {
  public let width: Int
  public let height: Int
  /// The file's name in error messages.
  public let source: String
  /// The next row `readRows` gives.
  public private(set) var nextRow = 0
  /// How many rows are decoded at once: the rows per strip, or the tile length; the whole image when the file's
  /// orientation tag is not one of the eight.
  let rowsPerChunk: Int
  /// Whether the rows are read in their stored order, strip by strip (see `TIFFRowSource`).
  let isStreamable: Bool
  /// The orientation the file records (1 when it records none), applied by `TIFFDecoder`, not here.
  let orientation: ExifOrientation?
  /// How many images (directories) the file holds.
  let pageCount: Int
  /// Which of them is read, from 0.
  let page: Int
  /// The page's ICC profile, XMP and resolution (see `TIFFDecoder.metadata(of:)`).
  let metadata: ImageMetadata

  private let layout: TIFFDecoder.Layout
  /// Whether the samples are 16-bit grey or RGB read at 16 bits by `readDeepRows` (`TIFFDecoder.readSixteenBit`).
  var readsSixteenBit: Bool { layout.readsSixteenBit }
  /// Bits a sample of the file.
  var bitsPerSample: Int { Int(layout.bitsPerSample) }
  /// libtiff's opening of the bytes, on this page's directory, until the last row is read; shared with the
  /// `TIFFPageReader` that goes on to the next page.
  private var file: TIFFFile?
  private var tif: OpaquePointer? { file?.tif }
  /// How 8-bit CMYK samples become RGBA, when they are read by `TIFFDecoder.readCMYK`: made at the first read (a
  /// reader opened for the sizes only builds no transform), from `transforms`.
  private var cmyk: ((UnsafeMutableRawPointer, Int) -> Void)?
  private let cmykConversion: CMYKConversion?
  /// The CMYK transforms of the input's reading, shared by its pages.
  private let transforms: CMYKTransforms
  /// libtiff's RGBA conversion state, when the samples are not read by `TIFFDecoder.readSixteenBit` or `readCMYK`.
  private var rgba: UnsafeMutablePointer<TIFFRGBAImage>?
  /// The pixels of rows `chunkStart ..< chunkStart + chunkRows`, in `chunkFormat` (`chunkBytes` allocated).
  private var chunk: UnsafeMutableRawPointer?
  private var chunkBytes = 0
  private var chunkFormat = PixelFormat.rgba8
  private var chunkStart = 0
  private var chunkRows = 0
  /// The error that made the reader unusable, thrown again by every later call.
  private var failure: CodecError?

  /// Opens `bytes` with libtiff and reads its directory `page` (from 0; `TIFFSetDirectory`, which reads the
  /// directories before it, not their pixels): the size (checked against `pixelLimit`), the layout, the page count
  /// and the metadata, and starts libtiff's RGBA conversion when it is the one used.
  ///
  /// - Throws: as `TIFFRowSource.init(_:page:pixelLimit:)`.
  convenience init(bytes: ByteSource, page: Int = 0, pixelLimit: Int, transforms: CMYKTransforms = CMYKTransforms())
    throws(CodecError)
  {
    let file = try TIFFFile(bytes)
    // Counted before moving to the page: counting leaves libtiff on the first directory.
    let pageCount = file.directoryCount
    if page != 0 {
      guard (0..<pageCount).contains(page), TIFFSetDirectory(file.tif, UInt32(page)) != 0 else {
        let detail =
          (0..<pageCount).contains(page)
          ? TIFFDecoder.message(file.io, otherwise: "its directory cannot be read")
          : "no such page (the file has \(pageCount))"
        throw .corrupt(source: bytes.name, detail: "page \(page + 1): \(detail)")
      }
    }
    try self.init(file: file, source: bytes.name, page: page, pageCount: pageCount, pixelLimit: pixelLimit,
      transforms: transforms)
  }

  /// Reads the directory `file` is on, page `page` (from 0) of `pageCount`, as `init(bytes:page:pixelLimit:)` reads
  /// its page: what `TIFFPageReader` reads each page with, through one opening of the file. A CMYK page is
  /// converted by a transform of `transforms`, those of the input's reading, shared by its pages.
  ///
  /// - Throws: as `TIFFRowSource.init(_:page:pixelLimit:)`.
  init(file: TIFFFile, source: String, page: Int, pageCount: Int, pixelLimit: Int, transforms: CMYKTransforms)
    throws(CodecError)
  {
    self.source = source
    self.transforms = transforms
    self.page = page
    self.pageCount = pageCount
    self.file = file
    let tif = file.tif
    layout = TIFFDecoder.layout(of: tif)
    (width, height) = (layout.width, layout.height)
    isStreamable = layout.isStoredOrderReadable
    orientation = layout.exifOrientation
    var chunkLength: UInt32 = 0
    if TIFFIsTiled(tif) != 0 {
      _ = decor_tiff_get_u32(tif, UInt32(TIFFTAG_TILELENGTH), &chunkLength)
    } else {
      _ = decor_tiff_get_u32(tif, UInt32(TIFFTAG_ROWSPERSTRIP), &chunkLength)
    }
    let length = isStreamable ? Int(chunkLength == 0 ? UInt32.max : chunkLength) : Int.max
    rowsPerChunk = max(1, min(length, max(1, height)))
    metadata = TIFFRowReader.metadata(of: tif)
    cmykConversion =
      layout.readsCMYK ? CMYKConversion(inverted: false, profile: TIFFRowReader.iccProfile(of: tif)) : nil
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
    if !layout.readsSixteenBit && !layout.readsCMYK {
      var reason = [CChar](repeating: 0, count: 1024)
      let image = UnsafeMutablePointer<TIFFRGBAImage>.allocate(capacity: 1)
      image.initialize(to: TIFFRGBAImage())
      guard TIFFRGBAImageOK(tif, &reason) != 0, TIFFRGBAImageBegin(image, tif, 1, &reason) != 0 else {
        image.deallocate()
        finish()
        let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw .corrupt(source: source, detail: "unsupported TIFF: \(text)")
      }
      // Asking for the file's own orientation makes libtiff flip nothing: the rows as stored.
      image.pointee.req_orientation = UInt16(isStreamable ? layout.orientation : Int32(ORIENTATION_TOPLEFT))
      rgba = image
    }
  }

  deinit {
    finish()
  }

  /// Opens the bytes `input` reads with libtiff, through `io` (which the caller keeps, with `input`, until it
  /// closes the file).
  ///
  /// - Throws: `CodecError.io` when the input cannot be read, `.corrupt` with libtiff's message when libtiff
  ///   refuses it.
  static func open(_ input: ByteReader, io: UnsafeMutablePointer<decor_tiff_io>, source: String) throws(CodecError)
    -> OpaquePointer
  {
    io.pointee.size = try input.size()
    io.pointee.source = Unmanaged.passUnretained(input).toOpaque()
    io.pointee.source_read = { ByteReader.read(context: $0, buffer: $1, capacity: $2, at: $3) }
    guard let tif = decor_tiff_open_source(io, source) else {
      if let failure = input.failure { throw failure }
      throw .corrupt(source: source, detail: TIFFDecoder.message(io, otherwise: "not a TIFF file libtiff reads"))
    }
    return tif
  }

  /// The `ICCProfile` tag's bytes of the current directory, or `nil`.
  static func iccProfile(of tif: OpaquePointer) -> [UInt8]? {
    var count: UInt32 = 0
    var bytes: UnsafeMutableRawPointer?
    guard decor_tiff_get_icc(tif, &count, &bytes) != 0, let bytes, count > 0 else { return nil }
    return Array(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
  }

  /// The ICC profile (`ICCProfile` tag; not a CMYK one, since CMYK pixels are converted to sRGB, nor one of another
  /// colour space than the photometric interpretation's: see `ImageMetadata.takeProfile`), the XMP packet
  /// (`XMLPacket`) and the resolution (`XResolution`, `YResolution`, `ResolutionUnit`) of the current directory.
  /// EXIF (a sub-directory of tags, not a block) is not read.
  static func metadata(of tif: OpaquePointer) -> ImageMetadata {
    var metadata = ImageMetadata()
    let photometric = TIFFDecoder.layout(of: tif).photometric
    let colors: ImageMetadata.StoredColors =
      switch photometric {
      case Int32(PHOTOMETRIC_SEPARATED): .cmyk
      case Int32(PHOTOMETRIC_MINISBLACK), Int32(PHOTOMETRIC_MINISWHITE): .gray
      default: .rgb
      }
    metadata.takeProfile(iccProfile(of: tif), of: colors)
    var xmpCount: UInt32 = 0
    var xmp: UnsafeMutableRawPointer?
    if decor_tiff_get_xmp(tif, &xmpCount, &xmp) != 0, let xmp, xmpCount > 0 {
      metadata.xmp = Array(UnsafeRawBufferPointer(start: xmp, count: Int(xmpCount)))
    }
    var x: Float = 0
    var y: Float = 0
    if decor_tiff_get_float(tif, UInt32(TIFFTAG_XRESOLUTION), &x) != 0,
      decor_tiff_get_float(tif, UInt32(TIFFTAG_YRESOLUTION), &y) != 0, x.isFinite, y.isFinite, x > 0, y > 0
    {
      var unit: UInt16 = UInt16(RESUNIT_INCH)
      _ = decor_tiff_get_defaulted_u16(tif, UInt32(TIFFTAG_RESOLUTIONUNIT), &unit)
      let kind: PixelDensity.Unit =
        switch Int32(unit) {
        case RESUNIT_CENTIMETER: .perCentimeter
        case RESUNIT_NONE: .aspectRatio
        default: .perInch
        }
      metadata.density = PixelDensity(horizontal: Double(x), vertical: Double(y), unit: kind)
    }
    return metadata
  }

  /// Frees libtiff's conversion state and the rows held, and lets go of the file (closed unless a
  /// `TIFFPageReader` reads on).
  private func finish() {
    if let rgba {
      TIFFRGBAImageEnd(rgba)
      rgba.deallocate()
    }
    rgba = nil
    file = nil
    chunk?.deallocate()
    chunk = nil
    chunkBytes = 0
    chunkRows = 0
  }

  public func readRows(count: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws(CodecError) {
    precondition(buffer.count >= width * count, "a buffer of \(buffer.count) pixels for \(count) rows of \(width)")
    try readRows(count: count, into: UnsafeMutableRawPointer(buffer.baseAddress!), format: .rgba8)
  }

  /// The next `count` rows at 16 bits in `format`: a 16-bit file's samples as they are (`rgba16Straight`) or
  /// premultiplied at 16 bits (`rgba16`), as `TIFFDecoder.readSixteenBit` reads them; any other file's 8-bit pixels
  /// converted (exact).
  package func readDeepRows(count: Int, into buffer: UnsafeMutableBufferPointer<RGBA16>, format: PixelFormat)
    throws(CodecError)
  {
    precondition(buffer.count >= width * count, "a buffer of \(buffer.count) pixels for \(count) rows of \(width)")
    precondition(format.depth == 16, "16-bit rows in \(format)")
    try readRows(count: count, into: UnsafeMutableRawPointer(buffer.baseAddress!), format: format)
  }

  /// The next `count` rows into `base` in `format`, strip by strip (or row of tiles by row of tiles), each decoded
  /// once: straight into `base` when whole, else through `chunk`.
  private func readRows(count: Int, into base: UnsafeMutableRawPointer, format: PixelFormat) throws(CodecError) {
    if let failure { throw failure }
    precondition(count >= 0 && nextRow + count <= height, "rows \(nextRow)..<\(nextRow + count) of \(height)")
    let rowBytes = width * format.bytesPerPixel
    var served = 0
    while served < count {
      let start = nextRow / rowsPerChunk * rowsPerChunk
      let rows = min(rowsPerChunk, height - start)
      if start == nextRow, rows <= count - served {
        // A whole strip (or row of tiles, or image) asked for: decoded straight into the caller's buffer.
        do throws(CodecError) {
          try decode(rows: start..<(start + rows), into: base + served * rowBytes, format: format)
        } catch {
          failure = error
          finish()
          throw error
        }
        served += rows
        nextRow += rows
        continue
      }
      if nextRow >= chunkStart + chunkRows || nextRow < chunkStart || chunkFormat != format {
        do throws(CodecError) {
          try decodeChunk(startingAt: start, format: format)
        } catch {
          failure = error
          finish()
          throw error
        }
      }
      let copied = min(count - served, chunkStart + chunkRows - nextRow)
      (base + served * rowBytes).copyMemory(from: chunk! + (nextRow - chunkStart) * rowBytes,
        byteCount: copied * rowBytes)
      served += copied
      nextRow += copied
    }
    if nextRow == height { finish() }
  }

  /// Decodes the strip (or row of tiles, or the whole image) whose first row is `start` into `chunk`, in `format`.
  private func decodeChunk(startingAt start: Int, format: PixelFormat) throws(CodecError) {
    let rows = min(rowsPerChunk, height - start)
    let bytes = rows * width * format.bytesPerPixel
    if chunkBytes < bytes {
      chunk?.deallocate()
      (chunk, chunkBytes, chunkRows) = (nil, 0, 0)
      // A file decoded whole holds the image here, checked as a raster's buffer is.
      do {
        try Raster.checkAllocation(bytes, width: width, height: rows)
      } catch {
        throw .allocationFailed(source: source, width: width, height: rows, bytes: bytes)
      }
      chunk = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
      chunkBytes = bytes
    }
    try decode(rows: start..<(start + rows), into: chunk!, format: format)
    (chunkStart, chunkRows, chunkFormat) = (start, rows, format)
  }

  /// Decodes `rows` (a strip's, a row of tiles', or the whole image's) into `pixels` in `format`: at 16 bits from a
  /// 16-bit file's samples, else at 8 bits (converted for a 16-bit format).
  private func decode(rows: Range<Int>, into pixels: UnsafeMutableRawPointer, format: PixelFormat)
    throws(CodecError)
  {
    if format == .rgba8 {
      try decode(rows: rows, into: pixels.assumingMemoryBound(to: UInt32.self))
      return
    }
    if layout.readsSixteenBit && rgba == nil && cmykConversion == nil {
      guard let file else { throw .corrupt(source: source, detail: "the reader is closed") }
      guard TIFFDecoder.readSixteenBit(file.tif, layout: layout, rows: rows,
        into: pixels.assumingMemoryBound(to: RGBA16.self), format: format)
      else {
        if let failure = file.failure { throw failure }
        throw .corrupt(source: source, detail: TIFFDecoder.message(file.io, otherwise: "the TIFF data cannot be read"))
      }
      return
    }
    let count = rows.count * width
    do {
      try Raster.checkAllocation(count * 4, width: width, height: rows.count)
    } catch {
      throw .allocationFailed(source: source, width: width, height: rows.count, bytes: count * 4)
    }
    let narrow = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
    defer { narrow.deallocate() }
    try decode(rows: rows, into: narrow)
    PixelConversion.convert(narrow, .rgba8, into: pixels, format, count: count)
  }

  /// Decodes `rows`, a strip's (or a row of tiles', or the whole image's), into `pixels`, premultiplied RGBA.
  private func decode(rows: Range<Int>, into pixels: UnsafeMutablePointer<UInt32>) throws(CodecError) {
    guard let file else { throw .corrupt(source: source, detail: "the reader is closed") }
    let tif = file.tif
    let done: Bool
    if let rgba {
      rgba.pointee.row_offset = Int32(rows.lowerBound)
      rgba.pointee.col_offset = 0
      done = TIFFRGBAImageGet(rgba, pixels, UInt32(width), UInt32(rows.count)) != 0
      if done {
        // libtiff packs each pixel as A << 24 | B << 16 | G << 8 | R: bytes R, G, B, A in little-endian memory.
        #if _endian(big)
          for index in 0..<(width * rows.count) { pixels[index] = pixels[index].byteSwapped }
        #endif
        TIFFDecoder.clampToAlpha(UnsafeMutableRawBufferPointer(start: pixels, count: width * rows.count * 4))
      }
    } else if let conversion = cmykConversion {
      let cmyk = self.cmyk ?? conversion.converter(sharing: transforms)
      self.cmyk = cmyk
      done = UnsafeMutableRawPointer(pixels).withMemoryRebound(to: UInt8.self, capacity: rows.count * width * 4) {
        TIFFDecoder.readCMYK(tif, layout: layout, rows: rows, into: $0, convert: cmyk)
      }
    } else {
      done = UnsafeMutableRawPointer(pixels).withMemoryRebound(to: UInt8.self, capacity: rows.count * width * 4) {
        TIFFDecoder.readSixteenBit(tif, layout: layout, rows: rows, into: $0)
      }
    }
    guard done else {
      if let failure = file.failure { throw failure }
      throw .corrupt(source: source, detail: TIFFDecoder.message(file.io, otherwise: "the TIFF data cannot be read"))
    }
  }
}
#endif
