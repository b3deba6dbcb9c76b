import DecorCore

import CLibPNG

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// PNG reading through libpng's simplified API (`png_image_*`), the only code that touches libpng, and writing
/// through `PNGEncoder` (libdeflate).
///
/// Reading accepts everything libpng reads (every colour type, bit depths 1–16, palettes, `tRNS`, interlacing)
/// and produces premultiplied RGBA8. Writing produces 8-bit RGBA, or RGB when every pixel is opaque. Errors come
/// back as `CodecError` values carrying libpng's message; the simplified API reports errors through
/// `png_image.message` rather than `longjmp`, so nothing here can trap or leak on bad data.
///
/// Decisions worth knowing:
/// - **Samples are taken as sRGB-encoded, whatever the file's colour-space chunks say.** `gAMA`, `cHRM`, `sRGB`
///   and `iCCP` are dropped before libpng sees the file, as Pillow, libvips and stb_image ignore them; otherwise
///   libpng would re-encode a file marked `gAMA 1.0` into sRGB and it would no longer match its interlaced twin
///   (which has no `gAMA`) or any other tool's reading.
/// - **16-bit files are read at 16 bits and rounded here**, `round(v × 255 / 65535)`, with colour premultiplied by
///   alpha at 16 bits first (so premultiplied values are the correctly rounded ones). libpng's own 16-to-8-bit
///   path in the simplified API corrupts Adam7-interlaced 16-bit images (libpng issue #853, present in Debian's
///   1.6.39); reading linear 16-bit output, with no colour-space chunk left to convert from, gives the stored
///   samples unchanged. This is the effect `PNG_IMAGE_FLAG_16BIT_sRGB` is meant to have, without that bug.
public enum PNGCodec {
  /// Decodes a PNG file held in memory.
  ///
  /// The declared size is checked against `pixelLimit` before any pixel memory is allocated.
  /// - Throws: `CodecError.corrupt` (with libpng's message) for malformed or truncated data, `.tooLarge`.
  public static func decode(_ data: [UInt8], source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError) -> Raster
  {
    var data = data
    return try decodeOwned(&data, source: source, pixelLimit: pixelLimit)
  }

  static func decode(_ memory: UnsafeRawBufferPointer, source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    let image = try beginRead(memory, source: source)
    defer { endRead(image) }
    return try decodePixels(image, source: source, pixelLimit: pixelLimit)
  }

  /// Decodes the regular file at `path`, read as libpng decodes it (through `stdio`), so the file is never held in
  /// memory beside its pixels: for a 4096² photo that is tens of megabytes less at the command's peak. The chunk
  /// headers are walked first (`pread`, no data read) for the same truncation check as in memory. A file with a
  /// `gAMA` or `cHRM` chunk is read whole and decoded as `decode(_:)` does (taking the colour-space chunks out in
  /// place, without a second copy), since libpng would convert by them; so is one with text chunks before its image
  /// data, which libpng would inflate into memory (`textChunks`); `sRGB` and `iCCP` change nothing libpng
  /// does for 8-bit sRGB output (it does no ICC colour management: checked with Adobe RGB and ROMM profiles), so
  /// they stay in.
  ///
  /// - Throws: `CodecError.io` if the file cannot be read, else as `decode(_:source:pixelLimit:)`.
  public static func decode(contentsOfFile path: String, source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError) -> Raster
  {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .io(path: source, detail: "cannot open: \(ImageFile.systemError())") }
    var owned = true
    defer { if owned { close(fd) } }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      var bytes = try ImageFile.readBytes(atPath: path)
      return try decodeOwned(&bytes, source: source, pixelLimit: pixelLimit)
    }
    let count = Int(info.st_size)
    func read(_ offset: Int, _ length: Int) -> [UInt8]? {
      var bytes = [UInt8](repeating: 0, count: length)
      let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, length, off_t(offset)) }
      return n == length ? bytes : nil
    }
    guard let signature = read(0, PNGHeader.signature.count), signature == PNGHeader.signature else {
      var bytes = try ImageFile.readBytes(atPath: path)
      return try decodeOwned(&bytes, source: source, pixelLimit: pixelLimit)
    }
    let structure = PNGChunks(count: count) { read($0, 8) }
    if let truncation = structure.truncation { throw .corrupt(source: source, detail: "truncated: \(truncation)") }
    // A 16-bit file is read as linear output, which libpng converts from any gamma the file states: the gamma of an
    // `sRGB` chunk (or of an sRGB `iCCP` profile) too, so for it every colour-space chunk sends it through memory.
    // IHDR's bit depth is byte 24 of the file.
    let declined = (read(24, 1) == [16] ? colorimetryChunks : streamingDeclines).union(textChunks)
    guard !structure.beforeImageData.contains(where: { declined.contains($0.type) }),
      let file = fdopen(fd, "rb")
    else {
      var bytes = try ImageFile.readBytes(atPath: path)
      return try decodeOwned(&bytes, source: source, pixelLimit: pixelLimit)
    }
    owned = false
    defer { fclose(file) }
    let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
    image.initialize(to: png_image())
    image.pointee.version = DECOR_PNG_IMAGE_VERSION
    guard png_image_begin_read_from_stdio(image, file) != 0 else {
      let detail = message(of: image.pointee)
      endRead(image)
      throw .corrupt(source: source, detail: detail.isEmpty ? "libpng could not read the header" : detail)
    }
    defer { endRead(image) }
    return try decodePixels(image, source: source, pixelLimit: pixelLimit)
  }

  /// The pixels of an image whose header libpng has read.
  static func decodePixels(_ image: UnsafeMutablePointer<png_image>, source: String, pixelLimit: Int)
    throws(CodecError) -> Raster
  {
    let width = Int(image.pointee.width)
    let height = Int(image.pointee.height)
    // libpng takes the row stride as a 32-bit int, in samples.
    guard (try? Raster.byteCount(width: width, height: height, pixelLimit: pixelLimit)) != nil,
      width * 4 <= Int(Int32.max)
    else { throw .tooLarge(source: source, width: width, height: height, limit: pixelLimit) }
    let sixteenBit = image.pointee.format & DECOR_PNG_FORMAT_FLAG_LINEAR != 0
    do {
      if sixteenBit {
        image.pointee.format = DECOR_PNG_FORMAT_LINEAR_RGB_ALPHA
        // Twice a raster's bytes, built before the raster: checked as the raster's own allocation is.
        try Raster.checkAllocation(width * height * 8, width: width, height: height)
        var samples = [UInt16](repeating: 0, count: width * height * 4)
        try samples.withUnsafeMutableBytes { try finishRead(image, into: $0, source: source) }
        return try Raster(width: width, height: height, pixelLimit: pixelLimit) { buffer in
          samples.withUnsafeBufferPointer { reduceTo8Bits($0, into: buffer.bindMemory(to: UInt8.self)) }
        }
      }
      image.pointee.format = DECOR_PNG_FORMAT_RGBA
      var raster = try Raster(width: width, height: height, pixelLimit: pixelLimit) { buffer in
        try finishRead(image, into: buffer, source: source)
      }
      raster.withUnsafeMutableBytes { Premultiplication.premultiply($0) }
      return raster
    } catch let error as CodecError {
      throw error
    } catch RasterError.allocationFailed(let width, let height, let bytes) {
      // Within the pixel limit, but more than memory holds: not a fault of the file.
      throw .allocationFailed(source: source, width: width, height: height, bytes: bytes)
    } catch {
      throw .corrupt(source: source, detail: "\(error)")
    }
  }

  static func finishRead(_ image: UnsafeMutablePointer<png_image>, into buffer: UnsafeMutableRawBufferPointer,
    source: String) throws(CodecError)
  {
    // A row stride of 0 means "packed": width × channels samples.
    guard png_image_finish_read(image, nil, buffer.baseAddress, 0, nil) != 0 else {
      let detail = message(of: image.pointee)
      throw .corrupt(source: source, detail: detail.isEmpty ? "libpng could not decode the image" : detail)
    }
  }

  /// `round(v × 255 / 65535)` for every sample, as `(v × 255 + 32895) >> 16` (exact for all 16-bit `v`).
  static func reduceTo8Bits(_ samples: UnsafeBufferPointer<UInt16>, into output: UnsafeMutableBufferPointer<UInt8>) {
    for i in 0..<samples.count {
      output[i] = UInt8(truncatingIfNeeded: (UInt32(samples[i]) &* 255 &+ 32895) &>> 16)
    }
  }

  /// The colour-space chunks whose conversions Decor declines (see the type's notes).
  static let colorimetryChunks: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP"]
  /// The text chunks, which libpng's simplified reader would read (and inflate, for `zTXt` and compressed `iTXt`)
  /// into memory while it reads the header: a 3 MB file of compressed text inflates to a gigabyte. Decor reads no
  /// text from them (the XMP `iTXt` is found by `metadata(of:)`, from the chunk itself), so they are taken out
  /// before libpng sees the file, as the colour-space chunks are.
  static let textChunks: Set<String> = ["tEXt", "zTXt", "iTXt"]
  /// The chunks `preflight` takes out of a file before libpng reads it.
  static let droppedChunks = colorimetryChunks.union(textChunks)
  /// Those of them that make an 8-bit file on disk be read whole (see `decode(contentsOfFile:)`; a 16-bit file is
  /// read whole for any of them).
  static let streamingDeclines: Set<String> = ["gAMA", "cHRM"]

  /// Refuses a file whose chunks stop before `IEND` (libpng's simplified reader would accept one cut after its
  /// image data), and takes the colour-space and text chunks before the image data out of `data` in place (those
  /// after it libpng's reader skips unread): the chunks before them move up against
  /// the ones after, so the file then starts at the returned offset (the number of bytes dropped) and no second
  /// copy of a large file is made. Data without the PNG signature is left for libpng to reject in its own words.
  package static func preflight(_ data: inout [UInt8], source: String) throws(CodecError) -> Int {
    guard data.starts(with: PNGHeader.signature) else { return 0 }
    let structure = PNGChunks(data)
    if let truncation = structure.truncation { throw .corrupt(source: source, detail: "truncated: \(truncation)") }
    let dropped = structure.beforeImageData.filter { droppedChunks.contains($0.type) }.map(\.range)
    guard let last = dropped.last else { return 0 }
    var kept: [UInt8] = []
    var start = 0
    for range in dropped {
      kept += data[start..<range.lowerBound]
      start = range.upperBound
    }
    let offset = last.upperBound - kept.count
    data.replaceSubrange(offset..<last.upperBound, with: kept)
    return offset
  }

  /// Decodes `data`, which the caller owns (so taking chunks out of it copies nothing).
  static func decodeOwned(_ data: inout [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    let offset = try preflight(&data, source: source)
    // libpng reads from this memory until png_image_finish_read returns, so all of it happens inside.
    let result: Result<Raster, CodecError> = data.withUnsafeBytes { memory in
      do throws(CodecError) {
        return .success(try decode(UnsafeRawBufferPointer(rebasing: memory[offset...]), source: source,
          pixelLimit: pixelLimit))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Reads and checks a PNG file's header with libpng, without decoding pixels.
  ///
  /// - Throws: `CodecError.unsupportedFormat` without the PNG signature; `.corrupt` for a truncated file or if
  ///   libpng rejects the `IHDR` or the chunks before the image data.
  public static func header(of data: [UInt8], source: String) throws(CodecError) -> PNGHeader {
    let header = try PNGHeader(data, source: source)
    if data.starts(with: PNGHeader.signature), let truncation = PNGChunks(data).truncation {
      throw .corrupt(source: source, detail: "truncated: \(truncation)")
    }
    // libpng reads the chunks before the image data: without the text chunks (see `textChunks`), copied out only
    // when there are any.
    var checked = data
    var offset = 0
    if data.starts(with: PNGHeader.signature),
      PNGChunks(data).beforeImageData.contains(where: { textChunks.contains($0.type) })
    {
      offset = try preflight(&checked, source: source)
    }
    let failure: CodecError? = checked.withUnsafeBytes { memory in
      do throws(CodecError) {
        endRead(try beginRead(UnsafeRawBufferPointer(rebasing: memory[offset...]), source: source))
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
    return header
  }

  /// Encodes a raster as an 8-bit PNG: RGB when every pixel is opaque, else RGBA with straight alpha. With the
  /// default threads, `raster.encoded(as: .png(compression:))` gives the same bytes, as every format gives its own.
  ///
  /// - Parameters:
  ///   - raster: the image; its premultiplied pixels are un-premultiplied for the file.
  ///   - compression: how hard the compressor works (`PNGCompression`).
  ///   - threads: how many threads filter and compress the rows (by default one per processor).
  ///   - destination: the file's name, for error messages.
  ///   - metadata: the ICC profile and density to record (see `ImageMetadata`).
  /// - Throws: `CodecError.encodingFailed`.
  public static func encode(
    _ raster: Raster, compression: PNGCompression = .default, threads: Int? = nil, destination: String = "<memory>",
    metadata: ImageMetadata = .none
  ) throws(CodecError) -> [UInt8] {
    let sink = ByteSink()
    try PNGEncoder.encode(raster, compression: compression, threads: threads, destination: destination,
      metadata: metadata, into: sink)
    return sink.bytes
  }

  /// Reads the header into a `png_image` at a stable address: libpng keeps pointers both to it (its I/O and error
  /// callbacks find their state through it) and to `memory`, until `endRead`.
  static func beginRead(_ memory: UnsafeRawBufferPointer, source: String) throws(CodecError)
    -> UnsafeMutablePointer<png_image>
  {
    let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
    image.initialize(to: png_image())
    image.pointee.version = DECOR_PNG_IMAGE_VERSION
    guard png_image_begin_read_from_memory(image, memory.baseAddress, memory.count) != 0 else {
      let detail = message(of: image.pointee)
      endRead(image)
      throw .corrupt(source: source, detail: detail.isEmpty ? "libpng could not read the header" : detail)
    }
    return image
  }

  static func endRead(_ image: UnsafeMutablePointer<png_image>) {
    png_image_free(image)
    image.deallocate()
  }

  static func message(of image: png_image) -> String {
    withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }
}
