import DecorCore

import CLibPNG

/// One reading of a `PNGRowSource`, top to bottom once: a `ByteReader` of its bytes (a file, memory or spooled
/// standard input) and libpng's state (its full API). Every PNG decode is one: a render's streamed input, and
/// `PNGDecoder`'s whole image (every row read into a raster). Every call into libpng goes through a C helper of
/// `Sources/CLibPNG/shim.h` that holds the `setjmp` and returns a status, so libpng's `longjmp` never crosses a
/// Swift frame; libpng pulls the compressed bytes through a C read callback (`png_set_read_fn`) that asks the
/// `ByteReader` for 64 KiB at a time and returns before libpng goes on.
///
/// The pixels, premultiplied RGBA8:
/// - libpng expands palettes, low bit depths and `tRNS`, spreads grey to RGB and adds an opaque alpha; it is asked
///   for no gamma or colour conversion, and skips the colour-space chunks unread, so samples are taken as
///   sRGB-encoded whatever those chunks say (as Pillow, libvips and stb_image take them).
/// - 8-bit: straight RGBA premultiplied as `Premultiplication` does (`round(c × a / 255)`).
/// - 16-bit: colour premultiplied at 16 bits by composing on black with libpng's own `png_composite_16`
///   (`(t + (t >> 16)) >> 16`, `t = c × a + 32768`; colour 0 where alpha is 0, unchanged where it is 65535), then
///   every sample rounded to 8 bits, `(v × 255 + 32895) >> 16` (`round(v × 255 / 65535)`, exact for every `v`):
///   what libpng's simplified API gave as linear output followed by that rounding, the bytes Decor has always read.
///
/// Not `Sendable`: it belongs to one render, which serialises its calls. The input is closed after the last row, on
/// the first error, or when the reader goes.
public final class PNGRowReader: RowReader, DeepRowReader {
  public let width: Int
  public let height: Int
  /// The file's name in error messages.
  public let source: String
  /// The next row `readRows` gives.
  public private(set) var nextRow = 0

  private var png: UnsafeMutablePointer<decor_png_reader>?
  /// The bytes libpng reads, kept alive as long as `png` (which points at it).
  private var input: ByteReader?
  private let sixteenBit: Bool
  private let interlaced: Bool
  /// No alpha channel and no `tRNS`: libpng adds an opaque alpha, and premultiplying would change no byte.
  private let opaque: Bool
  /// One row as libpng writes it (16-bit rows, and an interlaced file's pass rows), raw: C writes it, Swift reads it
  /// with raw loads.
  private var scratch: UnsafeMutableRawBufferPointer
  /// An interlaced file's whole image (8-bit, premultiplied), from the first `readRows` to the last row.
  private var image: UnsafeMutableBufferPointer<UInt32>?
  /// An interlaced 16-bit file's whole image as the file holds it (straight RGBA16, host order), from the first
  /// `readDeepRows` to the last row.
  private var deepImage: UnsafeMutableBufferPointer<RGBA16>?
  /// The error that made the reader unusable, thrown again by every later call.
  private var failure: CodecError?

  /// Opens the bytes, checks their header against `width` × `height` (the source's) and `pixelLimit`, and sets up
  /// libpng's transformations (which allocate its row buffers: a few rows).
  init(bytes: ByteSource, source: String, width: Int, height: Int, pixelLimit: Int) throws(CodecError) {
    let (png, input) = try PNGRowReader.openHeader(bytes: bytes, source: source, pixelLimit: pixelLimit)
    do {
      try DecodeChecks.unchanged(width: Int(png.pointee.width), height: Int(png.pointee.height),
        was: (width, height), source: source)
    } catch {
      PNGRowReader.release(png)
      throw error
    }
    var rowBytes = 0
    guard decor_png_reader_start(png, &rowBytes) == Int32(DECOR_PNG_OK) else {
      let error = PNGRowReader.error(png, input: input, source: source)
      PNGRowReader.release(png)
      throw error
    }
    let sixteenBit = png.pointee.bit_depth == 16
    // libpng's output is what was asked: RGBA at 8 or 16 bits.
    guard rowBytes == width * (sixteenBit ? 8 : 4) else {
      PNGRowReader.release(png)
      throw .corrupt(source: source, detail: "libpng gives rows of \(rowBytes) bytes for \(width) pixels")
    }
    self.png = png
    self.input = input
    self.width = width
    self.height = height
    self.source = source
    self.sixteenBit = sixteenBit
    interlaced = png.pointee.interlaced != 0
    opaque = png.pointee.opaque != 0
    // 8-bit rows of a non-interlaced file go straight into the caller's buffer.
    scratch = .allocate(byteCount: sixteenBit || interlaced ? rowBytes : 0, alignment: 16)
  }

  deinit {
    PNGRowReader.release(png)
    scratch.deallocate()
    image?.deallocate()
    deepImage?.deallocate()
  }

  public func readRows(count: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws(CodecError) {
    precondition(buffer.count >= width * count, "a buffer of \(buffer.count) pixels for \(count) rows of \(width)")
    try advance(count) { () throws(CodecError) in
      if interlaced && nextRow == 0 && count == height {
        // The whole image asked at once (`PNGDecoder`'s raster): the passes are placed in the caller's buffer.
        try decodeInterlaced(into: UnsafeMutableBufferPointer(rebasing: buffer[..<(width * height)]))
      } else if interlaced {
        if image == nil {
          let whole = try PNGRowReader.wholeImage(width: width, height: height, source: source)
          do throws(CodecError) {
            try decodeInterlaced(into: whole)
          } catch {
            whole.deallocate()
            throw error
          }
          image = whole
        }
        let start = nextRow * width
        UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
          from: image!.baseAddress! + start, byteCount: width * count * 4)
      } else if sixteenBit {
        for row in 0..<count {
          try read(1, into: scratch.baseAddress!, stride: width * 8)
          PNGRowReader.reduce16(scratch, count: width, into: UnsafeMutableRawPointer(buffer.baseAddress! + row * width))
        }
      } else {
        let rows = UnsafeMutableRawPointer(buffer.baseAddress!)
        try read(count, into: rows, stride: width * 4)
        if !opaque { PNGRowReader.premultiply(rows, count: width * count) }
      }
    }
  }

  /// Decodes the next `count` rows into `buffer` as 16-bit pixels in `format`: 8-bit samples widened (`v × 257`)
  /// and 16-bit ones taken as they are, straight for `rgba16Straight` (every sample as the file holds it) or
  /// premultiplied at 16 bits for `rgba16` (every straight 8-bit pixel kept exactly: `RGBA16(straight8:)`). An
  /// interlaced 16-bit file gives the same pixels, from its whole image decoded at 16 bits on the first call; an
  /// interlaced file of fewer bits gives its 8-bit premultiplied pixels converted.
  package func readDeepRows(count: Int, into buffer: UnsafeMutableBufferPointer<RGBA16>, format: PixelFormat)
    throws(CodecError)
  {
    precondition(buffer.count >= width * count, "a buffer of \(buffer.count) pixels for \(count) rows of \(width)")
    precondition(format.depth == 16, "16-bit rows in \(format)")
    let straight = format == .rgba16Straight
    if interlaced && sixteenBit {
      try advance(count) { () throws(CodecError) in
        let out = buffer.baseAddress!
        if nextRow == 0 && count == height {
          // The whole image asked at once (a raster read at 16 bits): the passes are placed in the caller's buffer.
          try decodeInterlaced16(into: UnsafeMutableBufferPointer(rebasing: buffer[..<(width * height)]))
        } else {
          if deepImage == nil {
            let whole = try PNGRowReader.wholeDeepImage(width: width, height: height, source: source)
            do throws(CodecError) {
              try decodeInterlaced16(into: whole)
            } catch {
              whole.deallocate()
              throw error
            }
            deepImage = whole
          }
          out.update(from: deepImage!.baseAddress! + nextRow * width, count: width * count)
        }
        if !straight { PNGRowReader.premultiply16(out, count: width * count) }
      }
      return
    }
    if interlaced {
      do {
        try Raster.checkAllocation(width * count * 4, width: width, height: count)
      } catch {
        throw .typed(error, destination: source)
      }
      let narrow = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: width * count)
      defer { narrow.deallocate() }
      try readRows(count: count, into: narrow)
      PixelConversion.convert(narrow.baseAddress!, .rgba8, into: buffer.baseAddress!, format, count: width * count)
      return
    }
    try advance(count) { () throws(CodecError) in
      if sixteenBit {
        // The file's samples, in host order, are the straight pixels; premultiplied in place where asked, the
        // opaque ones (all of an opaque file's) left as they are.
        try read(count, into: buffer.baseAddress!, stride: width * 8)
        if !straight { PNGRowReader.premultiply16(buffer.baseAddress!, count: width * count) }
        return
      }
      let row = UnsafeMutableRawPointer.allocate(byteCount: width * 4, alignment: 16)
      defer { row.deallocate() }
      for line in 0..<count {
        try read(1, into: row, stride: 0)
        let out = buffer.baseAddress! + line * width
        if straight {
          PixelConversion.widenStraight(row, into: out, count: width)
        } else {
          let samples = row.assumingMemoryBound(to: UInt8.self)
          for k in 0..<width {
            out[k] = RGBA16(straight8: samples[4 * k], samples[4 * k + 1], samples[4 * k + 2], samples[4 * k + 3])
          }
        }
      }
    }
  }

  /// Runs `body` to decode the next `count` rows, then moves on past them: a failure makes the reader unusable
  /// (thrown again by every later call), and the last row closes the input.
  private func advance(_ count: Int, _ body: () throws(CodecError) -> Void) throws(CodecError) {
    if let failure { throw failure }
    precondition(count >= 0 && nextRow + count <= height, "rows \(nextRow)..<\(nextRow + count) of \(height)")
    guard count > 0, width > 0 else {
      nextRow += count
      return
    }
    do throws(CodecError) {
      try body()
    } catch {
      failure = error
      PNGRowReader.release(png)
      png = nil
      input = nil
      throw error
    }
    nextRow += count
    if nextRow == height {
      // Done: the input, libpng's buffers and the interlaced image go now, not when the render drops the reader.
      PNGRowReader.release(png)
      png = nil
      input = nil
      image?.deallocate()
      image = nil
      deepImage?.deallocate()
      deepImage = nil
    }
  }

  /// Reads `count` rows of the current pass through the C helper.
  private func read(_ count: Int, into rows: UnsafeMutableRawPointer, stride: Int) throws(CodecError) {
    guard let png else { throw .corrupt(source: source, detail: "the reader is closed") }
    guard decor_png_reader_read(png, rows.assumingMemoryBound(to: png_byte.self), stride, png_uint_32(count))
      == Int32(DECOR_PNG_OK)
    else { throw PNGRowReader.error(png, input: input, source: source) }
  }

  /// The buffer an interlaced file streamed by rows is decoded into: the one buffer of a streamed read that grows
  /// with the image, checked as a raster's is, so that a size beyond memory (under a raised pixel limit) is an error
  /// rather than a trap.
  private static func wholeImage(width: Int, height: Int, source: String) throws(CodecError)
    -> UnsafeMutableBufferPointer<UInt32>
  {
    do {
      try Raster.checkAllocation(width * height * 4, width: width, height: height)
    } catch {
      throw .typed(error, destination: source)
    }
    let image = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: width * height)
    image.initialize(repeating: 0)
    return image
  }

  /// `wholeImage` for an interlaced 16-bit file read at 16 bits: 8 bytes a pixel.
  private static func wholeDeepImage(width: Int, height: Int, source: String) throws(CodecError)
    -> UnsafeMutableBufferPointer<RGBA16>
  {
    do {
      try Raster.checkAllocation(width * height * 8, width: width, height: height)
    } catch {
      throw .typed(error, destination: source)
    }
    let image = UnsafeMutableBufferPointer<RGBA16>.allocate(capacity: width * height)
    image.initialize(repeating: RGBA16(r: 0, g: 0, b: 0, a: 0))
    return image
  }

  /// The whole of an interlaced 16-bit file into `image` (`width` × `height` pixels, every one written by some
  /// pass), as the file holds it: each pass's rows (libpng's RGBA16 in host order, as a non-interlaced file's) put
  /// in place, straight.
  private func decodeInterlaced16(into image: UnsafeMutableBufferPointer<RGBA16>) throws(CodecError) {
    for pass in Int32(0)..<7 {
      var (x0, dx, y0, dy, columns, rows) = (png_uint_32(0), png_uint_32(0), png_uint_32(0), png_uint_32(0),
        png_uint_32(0), png_uint_32(0))
      decor_png_pass(pass, png_uint_32(width), png_uint_32(height), &x0, &dx, &y0, &dy, &columns, &rows)
      // libpng skips an empty pass.
      guard columns > 0, rows > 0 else { continue }
      for r in 0..<Int(rows) {
        try read(1, into: scratch.baseAddress!, stride: 0)
        let y = Int(y0) + r * Int(dy)
        for k in 0..<Int(columns) {
          image[y * width + Int(x0) + k * Int(dx)] = scratch.load(fromByteOffset: k * 8, as: RGBA16.self)
        }
      }
    }
  }

  /// Straight RGBA16 pixels premultiplied in place (`RGBA16.premultiplied`), the opaque ones left as they are: a
  /// 16-bit file's samples as a render at `rgba16` takes them.
  static func premultiply16(_ pixels: UnsafeMutablePointer<RGBA16>, count: Int) {
    for k in 0..<count where pixels[k].a != 65535 { pixels[k] = pixels[k].premultiplied }
  }

  /// The whole of an interlaced file into `image` (`width` × `height` pixels, every one written by some pass): each
  /// pass's rows (a small image of its own) converted and put in place.
  private func decodeInterlaced(into image: UnsafeMutableBufferPointer<UInt32>) throws(CodecError) {
    for pass in Int32(0)..<7 {
      var (x0, dx, y0, dy, columns, rows) = (png_uint_32(0), png_uint_32(0), png_uint_32(0), png_uint_32(0),
        png_uint_32(0), png_uint_32(0))
      decor_png_pass(pass, png_uint_32(width), png_uint_32(height), &x0, &dx, &y0, &dy, &columns, &rows)
      // libpng skips an empty pass.
      guard columns > 0, rows > 0 else { continue }
      let n = Int(columns)
      for r in 0..<Int(rows) {
        try read(1, into: scratch.baseAddress!, stride: 0)
        // The pass row converted in place to 8-bit premultiplied pixels at its start.
        if sixteenBit {
          PNGRowReader.reduce16(scratch, count: n, into: scratch.baseAddress!)
        } else {
          PNGRowReader.premultiply(scratch.baseAddress!, count: n)
        }
        let y = Int(y0) + r * Int(dy)
        for k in 0..<n {
          image[y * width + Int(x0) + k * Int(dx)] = scratch.load(fromByteOffset: k * 4, as: UInt32.self)
        }
      }
    }
  }

  /// Straight RGBA8 to premultiplied in place, as `Premultiplication.premultiply` (eight pixels at a time through
  /// its SIMD kernel), with raw loads and stores only, since the memory is the caller's `UInt32` buffer.
  static func premultiply(_ pixels: UnsafeMutableRawPointer, count: Int) {
    var i = 0
    #if _endian(little)
      while i + 8 <= count {
        let p = pixels + i * 4
        p.storeBytes(of: Premultiplication.premultiply8(p.loadUnaligned(as: SIMD8<UInt32>.self)),
          as: SIMD8<UInt32>.self)
        i += 8
      }
    #endif
    while i < count {
      let p = pixels + i * 4
      let a = p.load(fromByteOffset: 3, as: UInt8.self)
      for c in 0..<3 {
        p.storeBytes(of: Premultiplication.premultiply(p.load(fromByteOffset: c, as: UInt8.self), a),
          toByteOffset: c, as: UInt8.self)
      }
      i += 1
    }
  }

  /// `count` straight RGBA16 pixels (host order) to premultiplied RGBA8: premultiplied at 16 bits, then rounded to
  /// 8 bits (see the type's notes). `output` may be `input`'s start: pixel k is read
  /// (8 bytes at 8k) before it is written (4 bytes at 4k).
  static func reduce16(_ input: UnsafeMutableRawBufferPointer, count: Int, into output: UnsafeMutableRawPointer) {
    @inline(__always) func reduce(_ v: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: (v &* 255 &+ 32895) &>> 16) }
    let base = UnsafeRawPointer(input.baseAddress!)
    for k in 0..<count {
      var r = UInt32(base.load(fromByteOffset: k * 8, as: UInt16.self))
      var g = UInt32(base.load(fromByteOffset: k * 8 + 2, as: UInt16.self))
      var b = UInt32(base.load(fromByteOffset: k * 8 + 4, as: UInt16.self))
      let a = UInt32(base.load(fromByteOffset: k * 8 + 6, as: UInt16.self))
      if a == 0 {
        (r, g, b) = (0, 0, 0)
      } else if a < 0xFFFF {
        // png_composite_16(v, fg, a, 0) with PNG_READ_COMPOSITE_NODIV_SUPPORTED (Debian's build).
        @inline(__always) func composite(_ v: UInt32) -> UInt32 {
          let t = v &* a &+ 32768
          return ((t &+ (t &>> 16)) &>> 16) & 0xFFFF
        }
        (r, g, b) = (composite(r), composite(g), composite(b))
      }
      let pixel = UInt32(reduce(r)) | UInt32(reduce(g)) << 8 | UInt32(reduce(b)) << 16 | UInt32(reduce(a)) << 24
      output.storeBytes(of: pixel.littleEndian, toByteOffset: k * 4, as: UInt32.self)
    }
  }

  /// Opens `bytes` and reads their header: the chunk headers walked first (`checkChunks`), then libpng's reading up
  /// to the image data, then the size checked against `pixelLimit` (unless it is `nil`: a header only described).
  /// The caller releases the state it gets, and keeps the byte reader (which the state points at) for as long.
  static func openHeader(bytes: ByteSource, source: String, pixelLimit: Int?) throws(CodecError)
    -> (UnsafeMutablePointer<decor_png_reader>, ByteReader)
  {
    try checkChunks(bytes: bytes, source: source)
    let input = try bytes.openReader()
    var reader: UnsafeMutablePointer<decor_png_reader>?
    let status = decor_png_reader_open({ ByteReader.read(context: $0, buffer: $1, capacity: $2) },
      Unmanaged.passUnretained(input).toOpaque(), &reader)
    guard let png = reader else { throw .io(path: source, detail: "cannot allocate libpng's reader") }
    guard status == Int32(DECOR_PNG_OK) else {
      let error = PNGRowReader.error(png, input: input, source: source)
      release(png)
      throw error
    }
    let (width, height) = (Int(png.pointee.width), Int(png.pointee.height))
    do {
      if let pixelLimit {
        try DecodeChecks.pixelLimit(width: width, height: height, limit: pixelLimit, source: source)
      }
    } catch {
      release(png)
      throw error
    }
    return (png, input)
  }

  /// The walk of the chunk headers (no chunk data read) that refuses input whose chunks stop before `IEND`, which
  /// libpng would not notice: it stops reading once it has the image data, so a file cut after it would decode.
  /// Input without the PNG signature is left for libpng to reject in its own words.
  ///
  /// - Throws: `CodecError.io` when a file cannot be opened or is not a regular file (see
  ///   `ByteSource.withPositionedReads`), `.corrupt` for input cut short.
  static func checkChunks(bytes: ByteSource, source: String) throws(CodecError) {
    let truncation = try bytes.withPositionedReads { count, read -> String? in
      guard read(0, PNGHeader.signature.count) == PNGHeader.signature else { return nil }
      return PNGChunks(count: count) { read($0, 8) }.truncation
    }
    if let truncation { throw .corrupt(source: source, detail: "truncated: \(truncation)") }
  }

  static func release(_ png: UnsafeMutablePointer<decor_png_reader>?) { decor_png_reader_close(png) }

  static func message(_ png: UnsafeMutablePointer<decor_png_reader>) -> String {
    withUnsafeBytes(of: png.pointee.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }

  /// Why libpng stopped: the input's read error when there was one, else libpng's words.
  static func error(_ png: UnsafeMutablePointer<decor_png_reader>, input: ByteReader?, source: String) -> CodecError {
    if png.pointee.read_failed != 0, let failure = input?.failure { return failure }
    let detail = message(png)
    return .corrupt(source: source, detail: detail.isEmpty ? "libpng could not decode the image" : detail)
  }
}
