#if WebP
import DecorCore

import CWebP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One reading of a `WebPRowSource`: a `ByteReader` of its bytes (a file, memory or spooled standard input) and a
/// libwebp incremental decoder, fed 64 KiB at a time until the rows asked for are decoded. Every WebP decode is one:
/// a render's streamed input, and `WebPDecoder`'s whole image (every row read into a raster). libwebp returns status
/// codes (no `longjmp`), so it is called directly.
///
/// Not `Sendable`: it belongs to one render, which serialises its calls. The input, the decoder and the image go
/// after the last row, on the first error, or when the reader goes.
public final class WebPRowReader: RowReader {
  public let width: Int
  public let height: Int
  /// The file's name in error messages.
  public let source: String
  /// The next row `readRows` gives.
  public private(set) var nextRow = 0
  /// How many frames the file has: 1 for a still image, the animation's count for an animated one (known once the
  /// first rows are read: the animation is decoded then).
  public private(set) var frameCount = 1

  /// How much of the file each `WebPIAppend` gets: 64 KiB, and for a lossless file twice as much each time up to
  /// 4 MiB, since libwebp holds a lossless file's compressed data whole anyway and resumes its lossless decoder from
  /// its last saved row at every append (small pieces cost a quarter more time on a whole decode).
  static let chunkSize = 1 << 16
  static let largestLosslessChunk = 1 << 22

  private let bytes: ByteSource
  private let animated: Bool
  /// Whether the bitstream is lossless (VP8L), whose pieces grow (see `chunkSize`).
  private let lossless: Bool
  /// Whether libwebp was given its output and the input (at the first `readRows`).
  private var started = false
  private var input: ByteReader?
  private var decoder: OpaquePointer?
  /// The whole image, straight RGBA as libwebp writes it (see `WebPRowSource`), mapped on its own so that the pages
  /// of rows already served can be given back to the system (`releaseServedRows`); `nil` when the first read asked
  /// for every row, which libwebp then writes straight into the caller's buffer (a whole-image decode).
  private var image: UnsafeMutableRawBufferPointer?
  /// The bytes at the start of `image` whose pages were given back.
  private var released = 0
  /// How many rows of `image` libwebp has finished, and how many bytes of the file it has had for them.
  private var decodedRows = 0
  package private(set) var bytesFed = 0
  private var chunk: [UInt8]
  /// The error that made the reader unusable, thrown again by every later call.
  private var failure: CodecError?

  /// Reads the headers of `bytes` again and checks them against `width` × `height` and `animated` (the source's)
  /// and `pixelLimit`. The image's memory and libwebp's decoder come with the first `readRows` (see `image`).
  init(bytes: ByteSource, width: Int, height: Int, animated: Bool, pixelLimit: Int) throws(CodecError) {
    let source = bytes.name
    let features = try WebPRowReader.features(bytes: bytes, pixelLimit: pixelLimit)
    try DecodeChecks.unchanged(width: Int(features.width), height: Int(features.height), was: (width, height),
      source: source)
    try DecodeChecks.unchanged(animated: features.has_animation != 0, was: animated, source: source)
    self.width = width
    self.height = height
    self.source = source
    self.bytes = bytes
    self.animated = animated
    lossless = features.format == 2
    chunk = []
  }

  /// Gives libwebp its output, `whole` (the caller's buffer, for every row) or a mapping of the image, and decodes
  /// an animation's first frame into it (whole), or starts the incremental decoder on the input.
  private func start(into whole: UnsafeMutableRawBufferPointer?) throws(CodecError) {
    started = true
    let output: UnsafeMutableRawBufferPointer
    if let whole {
      output = whole
    } else {
      output = try map()
      image = output
    }
    if animated {
      // libwebp's animation decoder takes the whole file, and gives the frame whole.
      frameCount = try WebPDecoder.decodeFirstFrame(bytes.allBytes(), width: width, height: height, into: output,
        source: source)
      decodedRows = height
      return
    }
    input = try bytes.openReader()
    guard let decoder = WebPINewRGB(MODE_RGBA, output.baseAddress!.assumingMemoryBound(to: UInt8.self),
      output.count, Int32(width * 4))
    else { throw .corrupt(source: source, detail: "libwebp could not start its decoder") }
    self.decoder = decoder
    chunk = [UInt8](repeating: 0, count: WebPRowReader.chunkSize)
  }

  /// The image's mapping (address space; see `WebPRowSource`), checked as a raster's buffer is.
  private func map() throws(CodecError) -> UnsafeMutableRawBufferPointer {
    // A raster's worth, checked with the same headroom as a raster's buffer.
    do {
      try Raster.checkAllocation(width * height * 4, width: width, height: height)
    } catch {
      throw .allocationFailed(source: source, width: width, height: height, bytes: width * height * 4)
    }
    guard let mapping = mmap(nil, width * height * 4, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      mapping != MAP_FAILED
    else {
      // The kernel refusing anonymous memory is memory running out, as for a raster.
      guard errno == ENOMEM else {
        throw .io(path: source, detail: "cannot map \(width * height * 4) bytes: \(ImageFile.systemError())")
      }
      throw .allocationFailed(source: source, width: width, height: height, bytes: width * height * 4)
    }
    return UnsafeMutableRawBufferPointer(start: mapping, count: width * height * 4)
  }

  deinit { finish() }

  /// Frees the decoder, the input and the image.
  private func finish() {
    if let decoder { WebPIDelete(decoder) }
    decoder = nil
    input = nil
    if let image { munmap(image.baseAddress, image.count) }
    image = nil
  }

  /// Gives back the pages wholly inside the rows already served: libwebp never writes a row again once it counts
  /// it as decoded, nor reads its output (it predicts from its own buffers), so the resident image is only the
  /// rows between the last one served and the last one decoded (and a page). The mapping stays, untouched.
  private func releaseServedRows() {
    guard let image else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let end = nextRow * width * 4 / page * page
    guard end > released else { return }
    _ = madvise(image.baseAddress! + released, end - released, MADV_DONTNEED)
    released = end
  }

  public func readRows(count: Int, into buffer: UnsafeMutableBufferPointer<UInt32>) throws(CodecError) {
    if let failure { throw failure }
    precondition(count >= 0 && nextRow + count <= height, "rows \(nextRow)..<\(nextRow + count) of \(height)")
    precondition(buffer.count >= width * count, "a buffer of \(buffer.count) pixels for \(count) rows of \(width)")
    guard count > 0 else { return }
    let rows = UnsafeMutableRawPointer(buffer.baseAddress!)
    do throws(CodecError) {
      if !started {
        try start(into: count == height ? UnsafeMutableRawBufferPointer(start: rows, count: width * height * 4) : nil)
      }
      while decodedRows < nextRow + count { try decodeMore() }
    } catch {
      failure = error
      finish()
      throw error
    }
    if let image { rows.copyMemory(from: image.baseAddress! + nextRow * width * 4, byteCount: width * count * 4) }
    // Decor's own rounding (`Premultiplication`'s), with raw loads and stores: the memory is the caller's `UInt32`s.
    PNGRowReader.premultiply(rows, count: width * count)
    nextRow += count
    if nextRow == height { finish() } else { releaseServedRows() }
  }

  /// Feeds libwebp the next piece of the input and updates how many rows are done.
  private func decodeMore() throws(CodecError) {
    guard let decoder, let input else { throw .corrupt(source: source, detail: "the reader is closed") }
    let n = try input.read(into: &chunk)
    guard n > 0 else { throw .corrupt(source: source, detail: WebPDecoder.message(VP8_STATUS_NOT_ENOUGH_DATA)) }
    bytesFed += n
    let status = chunk.withUnsafeBufferPointer { WebPIAppend(decoder, $0.baseAddress, n) }
    guard status == VP8_STATUS_OK || status == VP8_STATUS_SUSPENDED else {
      throw .corrupt(source: source, detail: WebPDecoder.message(status))
    }
    if lossless, chunk.count < WebPRowReader.largestLosslessChunk {
      chunk = [UInt8](repeating: 0, count: chunk.count * 2)
    }
    var lastRow: Int32 = 0
    if WebPIDecGetRGB(decoder, &lastRow, nil, nil, nil) != nil { decodedRows = Int(lastRow) }
    // A complete bitstream that left rows undone would never finish them.
    if status == VP8_STATUS_OK && decodedRows < height {
      throw .corrupt(source: source, detail: "libwebp decoded \(decodedRows) of \(height) rows")
    }
  }

  /// The features of the headers of `bytes`, read from its first bytes (more of them until libwebp has enough),
  /// and its size checked against `pixelLimit`.
  static func features(bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> WebPBitstreamFeatures {
    let source = bytes.name
    let input = try bytes.openReader()
    var prefix: [UInt8] = []
    var features = WebPBitstreamFeatures()
    var piece = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = try input.read(into: &piece)
      prefix += piece.prefix(n)
      let status = prefix.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
      if status == VP8_STATUS_OK { break }
      guard status == VP8_STATUS_NOT_ENOUGH_DATA, n > 0, prefix.count < 1 << 20 else {
        throw .corrupt(source: source, detail: WebPDecoder.message(status))
      }
    }
    let (width, height) = (Int(features.width), Int(features.height))
    guard width > 0, height > 0 else { throw .corrupt(source: source, detail: "a \(width)×\(height) image") }
    try DecodeChecks.pixelLimit(width: width, height: height, limit: pixelLimit, source: source)
    return features
  }
}
#endif
