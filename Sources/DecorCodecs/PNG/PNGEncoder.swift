import DecorCore

import CLibDeflate
import CZlib

/// Writes a PNG file from rows of premultiplied pixels that arrive band by band, in order.
///
/// Each band is un-premultiplied and filtered (`PNGRowFilter`) on all threads into a buffer of pending rows, so no
/// full-size image and no full-size straight-alpha copy exist beside it: a rendered image comes out of the renderer
/// one band at a time (`BandedRender`). Every whole part of `partRows` rows (about 1 MiB, a number that depends on
/// the row's size alone) is copied out and compressed on its own, by libdeflate or (for `fast`) zlib, on the
/// threads of `DeflateParts.Pipeline` while the next band renders; the parts are joined into the one zlib stream PNG
/// requires (`DeflateParts`) and written to the sink in order as they are done, one `IDAT` chunk each. So the
/// compressed file is never held whole either, every core compresses, and the bytes are the same for any thread
/// count and band height. The container is written here: signature, `IHDR`, `sRGB` (Decor's samples are
/// sRGB-encoded), the `IDAT` chunks and `IEND`, each chunk with its CRC-32 (libdeflate's). `Benchmarks/README.md`
/// has the measurements behind these choices.
///
/// Rows come as 8-bit premultiplied words (`UInt32`) or as 16-bit straight pixels (`RGBA16`, a render at 16 bits:
/// `PixelFormat.rgba16Straight`), and the file has that depth (`PNGPixel`). The file is RGB when every pixel is opaque, else RGBA with straight alpha; grey (grey+alpha) instead when
/// every pixel is grey (red, green and blue equal). When opacity or greyness is not known beforehand (a render), the
/// encoder assumes opaque (and grey, when asked to try) and starts over with alpha (or colour) at the first band that
/// shows otherwise: rendering is a pure function of the region, so the bands come again identical; a translucent
/// image usually shows it in its first band, and the renderer asks for grey only when every source of the render
/// is grey (`BandedRender.sourcesAreGrey`), where colour comes from a step (a tint, a coloured shadow) and usually
/// shows early too. So a file is grey only when every pixel written is, and at most two starts over happen.
package enum PNGEncoder {
  /// Where the rows come from: called with each band of rows in order, it hands `body` those rows' premultiplied
  /// pixels, `width × rows.count` of them. After a start-over it is called again from the first band.
  package typealias Rows<Pixel> = (_ rows: Range<Int>, _ body: (UnsafeBufferPointer<Pixel>) throws -> Void) throws
    -> Void

  /// Thrown by a band with a pixel that is not opaque while the encoder writes no alpha.
  struct NotOpaque: Error {}
  /// Thrown by a band with a pixel that is not grey while the encoder writes grey.
  struct NotGrey: Error {}

  /// Writes the PNG file of `raster` to `sink` as it is compressed (what `PNGCodec.encode(_:compression:threads:…)`
  /// returns), stopping between bands once the sink's cancellation is set.
  ///
  /// - Throws: `CodecError.encodingFailed`, the sink's `.io`, or `.render(.cancelled)`.
  package static func encode(
    _ raster: Raster, compression: PNGCompression, threads: Int?, destination: String, metadata: ImageMetadata,
    into sink: ByteSink
  ) throws(CodecError) {
    let width = raster.width
    do {
      try raster.withUnsafeBytes { bytes in
        let pixels = bytes.bindMemory(to: UInt32.self)
        try encode(
          width: width, height: raster.height, bandHeight: 256, opaque: raster.isOpaque, grey: raster.isGrey,
          compression: compression, threads: threads ?? Renderer.processorCount, destination: destination,
          metadata: metadata, into: sink
        ) { rows, body in
          try sink.checkCancellation()
          try body(UnsafeBufferPointer(rebasing: pixels[rows.lowerBound * width..<rows.upperBound * width]))
        }
      }
    } catch let error as CodecError {
      throw error
    } catch {
      throw .encodingFailed(destination: destination, detail: "\(error)")
    }
  }

  /// Writes the PNG file of a `width × height` image to `sink`.
  ///
  /// - Parameters:
  ///   - bandHeight: how many rows `rows` is asked for at once.
  ///   - opaque: whether every pixel is opaque, if known.
  ///   - grey: whether every pixel is grey, if known (`nil`: try grey, and start over in colour if a band is not).
  ///   - threads: how many threads filter a band and compress parts.
  ///   - destination: the file's name, for error messages.
  ///   - partBytes: about how many bytes of filtered rows each part holds (see `partRows`).
  ///   - straight: whether `rows` gives straight pixels (a 16-bit render's, un-premultiplied before rounding to 8
  ///     bits) rather than premultiplied ones.
  /// - Throws: `CodecError.encodingFailed` for an empty or oversized image, or whatever `rows` throws.
  package static func encode<Pixel: PNGPixel>(
    width: Int, height: Int, bandHeight: Int, opaque: Bool?, grey: Bool? = false, compression: PNGCompression,
    threads: Int, destination: String, partBytes: Int = 1 << 20, metadata: ImageMetadata = .none,
    straight: Bool = false, into sink: ByteSink, rows: Rows<Pixel>
  ) throws {
    try EncoderChecks.checkHasPixels(width: width, height: height, destination: destination)
    // PNG's limits: dimensions below 2^31, and (for libdeflate's size_t arithmetic and the chunk lengths) a
    // filtered image that fits in memory at all.
    guard width <= Int(Int32.max), height <= Int(Int32.max),
      case let (size, overflow) = (width * 8 + 1).multipliedReportingOverflow(by: height), !overflow,
      size < Int.max / 2
    else {
      throw CodecError.encodingFailed(destination: destination, detail: "\(width)×\(height) is too large for PNG")
    }
    let band = Swift.max(1, bandHeight)
    var (opaque, grey) = (opaque, grey)
    while true {
      let channels = (grey != false ? 1 : 3) + (opaque != false ? 0 : 1)
      do {
        return try encode(width: width, height: height, channels: channels, checkOpacity: opaque == nil,
          checkGrey: grey == nil, bandHeight: band, compression: compression, threads: threads,
          destination: destination, partBytes: partBytes, metadata: metadata, straight: straight, into: sink,
          rows: rows)
      } catch is NotOpaque {
        opaque = false
      } catch is NotGrey {
        grey = false
      }
      try sink.restart()
    }
  }

  static func encode<Pixel: PNGPixel>(
    width: Int, height: Int, channels: Int, checkOpacity: Bool, checkGrey: Bool = false, bandHeight: Int,
    compression: PNGCompression, threads: Int, destination: String, partBytes: Int, metadata: ImageMetadata,
    straight: Bool = false, into sink: ByteSink, rows: Rows<Pixel>
  ) throws {
    let compression = compression.resolved(forPixels: width * height)
    let rowBytes = width * channels * Pixel.sampleBytes
    let stride = rowBytes + 1
    let partRows = partRows(rowBytes: rowBytes, partBytes: partBytes)
    // zlib counts a part in 32 bits, and a part's compressed bytes (at most 0.1% more than its input) fill one
    // IDAT chunk, whose length PNG limits to 2^31 - 1.
    guard partRows * stride <= maximumChunk - maximumChunk / 256 else {
      throw CodecError.encodingFailed(
        destination: destination, detail: "rows of \(width) pixels are too long to compress")
    }
    try sink.write(header(width: width, height: height, channels: channels, depth: 8 * Pixel.sampleBytes,
      metadata: metadata))
    let parts = DeflateParts.Pipeline(compression, threads: threads, destination: destination)
    defer { parts.drain() }
    var zlibHeader = DeflateParts.zlibHeader(level: compression.level)
    var adler: UInt32 = 1
    var written = 0
    /// Writes the parts that are done (all of them when `all`; at least one when too many are in flight), each in
    /// an IDAT chunk of its own, so that the chunks too are the same whatever the bands and threads.
    func write(all: Bool) throws {
      while let part = try parts.next(wait: all || parts.pending >= parts.capacity) {
        adler = UInt32(decor_adler32_combine(UInt(adler), UInt(part.adler), part.count))
        written += part.count
        let last = written == height * stride
        var head = bigEndian(UInt32(zlibHeader.count + part.bytes.count + (last ? 4 : 0))) + Array("IDAT".utf8)
        head += zlibHeader
        zlibHeader = []
        let tail = last ? bigEndian(adler) : []
        var crc = libdeflate_crc32(0, Array(head[4...]), head.count - 4)
        crc = part.bytes.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        crc = libdeflate_crc32(crc, tail, tail.count)
        try sink.write(head)
        try sink.write(part.bytes)
        try sink.write(tail + bigEndian(crc))
      }
    }
    // The last row of the band before, as given: the filters of a band's first row predict from it.
    var carry: [Pixel] = []
    // Filtered rows not yet handed to a part: less than a part, then a band more.
    var pending = [UInt8](repeating: 0, count: (partRows + bandHeight) * stride)
    var pendingRows = 0
    var start = 0
    while start < height {
      let band = start..<Swift.min(height, start + bandHeight)
      try rows(band) { pixels in
        try pending.withUnsafeMutableBytes { buffer in
          let output = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + pendingRows * stride
          try takeBand(pixels, rows: band.count, width: width, channels: channels, checkOpacity: checkOpacity,
            checkGrey: checkGrey, straight: straight, carry: &carry, into: output, threads: threads)
        }
      }
      pendingRows += band.count
      start = band.upperBound
      // Every whole part goes to the compressor (and the rest of the image, at its end), copied out of `pending`.
      var taken = 0
      while pendingRows - taken >= partRows || (start == height && taken < pendingRows) {
        let count = Swift.min(partRows, pendingRows - taken)
        let input = Array(pending[taken * stride..<(taken + count) * stride])
        taken += count
        parts.submit(input, final: start == height && taken == pendingRows)
        try write(all: false)
      }
      if taken > 0 {
        pending.withUnsafeMutableBytes { buffer in
          let rest = (pendingRows - taken) * stride
          if rest > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + taken * stride, byteCount: rest) }
        }
        pendingRows -= taken
      }
    }
    try write(all: true)
    var end: [UInt8] = []
    appendChunk("IEND", [], to: &end)
    try sink.write(end)
  }

  /// What the encoder does with a band handed over: check its size (and, when asked, its opacity and greyness),
  /// filter it into `output`, and keep its last row in `carry` for the next band's first.
  static func takeBand<Pixel: PNGPixel>(
    _ pixels: UnsafeBufferPointer<Pixel>, rows: Int, width: Int, channels: Int, checkOpacity: Bool,
    checkGrey: Bool = false, straight: Bool = false, carry: inout [Pixel], into output: UnsafeMutablePointer<UInt8>,
    threads: Int
  ) throws {
    precondition(pixels.count == width * rows, "a band of \(rows) rows has \(pixels.count) pixels")
    if checkOpacity && !Pixel.isOpaque(pixels) { throw NotOpaque() }
    if checkGrey && !Pixel.isGrey(pixels) { throw NotGrey() }
    filterBand(pixels, width: width, channels: channels, straight: straight, above: carry, into: output,
      threads: threads)
    carry = Array(pixels[(rows - 1) * width..<rows * width])
  }

  /// Filters the rows of one band, split among the threads; each part un-premultiplies its first row's
  /// predecessor again rather than waiting for the part before it.
  static func filterBand<Pixel: PNGPixel>(
    _ pixels: UnsafeBufferPointer<Pixel>, width: Int, channels: Int, straight: Bool = false, above: [Pixel],
    into output: UnsafeMutablePointer<UInt8>, threads: Int
  ) {
    let rows = pixels.count / width
    let rowBytes = width * channels * Pixel.sampleBytes
    let parts = Swift.max(1, Swift.min(threads, rows / 4))
    let source = Int(bitPattern: pixels.baseAddress!)
    let destination = Int(bitPattern: output)
    // Errors cannot happen here; `ParallelLoop` is the project's one way to spread numbered jobs over threads.
    try? ParallelLoop.run(count: parts, threads: parts) { part in
      let first = rows * part / parts
      let end = rows * (part + 1) / parts
      let base = UnsafePointer<Pixel>(bitPattern: source)!
      let out = UnsafeMutablePointer<UInt8>(bitPattern: destination)!
      // One spare byte: `straighten` stores whole words when packing RGB.
      let current = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 1)
      let previous = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 1)
      let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: PNGRowFilter.scratchCount(rowBytes: rowBytes))
      defer {
        current.deallocate()
        previous.deallocate()
        scratch.deallocate()
      }
      var hasPrevious = false
      if first > 0 {
        Pixel.straighten(base + (first - 1) * width, width: width, channels: channels, straight: straight,
          into: previous)
        hasPrevious = true
      } else if !above.isEmpty {
        above.withUnsafeBufferPointer {
          Pixel.straighten($0.baseAddress!, width: width, channels: channels, straight: straight, into: previous)
        }
        hasPrevious = true
      }
      var (row, prior) = (current, previous)
      for y in first..<end {
        Pixel.straighten(base + y * width, width: width, channels: channels, straight: straight, into: row)
        PNGRowFilter.filter(row, previous: hasPrevious ? UnsafePointer(prior) : nil, count: rowBytes,
          bytesPerPixel: channels * Pixel.sampleBytes, into: out + y * (rowBytes + 1), scratch: scratch)
        swap(&row, &prior)
        hasPrevious = true
      }
    }
  }

  /// Rows of filtered data per part: about `partBytes` (1 MiB), so that a band splits into parts for the threads.
  /// A function of the row's size only, so the file is the same whatever the bands and threads. Each part starts
  /// with an empty window, so the file is slightly larger than one libdeflate call over the whole image would make
  /// it (measured in Benchmarks/README.md, "What joining costs").
  static func partRows(rowBytes: Int, partBytes: Int) -> Int { Swift.max(1, partBytes / (rowBytes + 1)) }

  /// The signature and `IHDR`, then the colour space: the input's ICC profile in `iCCP` (zlib-compressed by
  /// libdeflate) or else `sRGB` (Decor's samples are sRGB-encoded; the PNG specification forbids both), and the
  /// density in `pHYs`, the EXIF in `eXIf` and the XMP in an uncompressed `iTXt` chunk `XML:com.adobe.xmp` (as
  /// ImageMagick and libvips write it) when there are.
  static func header(width: Int, height: Int, channels: Int, depth: Int = 8, metadata: ImageMetadata = .none)
    -> [UInt8]
  {
    var header = signature
    var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    // Depth, colour type (grey 0, RGB 2, grey+alpha 4, RGBA 6), deflate, adaptive filters, no interlace.
    ihdr += [UInt8(depth), [0, 0, 4, 2, 6][Swift.min(channels, 4)], 0, 0, 0]
    appendChunk("IHDR", ihdr, to: &header)
    if let profile = metadata.iccProfile, let compressed = zlibCompressed(profile) {
      appendChunk("iCCP", Array("ICC profile".utf8) + [0, 0] + compressed, to: &header)
    } else {
      appendChunk("sRGB", [0], to: &header)  // rendering intent: perceptual
    }
    if let values = metadata.density?.pngValues {
      appendChunk("pHYs", bigEndian(values.x) + bigEndian(values.y) + [values.unit], to: &header)
    }
    if let exif = metadata.exif, !exif.isEmpty, exif.count < maximumChunk {
      appendChunk("eXIf", exif, to: &header)
    }
    if let xmp = metadata.xmp, !xmp.isEmpty, xmp.count < maximumChunk - 64 {
      // Keyword, NUL, not compressed (flag and method 0), no language tag, no translated keyword, the text.
      appendChunk("iTXt", Array(ImageMetadata.xmpKeyword.utf8) + [0, 0, 0, 0, 0] + xmp, to: &header)
    }
    return header
  }

  /// `bytes` as a zlib stream (libdeflate, level 9 unless told), or `nil` if libdeflate fails.
  package static func zlibCompressed(_ bytes: [UInt8], level: Int = 9) -> [UInt8]? {
    guard let compressor = libdeflate_alloc_compressor(Int32(level)) else { return nil }
    defer { libdeflate_free_compressor(compressor) }
    let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
    let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
      initialized = bytes.withUnsafeBytes { input in
        libdeflate_zlib_compress(compressor, input.baseAddress, input.count, buffer.baseAddress, bound)
      }
    }
    return output.isEmpty ? nil : output
  }

  static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

  /// The longest chunk PNG allows.
  static let maximumChunk = Int(Int32.max)

  package static func appendChunk<Data: Collection<UInt8>>(_ type: String, _ data: Data, to file: inout [UInt8]) {
    file += bigEndian(UInt32(data.count))
    let start = file.count
    file += Array(type.utf8)
    file += data
    file += bigEndian(crc(file[start...]))
  }

  static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
  }

  package static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }
}
