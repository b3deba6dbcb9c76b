#if HEIF
import DecorCore

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
/// - 8-bit RGBA from `decodeImage`; 10- and 12-bit images are reduced to 8 bits there by libheif
///   (`convert_hdr_to_8bit`). A render, `decor diff` and `Raster(keepingDepthOf:)` read a 10- or 12-bit image at 16
///   bits instead (`decodeImageKeepingDepth`, one reading of the file either way): each sample scaled exactly
///   (`round(v × 65535 / (2^bits − 1))`, so the top of its range is 65535), through libheif's whole decode (a grid
///   too, which then needs about twice the raster).
///   Alpha comes from the image's alpha auxiliary image, premultiplied here with Decor's rounding (or taken as
///   stored, clamped, when the file says its alpha is premultiplied).
/// - The pixel limit is checked from the image's size (after its transformations), before anything is decoded or
///   allocated. libheif's own limit of 32768 pixels a side is raised to 65536 (AV1's limit, the largest AVIF that
///   `AVIFEncoder` writes), so that Decor's pixel limit decides.
/// - A truncated or corrupt file is `CodecError.corrupt` with libheif's message; nothing traps, and every libheif
///   context, handle and image is released on every path.
/// - The ICC profile (`colr` box of type `prof` or `rICC`), the EXIF block (an `Exif` item, whose 4-byte offset
///   prefix is skipped) and the XMP packet (a `mime` item of type `application/rdf+xml`) are read by
///   `metadata(of:)`; a HEIF file records no density.
/// - Further top-level images (a burst, a collection) are counted by `headerDescription(of:source:)`, not decoded.
/// - At most 1000 items (`HEIFBoxes.itemLimit`, newer libheif's default): before libheif parses anything (its item
///   parsing takes time quadratic in the item count in 1.15; Benchmarks/heif.md), the top-level `meta` boxes'
///   `iinf` entry counts, `infe` boxes and `iloc` item counts are read from their headers, and a file declaring
///   more is `CodecError.unsupportedVariant` naming it. Every reading goes through this check: the pixels,
///   `metadata(of:)` and `headerDescription(of:source:)`.
/// - A primary image that is a `grid` (as Apple's HEICs are, of 512×512 tiles, and libheif's odd-sized ones, of one
///   tile) is decoded tile by tile into the raster by `HEIFGrid`, so that memory holds the raster and one tile
///   rather than libheif's own full-size image beside it; the pixels are libheif's whole decode's, transformations
///   (`irot`, `imir`, `clap`) and an alpha grid included. A grid whose alpha image is not itself a grid, or whose
///   boxes Decor cannot read as libheif does, is left to libheif's whole decode (which needs about twice the
///   raster).
public struct HEIFDecoder: ImageDecoder, DeepImageDecoder {
  public init() {}

  public var name: String { "heif" }

  /// `heic` and `heif` (`ImageFormat.heif`) and `avif`: one decoder reads both.
  public var fileExtensions: [String] { ["avif", "heic", "heif"] }

  /// The kind of HEIF file a `ftyp` box announces.
  package enum Kind {
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
  package static func kind(of leadingBytes: ArraySlice<UInt8>) -> Kind? {
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
    try Self.decode(data, source: source, pixelLimit: pixelLimit, tiled: true)
  }

  /// The pixels of the primary image; `tiled: false` leaves a grid to libheif's whole decode (the reference the
  /// tiled decode must equal).
  package static func decode(_ data: [UInt8], source: String, pixelLimit: Int, tiled: Bool) throws(CodecError) -> Raster {
    try withPrimaryImageAndContext(data, source: source, readingTiles: tiled) { image throws(CodecError) in
      try decodePixels(image, source: source, pixelLimit: pixelLimit)
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
    return try Self.withPrimaryImageAndContext(data, source: source, readingTiles: false) { image in
      let (handle, context) = (image.handle, image.context)
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
    try Self.withPrimaryImageAndContext(data, source: source, readingTiles: true) { image throws(CodecError) in
      DecodedImage(raster: try Self.decodePixels(image, source: source, pixelLimit: pixelLimit),
        metadata: Self.metadata(of: image.handle))
    }
  }

  /// A 10- or 12-bit image at 16 bits, an 8-bit one as `decodeImage` reads it, with its metadata, from one reading
  /// (see the type's notes).
  package func decodeImageKeepingDepth(from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    let data = try bytes.allBytes()
    return try Self.withPrimaryImageAndContext(data, source: bytes.name, readingTiles: true) {
      image throws(CodecError) in
      let raster = heif_image_handle_get_luma_bits_per_pixel(image.handle) > 8
        ? try Self.decodeWholeDeep(image.handle, source: bytes.name, pixelLimit: pixelLimit)
        : try Self.decodePixels(image, source: bytes.name, pixelLimit: pixelLimit)
      return DecodedImage(raster: raster, metadata: Self.metadata(of: image.handle))
    }
  }

  /// libheif's whole decode of a 10- or 12-bit image (interleaved RGBA of 16-bit little-endian samples holding the
  /// image's own depth) into a 16-bit premultiplied raster: each sample scaled exactly to 16 bits.
  static func decodeWholeDeep(_ handle: OpaquePointer, source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    let width = Int(heif_image_handle_get_width(handle))
    let height = Int(heif_image_handle_get_height(handle))
    guard width > 0, height > 0 else {
      throw .corrupt(source: source, detail: "an image of \(width)×\(height) pixels")
    }
    try DecodeChecks.pixelLimit(width: width, height: height, limit: pixelLimit, source: source)
    try checkDecodeMemory(width: width, height: height, bytesPerPixel: 8, source: source)
    guard let options = heif_decoding_options_alloc() else {
      throw .corrupt(source: source, detail: "libheif cannot allocate its decoding options")
    }
    defer { heif_decoding_options_free(options) }
    options.pointee.convert_hdr_to_8bit = 0
    var decoded: OpaquePointer?
    let error = heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RRGGBBAA_LE, options)
    guard error.code == heif_error_Ok, let image = decoded else { throw corrupt(error, source: source) }
    defer { heif_image_release(image) }
    let (imageWidth, imageHeight) = try decodedSize(of: image, width: width, height: height, pixelLimit: pixelLimit,
      source: source)
    let bits = Int(heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved))
    var stride: Int32 = 0
    guard (9...16).contains(bits),
      let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
      Int(stride) >= imageWidth * 8
    else {
      throw .corrupt(source: source, detail: "libheif decoded pixels of an unexpected layout")
    }
    let premultiplied = heif_image_is_premultiplied_alpha(image) != 0
    let top = UInt32(1 << bits - 1)
    // Exact scaling, rounded: v × 65535 / top, the top of the range 65535 (a shift would leave white below it).
    func scaled(_ stored: UInt16) -> UInt16 {
      UInt16((min(UInt32(UInt16(littleEndian: stored)), top) * 65535 + top / 2) / top)
    }
    do {
      var raster = try Raster(width: imageWidth, height: imageHeight, format: .rgba16, pixelLimit: pixelLimit)
      raster.withDeepPixels { pixels in
        for row in 0..<imageHeight {
          let samples = UnsafeRawPointer(plane + row * Int(stride)).assumingMemoryBound(to: UInt16.self)
          for x in 0..<imageWidth {
            let k = x * 4
            let pixel = RGBA16(r: scaled(samples[k]), g: scaled(samples[k + 1]), b: scaled(samples[k + 2]),
              a: scaled(samples[k + 3]))
            pixels[row * imageWidth + x] = pixel.a == 65535 ? pixel
              : premultiplied ? RGBA16(r: min(pixel.r, pixel.a), g: min(pixel.g, pixel.a), b: min(pixel.b, pixel.a),
                a: pixel.a)
              : pixel.premultiplied
          }
        }
      }
      // The file's own depth, for the depth a render reports and keeps (`Raster.fileDepth`).
      raster.fileDepth = bits < 16 ? bits : nil
      return raster
    } catch RasterError.allocationFailed(let width, let height, let bytes) {
      throw .allocationFailed(source: source, width: width, height: height, bytes: bytes)
    } catch {
      throw .tooLarge(source: source, width: imageWidth, height: imageHeight, limit: pixelLimit)
    }
  }

  /// The most pixels a side libheif is allowed (its default is 32768): AV1's own limit, so that every AVIF
  /// `AVIFEncoder` writes reads back.
  static let maximumSide: Int32 = 65536

  /// The primary image as `body` gets it: libheif's handle and context, and the boxes Decor read itself (when the
  /// pixels are wanted and the boxes could be read).
  package struct PrimaryImage {
    let handle: OpaquePointer
    package let context: OpaquePointer
    package let boxes: HEIFBoxes?
    /// The largest side libheif's context allows now.
    package let sizeLimit: Int
  }

  /// Reads `data` with libheif and hands `body` the primary image's handle, then releases the handle and the
  /// context, whatever `body` does.
  static func withPrimaryImage<T>(
    _ data: [UInt8], source: String, _ body: (OpaquePointer) throws(CodecError) -> T
  ) throws(CodecError) -> T {
    try withPrimaryImageAndContext(data, source: source, readingTiles: false) { image throws(CodecError) in
      try body(image.handle)
    }
  }

  /// As `withPrimaryImage(_:source:_:)`, with the context too (for the number of images) and Decor's own reading of
  /// the boxes. The item count is checked first, before libheif sees a byte. `readingTiles` (for the pixels) reads
  /// the boxes and has libheif read the file with the `hidden` flags of grid tiles cleared, so that `HEIFGrid` can
  /// have their handles (libheif 1.15 hands out top-level images only); the file is otherwise the same, and the
  /// number of top-level images is then not the file's.
  package static func withPrimaryImageAndContext<T>(
    _ data: [UInt8], source: String, readingTiles: Bool, _ body: (PrimaryImage) throws(CodecError) -> T
  ) throws(CodecError) -> T {
    let items = HEIFBoxes.declaredItemCount(in: data)
    guard items <= HEIFBoxes.itemLimit else {
      throw .unsupportedVariant(source: source,
        detail: "HEIF file declares \(items) items; at most \(HEIFBoxes.itemLimit) are read")
    }
    let boxes = readingTiles ? HEIFBoxes(data) : nil
    // The tiles of every grid: libheif's handles reach them only when they are not hidden.
    var hiddenTiles: [Int] = []
    if let boxes {
      for reference in boxes.references where reference.type == "dimg" && boxes.items[reference.from]?.type == "grid" {
        hiddenTiles += reference.to.compactMap { boxes.items[$0]?.hiddenFlagOffset }
      }
    }
    let result: Result<T, CodecError> = data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress, !bytes.isEmpty else {
        return .failure(.corrupt(source: source, detail: "the file is empty"))
      }
      // Read in place, through a reader that clears the tiles' hidden flags as libheif reads them when there are
      // such. `bytes` and the reader outlive the context: it is freed first (the defers run in reverse), and
      // libheif reads tiles from the reader as they are decoded.
      let reader = FlagClearingReader(bytes, clearing: hiddenTiles)
      defer { withExtendedLifetime(reader) {} }
      guard let context = heif_context_alloc() else {
        return .failure(.corrupt(source: source, detail: "libheif cannot start a context"))
      }
      defer { heif_context_free(context) }
      heif_context_set_maximum_image_size_limit(context, maximumSide)
      let read = hiddenTiles.isEmpty
        ? heif_context_read_from_memory_without_copy(context, base, bytes.count, nil)
        : reader.read(into: context)
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
      let limit = min(Int(maximumSide), max(0, side) + 128)
      heif_context_set_maximum_image_size_limit(context, Int32(limit))
      let image = PrimaryImage(handle: handle, context: context, boxes: boxes, sizeLimit: limit)
      do throws(CodecError) { return .success(try body(image)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// The file's bytes as libheif reads them through a `heif_reader`, with the lowest bit of the bytes at some
  /// offsets cleared (the `hidden` flags of `infe` boxes): the file is not copied to change a few bits of it.
  final class FlagClearingReader {
    let bytes: UnsafeRawBufferPointer
    /// The offsets whose byte is read with its lowest bit cleared, ascending.
    let cleared: [Int]
    var position = 0
    /// libheif's table of the reader's functions, which it keeps using after `heif_context_read_from_reader`
    /// returns: allocated here, freed with the reader.
    let functions: UnsafeMutablePointer<heif_reader>

    init(_ bytes: UnsafeRawBufferPointer, clearing offsets: [Int]) {
      self.bytes = bytes
      cleared = Set(offsets).sorted()
      functions = .allocate(capacity: 1)
      functions.initialize(to: heif_reader())
      functions.pointee.reader_api_version = 1
      functions.pointee.get_position = { userdata in Int64(FlagClearingReader.from(userdata).position) }
      functions.pointee.read = { destination, count, userdata in
        FlagClearingReader.from(userdata).read(destination, count) ? 0 : 1
      }
      functions.pointee.seek = { position, userdata in
        let reader = FlagClearingReader.from(userdata)
        guard position >= 0, position <= Int64(reader.bytes.count) else { return 1 }
        reader.position = Int(position)
        return 0
      }
      functions.pointee.wait_for_file_size = { size, userdata in
        size <= Int64(FlagClearingReader.from(userdata).bytes.count)
          ? heif_reader_grow_status_size_reached : heif_reader_grow_status_size_beyond_eof
      }
    }

    deinit { functions.deallocate() }

    /// Has libheif read the file from this reader into `context`; the reader must outlive the context.
    func read(into context: OpaquePointer) -> heif_error {
      heif_context_read_from_reader(context, functions, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    static func from(_ userdata: UnsafeMutableRawPointer?) -> FlagClearingReader {
      Unmanaged<FlagClearingReader>.fromOpaque(userdata!).takeUnretainedValue()
    }

    /// Copies `count` bytes from the position on into `destination`, flags cleared; false past the end.
    func read(_ destination: UnsafeMutableRawPointer?, _ count: Int) -> Bool {
      guard count >= 0, count <= bytes.count - position else { return false }
      // libheif reads nothing into an empty vector's storage (an `av1C` box without configuration OBUs): null then.
      guard count > 0 else { return true }
      guard let destination else { return false }
      destination.copyMemory(from: bytes.baseAddress! + position, byteCount: count)
      // The first cleared offset at or past the position, by bisection: libheif reads box fields a few bytes at a
      // time, so this runs once per field.
      var low = 0, high = cleared.count
      while low < high {
        let middle = (low + high) / 2
        if cleared[middle] < position { low = middle + 1 } else { high = middle }
      }
      while low < cleared.count, cleared[low] < position + count {
        let byte = destination.advanced(by: cleared[low] - position)
        byte.storeBytes(of: byte.load(as: UInt8.self) & 0xFE, as: UInt8.self)
        low += 1
      }
      position += count
      return true
    }
  }

  /// The image of `handle` decoded as 8-bit interleaved RGBA (10- and 12-bit images reduced by libheif), for the
  /// caller to release: a whole image, or one tile of a grid, decoded the same way.
  static func decodeRGBA(_ handle: OpaquePointer, source: String) throws(CodecError) -> OpaquePointer {
    guard let options = heif_decoding_options_alloc() else {
      throw .corrupt(source: source, detail: "libheif cannot allocate its decoding options")
    }
    defer { heif_decoding_options_free(options) }
    options.pointee.convert_hdr_to_8bit = 1
    var decoded: OpaquePointer?
    let error = heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options)
    guard error.code == heif_error_Ok, let image = decoded else { throw corrupt(error, source: source) }
    return image
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

  /// Decodes the primary image into a premultiplied raster: the size checked against `pixelLimit` first, then a
  /// grid tile by tile (`HEIFGrid`, when it and its alpha image can be), anything else through libheif's whole
  /// decode (`decodeWhole`).
  static func decodePixels(_ image: PrimaryImage, source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    let handle = image.handle
    let width = Int(heif_image_handle_get_width(handle))
    let height = Int(heif_image_handle_get_height(handle))
    guard width > 0, height > 0 else {
      throw .corrupt(source: source, detail: "an image of \(width)×\(height) pixels")
    }
    try DecodeChecks.pixelLimit(width: width, height: height, limit: pixelLimit, source: source)
    var id: heif_item_id = 0
    if let boxes = image.boxes, heif_context_get_primary_image_ID(image.context, &id).code == heif_error_Ok,
      let grid = HEIFGrid.layout(of: id, in: boxes, sizeLimit: image.sizeLimit)
    {
      let alphaID = alphaItem(of: handle)
      let alpha = alphaID.flatMap { HEIFGrid.layout(of: $0, in: boxes, sizeLimit: image.sizeLimit) }
      if alphaID == nil || alpha != nil {
        return try grid.decode(context: image.context, alpha: alpha,
          premultiplied: heif_image_handle_is_premultiplied_alpha(handle) != 0, source: source, pixelLimit: pixelLimit)
      }
    }
    return try decodeWhole(handle, width: width, height: height, source: source, pixelLimit: pixelLimit)
  }

  /// The item of the alpha image libheif attaches to the image of `handle`, if any: of its auxiliary images, the
  /// last of an alpha type and of the image's size, as libheif 1.15 chooses.
  static func alphaItem(of handle: OpaquePointer) -> heif_item_id? {
    guard heif_image_handle_has_alpha_channel(handle) != 0 else { return nil }
    let count = Int(heif_image_handle_get_number_of_auxiliary_images(handle, 0))
    guard count > 0 else { return nil }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif_image_handle_get_list_of_auxiliary_image_IDs(handle, 0, &ids, Int32(count)))
    let alphaTypes: Set<String> = [
      "urn:mpeg:avc:2015:auxid:1", "urn:mpeg:hevc:2015:auxid:1", "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha",
    ]
    var found: heif_item_id?
    for id in ids.prefix(max(0, min(listed, count))) {
      var auxiliary: OpaquePointer?
      guard heif_image_handle_get_auxiliary_image_handle(handle, id, &auxiliary).code == heif_error_Ok,
        let auxiliary
      else { continue }
      defer { heif_image_handle_release(auxiliary) }
      var type: UnsafePointer<CChar>?
      guard heif_image_handle_get_auxiliary_type(auxiliary, &type).code == heif_error_Ok, let text = type else {
        continue
      }
      let name = String(cString: text)
      heif_image_handle_free_auxiliary_types(auxiliary, &type)
      if alphaTypes.contains(name),
        heif_image_handle_get_width(auxiliary) == heif_image_handle_get_width(handle),
        heif_image_handle_get_height(auxiliary) == heif_image_handle_get_height(handle)
      {
        found = id
      }
    }
    return found
  }

  /// libheif's whole decode of the image of `handle` (`width` × `height`, within the pixel limit): its interleaved
  /// 8-bit RGBA copied row by row (its rows may be padded) and premultiplied.
  static func decodeWhole(_ handle: OpaquePointer, width: Int, height: Int, source: String, pixelLimit: Int)
    throws(CodecError) -> Raster
  {
    try checkDecodeMemory(width: width, height: height, bytesPerPixel: 4, source: source)
    let image = try decodeRGBA(handle, source: source)
    defer { heif_image_release(image) }
    let (imageWidth, imageHeight) = try decodedSize(of: image, width: width, height: height, pixelLimit: pixelLimit,
      source: source)
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

  /// libheif decodes into buffers of its own (the coded planes, then RGBA) beside the raster: that those fit too,
  /// `bytesPerPixel` each, so that a limit raised past what memory holds is an error here rather than a trap there.
  static func checkDecodeMemory(width: Int, height: Int, bytesPerPixel: Int, source: String) throws(CodecError) {
    do {
      try Raster.checkAllocation(width * height * bytesPerPixel * 3, width: width, height: height)
    } catch {
      throw .allocationFailed(source: source, width: width, height: height, bytes: width * height * bytesPerPixel * 3)
    }
  }

  /// The size libheif decoded `image` at, which is the one to copy (a `clap` box or a grid may disagree with the
  /// handle's `width` × `height`): not empty, and within `pixelLimit` when larger than the handle said.
  static func decodedSize(of image: OpaquePointer, width: Int, height: Int, pixelLimit: Int, source: String)
    throws(CodecError) -> (width: Int, height: Int)
  {
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
    return (imageWidth, imageHeight)
  }

  /// The ICC profile, EXIF and XMP of the image of `handle`. A block libheif cannot give is left out.
  static func metadata(of handle: OpaquePointer) -> ImageMetadata {
    var metadata = ImageMetadata()
    let profileSize = heif_image_handle_get_raw_color_profile_size(handle)
    if profileSize > 0 {
      var profile = [UInt8](repeating: 0, count: profileSize)
      let error = profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
      if error.code == heif_error_Ok { metadata.takeProfile(profile, of: .grayOrRGB) }
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
#endif
