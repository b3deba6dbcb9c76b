#if HEIF
import DecorCore

import CHEIF

// libheif rather than libavif: both drive the same libaom and made files of the same size in the same time
// (Benchmarks/heif.md), and HEIC input needs libheif anyway, so one library serves both directions.

/// Writes rasters as AVIF through libheif and libaom (Debian's libheif 1.15 encodes AV1 with libaom 3.6).
///
/// - 8-bit 4:2:0 YCbCr (BT.601 matrix, full range) at a quality, or lossless: 4:4:4 with the identity matrix
///   (`nclx` matrix 0), so that decoding gives back exactly the same raster.
/// - Alpha, as an auxiliary image, only when a pixel is not opaque (lossless in a lossless file); the colour is
///   written straight (un-premultiplied), as AVIF readers expect.
/// - The ICC profile (`colr` of type `prof`, beside the `nclx` box that says how the colour was coded), the EXIF
///   block (an `Exif` item; one without a TIFF header, which libheif cannot place, is left out) and the XMP packet
///   (a `mime` item) of `metadata`; AVIF has no density field.
/// - Sides up to 65536 pixels, AV1's limit and libaom's (libaom refuses 65537). libheif-based readers refuse
///   sides over 32768 by default (`HEIFDecoder` raises that limit).
public enum AVIFEncoder {
  /// AV1's (and libaom's) largest width and height.
  public static let maximumDimension = 65536

  /// The AVIF bytes of `raster`.
  ///
  /// - Parameters:
  ///   - raster: the image to encode.
  ///   - options: lossy at a quality, or lossless.
  ///   - destination: the file's name, for error messages.
  ///   - metadata: the ICC profile, EXIF and XMP to record.
  /// - Throws: `CodecError.encodingFailed` naming `destination`: too large for AVIF, or libheif's reason.
  public static func encode(
    _ raster: Raster, options: AVIFOptions = AVIFOptions(), destination: String = "<memory>",
    metadata: ImageMetadata = .none
  ) throws(CodecError) -> [UInt8] {
    let (width, height) = (raster.width, raster.height)
    try EncoderChecks.checkSize(width: width, height: height, maximum: maximumDimension, format: "AVIF",
      destination: destination)
    func failure(_ error: heif_error) -> CodecError {
      let text = error.message.map { String(cString: $0) } ?? ""
      return .encodingFailed(destination: destination,
        detail: text.isEmpty ? "libheif error \(error.code.rawValue)" : "libheif: \(text)")
    }
    guard let context = heif_context_alloc() else {
      throw .encodingFailed(destination: destination, detail: "libheif cannot start a context")
    }
    defer { heif_context_free(context) }
    var encoderPointer: OpaquePointer?
    let found = heif_context_get_encoder_for_format(context, heif_compression_AV1, &encoderPointer)
    guard found.code == heif_error_Ok, let encoder = encoderPointer else {
      throw .encodingFailed(destination: destination, detail: "libheif has no AV1 encoder (it is built without libaom)")
    }
    defer { heif_encoder_release(encoder) }

    // 8-bit samples so far: a 16-bit raster is rounded first.
    let raster = try raster.eightBitPixels(destination: destination)
    let hasAlpha = !raster.isOpaque
    let image = try makeImage(raster, hasAlpha: hasAlpha, failure: failure)
    defer { heif_image_release(image) }

    guard let nclx = heif_nclx_color_profile_alloc() else {
      throw .encodingFailed(destination: destination, detail: "out of memory")
    }
    defer { heif_nclx_color_profile_free(nclx) }
    nclx.pointee.full_range_flag = 1
    var set: heif_error
    if options.lossless {
      // Lossless AV1 codes the samples as given: RGB must go in as such (identity matrix, no subsampling).
      nclx.pointee.matrix_coefficients = heif_matrix_coefficients_RGB_GBR
      set = heif_encoder_set_lossless(encoder, 1)
      if set.code == heif_error_Ok { set = heif_encoder_set_parameter_string(encoder, "chroma", "444") }
      if set.code == heif_error_Ok, hasAlpha { set = heif_encoder_set_parameter_boolean(encoder, "lossless-alpha", 1) }
    } else {
      set = heif_encoder_set_lossy_quality(encoder, Int32(min(100, max(0, options.quality))))
    }
    guard set.code == heif_error_Ok else { throw failure(set) }
    // The nclx profile on the image is what libheif codes by and records (the encoding options' own nclx field
    // alone changes nothing in libheif 1.15: checked, the file said matrix 6 and was off by one).
    set = heif_image_set_nclx_color_profile(image, nclx)
    guard set.code == heif_error_Ok else { throw failure(set) }
    if let profile = metadata.iccProfile, !profile.isEmpty {
      set = profile.withUnsafeBytes { heif_image_set_raw_color_profile(image, "prof", $0.baseAddress, $0.count) }
      guard set.code == heif_error_Ok else { throw failure(set) }
    }

    guard let encoding = heif_encoding_options_alloc() else {
      throw .encodingFailed(destination: destination, detail: "out of memory")
    }
    defer { heif_encoding_options_free(encoding) }
    encoding.pointee.save_alpha_channel = hasAlpha ? 1 : 0
    // Both `colr` boxes when there is a profile: the ICC for colour, the nclx for how the samples were coded.
    encoding.pointee.save_two_colr_boxes_when_ICC_and_nclx_available = 1
    var handlePointer: OpaquePointer?
    let encoded = heif_context_encode_image(context, image, encoder, encoding, &handlePointer)
    guard encoded.code == heif_error_Ok, let handle = handlePointer else { throw failure(encoded) }
    defer { heif_image_handle_release(handle) }

    // libheif finds the TIFF header in the EXIF block and writes the 4-byte offset before it itself. A block it
    // refuses (no TIFF header: not EXIF a decoder gave, whose structure `ExifEditing` walked) is left out, as
    // `ImageMetadata` drops EXIF it cannot walk, rather than failing the whole image.
    if let exif = metadata.exif, !exif.isEmpty, exif.count <= Int(Int32.max) {
      _ = exif.withUnsafeBytes { heif_context_add_exif_metadata(context, handle, $0.baseAddress, Int32($0.count)) }
    }
    if let xmp = metadata.xmp, !xmp.isEmpty, xmp.count <= Int(Int32.max) {
      set = xmp.withUnsafeBytes { heif_context_add_XMP_metadata(context, handle, $0.baseAddress, Int32($0.count)) }
      guard set.code == heif_error_Ok else { throw failure(set) }
    }

    var output = decor_heif_output()
    defer { decor_heif_free_output(&output) }
    let written = decor_heif_write(context, &output)
    guard written.code == heif_error_Ok, output.outOfMemory == 0, let bytes = output.data else {
      throw output.outOfMemory != 0 ? .encodingFailed(destination: destination, detail: "out of memory")
        : failure(written)
    }
    return Array(UnsafeBufferPointer(start: bytes, count: output.size))
  }

  /// A libheif image holding `raster`'s pixels, straight (un-premultiplied), interleaved RGB or RGBA.
  static func makeImage(_ raster: Raster, hasAlpha: Bool, failure: (heif_error) -> CodecError) throws(CodecError)
    -> OpaquePointer
  {
    let (width, height) = (raster.width, raster.height)
    var created: OpaquePointer?
    let chroma = hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB
    var error = heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, chroma, &created)
    guard error.code == heif_error_Ok, let image = created else { throw failure(error) }
    error = heif_image_add_plane(image, heif_channel_interleaved, Int32(width), Int32(height), 8)
    var stride: Int32 = 0
    guard error.code == heif_error_Ok, let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride),
      Int(stride) >= width * (hasAlpha ? 4 : 3)
    else {
      heif_image_release(image)
      throw failure(error)
    }
    let straight = hasAlpha ? raster.straightBytes() : raster.bytes
    straight.withUnsafeBytes { pixels in
      for row in 0..<height {
        let source = pixels.baseAddress! + row * width * 4
        let target = plane + row * Int(stride)
        if hasAlpha {
          target.update(from: source.assumingMemoryBound(to: UInt8.self), count: width * 4)
        } else {
          for x in 0..<width {
            target[x * 3] = pixels[row * width * 4 + x * 4]
            target[x * 3 + 1] = pixels[row * width * 4 + x * 4 + 1]
            target[x * 3 + 2] = pixels[row * width * 4 + x * 4 + 2]
          }
        }
      }
    }
    return image
  }
}
#endif
