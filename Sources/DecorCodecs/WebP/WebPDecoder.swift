#if WebP
import DecorCore

import CWebP

/// The WebP decoder of the standard `DecoderRegistry`: every row of Decor's one WebP reader (`WebPRowSource`, over
/// libwebp's incremental decoder) read into a raster, from a file, bytes in memory or standard input alike.
///
/// - Reads lossy, lossless and extended files, with or without alpha; the result is premultiplied as every raster
///   is (by Decor's own rounding, so a WebP and a PNG of the same pixels give the same raster).
/// - An animated file gives its first frame, composed on the canvas as libwebp's animation decoder draws it;
///   `WebPDecoder.frameCount(of:)` tells a caller there were more (the command line says so on stderr).
/// - The pixel limit is checked from the header (the canvas size), before the pixels are allocated.
/// - A truncated or corrupt file is an error (`CodecError.corrupt` saying which), never a partial image.
/// - The ICC profile, EXIF and XMP are read by `metadata(of:)` and carried (see `ImageMetadata`).
/// - With `autoOrient` (the default), the orientation of the `EXIF` chunk is applied, as Pillow's
///   `ImageOps.exif_transpose` applies it: the raster is the picture upright (see `ExifOrientation`) and the EXIF
///   carried says 1; without it, the pixels come as stored.
public struct WebPDecoder: ByteSourceDecoder, RowSourceDecoder {
  /// Whether the EXIF orientation is applied.
  public var autoOrient: Bool

  public init(autoOrient: Bool = true) { self.autoOrient = autoOrient }

  public var name: String { "webp" }

  /// A RIFF container whose form type is `WEBP`.
  public func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool {
    leadingBytes.count >= 12 && leadingBytes.starts(with: Array("RIFF".utf8))
      && leadingBytes.dropFirst(8).starts(with: Array("WEBP".utf8))
  }

  /// Every row of a `WebPRowSource` read into a raster, with the metadata chunks and the frame count.
  public func decodeImage(from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    let rows = try WebPRowSource(bytes, pixelLimit: pixelLimit)
    let reader = try rows.openWebPRows()
    var raster = try WholeImage.read(reader, width: rows.width, height: rows.height, pixelLimit: pixelLimit,
      source: bytes.name)
    var metadata = Self.storedMetadata(from: bytes)
    if autoOrient, let orientation = metadata.exif.flatMap(ExifOrientation.init(exif:)), orientation != .up {
      let stored = raster
      raster = try WholeImage.making(source: bytes.name) { try orientation.apply(to: stored) }
      metadata.resetOrientation()
    }
    return DecodedImage(raster: raster, metadata: metadata, frameCount: reader.frameCount)
  }

  /// The rows `decodeImage(from:pixelLimit:)` reads, for a still image; `nil` for an animation, whose first frame
  /// libwebp's animation decoder composes whole.
  package func rowSource(_ bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> (any FileRowSource)? {
    let rows = try WebPRowSource(bytes, pixelLimit: pixelLimit)
    return rows.isAnimated ? nil : rows
  }

  /// The EXIF orientation the decoder applies to `bytes`: the `EXIF` chunk's with `autoOrient`, else `nil`.
  package func orientation(of bytes: ByteSource) -> ExifOrientation? {
    autoOrient ? Self.storedMetadata(from: bytes).exif.flatMap(ExifOrientation.init(exif:)) : nil
  }

  /// How many frames the file has: 1 for a still image, more for an animation, `nil` when it is not a WebP file
  /// libwebp can parse.
  public static func frameCount(of data: [UInt8]) -> Int? {
    data.withUnsafeBufferPointer { bytes -> Int? in
      var webp = WebPData(bytes: bytes.baseAddress, size: bytes.count)
      guard let demuxer = decor_webp_demux(&webp) else { return nil }
      defer { WebPDemuxDelete(demuxer) }
      return Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
    }
  }

  /// How many frames the data holds: 1 for a still image, or when the demuxer cannot read it (decoding says why).
  public func frameCount(of data: [UInt8]) -> Int { Self.frameCount(of: data) ?? 1 }

  /// How many frames the regular file at `path` has, when it is a WebP file: read only if its first bytes say WebP.
  /// `nil` for another format, standard input (`-`), or a file that cannot be read or parsed.
  public static func frameCount(ofFile path: String) -> Int? {
    guard path != ImageFile.standardStream, let leading = ImageFile.leadingBytesOfRegularFile(atPath: path),
      WebPDecoder().recognizes(ArraySlice(leading)), let bytes = try? ImageFile.readBytes(atPath: path)
    else { return nil }
    return frameCount(of: bytes)
  }

  /// The bitstream features libwebp reads from the headers: size, alpha, animation, lossy or lossless.
  package static func features(of data: [UInt8], source: String) throws(CodecError) -> WebPBitstreamFeatures {
    var features = WebPBitstreamFeatures()
    let status = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
    guard status == VP8_STATUS_OK else { throw .corrupt(source: source, detail: message(status)) }
    guard features.width > 0, features.height > 0 else {
      throw .corrupt(source: source, detail: "a \(features.width)×\(features.height) image")
    }
    return features
  }

  /// An animation's first frame as the canvas shows it, straight RGBA, into `buffer`; how many frames the
  /// animation has.
  static func decodeFirstFrame(
    _ data: [UInt8], width: Int, height: Int, into buffer: UnsafeMutableRawBufferPointer, source: String
  ) throws(CodecError) -> Int {
    var options = WebPAnimDecoderOptions()
    guard decor_webp_anim_decoder_options_init(&options) != 0 else {
      throw .corrupt(source: source, detail: "libwebp's version does not match its headers")
    }
    options.color_mode = MODE_RGBA
    options.use_threads = 0
    let frames: Int? = data.withUnsafeBufferPointer { bytes in
      var webp = WebPData(bytes: bytes.baseAddress, size: bytes.count)
      guard let decoder = decor_webp_anim_decoder_new(&webp, &options) else { return nil }
      defer { WebPAnimDecoderDelete(decoder) }
      var info = WebPAnimInfo()
      guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == width,
        Int(info.canvas_height) == height
      else { return nil }
      var frame: UnsafeMutablePointer<UInt8>?
      var timestamp: Int32 = 0
      guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else { return nil }
      buffer.baseAddress!.copyMemory(from: frame, byteCount: width * height * 4)
      return Int(info.frame_count)
    }
    guard let frames else { throw .corrupt(source: source, detail: "its first animation frame cannot be decoded") }
    return frames
  }

  /// What a libwebp status means, for an error message.
  static func message(_ status: VP8StatusCode) -> String {
    switch status {
    case VP8_STATUS_NOT_ENOUGH_DATA: "truncated WebP data"
    case VP8_STATUS_BITSTREAM_ERROR: "corrupt WebP data"
    case VP8_STATUS_UNSUPPORTED_FEATURE: "a WebP feature libwebp does not support"
    case VP8_STATUS_OUT_OF_MEMORY: "out of memory decoding WebP"
    case VP8_STATUS_INVALID_PARAM: "WebP data libwebp refuses"
    default: "WebP decoding failed (libwebp status \(status.rawValue))"
    }
  }
}
#endif
