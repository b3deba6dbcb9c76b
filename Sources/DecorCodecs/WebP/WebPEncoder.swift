#if WebP
import DecorCore

import CWebP

/// Writes rasters as WebP through libwebp's advanced API.
///
/// - Alpha is kept (WebP has it, lossy or lossless; lossy files keep their alpha plane lossless): nothing is laid
///   on a background.
/// - Lossless keeps every pixel exactly: decoding the file gives back the same raster.
/// - Images up to 16383 × 16383, WebP's limit; larger is an error naming it.
/// - An ICC profile, EXIF and XMP are recorded in `ICCP`, `EXIF` and `XMP ` chunks (libwebp's muxer); WebP has no
///   density field, so a density is dropped.
public enum WebPEncoder {
  /// WebP's largest width and height.
  public static let maximumDimension = Int(WEBP_MAX_DIMENSION)

  /// The WebP bytes of `raster`; `raster.encoded(as: .webp(quality:))` gives the same, as every format gives its
  /// bytes.
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination`: too large for WebP, or libwebp's reason;
  ///   `.allocationFailed` when libwebp cannot have the picture's memory.
  public static func encode(
    _ raster: Raster, options: WebPOptions = WebPOptions(), destination: String = "<memory>",
    metadata: ImageMetadata = .none
  ) throws(CodecError) -> [UInt8] {
    try encode(raster, options: options, destination: destination, metadata: metadata, cancellation: nil)
  }

  /// `encode(_:options:destination:metadata:)` stopping once `cancellation` is set: between bands, and inside
  /// libwebp's encoder (see `encode(width:height:bandHeight:…)`).
  ///
  /// - Throws: as `encode(_:options:destination:metadata:)`, and `CodecError.render(.cancelled)`.
  package static func encode(
    _ raster: Raster, options: WebPOptions, destination: String, metadata: ImageMetadata,
    cancellation: RenderCancellation?
  ) throws(CodecError) -> [UInt8] {
    let raster = try raster.eightBitPixels(destination: destination)
    let width = raster.width
    do {
      return try encode(width: width, height: raster.height, bandHeight: 64, options: options,
        destination: destination, metadata: metadata, cancellation: cancellation
      ) { rows, pixels in
        try cancellation?.check()
        raster.withUnsafeBytes { bytes in
          let source = bytes.bindMemory(to: UInt32.self)[(rows.lowerBound * width)..<(rows.upperBound * width)]
          _ = pixels.update(fromContentsOf: source)
        }
      }
    } catch let error as CodecError {
      throw error
    } catch {
      // The closure above throws only the cancellation's error.
      if let error = error as? RenderError { throw .render(error) }
      throw .encodingFailed(destination: destination, detail: "\(error)")
    }
  }

  /// The WebP bytes of a `width × height` image whose premultiplied pixels `rows` writes, `bandHeight` rows at a
  /// time (fewer in the last band), straight into libwebp's picture (RGBA bytes in each `UInt32`, as in a raster), where they are turned
  /// into the straight ARGB libwebp takes. No raster and no second copy of the pixels is made: the picture is the
  /// only full-size buffer besides what libwebp's encoder makes of it (for lossy files, the YUV planes).
  ///
  /// Once `cancellation` is set, libwebp's encoder stops at its next progress report (every row of macroblocks,
  /// lossy; between its passes, lossless: its progress hook returns 0) and the call throws
  /// `CodecError.render(.cancelled)`: whole-picture encoding is most of a large WebP's time.
  ///
  /// - Throws: as `encode(_:options:destination:metadata:)`, `CodecError.render(.cancelled)`, or what `rows`
  ///   throws.
  package static func encode(
    width: Int, height: Int, bandHeight: Int, options: WebPOptions, destination: String, metadata: ImageMetadata,
    cancellation: RenderCancellation? = nil,
    rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<UInt32>) throws -> Void
  ) throws -> [UInt8] {
    try EncoderChecks.checkSize(width: width, height: height, maximum: maximumDimension, format: "WebP",
      destination: destination)
    var config = WebPConfig()
    guard decor_webp_config_init(&config) != 0 else {
      throw CodecError.encodingFailed(destination: destination, detail: "libwebp's version does not match its headers")
    }
    config.lossless = options.lossless ? 1 : 0
    config.quality = Float(options.quality)
    // Lossless: keep the colour under fully transparent pixels as it is (zero, from premultiplied storage), so
    // that decoding gives back exactly the same raster.
    config.exact = options.lossless ? 1 : 0
    guard WebPValidateConfig(&config) != 0 else {
      throw CodecError.encodingFailed(destination: destination, detail: "libwebp refuses quality \(options.quality)")
    }
    var picture = WebPPicture()
    guard decor_webp_picture_init(&picture) != 0 else {
      throw CodecError.encodingFailed(destination: destination, detail: "libwebp's version does not match its headers")
    }
    defer { WebPPictureFree(&picture) }
    picture.width = Int32(width)
    picture.height = Int32(height)
    picture.use_argb = 1
    // libwebp's own allocation, whose failure it reports: memory running out is an error, not a trap.
    guard WebPPictureAlloc(&picture) != 0, let argb = picture.argb else {
      throw CodecError.allocationFailed(source: destination, width: width, height: height, bytes: width * height * 4)
    }
    // WebPPictureAlloc packs the rows (`argb_stride` = width); the bands below are written as packed rows.
    guard Int(picture.argb_stride) == width else {
      throw CodecError.encodingFailed(destination: destination, detail: "libwebp allocated a padded picture")
    }
    let step = Swift.max(1, bandHeight)
    for top in stride(from: 0, to: height, by: step) {
      let band = top..<Swift.min(height, top + step)
      let pixels = UnsafeMutableBufferPointer(start: argb + top * width, count: band.count * width)
      try rows(band, pixels)
      straightARGB(pixels)
    }
    var writer = WebPMemoryWriter()
    WebPMemoryWriterInit(&writer)
    defer { WebPMemoryWriterClear(&writer) }
    let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer in
      picture.writer = WebPMemoryWrite
      picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
      guard let cancellation else { return WebPEncode(&config, &picture) }
      // The hook reads the flag through `user_data`; the cancellation outlives the call (held here).
      return withExtendedLifetime(cancellation) {
        picture.user_data = Unmanaged.passUnretained(cancellation).toOpaque()
        picture.progress_hook = { _, picture in
          guard let flag = picture?.pointee.user_data else { return 1 }
          return Unmanaged<RenderCancellation>.fromOpaque(flag).takeUnretainedValue().isCancelled ? 0 : 1
        }
        defer {
          picture.progress_hook = nil
          picture.user_data = nil
        }
        return WebPEncode(&config, &picture)
      }
    }
    guard encoded != 0, let bytes = writer.mem else {
      if picture.error_code == VP8_ENC_ERROR_USER_ABORT {
        throw CodecError.render(.cancelled)
      }
      if picture.error_code == VP8_ENC_ERROR_OUT_OF_MEMORY {
        throw CodecError.allocationFailed(source: destination, width: width, height: height,
          bytes: width * height * 4)
      }
      throw CodecError.encodingFailed(destination: destination, detail: message(picture.error_code))
    }
    // The picture is no longer needed: given back before the file is copied out and its chunks added.
    WebPPictureFree(&picture)
    let file = Array(UnsafeBufferPointer(start: bytes, count: writer.size))
    let chunks = [("ICCP", metadata.iccProfile), ("EXIF", metadata.exif), ("XMP ", metadata.xmp)]
      .compactMap { name, bytes in bytes.flatMap { $0.isEmpty ? nil : (name, $0) } }
    guard !chunks.isEmpty else { return file }
    return try withChunks(chunks, in: file, destination: destination)
  }

  /// Premultiplied RGBA bytes (in each `UInt32`, as in a raster) turned, in place, into the straight ARGB words
  /// libwebp's picture holds (`a << 24 | r << 16 | g << 8 | b`), with `Premultiplication`'s rounding: what
  /// `WebPPictureImportRGBA` makes of `Raster.straightBytes()`.
  static func straightARGB(_ pixels: UnsafeMutableBufferPointer<UInt32>) {
    let bytes = UnsafeMutableRawBufferPointer(pixels)
    Premultiplication.unpremultiply(bytes)
    guard let base = pixels.baseAddress else { return }
    var i = 0
    #if _endian(little)
      // R, G, B, A in memory is `a << 24 | b << 16 | g << 8 | r` here: R and B trade places.
      while i + 8 <= pixels.count {
        let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD8<UInt32>.self)
        let swapped = (v & 0xFF00_FF00) | ((v &>> 16) & 0xFF) | ((v & 0xFF) &<< 16)
        UnsafeMutableRawPointer(base + i).storeBytes(of: swapped, as: SIMD8<UInt32>.self)
        i += 8
      }
    #endif
    while i < pixels.count {
      let (r, g, b, a) = (bytes[i * 4], bytes[i * 4 + 1], bytes[i * 4 + 2], bytes[i * 4 + 3])
      base[i] = UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
      i += 1
    }
  }

  /// `file` with the chunks `chunks` (`ICCP`, `EXIF`, `XMP `) added through libwebp's muxer, which writes the
  /// extended header (`VP8X`) with their flags and puts each in its place.
  static func withChunks(
    _ chunks: [(name: String, bytes: [UInt8])], in file: [UInt8], destination: String
  ) throws(CodecError) -> [UInt8] {
    let assembled: [UInt8]? = file.withUnsafeBufferPointer { fileBytes in
      var image = WebPData(bytes: fileBytes.baseAddress, size: fileBytes.count)
      guard let mux = decor_webp_mux_create(&image) else { return nil }
      defer { WebPMuxDelete(mux) }
      for chunk in chunks {
        // Copied by the muxer (`copy_data` 1), so the buffer need not outlive the call.
        let set = chunk.bytes.withUnsafeBufferPointer { bytes in
          var data = WebPData(bytes: bytes.baseAddress, size: bytes.count)
          return WebPMuxSetChunk(mux, chunk.name, &data, 1)
        }
        guard set == WEBP_MUX_OK else { return nil }
      }
      var output = WebPData()
      guard WebPMuxAssemble(mux, &output) == WEBP_MUX_OK, let bytes = output.bytes else { return nil }
      defer { WebPDataClear(&output) }
      return Array(UnsafeBufferPointer(start: bytes, count: output.size))
    }
    guard let assembled else {
      throw .encodingFailed(destination: destination, detail: "libwebp's muxer could not add the metadata")
    }
    return assembled
  }

  /// What a libwebp encoding error means, for an error message.
  static func message(_ error: WebPEncodingError) -> String {
    switch error {
    case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory encoding WebP"
    case VP8_ENC_ERROR_BAD_DIMENSION: "dimensions WebP cannot hold"
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW:
      "a partition over WebP's 512 KiB limit (a lower --quality fits)"
    case VP8_ENC_ERROR_FILE_TOO_BIG: "a file over WebP's 4 GiB limit"
    default: "WebP encoding failed (libwebp error \(error.rawValue))"
    }
  }
}
#endif
