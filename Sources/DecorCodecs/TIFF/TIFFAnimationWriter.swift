#if TIFF
import DecorCore

import CTIFF

/// Frames written as the pages of a multi-page TIFF, as ImageMagick and libvips write an animation or a document
/// to TIFF: each page compressed and written by libtiff as it comes (`TIFFWriteDirectory` after its rows), with the
/// tags `TIFFEncoder` gives a still image (8-bit RGB, or RGBA when a pixel of the page is not opaque; the ICC
/// profile, XMP and density of the metadata on every page), marked as a page (`SubfileType` 2).
///
/// - TIFF records no timing: the delays and the loop count are not written, and `finish()` says so in its
///   `EncodingResult.droppedMetadata` when a delay or the loop count was not 0 (a multi-page TIFF read as frames
///   has delays of 0 and loops for ever).
/// - Memory: the page in hand, and the compressed file so far, which libtiff writes into memory (it seeks back to
///   link each directory to the next) and `finish()` hands to the sink.
package final class TIFFAnimationWriter: AnimationWriter {
  private let width: Int
  private let height: Int
  private let options: TIFFOptions
  /// The pages' bits a sample: 8, or 16 (each page's 8-bit pixels widened, exactly) when asked.
  private let depth: BitDepth
  private let metadata: ImageMetadata
  private let destination: String
  private let sink: ByteSink
  /// libtiff's output buffer and messages, kept until the file is closed.
  private let io: UnsafeMutablePointer<decor_tiff_io>
  private var tif: OpaquePointer?
  private var pages = 0
  /// Whether a delay or the loop count was other than 0, which TIFF cannot record.
  private var droppedTiming: Bool

  /// Starts a `width × height` document of frames meant to play `loopCount` times (0 for ever), which TIFF cannot
  /// record.
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination` for a size TIFF cannot hold, or libtiff's reason.
  package init(
    width: Int, height: Int, loopCount: Int, options: TIFFOptions, depth: BitDepth = .eight, metadata: ImageMetadata,
    destination: String, into sink: ByteSink
  ) throws(CodecError) {
    guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
      throw .encodingFailed(destination: destination, detail: "pages of \(width)x\(height) pixels")
    }
    (self.width, self.height, self.options, self.metadata, self.depth) = (width, height, options, metadata, depth)
    self.destination = destination
    self.sink = sink
    droppedTiming = loopCount != 0
    io = .allocate(capacity: 1)
    io.initialize(to: decor_tiff_io())
    tif = decor_tiff_open(io, TIFFEncoder.openingMode(width: width, height: height, channels: 4 * depth.rawValue / 8))
    guard tif != nil else {
      let error = failure("libtiff cannot start a file")
      decor_tiff_free_output(io)
      io.deallocate()
      throw error
    }
  }

  deinit {
    if let tif { TIFFClose(tif) }
    decor_tiff_free_output(io)
    io.deallocate()
  }

  /// libtiff's reason for the last failure, or `otherwise`.
  private func failure(_ otherwise: String) -> CodecError {
    .encodingFailed(
      destination: destination,
      detail: io.pointee.outOfMemory != 0 ? "out of memory" : TIFFDecoder.message(io, otherwise: otherwise))
  }

  /// Writes `frame` as the next page; `delay` is not recorded (TIFF has no timing).
  package func add(_ frame: Raster, delay: Int) throws(CodecError) {
    guard let tif else { throw .encodingFailed(destination: destination, detail: "the TIFF is already finished") }
    try AnimationFrameCheck.check(frame, width: width, height: height, destination: destination, sink: sink)
    if depth == .sixteen {
      try frame.withStraightSixteenBitPixels(destination: destination) { pixels throws(CodecError) in
        try TIFFEncoder.writePage(straight: pixels, width: width, height: height, depth: .sixteen,
          hasAlpha: !frame.isOpaque, into: tif, options: options, metadata: metadata, isPage: true,
          failure: failure)
      }
    } else {
      try TIFFEncoder.writePage(frame, into: tif, options: options, metadata: metadata, isPage: true,
        failure: failure)
    }
    guard TIFFWriteDirectory(tif) != 0 else { throw failure("libtiff cannot end the page") }
    if delay != 0 { droppedTiming = true }
    pages += 1
  }

  package func finish() throws(CodecError) -> EncodingResult {
    guard let tif else { throw .encodingFailed(destination: destination, detail: "the TIFF is already finished") }
    guard pages > 0 else { throw .encodingFailed(destination: destination, detail: "a document of no pages") }
    try sink.checkCancellation()
    self.tif = nil
    TIFFClose(tif)
    guard io.pointee.outOfMemory == 0, let output = io.pointee.output else { throw failure("no output") }
    try sink.write(Array(UnsafeBufferPointer(start: output, count: io.pointee.size)))
    decor_tiff_free_output(io)
    return EncodingResult(droppedMetadata: droppedTiming ? ["frame delays and loop count (TIFF records no timing)"] : [])
  }
}
#endif
