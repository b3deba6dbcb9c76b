#if TIFF
import DecorCore

import CTIFF

/// The TIFF decoder of the standard `DecoderRegistry`: every row of Decor's one TIFF reader (`TIFFRowSource`, over
/// libtiff, 4.5 or later) read into a raster, from a file, bytes in memory or standard input alike.
///
/// - The first image of the file (its first directory); `frameCount(of:)` counts the directories (pages). With
///   `allPages`, `Animation` reads every page as a frame (`TIFFPageReader`), as libvips reads them with `n=-1` and
///   sharp with `pages: -1`: each page decoded as the first is, one at a time.
/// - Strips or tiles, any compression libtiff reads (none, LZW, deflate, PackBits, JPEG, …), 1- to 16-bit samples,
///   greyscale, palette, RGB, CMYK and YCbCr, with or without alpha: through libtiff's RGBA interface
///   (`TIFFRGBAImageGet`, top row first, a strip or a row of tiles at a time, in `TIFFRowReader`), which
///   premultiplies unassociated alpha with rounding to nearest (Decor's own rounding) and keeps associated alpha as
///   stored. 16-bit greyscale and RGB (interleaved, top row
///   first: nearly every 16-bit file) are read here sample by sample (`readSixteenBit`) and reduced as `PNGCodec`
///   reduces a 16-bit PNG, so that the same pixels in either format give the same raster: libtiff's RGBA interface
///   truncates 16-bit greyscale (`v >> 8`) and premultiplies 16-bit colour after rounding it to 8 bits.
/// - The pixel limit is checked from the image's width and length tags, before the pixels are allocated.
/// - A truncated or corrupt file is `CodecError.corrupt` with libtiff's own message; libtiff never prints (its
///   errors are kept by the handlers of `Sources/CTIFF/shim.h`, its warnings dropped).
/// - The ICC profile and resolution are read by `metadata(of:)`, not applied (see `ImageMetadata`); 8-bit CMYK is
///   converted to sRGB through its profile (`CMYKConversion`), which is then not carried.
/// - With `autoOrient` (the default), the Orientation tag (274) is applied, as Pillow's `ImageOps.exif_transpose`
///   applies it: the raster is the picture upright (see `ExifOrientation`); without it, the pixels come as stored.
///   Decor's TIFF output records no orientation (1).
public struct TIFFDecoder: ByteSourceDecoder {
  /// Whether the orientation tag is applied.
  public var autoOrient: Bool
  /// Whether `Animation` reads every page of a multi-page file as a frame (`decor apply --all-pages`), rather than
  /// the first page alone. Pages of different sizes are then refused (`CodecError.unsupportedVariant`).
  public var allPages: Bool

  /// A decoder of the first page, applying the orientation tag unless `autoOrient` is false.
  public init(autoOrient: Bool = true) {
    self.init(autoOrient: autoOrient, allPages: false)
  }

  /// A decoder of the first page, or with `allPages` of every page as a frame.
  public init(autoOrient: Bool = true, allPages: Bool) {
    self.autoOrient = autoOrient
    self.allPages = allPages
  }

  public var name: String { "tiff" }

  /// A TIFF's images are pages, of which the first is read; with `allPages`, they are read as frames.
  public var framesArePages: Bool { !allPages }

  /// Classic TIFF (`II*\0`, `MM\0*`) or BigTIFF (`II+\0`, `MM\0+`).
  public func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool {
    [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]]
      .contains { leadingBytes.starts(with: $0) }
  }

  /// Every row of a `TIFFRowSource` read into a raster, with the first directory's metadata and the page count, the
  /// file read once (libtiff seeks in it: a file or spooled standard input is never held whole).
  public func decodeImage(from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    try decodePage(0, from: bytes, pixelLimit: pixelLimit)
  }

  /// As `decodeImage(from:pixelLimit:)`, for directory `page` (from 0), with that page's metadata.
  ///
  /// - Throws: as `TIFFRowSource.init(_:page:pixelLimit:)`.
  func decodePage(_ page: Int, from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    let rows = try TIFFRowSource(bytes, page: page, pixelLimit: pixelLimit)
    return try decoded(rows.openTIFFRows(), pixelLimit: pixelLimit)
  }

  /// Every row of `reader` (a page opened and checked against `pixelLimit`) read into a raster, turned upright when
  /// the decoder applies the orientation, with the page's metadata: a page as `decodeImage` and `TIFFPageReader`
  /// give it.
  ///
  /// - Throws: as `TIFFRowReader.readRows`.
  func decoded(_ reader: TIFFRowReader, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    var raster = try WholeImage.read(reader, width: reader.width, height: reader.height, pixelLimit: pixelLimit,
      source: reader.source)
    var metadata = reader.metadata
    if autoOrient, let orientation = reader.orientation, orientation != .up {
      let stored = raster
      raster = try WholeImage.making(source: reader.source) { try orientation.apply(to: stored) }
      metadata.resetOrientation()
    }
    return DecodedImage(raster: raster, metadata: metadata, frameCount: reader.pageCount)
  }

  public func frameCount(of data: [UInt8]) -> Int {
    (try? Self.withFile(ByteSource(bytes: data), source: "") { tif, _ in max(1, Int(TIFFNumberOfDirectories(tif))) })
      ?? 1
  }

  /// The ICC profile (`ICCProfile` tag), the XMP packet (`XMLPacket`) and the resolution (`XResolution`,
  /// `YResolution`, `ResolutionUnit`) of the first directory (`TIFFRowReader.metadata(of:)`). EXIF (a
  /// sub-directory of tags, not a block) is not read.
  public func metadata(of data: [UInt8]) -> ImageMetadata { metadata(from: ByteSource(bytes: data)) }

  public func metadata(ofFile path: String) -> ImageMetadata { metadata(from: ByteSource(contentsOfFile: path)) }

  /// As `metadata(of:)`, from any source, reading only the directory's tags.
  public func metadata(from bytes: ByteSource) -> ImageMetadata {
    (try? Self.withFile(bytes, source: bytes.name) { tif, _ in TIFFRowReader.metadata(of: tif) }) ?? .none
  }

  /// `64x48, TIFF, RGB, 8-bit, alpha (unassociated), LZW, tiles of 16x16, 1 page`, from the first directory's tags,
  /// then its orientation when it is not 1 (`orientation 6 (shown turned 90° clockwise)`) and the CMYK profile
  /// 8-bit CMYK is converted through (`CMYKConversion.profileSummary`).
  public func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String {
    try Self.withFile(ByteSource(bytes: data, name: source), source: source) { tif, _ in
      let layout = Self.layout(of: tif)
      var parts = ["\(layout.width)x\(layout.height)", "TIFF", Self.photometricName(layout.photometric)]
      parts.append("\(layout.bitsPerSample)-bit")
      let alpha =
        switch layout.alpha {
        case .none: "no alpha"
        case .associated: "alpha (associated)"
        case .unassociated: "alpha (unassociated)"
        }
      parts.append(alpha)
      parts.append(Self.compressionName(layout.compression))
      var tileWidth: UInt32 = 0
      var tileLength: UInt32 = 0
      if TIFFIsTiled(tif) != 0, decor_tiff_get_u32(tif, UInt32(TIFFTAG_TILEWIDTH), &tileWidth) != 0,
        decor_tiff_get_u32(tif, UInt32(TIFFTAG_TILELENGTH), &tileLength) != 0
      {
        parts.append("tiles of \(tileWidth)x\(tileLength)")
      } else {
        parts.append("strips")
      }
      let pages = max(1, Int(TIFFNumberOfDirectories(tif)))
      parts.append(pages == 1 ? "1 page" : "\(pages) pages")
      if let orientation = layout.exifOrientation, orientation != .up { parts.append(orientation.summary) }
      // The CMYK profile the reader converts through, which the metadata leaves out.
      if layout.readsCMYK, let profile = CMYKConversion.profileSummary(TIFFRowReader.iccProfile(of: tif)) {
        parts.append(profile)
      }
      return parts.joined(separator: ", ")
    }
  }

  /// What the first directory's tags say about its pixels.
  struct Layout {
    enum Alpha { case none, associated, unassociated }
    var width = 0
    var height = 0
    var bitsPerSample = 1
    var samplesPerPixel = 1
    var photometric = Int32(PHOTOMETRIC_MINISBLACK)
    var compression = Int32(COMPRESSION_NONE)
    var planar = Int32(PLANARCONFIG_CONTIG)
    var sampleFormat = Int32(SAMPLEFORMAT_UINT)
    var orientation = Int32(ORIENTATION_TOPLEFT)
    var alpha = Alpha.none

    var inkSet = Int32(INKSET_CMYK)

    /// Whether the rows are decoded in the order they are stored, row 0 first: for every valid orientation (1 to 8),
    /// which `TIFFDecoder` applies afterwards, as `ExifOrientation`, when it turns pictures upright.
    var isStoredOrderReadable: Bool { (1...8).contains(orientation) }

    /// The orientation the file records, as EXIF numbers it (the TIFF tag is where EXIF's comes from); `nil` for a
    /// value outside 1 to 8.
    var exifOrientation: ExifOrientation? { ExifOrientation(rawValue: Int(orientation)) }

    /// Whether the samples are read by `readSixteenBit` rather than libtiff's RGBA interface: 16-bit greyscale or
    /// RGB, interleaved.
    var readsSixteenBit: Bool {
      let grey = photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE
      return bitsPerSample == 16 && sampleFormat == SAMPLEFORMAT_UINT && planar == PLANARCONFIG_CONTIG
        && isStoredOrderReadable
        && ((grey && (1...2).contains(samplesPerPixel)) || (photometric == PHOTOMETRIC_RGB && (3...4).contains(samplesPerPixel)))
    }

    /// Whether the samples are CMYK read by `readCMYK` and converted through the file's profile
    /// (`CMYKConversion`), rather than libtiff's RGBA interface's naive conversion: 8-bit C, M, Y, K, interleaved,
    /// without extra samples.
    var readsCMYK: Bool {
      photometric == PHOTOMETRIC_SEPARATED && inkSet == INKSET_CMYK && bitsPerSample == 8
        && sampleFormat == SAMPLEFORMAT_UINT && planar == PLANARCONFIG_CONTIG && samplesPerPixel == 4
        && isStoredOrderReadable
    }
  }

  static func layout(of tif: OpaquePointer) -> Layout {
    var layout = Layout()
    var width: UInt32 = 0
    var height: UInt32 = 0
    _ = decor_tiff_get_u32(tif, UInt32(TIFFTAG_IMAGEWIDTH), &width)
    _ = decor_tiff_get_u32(tif, UInt32(TIFFTAG_IMAGELENGTH), &height)
    (layout.width, layout.height) = (Int(width), Int(height))
    func field(_ tag: Int32, defaulted: Bool = true, otherwise: Int32) -> Int32 {
      var value: UInt16 = 0
      let found =
        defaulted
        ? decor_tiff_get_defaulted_u16(tif, UInt32(tag), &value) : decor_tiff_get_u16(tif, UInt32(tag), &value)
      return found != 0 ? Int32(value) : otherwise
    }
    layout.bitsPerSample = Int(field(TIFFTAG_BITSPERSAMPLE, otherwise: 1))
    layout.samplesPerPixel = Int(field(TIFFTAG_SAMPLESPERPIXEL, otherwise: 1))
    layout.compression = field(TIFFTAG_COMPRESSION, otherwise: Int32(COMPRESSION_NONE))
    layout.planar = field(TIFFTAG_PLANARCONFIG, otherwise: Int32(PLANARCONFIG_CONTIG))
    layout.sampleFormat = field(TIFFTAG_SAMPLEFORMAT, otherwise: Int32(SAMPLEFORMAT_UINT))
    layout.orientation = field(TIFFTAG_ORIENTATION, otherwise: Int32(ORIENTATION_TOPLEFT))
    layout.inkSet = field(TIFFTAG_INKSET, otherwise: Int32(INKSET_CMYK))
    // Photometric has no default in the standard; libtiff's RGBA interface guesses from the samples, as here.
    layout.photometric = field(
      TIFFTAG_PHOTOMETRIC, defaulted: false,
      otherwise: Int32(layout.samplesPerPixel >= 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK))
    var extraCount: UInt16 = 0
    var kinds: UnsafeMutablePointer<UInt16>?
    if decor_tiff_get_extra_samples(tif, &extraCount, &kinds) != 0, extraCount > 0, let kinds {
      switch Int32(kinds[0]) {
      case EXTRASAMPLE_ASSOCALPHA: layout.alpha = .associated
      case EXTRASAMPLE_UNASSALPHA: layout.alpha = .unassociated
      default: break
      }
    }
    return layout
  }

  /// Opens `bytes` as a TIFF file for `body` (as `TIFFRowReader` opens it), and closes it.
  static func withFile<T>(
    _ bytes: ByteSource, source: String,
    _ body: (OpaquePointer, UnsafeMutablePointer<decor_tiff_io>) throws(CodecError) -> T
  ) throws(CodecError) -> T {
    let input = try bytes.openReader()
    let io = UnsafeMutablePointer<decor_tiff_io>.allocate(capacity: 1)
    io.initialize(to: decor_tiff_io())
    defer { io.deallocate() }
    let tif = try TIFFRowReader.open(input, io: io, source: source)
    defer {
      TIFFClose(tif)
      withExtendedLifetime(input) {}
    }
    return try body(tif, io)
  }

  /// The first error libtiff reported, or `otherwise`.
  static func message(_ io: UnsafeMutablePointer<decor_tiff_io>, otherwise: String) -> String {
    let text = withUnsafeBytes(of: &io.pointee.message) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? otherwise : text
  }

  /// Makes premultiplied pixels valid: associated alpha is stored as the file has it, and a damaged or careless file
  /// may hold colour above its alpha, which no premultiplied pixel has (Decor's kernels and un-premultiplication
  /// assume it never happens). Such a channel becomes its alpha, as a browser's compositor clamps it.
  static func clampToAlpha(_ pixels: UnsafeMutableRawBufferPointer) {
    guard let base = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
    for pixel in stride(from: 0, to: pixels.count - 3, by: 4) {
      let alpha = base[pixel + 3]
      guard alpha != 255 else { continue }
      base[pixel] = min(base[pixel], alpha)
      base[pixel + 1] = min(base[pixel + 1], alpha)
      base[pixel + 2] = min(base[pixel + 2], alpha)
    }
  }

  /// A 16-bit greyscale or RGB image (with or without alpha, in strips or tiles) into premultiplied RGBA as
  /// `PNGCodec` reads a 16-bit PNG: unassociated alpha premultiplied at 16 bits first (`(c × a + 32767) / 65535`,
  /// rounded to nearest), then every sample rounded to 8 bits (`(v × 255 + 32895) >> 16`, `round(v / 257)`);
  /// associated alpha (and alpha of unspecified kind, which libtiff takes as associated too) rounded as stored.
  ///
  /// `rows` (all of them by default) are written from `output` on; for a tiled file they start at a row of tiles.
  static func readSixteenBit(
    _ tif: OpaquePointer, layout: Layout, rows: Range<Int>? = nil, into output: UnsafeMutablePointer<UInt8>
  ) -> Bool {
    let hasAlpha = layout.samplesPerPixel > (layout.photometric == PHOTOMETRIC_RGB ? 3 : 1)
    let premultiplies = hasAlpha && layout.alpha == .unassociated
    func eightBits(_ value: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: (value &* 255 &+ 32895) &>> 16) }
    return readSixteenBitSamples(tif, layout: layout, rows: rows) { colour, alpha, offset in
      let pixel = output + offset * 4
      for channel in 0..<3 {
        var value = UInt32(colour[channel])
        if premultiplies { value = (value * UInt32(alpha) + 32767) / 65535 }
        // Associated colour above its alpha (damage; see `clampToAlpha`) is clamped to it.
        pixel[channel] = eightBits(min(value, UInt32(alpha)))
      }
      pixel[3] = eightBits(UInt32(alpha))
    }
  }

  /// As `readSixteenBit`, the pixels at 16 bits in `format`: straight (`rgba16Straight`: unassociated samples as
  /// they are, associated ones divided by their alpha) or premultiplied (`rgba16`: unassociated ones premultiplied,
  /// associated ones as they are, clamped to alpha).
  static func readSixteenBit(
    _ tif: OpaquePointer, layout: Layout, rows: Range<Int>? = nil, into output: UnsafeMutablePointer<RGBA16>,
    format: PixelFormat
  ) -> Bool {
    let hasAlpha = layout.samplesPerPixel > (layout.photometric == PHOTOMETRIC_RGB ? 3 : 1)
    let associated = hasAlpha && layout.alpha != .unassociated
    let straight = format == .rgba16Straight
    return readSixteenBitSamples(tif, layout: layout, rows: rows) { colour, alpha, offset in
      var pixel = RGBA16(r: colour[0], g: colour[1], b: colour[2], a: alpha)
      if associated {
        pixel = RGBA16(r: min(pixel.r, alpha), g: min(pixel.g, alpha), b: min(pixel.b, alpha), a: alpha)
        if straight { pixel = pixel.straightened }
      } else if !straight {
        pixel = pixel.premultiplied
      }
      output[offset] = pixel
    }
  }

  /// Reads the 16-bit samples of `rows` (all of them by default; for a tiled file they start at a row of tiles) and
  /// hands `put` each pixel's colour (red, green, blue: grey spread, `MINISWHITE` inverted), its alpha (65535 without
  /// one) and its index from the first row's first pixel.
  private static func readSixteenBitSamples(
    _ tif: OpaquePointer, layout: Layout, rows: Range<Int>?,
    put pixel: (_ colour: SIMD3<UInt16>, _ alpha: UInt16, _ offset: Int) -> Void
  ) -> Bool {
    let (width, channels) = (layout.width, layout.samplesPerPixel)
    let rows = rows ?? 0..<layout.height
    let colours = layout.photometric == PHOTOMETRIC_RGB ? 3 : 1
    let hasAlpha = channels > colours
    let inverted = layout.photometric == PHOTOMETRIC_MINISWHITE
    /// One run of `count` pixels of samples at `samples` into the output from pixel `start`.
    func put(_ samples: UnsafePointer<UInt16>, count: Int, at start: Int) {
      for index in 0..<count {
        let sample = samples + index * channels
        var colour = colours == 3 ? SIMD3(sample[0], sample[1], sample[2]) : SIMD3(repeating: sample[0])
        if inverted { colour = SIMD3(repeating: 65535) &- colour }
        pixel(colour, hasAlpha ? sample[colours] : 65535, start - rows.lowerBound * width + index)
      }
    }
    if TIFFIsTiled(tif) != 0 {
      return readTiles(tif, layout: layout, rows: rows, bytesPerPixel: channels * 2) { samples, count, y, x in
        put(samples.assumingMemoryBound(to: UInt16.self), count: count, at: y * width + x)
      }
    }
    let lineSize = Int(TIFFScanlineSize(tif))
    guard lineSize >= width * channels * 2 else { return false }
    var line = [UInt16](repeating: 0, count: lineSize / 2 + 1)
    return line.withUnsafeMutableBufferPointer { line in
      for row in rows {
        guard TIFFReadScanline(tif, line.baseAddress, UInt32(row), 0) >= 0 else { return false }
        put(line.baseAddress!, count: width, at: row * width)
      }
      return true
    }
  }

  /// An 8-bit CMYK image (interleaved, in strips or tiles) into opaque RGBA through `convert` (a
  /// `CMYKConversion`'s converter), for `rows` (all of them by default), written from `output` on; for a tiled file
  /// they start at a row of tiles.
  static func readCMYK(
    _ tif: OpaquePointer, layout: Layout, rows: Range<Int>? = nil, into output: UnsafeMutablePointer<UInt8>,
    convert: (UnsafeMutableRawPointer, Int) -> Void
  ) -> Bool {
    let width = layout.width
    let rows = rows ?? 0..<layout.height
    if TIFFIsTiled(tif) != 0 {
      let read = readTiles(tif, layout: layout, rows: rows, bytesPerPixel: 4) { samples, count, y, x in
        (output + ((y - rows.lowerBound) * width + x) * 4).update(
          from: samples.assumingMemoryBound(to: UInt8.self), count: count * 4)
      }
      guard read else { return false }
    } else {
      let lineSize = Int(TIFFScanlineSize(tif))
      guard lineSize >= width * 4 else { return false }
      var line = [UInt8](repeating: 0, count: lineSize)
      let read = line.withUnsafeMutableBufferPointer { line in
        for row in rows {
          guard TIFFReadScanline(tif, line.baseAddress, UInt32(row), 0) >= 0 else { return false }
          (output + (row - rows.lowerBound) * width * 4).update(from: line.baseAddress!, count: width * 4)
        }
        return true
      }
      guard read else { return false }
    }
    convert(UnsafeMutableRawPointer(output), rows.count * width)
    return true
  }

  /// Reads the tiles that hold `rows` (which start at a row of tiles), each once, into a buffer of one tile, and
  /// hands `put` every run of pixels they hold inside the image and inside `rows`: the samples of image row `y`
  /// from column `x` on, `count` pixels of `bytesPerPixel` bytes, interleaved. `false` when a tile cannot be read or
  /// the tile tags are missing or damaged.
  static func readTiles(
    _ tif: OpaquePointer, layout: Layout, rows: Range<Int>, bytesPerPixel: Int,
    _ put: (_ samples: UnsafeRawPointer, _ count: Int, _ y: Int, _ x: Int) -> Void
  ) -> Bool {
    var tileWidth: UInt32 = 0
    var tileLength: UInt32 = 0
    guard decor_tiff_get_u32(tif, UInt32(TIFFTAG_TILEWIDTH), &tileWidth) != 0,
      decor_tiff_get_u32(tif, UInt32(TIFFTAG_TILELENGTH), &tileLength) != 0, tileWidth > 0, tileLength > 0
    else { return false }
    let (width, tileWidthPixels, tileLengthRows) = (layout.width, Int(tileWidth), Int(tileLength))
    let tileSize = Int(TIFFTileSize(tif))
    // A tile far larger than the image is a damaged header, not a reason to allocate gigabytes.
    guard tileSize >= tileWidthPixels * tileLengthRows * bytesPerPixel,
      tileSize <= max(1 << 24, 16 * width * layout.height * layout.samplesPerPixel)
    else { return false }
    let tile = UnsafeMutableRawPointer.allocate(byteCount: tileSize, alignment: 16)
    tile.initializeMemory(as: UInt8.self, repeating: 0, count: tileSize)
    defer { tile.deallocate() }
    for y in stride(from: rows.lowerBound, to: rows.upperBound, by: tileLengthRows) {
      for x in stride(from: 0, to: width, by: tileWidthPixels) {
        guard TIFFReadTile(tif, tile, UInt32(x), UInt32(y), 0, 0) >= 0 else { return false }
        for row in 0..<min(tileLengthRows, rows.upperBound - y) {
          put(tile + row * tileWidthPixels * bytesPerPixel, min(tileWidthPixels, width - x), y + row, x)
        }
      }
    }
    return true
  }

  static func photometricName(_ photometric: Int32) -> String {
    switch photometric {
    case PHOTOMETRIC_MINISBLACK: "greyscale"
    case PHOTOMETRIC_MINISWHITE: "greyscale (0 is white)"
    case PHOTOMETRIC_RGB: "RGB"
    case PHOTOMETRIC_PALETTE: "palette"
    case PHOTOMETRIC_SEPARATED: "CMYK"
    case PHOTOMETRIC_YCBCR: "YCbCr"
    case PHOTOMETRIC_CIELAB: "CIE L*a*b*"
    default: "photometric \(photometric)"
    }
  }

  static func compressionName(_ compression: Int32) -> String {
    switch compression {
    case COMPRESSION_NONE: "uncompressed"
    case COMPRESSION_LZW: "LZW"
    case COMPRESSION_ADOBE_DEFLATE, COMPRESSION_DEFLATE: "deflate"
    case COMPRESSION_PACKBITS: "PackBits"
    case COMPRESSION_JPEG, COMPRESSION_OJPEG: "JPEG"
    case COMPRESSION_CCITTRLE, COMPRESSION_CCITTFAX3, COMPRESSION_CCITTFAX4: "CCITT"
    case COMPRESSION_ZSTD: "Zstandard"
    case COMPRESSION_WEBP: "WebP"
    case COMPRESSION_LZMA: "LZMA"
    default: "compression \(compression)"
    }
  }
}
#endif
