#if TIFF
import DecorCore

import CTIFF

/// Writes rasters as TIFF through libtiff: 8-bit RGB, or RGBA when a pixel is not opaque (as PNG chooses), with
/// unassociated (straight) alpha, the form Pillow, libvips and ImageMagick write and every reader takes; 16-bit the
/// same way from a render at 16 bits (`encode(straight:width:height:depth:…)`).
///
/// - Strips of about 8 KiB (libtiff's default size), compressed with deflate (the default), LZW or none, each with
///   the horizontal differencing predictor when compressed (smaller files for photographs and gradients).
/// - Lossless: `TIFFDecoder` gives back the same raster.
/// - The ICC profile (`ICCProfile` tag), XMP (`XMLPacket`) and density (`XResolution`, `YResolution`,
///   `ResolutionUnit`) of `metadata` are written; a density per metre is written per centimetre, TIFF's nearest
///   unit. EXIF is not (in TIFF it is a directory of tags, not a block).
/// - An output over 2 GiB uncompressed is written as BigTIFF, which libtiff, Pillow and libvips read.
public enum TIFFEncoder {
  /// The TIFF bytes of `raster`.
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination`, with libtiff's reason.
  public static func encode(
    _ raster: Raster, options: TIFFOptions = TIFFOptions(), destination: String = "<memory>",
    metadata: ImageMetadata = .none
  ) throws(CodecError) -> [UInt8] {
    var io = decor_tiff_io()
    defer { decor_tiff_free_output(&io) }
    let result: Result<[UInt8], CodecError> = withUnsafeMutablePointer(to: &io) { io in
      do throws(CodecError) {
        return .success(try write(raster, options: options, metadata: metadata, io: io, destination: destination))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The TIFF bytes of `width × height` straight 16-bit pixels (`PixelFormat.rgba16Straight`, rows packed), at
  /// `depth` bits a sample: 16 as they are, 8 rounded to nearest (`PixelConversion.straight8`). RGB, or RGBA when a
  /// pixel is not opaque.
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination`, with libtiff's reason.
  package static func encode(
    straight pixels: UnsafeBufferPointer<RGBA16>, width: Int, height: Int, depth: BitDepth,
    options: TIFFOptions = TIFFOptions(), destination: String = "<memory>", metadata: ImageMetadata = .none
  ) throws(CodecError) -> [UInt8] {
    precondition(pixels.count == width * height, "\(pixels.count) pixels for \(width)×\(height)")
    let hasAlpha = !pixels.allSatisfy { $0.a == 65535 }
    let sampleBytes = depth == .sixteen ? 2 : 1
    var io = decor_tiff_io()
    defer { decor_tiff_free_output(&io) }
    let result: Result<[UInt8], CodecError> = withUnsafeMutablePointer(to: &io) { io in
      do throws(CodecError) {
        return .success(try write(width: width, height: height, channels: hasAlpha ? 4 : 3,
          sampleBytes: sampleBytes, options: options, metadata: metadata, io: io, destination: destination) {
          tif, failure throws(CodecError) in
          try writePage(straight: pixels, width: width, height: height, depth: depth, hasAlpha: hasAlpha, into: tif,
            options: options, metadata: metadata, isPage: false, failure: failure)
        })
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The tags and rows of `width × height` straight 16-bit pixels at `depth` into the current directory of `tif`,
  /// as `writePage(_:into:…)` writes a raster's.
  static func writePage(
    straight pixels: UnsafeBufferPointer<RGBA16>, width: Int, height: Int, depth: BitDepth, hasAlpha: Bool,
    into tif: OpaquePointer, options: TIFFOptions, metadata: ImageMetadata, isPage: Bool,
    failure: (String) -> CodecError
  ) throws(CodecError) {
    try writePage(width: width, height: height, hasAlpha: hasAlpha, bitsPerSample: depth.rawValue, into: tif,
      options: options, metadata: metadata, isPage: isPage, failure: failure) { row, line in
      let source = pixels.baseAddress! + row * width
      if depth == .eight {
        PixelConversion.straight8(source, .rgba16Straight, into: line.assumingMemoryBound(to: UInt32.self),
          count: width)
        if !hasAlpha { packRGB(line, width: width, sampleBytes: 1) }
      } else {
        line.copyMemory(from: source, byteCount: width * 8)
        if !hasAlpha { packRGB(line, width: width, sampleBytes: 2) }
      }
    }
  }

  /// Drops the alpha of a line of `width` RGBA pixels in place: RGB, `sampleBytes` a sample.
  static func packRGB(_ line: UnsafeMutableRawPointer, width: Int, sampleBytes: Int) {
    for pixel in 0..<width {
      (line + pixel * 3 * sampleBytes).copyMemory(from: line + pixel * 4 * sampleBytes, byteCount: 3 * sampleBytes)
    }
  }

  static func write(
    _ raster: Raster, options: TIFFOptions, metadata: ImageMetadata, io: UnsafeMutablePointer<decor_tiff_io>,
    destination: String
  ) throws(CodecError) -> [UInt8] {
    try write(width: raster.width, height: raster.height, channels: raster.isOpaque ? 3 : 4, sampleBytes: 1,
      options: options, metadata: metadata, io: io, destination: destination) { tif, failure throws(CodecError) in
      try writePage(raster, into: tif, options: options, metadata: metadata, isPage: false, failure: failure)
    }
  }

  /// Opens a file in `io` for an image of `width × height` with `channels` samples of `sampleBytes`, lets `page`
  /// write its directory, and returns the bytes.
  static func write(
    width: Int, height: Int, channels: Int, sampleBytes: Int, options: TIFFOptions, metadata: ImageMetadata,
    io: UnsafeMutablePointer<decor_tiff_io>, destination: String,
    page: (OpaquePointer, (String) -> CodecError) throws(CodecError) -> Void
  ) throws(CodecError) -> [UInt8] {
    func failure(_ otherwise: String) -> CodecError {
      .encodingFailed(
        destination: destination,
        detail: io.pointee.outOfMemory != 0 ? "out of memory" : TIFFDecoder.message(io, otherwise: otherwise))
    }
    guard width <= Int(UInt32.max), height <= Int(UInt32.max) else {
      throw .encodingFailed(destination: destination, detail: "\(width)×\(height) is larger than TIFF allows")
    }
    let mode = openingMode(width: width, height: height, channels: channels * sampleBytes)
    guard let tif = decor_tiff_open(io, mode) else {
      throw failure("libtiff cannot start a file")
    }
    var closed = false
    defer { if !closed { TIFFClose(tif) } }
    try page(tif, failure)
    guard TIFFFlush(tif) != 0 else { throw failure("libtiff cannot finish the file") }
    closed = true
    TIFFClose(tif)
    guard io.pointee.outOfMemory == 0, let output = io.pointee.output else { throw failure("no output") }
    return Array(UnsafeBufferPointer(start: output, count: io.pointee.size))
  }

  /// libtiff's mode for a file of `width × height` images of `channels` samples a pixel: classic TIFF's offsets are
  /// 32-bit, so beyond 2 GiB of samples in an image (which compression may not shrink), BigTIFF.
  static func openingMode(width: Int, height: Int, channels: Int) -> String {
    width * height * channels > 1 << 31 ? "w8" : "w"
  }

  /// The tags and rows of `raster` into the current directory of `tif`: 8-bit RGB, or RGBA when a pixel is not
  /// opaque, with the metadata of `metadata`; marked as a page of a multi-page document when `isPage`. The caller
  /// ends the directory (`TIFFWriteDirectory`, or closing the file).
  ///
  /// - Throws: `failure`'s error when libtiff refuses a tag or a row.
  static func writePage(
    _ source: Raster, into tif: OpaquePointer, options: TIFFOptions, metadata: ImageMetadata, isPage: Bool,
    failure: (String) -> CodecError
  ) throws(CodecError) {
    // An 8-bit page: a 16-bit raster is rounded first.
    let raster: Raster
    do {
      raster = try source.converted(to: .eight)
    } catch {
      throw failure("no memory for the page's 8-bit pixels")
    }
    let (width, height) = (raster.width, raster.height)
    let hasAlpha = !raster.isOpaque
    // Each row un-premultiplied (and its alpha dropped when every pixel is opaque) into the line buffer.
    try raster.withUnsafeBytes { pixels throws(CodecError) in
      try writePage(width: width, height: height, hasAlpha: hasAlpha, bitsPerSample: 8, into: tif, options: options,
        metadata: metadata, isPage: isPage, failure: failure) { row, line in
        line.copyMemory(from: pixels.baseAddress! + row * width * 4, byteCount: width * 4)
        if hasAlpha {
          Premultiplication.unpremultiply(UnsafeMutableRawBufferPointer(start: line, count: width * 4))
        } else {
          packRGB(line, width: width, sampleBytes: 1)
        }
      }
    }
  }

  /// The tags of a `width × height` RGB (or RGBA, `hasAlpha`) image of `bitsPerSample` into the current directory
  /// of `tif`, then its rows, each written by `row` into a line buffer of `width × 4` samples.
  static func writePage(
    width: Int, height: Int, hasAlpha: Bool, bitsPerSample: Int, into tif: OpaquePointer, options: TIFFOptions,
    metadata: ImageMetadata, isPage: Bool, failure: (String) -> CodecError,
    row: (_ y: Int, _ line: UnsafeMutableRawPointer) -> Void
  ) throws(CodecError) {
    let channels = hasAlpha ? 4 : 3
    let compression: Int32 =
      switch options.compression {
      case .deflate: COMPRESSION_ADOBE_DEFLATE
      case .lzw: COMPRESSION_LZW
      case .none: COMPRESSION_NONE
      }
    var set = decor_tiff_set_u32(tif, UInt32(TIFFTAG_IMAGEWIDTH), UInt32(width)) != 0
    set = set && decor_tiff_set_u32(tif, UInt32(TIFFTAG_IMAGELENGTH), UInt32(height)) != 0
    set = set && decor_tiff_set_u16(tif, UInt32(TIFFTAG_BITSPERSAMPLE), UInt16(bitsPerSample)) != 0
    set = set && decor_tiff_set_u16(tif, UInt32(TIFFTAG_SAMPLESPERPIXEL), UInt16(channels)) != 0
    set = set && decor_tiff_set_u16(tif, UInt32(TIFFTAG_PHOTOMETRIC), UInt16(PHOTOMETRIC_RGB)) != 0
    set = set && decor_tiff_set_u16(tif, UInt32(TIFFTAG_PLANARCONFIG), UInt16(PLANARCONFIG_CONTIG)) != 0
    set = set && decor_tiff_set_u16(tif, UInt32(TIFFTAG_ORIENTATION), UInt16(ORIENTATION_TOPLEFT)) != 0
    set = set && decor_tiff_set_u16(tif, UInt32(TIFFTAG_COMPRESSION), UInt16(compression)) != 0
    if compression != COMPRESSION_NONE {
      set = set && decor_tiff_set_u16(tif, UInt32(TIFFTAG_PREDICTOR), UInt16(PREDICTOR_HORIZONTAL)) != 0
    }
    if isPage {
      set = set && decor_tiff_set_u32(tif, UInt32(TIFFTAG_SUBFILETYPE), UInt32(FILETYPE_PAGE)) != 0
    }
    if hasAlpha {
      var kind = UInt16(EXTRASAMPLE_UNASSALPHA)
      set = set && decor_tiff_set_extra_samples(tif, 1, &kind) != 0
    }
    set = set && decor_tiff_set_u32(tif, UInt32(TIFFTAG_ROWSPERSTRIP), TIFFDefaultStripSize(tif, 0)) != 0
    if let profile = metadata.iccProfile, !profile.isEmpty {
      set = set && profile.withUnsafeBytes { decor_tiff_set_icc(tif, UInt32(profile.count), $0.baseAddress) } != 0
    }
    if let xmp = metadata.xmp, !xmp.isEmpty {
      set = set && xmp.withUnsafeBytes { decor_tiff_set_xmp(tif, UInt32(xmp.count), $0.baseAddress) } != 0
    }
    if let density = metadata.density {
      let (unit, scale): (Int32, Double) =
        switch density.unit {
        case .perInch: (RESUNIT_INCH, 1)
        case .perCentimeter: (RESUNIT_CENTIMETER, 1)
        case .perMeter: (RESUNIT_CENTIMETER, 0.01)
        case .aspectRatio: (RESUNIT_NONE, 1)
        }
      set = set && decor_tiff_set_float(tif, UInt32(TIFFTAG_XRESOLUTION), Float(density.horizontal * scale)) != 0
      set = set && decor_tiff_set_float(tif, UInt32(TIFFTAG_YRESOLUTION), Float(density.vertical * scale)) != 0
      set = set && decor_tiff_set_u16(tif, UInt32(TIFFTAG_RESOLUTIONUNIT), UInt16(unit)) != 0
    }
    guard set else { throw failure("libtiff refuses the image's tags") }

    let line = UnsafeMutableRawPointer.allocate(byteCount: width * 4 * bitsPerSample / 8, alignment: 16)
    defer { line.deallocate() }
    var written = true
    for y in 0..<height {
      row(y, line)
      guard TIFFWriteScanline(tif, line, UInt32(y), 0) >= 0 else {
        written = false
        break
      }
    }
    guard written else { throw failure("libtiff cannot write the pixels") }
  }
}
#endif
