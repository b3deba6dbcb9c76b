import CHEIF

/// The HEIC and AVIF decoder of the standard `DecoderRegistry`, through libheif (1.15 or later; Debian's decodes
/// HEVC with libde265 and AV1 with dav1d or libaom).
///
/// - Claims an ISO base media file whose `ftyp` box names a HEIF image brand, major or compatible: `heic`, `heix`,
///   `hevc`, `hevx`, `heim`, `heis`, `mif1` or `msf1` (HEIC and other HEIF images), `avif` or `avis` (AVIF). A plain
///   MP4 or QuickTime movie (`isom`, `mp41`, `mp42`, `qt  `) is not claimed.
/// - The primary image, as libheif decodes it by default: its transformations applied (`irot` rotation, `imir`
///   mirroring, `clap` cropping), as HEIF viewers show it. The EXIF orientation a HEIF file may also carry is then
///   not applied again (the HEIF standard makes the transformation boxes the authority); the EXIF carried to the
///   output says 1, since the pixels are upright.
/// - 8-bit RGBA; 10- and 12-bit images are reduced to 8 bits by libheif (`convert_hdr_to_8bit`). Alpha comes from
///   the image's alpha auxiliary image, premultiplied here with Decor's rounding (or taken as stored, clamped, when
///   the file says its alpha is premultiplied).
/// - The pixel limit is checked from the image's size (after its transformations), before anything is decoded or
///   allocated. libheif's own limit of 32768 pixels a side is raised to 65536 (AV1's limit, the largest AVIF that
///   `AVIFEncoder` writes), so that Decor's pixel limit decides.
/// - A truncated or corrupt file is `CodecError.corrupt` with libheif's message; nothing traps, and every libheif
///   context, handle and image is released on every path.
/// - The ICC profile (`colr` box of type `prof` or `rICC`), the EXIF block (an `Exif` item, whose 4-byte offset
///   prefix is skipped) and the XMP packet (a `mime` item of type `application/rdf+xml`) are read by
///   `metadata(of:)`; a HEIF file records no density.
/// - Further top-level images (a burst, a collection) are counted by `headerDescription(of:source:)`, not decoded.
public struct HEIFDecoder: ImageDecoder {
  public init() {}

  public var name: String { "heif" }

  /// `heic` and `heif` (`ImageFormat.heif`) and `avif`: one decoder reads both.
  public var fileExtensions: [String] { ["avif", "heic", "heif"] }

  /// The kind of HEIF file a `ftyp` box announces.
  enum Kind {
    /// HEVC-coded or other HEIF images (HEIC).
    case heic
    /// AV1-coded images (AVIF).
    case avif
  }

  /// The brands that mark an AVIF file.
  static let avifBrands: Set<[UInt8]> = [Array("avif".utf8), Array("avis".utf8)]
  /// The brands that mark a HEIC (or other HEIF) image file.
  static let heicBrands: Set<[UInt8]> = Set(
    ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].map { Array($0.utf8) })

  /// What the `ftyp` box at the start of `leadingBytes` announces, or `nil` when there is no such box or it names
  /// no HEIF image brand. Only the brands within `leadingBytes` (and the box) are looked at.
  static func kind(of leadingBytes: ArraySlice<UInt8>) -> Kind? {
    let bytes = Array(leadingBytes)
    guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
    let size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
    // A `ftyp` box holds at least its header, the major brand and the minor version (16 bytes); size 1 (a 64-bit
    // size follows) and 0 (to the end of the file) are not used for `ftyp`.
    guard size >= 16 else { return nil }
    var brands = [Array(bytes[8..<12])]
    var at = 16
    while at + 4 <= min(size, bytes.count) {
      brands.append(Array(bytes[at..<(at + 4)]))
      at += 4
    }
    if brands.contains(where: avifBrands.contains) { return .avif }
    if brands.contains(where: heicBrands.contains) { return .heic }
    return nil
  }

  public func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool { Self.kind(of: leadingBytes) != nil }

  public func decode(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    try Self.withPrimaryImage(data, source: source) { handle throws(CodecError) in
      try Self.decodePixels(handle, source: source, pixelLimit: pixelLimit)
    }
  }

  /// The ICC profile, EXIF and XMP of the primary image; none when libheif cannot read the file.
  public func metadata(of data: [UInt8]) -> ImageMetadata {
    (try? Self.withPrimaryImage(data, source: "") { handle in Self.metadata(of: handle) }) ?? .none
  }

  /// `64x48, HEIC, 8-bit, alpha, 1 image` or `4032x3024, AVIF, 10-bit, no alpha, 3 images`, from the boxes alone:
  /// the primary image's size after its transformations, its luma bit depth, whether it has an alpha image, and
  /// how many top-level images the file holds.
  public func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String {
    let kind = Self.kind(of: data.prefix(DecoderRegistry.sniffLength)) == .avif ? "AVIF" : "HEIC"
    return try Self.withPrimaryImageAndContext(data, source: source) { handle, context in
      let width = Int(heif_image_handle_get_width(handle))
      let height = Int(heif_image_handle_get_height(handle))
      let bits = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
      let images = Int(heif_context_get_number_of_top_level_images(context))
      return [
        "\(width)x\(height)", kind, bits > 0 ? "\(bits)-bit" : "unknown depth",
        heif_image_handle_has_alpha_channel(handle) != 0 ? "alpha" : "no alpha",
        images == 1 ? "1 image" : "\(images) images",
      ].joined(separator: ", ")
    }
  }

  /// The pixels and metadata from one reading of the file.
  public func decodeImage(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    try Self.withPrimaryImage(data, source: source) { handle throws(CodecError) in
      DecodedImage(raster: try Self.decodePixels(handle, source: source, pixelLimit: pixelLimit),
        metadata: Self.metadata(of: handle))
    }
  }

  /// The most pixels a side libheif is allowed (its default is 32768): AV1's own limit, so that every AVIF
  /// `AVIFEncoder` writes reads back.
  static let maximumSide: Int32 = 65536

  /// Reads `data` with libheif and hands `body` the primary image's handle, then releases the handle and the
  /// context, whatever `body` does.
  static func withPrimaryImage<T>(
    _ data: [UInt8], source: String, _ body: (OpaquePointer) throws(CodecError) -> T
  ) throws(CodecError) -> T {
    try withPrimaryImageAndContext(data, source: source) { handle, _ throws(CodecError) in try body(handle) }
  }

  /// As `withPrimaryImage(_:source:_:)`, with the context too (for the number of images).
  static func withPrimaryImageAndContext<T>(
    _ data: [UInt8], source: String, _ body: (OpaquePointer, OpaquePointer) throws(CodecError) -> T
  ) throws(CodecError) -> T {
    let result: Result<T, CodecError> = data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress, !bytes.isEmpty else {
        return .failure(.corrupt(source: source, detail: "the file is empty"))
      }
      guard let context = heif_context_alloc() else {
        return .failure(.corrupt(source: source, detail: "libheif cannot start a context"))
      }
      defer { heif_context_free(context) }
      heif_context_set_maximum_image_size_limit(context, maximumSide)
      // Without a copy: `bytes` outlives the context, freed above before this closure returns.
      let read = heif_context_read_from_memory_without_copy(context, base, bytes.count, nil)
      guard read.code == heif_error_Ok else { return .failure(corrupt(read, source: source)) }
      var handle: OpaquePointer?
      let primary = heif_context_get_primary_image_handle(context, &handle)
      guard primary.code == heif_error_Ok, let handle else {
        return .failure(corrupt(primary, source: source))
      }
      defer { heif_image_handle_release(handle) }
      // Now that the primary image's size is known, nothing libheif decodes for it may be much larger: a coded
      // image far beyond it (a damaged file's 64×48 image whose HEVC stream said 12691×51823 took 1.9 GB before
      // failing) is refused before its planes are allocated. The margin covers a codec's padding to whole blocks.
      let side = max(Int(heif_image_handle_get_width(handle)), Int(heif_image_handle_get_height(handle)))
      heif_context_set_maximum_image_size_limit(context, Int32(min(Int(maximumSide), max(0, side) + 128)))
      do throws(CodecError) { return .success(try body(handle, context)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// A libheif error as `CodecError.corrupt` (or `.unsupportedVariant` for a codec or feature libheif lacks).
  static func corrupt(_ error: heif_error, source: String) -> CodecError {
    let text = error.message.map { String(cString: $0) } ?? ""
    let detail = text.isEmpty || text == "Success" ? "libheif error \(error.code.rawValue)" : text
    switch error.code {
    case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
      return .unsupportedVariant(source: source, detail: "HEIF variant libheif does not decode: \(detail)")
    default:
      return .corrupt(source: source, detail: detail)
    }
  }

  /// Decodes the image of `handle` into a premultiplied raster: the size checked against `pixelLimit` first, then
  /// libheif's interleaved 8-bit RGBA copied row by row (its rows may be padded) and premultiplied.
  static func decodePixels(_ handle: OpaquePointer, source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    let width = Int(heif_image_handle_get_width(handle))
    let height = Int(heif_image_handle_get_height(handle))
    guard width > 0, height > 0 else {
      throw .corrupt(source: source, detail: "an image of \(width)×\(height) pixels")
    }
    guard (try? Raster.byteCount(width: width, height: height, pixelLimit: pixelLimit)) != nil else {
      throw .tooLarge(source: source, width: width, height: height, limit: pixelLimit)
    }
    // libheif decodes into buffers of its own (the coded planes, then RGBA): ask that those fit beside the raster
    // too, so that a limit raised past what memory holds is an error here rather than a trap there.
    do {
      try Raster.checkAllocation(width * height * 4 * 3, width: width, height: height)
    } catch {
      throw .allocationFailed(source: source, width: width, height: height, bytes: width * height * 4 * 3)
    }
    guard let options = heif_decoding_options_alloc() else {
      throw .corrupt(source: source, detail: "libheif cannot allocate its decoding options")
    }
    defer { heif_decoding_options_free(options) }
    options.pointee.convert_hdr_to_8bit = 1
    var decoded: OpaquePointer?
    let error = heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options)
    guard error.code == heif_error_Ok, let image = decoded else { throw corrupt(error, source: source) }
    defer { heif_image_release(image) }
    // The decoded size is the one to copy (a `clap` box or a grid may disagree with what the handle said).
    let imageWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
    let imageHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
    guard imageWidth > 0, imageHeight > 0 else {
      throw .corrupt(source: source, detail: "libheif decoded no pixels")
    }
    guard imageWidth * imageHeight <= width * height
      || (try? Raster.byteCount(width: imageWidth, height: imageHeight, pixelLimit: pixelLimit)) != nil
    else {
      throw .tooLarge(source: source, width: imageWidth, height: imageHeight, limit: pixelLimit)
    }
    var stride: Int32 = 0
    guard heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) == 8,
      let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
      Int(stride) >= imageWidth * 4
    else {
      throw .corrupt(source: source, detail: "libheif decoded pixels of an unexpected layout")
    }
    let premultiplied = heif_image_is_premultiplied_alpha(image) != 0
    do {
      return try Raster(width: imageWidth, height: imageHeight, pixelLimit: pixelLimit) { buffer in
        let rowBytes = imageWidth * 4
        for row in 0..<imageHeight {
          (buffer.baseAddress! + row * rowBytes).copyMemory(from: plane + row * Int(stride), byteCount: rowBytes)
        }
        if premultiplied {
          TIFFDecoder.clampToAlpha(buffer)
        } else {
          Premultiplication.premultiply(buffer)
        }
      }
    } catch RasterError.allocationFailed(let width, let height, let bytes) {
      throw .allocationFailed(source: source, width: width, height: height, bytes: bytes)
    } catch {
      throw .tooLarge(source: source, width: imageWidth, height: imageHeight, limit: pixelLimit)
    }
  }

  /// The ICC profile, EXIF and XMP of the image of `handle`. A block libheif cannot give is left out.
  static func metadata(of handle: OpaquePointer) -> ImageMetadata {
    var metadata = ImageMetadata()
    let profileSize = heif_image_handle_get_raw_color_profile_size(handle)
    if profileSize > 0 {
      var profile = [UInt8](repeating: 0, count: profileSize)
      let error = profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
      if error.code == heif_error_Ok { metadata.iccProfile = profile }
    }
    let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, nil))
    guard count > 0 else { return metadata }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, nil, &ids, Int32(count)))
    for id in ids.prefix(max(0, min(listed, count))) {
      let type = heif_image_handle_get_metadata_type(handle, id).map { String(cString: $0) } ?? ""
      let contentType = heif_image_handle_get_metadata_content_type(handle, id).map { String(cString: $0) } ?? ""
      let size = heif_image_handle_get_metadata_size(handle, id)
      guard size > 0, size < 1 << 30 else { continue }
      var block = [UInt8](repeating: 0, count: size)
      let error = block.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
      guard error.code == heif_error_Ok else { continue }
      if type == "Exif", metadata.exif == nil {
        // A 4-byte big-endian offset from its end to the TIFF header comes first (ISO/IEC 23008-12, A.2.1).
        guard block.count >= 4 else { continue }
        let offset = block[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard offset <= block.count - 4 else { continue }
        // The pixels are upright (libheif applied irot/imir), so the carried orientation must say so.
        metadata.setExif(block[(4 + offset)...], oriented: true)
      } else if type == "mime", contentType == "application/rdf+xml", metadata.xmp == nil {
        metadata.xmp = ExifEditing.xmpWithOrientationReset(block)
      }
    }
    return metadata
  }
}
