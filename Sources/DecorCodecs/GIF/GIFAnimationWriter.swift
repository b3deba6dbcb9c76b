#if GIF
import DecorCore

import CGIF

/// A GIF written frame by frame through giflib (`EGifOpen` with an output function buffering into a `ByteSink`):
/// each frame is quantised and compressed as it comes, so only the frame in hand is held.
///
/// - Every frame covers the whole canvas, with a palette of its own (a local colour map): its exact colours when it
///   has at most 256 (255 with transparency), else giflib's median-cut quantiser (`GifQuantizeBuffer`, MIT), which
///   works on 5 bits per channel and does not dither.
/// - Alpha below 128 is the transparent index (GIF has one transparent colour and no translucency); any other pixel
///   is opaque in its straight colour.
/// - An animation (`loopCount` given) gets the NETSCAPE2.0 loop extension (left out for 1: plays once) and a
///   Graphics Control Extension per frame with its delay in centiseconds (milliseconds rounded to the nearest 10)
///   and disposal 2, so that each whole frame replaces the last even where it is transparent. A still image gets
///   an extension only to name its transparent index.
/// - Sides up to 65535, GIF's limit.
package final class GIFAnimationWriter: AnimationWriter {
  /// GIF's largest width and height.
  package static let maximumDimension = 65535

  private let width: Int
  private let height: Int
  private let animated: Bool
  private let destination: String
  private let sink: ByteSink
  private var gif: UnsafeMutablePointer<GifFileType>?
  private let output: UnsafeMutablePointer<decor_gif_sink>
  /// Bytes giflib wrote, sent to the sink 64 KiB at a time.
  private var buffer: [UInt8] = []
  /// Why a write to the sink failed, thrown in place of giflib's words.
  private var failure: CodecError?
  private var frames = 0
  /// Set when the writer is dropped unfinished: giflib's closing bytes are then thrown away, not sent.
  private var discarding = false

  /// Starts a `width × height` GIF: the header and screen descriptor, and the loop extension of an animation.
  ///
  /// - Parameter loopCount: how many times the animation plays (0 for ever); `nil` for a still image.
  /// - Throws: `CodecError.encodingFailed` naming `destination` for a size GIF cannot hold (no pixels, or over
  ///   its limit), or giflib's reason.
  package init(width: Int, height: Int, loopCount: Int?, destination: String, into sink: ByteSink)
    throws(CodecError)
  {
    try EncoderChecks.checkSize(width: width, height: height, maximum: Self.maximumDimension, format: "GIF",
      destination: destination)
    try EncoderChecks.checkHasPixels(width: width, height: height, destination: destination)
    self.width = width
    self.height = height
    self.animated = loopCount != nil
    self.destination = destination
    self.sink = sink
    output = .allocate(capacity: 1)
    output.initialize(to: decor_gif_sink(write: { context, bytes, count in
      guard let context, let bytes else { return -1 }
      let writer = Unmanaged<GIFAnimationWriter>.fromOpaque(context).takeUnretainedValue()
      return writer.take(UnsafeBufferPointer(start: bytes, count: count))
    }, context: nil))
    output.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    var error: Int32 = 0
    gif = decor_gif_open_sink(output, &error)
    guard let gif else { throw .encodingFailed(destination: destination, detail: Self.message(error)) }
    EGifSetGifVersion(gif, true)
    guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else { throw failed() }
    if let loopCount, loopCount != 1 {
      let count = UInt16(clamping: loopCount)
      var name = Array("NETSCAPE2.0".utf8)
      var loop: [UInt8] = [1, UInt8(count & 0xFF), UInt8(count >> 8)]
      guard EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
        EGifPutExtensionBlock(gif, Int32(name.count), &name) == GIF_OK,
        EGifPutExtensionBlock(gif, Int32(loop.count), &loop) == GIF_OK,
        EGifPutExtensionTrailer(gif) == GIF_OK
      else { throw failed() }
    }
  }

  deinit {
    if let gif {
      discarding = true
      var error: Int32 = 0
      EGifCloseFile(gif, &error)
    }
    output.deallocate()
  }

  /// giflib's output, buffered: every byte taken, or none once the sink has failed.
  private func take(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    if discarding { return bytes.count }
    guard failure == nil else { return 0 }
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 {
      do {
        try flush()
      } catch {
        failure = error
        return 0
      }
    }
    return bytes.count
  }

  private func flush() throws(CodecError) {
    guard !buffer.isEmpty else { return }
    try sink.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// The sink's failure, or giflib's reason.
  private func failed() -> CodecError {
    failure ?? .encodingFailed(destination: destination, detail: Self.message(gif?.pointee.Error ?? 0))
  }

  package func add(_ frame: Raster, delay: Int) throws(CodecError) {
    guard let gif else { throw .encodingFailed(destination: destination, detail: "the GIF is already finished") }
    try AnimationFrameCheck.check(frame, width: width, height: height, destination: destination, sink: sink)
    let straight = frame.straightBytes()
    let count = width * height
    var indices = [GifByteType](repeating: 0, count: count)
    var colors = [GifColorType](repeating: GifColorType(), count: 256)
    var transparent = false
    for i in 0..<count where straight[i * 4 + 3] < 128 {
      transparent = true
      break
    }
    let available = transparent ? 255 : 256
    var used: Int
    if let exact = Self.exactPalette(straight, count: count, available: available, indices: &indices,
      colors: &colors)
    {
      used = exact
    } else {
      var red = [GifByteType](repeating: 0, count: count)
      var green = red
      var blue = red
      for i in 0..<count {
        red[i] = straight[i * 4]
        green[i] = straight[i * 4 + 1]
        blue[i] = straight[i * 4 + 2]
      }
      var size = Int32(available)
      guard GifQuantizeBuffer(UInt32(width), UInt32(height), &size, &red, &green, &blue, &indices, &colors) == GIF_OK
      else {
        throw .encodingFailed(destination: destination, detail: "giflib's quantiser failed")
      }
      used = min(available, max(1, Int(size)))
    }
    var transparentIndex = Int(NO_TRANSPARENT_COLOR)
    if transparent {
      transparentIndex = used
      colors[used] = GifColorType(Red: 0, Green: 0, Blue: 0)
      used += 1
      for i in 0..<count where straight[i * 4 + 3] < 128 { indices[i] = GifByteType(transparentIndex) }
    }
    // A colour map's size is a power of two, of at least 2 entries.
    let mapCount = 1 << max(1, Int(GifBitSize(Int32(used))))
    guard let map = GifMakeMapObject(Int32(mapCount), &colors) else {
      throw .allocationFailed(source: destination, width: width, height: height, bytes: mapCount * 3)
    }
    defer { GifFreeMapObject(map) }
    if animated || transparent {
      var control = GraphicsControlBlock(
        DisposalMode: animated ? DISPOSE_BACKGROUND : DISPOSAL_UNSPECIFIED, UserInputFlag: false,
        DelayTime: Int32(min(65535, max(0, (delay + 5) / 10))), TransparentColor: Int32(transparentIndex))
      var extensionBytes = [GifByteType](repeating: 0, count: 4)
      let length = EGifGCBToExtension(&control, &extensionBytes)
      guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extensionBytes) == GIF_OK else {
        throw failed()
      }
    }
    guard EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), false, map) == GIF_OK else { throw failed() }
    let written = indices.withUnsafeMutableBufferPointer { pixels -> Bool in
      for row in 0..<height where EGifPutLine(gif, pixels.baseAddress! + row * width, Int32(width)) != GIF_OK {
        return false
      }
      return true
    }
    guard written else { throw failed() }
    if let failure { throw failure }
    frames += 1
  }

  package func finish() throws(CodecError) -> EncodingResult {
    guard let gif else { throw .encodingFailed(destination: destination, detail: "the GIF is already finished") }
    guard frames > 0 else { throw .encodingFailed(destination: destination, detail: "an animation of no frames") }
    self.gif = nil
    var error: Int32 = 0
    // Writes the trailer and frees giflib's state, whatever happens.
    guard EGifCloseFile(gif, &error) == GIF_OK else {
      throw failure ?? .encodingFailed(destination: destination, detail: Self.message(error))
    }
    if let failure { throw failure }
    try flush()
    return EncodingResult()
  }

  /// The frame's own colours as its palette, when it has at most `available` among its opaque pixels: the indices
  /// into `indices`, the colours into `colors`, and how many there are; `nil` when there are more.
  private static func exactPalette(
    _ straight: [UInt8], count: Int, available: Int, indices: inout [GifByteType], colors: inout [GifColorType]
  ) -> Int? {
    var found: [UInt32: UInt8] = [:]
    for i in 0..<count where straight[i * 4 + 3] >= 128 {
      let key = UInt32(straight[i * 4]) << 16 | UInt32(straight[i * 4 + 1]) << 8 | UInt32(straight[i * 4 + 2])
      if let index = found[key] {
        indices[i] = index
        continue
      }
      guard found.count < available else { return nil }
      let index = UInt8(found.count)
      found[key] = index
      colors[Int(index)] = GifColorType(Red: straight[i * 4], Green: straight[i * 4 + 1], Blue: straight[i * 4 + 2])
      indices[i] = index
    }
    return max(1, found.count)
  }

  /// giflib's reason for an encoding error code.
  static func message(_ code: Int32) -> String {
    if let text = GifErrorString(code) { return String(cString: text) }
    return "GIF encoding failed (giflib error \(code))"
  }
}
#endif
