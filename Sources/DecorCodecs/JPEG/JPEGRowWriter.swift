#if JPEG
import DecorCore

import CJPEG

/// One JPEG file being compressed by libjpeg-turbo's libjpeg API, rows top to bottom, its bytes handed to a
/// `ByteSink` as they come: after each call into libjpeg, the bytes it made (a band's worth, at most) are taken out of
/// the C buffer and written, so neither the image nor the file is ever held whole. Every call into libjpeg goes
/// through a C helper of `Sources/CJPEG/shim.h` that holds the `setjmp` and returns a status, so libjpeg's `longjmp`
/// never crosses a Swift frame; the destination only grows its buffer and never calls back into Swift.
///
/// The settings are TurboJPEG's `tjCompress2` ones for RGB pixels (`decor_jpeg_writer_start` lists them), so the
/// bytes are those that `tjCompress2` writes for the same pixels, quality and subsampling. The metadata is written as
/// `JPEGEncoder.encode` documents it: the density in the JFIF APP0 segment, then the EXIF and the XMP in APP1
/// segments, then the ICC profile in APP2 segments.
///
/// Not `Sendable`: it belongs to one encoding, which makes its calls in order. libjpeg's memory goes at the first
/// error, after `finish()`, or when the writer goes.
final class JPEGRowWriter {
  let width: Int
  let height: Int
  /// The file's name in error messages.
  let destination: String
  /// Where the bytes go.
  let sink: ByteSink
  /// The next row `write` takes.
  private(set) var nextRow = 0

  private var jpeg: UnsafeMutablePointer<decor_jpeg_writer>?
  /// The error that made the writer unusable, thrown again by every later call.
  private var failure: CodecError?

  /// Starts a `width × height` file with `options`' quality and subsampling and `metadata`'s density and profile,
  /// and hands its first segments to `sink`; with `grey`, a one-component (greyscale) file, whose rows must then be
  /// grey (the luma of RGB rows is written).
  ///
  /// - Throws: `CodecError.encodingFailed` with libjpeg's words (an image over 65 500 pixels a side), or the sink's
  ///   `.io`.
  init(
    width: Int, height: Int, options: JPEGOptions, metadata: ImageMetadata, grey: Bool = false, destination: String,
    sink: ByteSink
  ) throws(CodecError) {
    self.width = width
    self.height = height
    self.destination = destination
    self.sink = sink
    // libjpeg counts in 32-bit `JDIMENSION`s; it refuses sizes over 65 500 itself, with its own message.
    guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
      throw .encodingFailed(destination: destination, detail: "a \(width)×\(height) image cannot be a JPEG")
    }
    var writer: UnsafeMutablePointer<decor_jpeg_writer>?
    // 64 KiB to start: the headers fit, and a band's bytes double it a few times at most.
    let created = decor_jpeg_writer_create(1 << 16, &writer)
    guard let writer else {
      throw .encodingFailed(destination: destination, detail: "cannot allocate libjpeg's encoder")
    }
    jpeg = writer
    try check(created)
    let density = metadata.density?.jfifValues
    // `JPEGOptions` clamps its initialiser's quality; one set afterwards is clamped here, as documented.
    let quality = Int32(Swift.min(100, Swift.max(1, options.quality)))
    try check(decor_jpeg_writer_start(writer, UInt32(width), UInt32(height), quality,
      options.subsampling == .s420 ? 1 : 0, grey ? 1 : 0, density.map { Int32($0.unit) } ?? -1, UInt32(density?.x ?? 1),
      UInt32(density?.y ?? 1)))
    for (marker, segment) in Self.app1Segments(metadata).map({ (1, $0) }) + Self.iccSegments(metadata.iccProfile)
      .map({ (2, $0) })
    {
      try check(segment.withUnsafeBufferPointer { body in
        decor_jpeg_writer_marker(writer, Int32(JPEG_APP0) + Int32(marker), body.baseAddress, UInt32(body.count))
      })
    }
    try drain()
  }

  deinit { decor_jpeg_writer_close(jpeg) }

  /// Compresses the next `count` rows, `stride` bytes apart, 4 bytes a pixel (red, green, blue; the fourth byte is
  /// not read), and writes the bytes libjpeg made to the sink.
  ///
  /// - Throws: `CodecError.encodingFailed` with libjpeg's words, or the sink's `.io`; the writer is then unusable.
  func write(rows: UnsafeRawPointer, stride: Int, count: Int) throws(CodecError) {
    precondition(count >= 0 && nextRow + count <= height, "rows \(nextRow)..<\(nextRow + count) of \(height)")
    precondition(stride >= width * 4, "rows \(stride) bytes apart for \(width) pixels")
    let jpeg = try open()
    try check(decor_jpeg_writer_write(jpeg, rows.assumingMemoryBound(to: UInt8.self), stride, UInt32(count)))
    nextRow += count
    try drain()
  }

  /// Ends the file (its last MCU rows and EOI) once every row was written, writes the last bytes and lets go of
  /// libjpeg's memory.
  ///
  /// - Throws: as `write`.
  func finish() throws(CodecError) {
    precondition(nextRow == height, "finished after \(nextRow) rows of \(height)")
    let jpeg = try open()
    try check(decor_jpeg_writer_finish(jpeg))
    try drain()
    decor_jpeg_writer_close(jpeg)
    self.jpeg = nil
  }

  /// The open compressor, or the error that closed it.
  private func open() throws(CodecError) -> UnsafeMutablePointer<decor_jpeg_writer> {
    if let failure { throw failure }
    guard let jpeg else { throw .encodingFailed(destination: destination, detail: "the JPEG file is finished") }
    return jpeg
  }

  /// Throws libjpeg's words for a status other than OK, after closing the compressor (its state is undefined).
  private func check(_ status: Int32) throws(CodecError) {
    guard status != Int32(DECOR_JPEG_OK) else { return }
    var detail = "libjpeg could not encode the image"
    if let jpeg {
      let words = withUnsafeBytes(of: jpeg.pointee.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if !words.isEmpty { detail = words }
    }
    fail(.encodingFailed(destination: destination, detail: detail))
    throw failure!
  }

  /// Hands the bytes libjpeg made since the last call to the sink, and empties its buffer.
  private func drain() throws(CodecError) {
    guard let jpeg else { return }
    let count = decor_jpeg_writer_pending(jpeg)
    guard count > 0 else { return }
    let bytes = Array(UnsafeBufferPointer(start: jpeg.pointee.buffer, count: count))
    decor_jpeg_writer_drained(jpeg)
    do {
      try sink.write(bytes)
    } catch {
      fail(error)
      throw error
    }
  }

  private func fail(_ error: CodecError) {
    failure = error
    decor_jpeg_writer_close(jpeg)
    jpeg = nil
  }

  /// The bodies of the APP1 segments: `Exif\0\0` and the EXIF block, then the XMP signature and packet, each left
  /// out when it does not fit in one segment (65 533 bytes of body).
  static func app1Segments(_ metadata: ImageMetadata) -> [[UInt8]] {
    let exif = metadata.exif.flatMap { $0.isEmpty ? nil : ImageMetadata.exifSignature + $0 }
    let xmp = metadata.xmp.flatMap { $0.isEmpty ? nil : ImageMetadata.xmpSignature + $0 }
    return [exif, xmp].compactMap { $0 }.filter { $0.count <= 65_533 }
  }

  /// The largest piece of a profile one APP2 segment holds: 65 535 bytes less the length field and the
  /// `ICC_PROFILE` header with its sequence number and count (libjpeg's `MAX_DATA_BYTES_IN_MARKER`).
  static let iccPieceSize = 65_535 - 2 - 14

  /// The bodies of the APP2 segments that hold `profile`: the `ICC_PROFILE` signature, the piece's number from 1 and
  /// the count, then the piece, as the ICC specification splits a profile. None for no profile, an empty one, or
  /// one needing more than the 255 pieces a count byte can number.
  static func iccSegments(_ profile: [UInt8]?) -> [[UInt8]] {
    guard let profile, !profile.isEmpty else { return [] }
    let count = (profile.count + iccPieceSize - 1) / iccPieceSize
    guard count <= 255 else { return [] }
    return (0..<count).map { index in
      let piece = profile[(index * iccPieceSize)..<Swift.min(profile.count, (index + 1) * iccPieceSize)]
      return JPEGDecoder.iccSignature + [UInt8(index + 1), UInt8(count)] + piece
    }
  }
}
#endif
