#if WebP
import DecorCore

import CWebP

/// An animated WebP written through libwebp's animation encoder (`WebPAnimEncoder`, libwebpmux): each frame is
/// handed to it as it comes (turned into the straight ARGB of a libwebp picture, given back once added), with the
/// options of `WebPOptions` (lossy at a quality, or lossless with exact pixels). libwebp keeps the frames it still
/// compares the next against (a frame or two) and the file being assembled; `finish()` assembles it, adds the ICC
/// profile, EXIF and XMP chunks (as `WebPEncoder` does) and writes it to the sink.
package final class WebPAnimationWriter: AnimationWriter {
  private let width: Int
  private let height: Int
  private let destination: String
  private let sink: ByteSink
  private let metadata: ImageMetadata
  private var config = WebPConfig()
  private var encoder: OpaquePointer?
  /// Where the next frame starts, in milliseconds.
  private var timestamp = 0
  private var frames = 0

  /// Starts a `width × height` animation that plays `loopCount` times (0 for ever).
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination`: no pixels or a size over WebP's limit (in the
  ///   words every encoder gives), or libwebp's refusal.
  package init(
    width: Int, height: Int, loopCount: Int, options: WebPOptions, metadata: ImageMetadata, destination: String,
    into sink: ByteSink
  ) throws(CodecError) {
    try EncoderChecks.checkSize(width: width, height: height, maximum: WebPEncoder.maximumDimension, format: "WebP",
      destination: destination)
    try EncoderChecks.checkHasPixels(width: width, height: height, destination: destination)
    self.width = width
    self.height = height
    self.destination = destination
    self.sink = sink
    self.metadata = metadata
    guard decor_webp_config_init(&config) != 0 else {
      throw .encodingFailed(destination: destination, detail: "libwebp's version does not match its headers")
    }
    config.lossless = options.lossless ? 1 : 0
    config.quality = Float(options.quality)
    config.exact = options.lossless ? 1 : 0
    guard WebPValidateConfig(&config) != 0 else {
      throw .encodingFailed(destination: destination, detail: "libwebp refuses quality \(options.quality)")
    }
    var animation = WebPAnimEncoderOptions()
    guard decor_webp_anim_encoder_options_init(&animation) != 0 else {
      throw .encodingFailed(destination: destination, detail: "libwebp's version does not match its headers")
    }
    animation.anim_params.loop_count = Int32(clamping: max(0, min(65535, loopCount)))
    // The canvas's background, which players may show before the first frame: transparent, as the frames were
    // composed on (libwebp's default is opaque white).
    animation.anim_params.bgcolor = 0
    guard let encoder = decor_webp_anim_encoder_new(Int32(width), Int32(height), &animation) else {
      throw .encodingFailed(destination: destination, detail: "libwebp's animation encoder cannot start")
    }
    self.encoder = encoder
  }

  deinit {
    if let encoder { WebPAnimEncoderDelete(encoder) }
  }

  /// libwebp's reason for the last failure.
  private func failed() -> CodecError {
    let text = encoder.flatMap { WebPAnimEncoderGetError($0) }.map { String(cString: $0) } ?? ""
    return .encodingFailed(destination: destination, detail: text.isEmpty ? "libwebp's animation encoder failed" : text)
  }

  package func add(_ frame: Raster, delay: Int) throws(CodecError) {
    guard let encoder else { throw .encodingFailed(destination: destination, detail: "the WebP is already finished") }
    try AnimationFrameCheck.check(frame, width: width, height: height, destination: destination, sink: sink)
    let frame = try frame.eightBitPixels(destination: destination)
    var picture = WebPPicture()
    guard decor_webp_picture_init(&picture) != 0 else {
      throw .encodingFailed(destination: destination, detail: "libwebp's version does not match its headers")
    }
    defer { WebPPictureFree(&picture) }
    picture.width = Int32(width)
    picture.height = Int32(height)
    picture.use_argb = 1
    guard WebPPictureAlloc(&picture) != 0, let argb = picture.argb, Int(picture.argb_stride) == width else {
      throw .allocationFailed(source: destination, width: width, height: height, bytes: width * height * 4)
    }
    let pixels = UnsafeMutableBufferPointer(start: argb, count: width * height)
    frame.withUnsafeBytes { bytes in _ = pixels.update(fromContentsOf: bytes.bindMemory(to: UInt32.self)) }
    WebPEncoder.straightARGB(pixels)
    guard WebPAnimEncoderAdd(encoder, &picture, Int32(clamping: timestamp), &config) != 0 else { throw failed() }
    timestamp += max(0, delay)
    frames += 1
  }

  package func finish() throws(CodecError) -> EncodingResult {
    guard let encoder else { throw .encodingFailed(destination: destination, detail: "the WebP is already finished") }
    guard frames > 0 else { throw .encodingFailed(destination: destination, detail: "an animation of no frames") }
    try sink.checkCancellation()
    // The last frame's end: its duration.
    guard WebPAnimEncoderAdd(encoder, nil, Int32(clamping: timestamp), nil) != 0 else { throw failed() }
    var data = WebPData()
    guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else { throw failed() }
    let file = Array(UnsafeBufferPointer(start: bytes, count: data.size))
    WebPDataClear(&data)
    WebPAnimEncoderDelete(encoder)
    self.encoder = nil
    let chunks = [("ICCP", metadata.iccProfile), ("EXIF", metadata.exif), ("XMP ", metadata.xmp)]
      .compactMap { name, bytes in bytes.flatMap { $0.isEmpty ? nil : (name, $0) } }
    try sink.write(chunks.isEmpty ? file : WebPEncoder.withChunks(chunks, in: file, destination: destination))
    return EncodingResult()
  }
}
#endif
