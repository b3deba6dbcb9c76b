import DecorCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The PNG decoder of the standard `DecoderRegistry`: every row of Decor's one PNG reader (`PNGRowSource`, over
/// libpng's full API) read into a raster, from a file, bytes in memory or standard input alike.
///
/// - Reads everything libpng reads (every colour type, bit depths 1–16, palettes, `tRNS`, Adam7 interlacing) into
///   premultiplied RGBA8 (16-bit samples premultiplied at 16 bits, then rounded: see `PNGRowReader`).
/// - Samples are taken as sRGB-encoded, whatever the file's colour-space chunks (`gAMA`, `cHRM`, `sRGB`, `iCCP`)
///   say, as Pillow, libvips and stb_image take them; the ICC profile is reported by `metadata(of:)`, not applied.
/// - The pixel limit is checked from the header, before the pixels are allocated.
/// - Input whose chunks stop before `IEND` is refused as truncated (`CodecError.corrupt`), even when its image data
///   is whole; damage libpng finds (a bad CRC, a broken zlib stream) is `.corrupt` with libpng's words.
/// - The file is never held whole beside its pixels: libpng pulls it through a `ByteReader` 64 KiB at a time, and
///   the metadata is read from the chunks that hold it (`metadata(from:)`).
/// - With `autoOrient` (the default), the orientation of the `eXIf` chunk is applied, as Pillow's
///   `ImageOps.exif_transpose` applies it: the raster is the picture upright (see `ExifOrientation`) and the EXIF
///   carried says 1; without it, the pixels come as stored.
public struct PNGDecoder: ImageDecoder, RowSourceDecoder {
  /// Whether the EXIF orientation is applied.
  public var autoOrient: Bool

  public init(autoOrient: Bool = true) { self.autoOrient = autoOrient }

  public var name: String { "png" }
  public func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool { leadingBytes.starts(with: PNGHeader.signature) }

  public func decode(_ data: [UInt8], source: String, pixelLimit: Int = Raster.defaultPixelLimit) throws(CodecError)
    -> Raster
  {
    try decodeImage(from: ByteSource(bytes: data, name: source), pixelLimit: pixelLimit).raster
  }

  public func decode(contentsOfFile path: String, source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError) -> Raster
  {
    try decodeImage(from: Self.byteSource(path: path, source: source), pixelLimit: pixelLimit).raster
  }

  /// The pixels and the metadata of the file at `path`.
  public func decodeImage(contentsOfFile path: String, source: String, pixelLimit: Int) throws(CodecError)
    -> DecodedImage
  {
    try decodeImage(from: Self.byteSource(path: path, source: source), pixelLimit: pixelLimit)
  }

  public func decodeImage(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    try decodeImage(from: ByteSource(bytes: data, name: source), pixelLimit: pixelLimit)
  }

  /// Every row of a `PNGRowSource` read into a raster, turned upright with `autoOrient`, with the metadata of the
  /// chunks that hold it.
  public func decodeImage(from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    var metadata = Self.storedMetadata(from: bytes)
    var raster = try raster(of: bytes, pixelLimit: pixelLimit)
    if autoOrient, let orientation = metadata.exif.flatMap(ExifOrientation.init(exif:)), orientation != .up {
      let stored = raster
      raster = try WholeImage.making(source: bytes.name) { try orientation.apply(to: stored) }
      metadata.resetOrientation()
    }
    return DecodedImage(raster: raster, metadata: metadata)
  }

  /// The rows `decodeImage(from:pixelLimit:)` reads.
  package func rowSource(_ bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> (any FileRowSource)? {
    try PNGRowSource(bytes, pixelLimit: pixelLimit)
  }

  /// The EXIF orientation the decoder applies to `bytes`: the `eXIf` chunk's with `autoOrient`, else `nil`.
  package func orientation(of bytes: ByteSource) -> ExifOrientation? {
    autoOrient ? Self.storedMetadata(from: bytes).exif.flatMap(ExifOrientation.init(exif:)) : nil
  }

  /// `96x64, PNG, 8-bit RGBA, interlaced` (from the IHDR chunk), and the `eXIf` chunk's orientation when it is
  /// not 1, as the file records it (`orientation 6 (shown turned 90° clockwise)`), as for a JPEG.
  public func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String {
    let png = try PNGCodec.header(of: data, source: source)
    let orientation = Self.storedMetadata(from: ByteSource(bytes: data, name: source)).exif
      .flatMap(ExifOrientation.init(exif:))
    return "\(png.width)x\(png.height), PNG, " + png.description.split(separator: ", ").dropFirst()
      .joined(separator: ", ") + (orientation.map { $0 == .up ? "" : ", " + $0.summary } ?? "")
  }

  /// Every row of a `PNGRowSource` of `bytes`, read at once into a raster.
  func raster(of bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> Raster {
    let rows = try PNGRowSource(bytes, pixelLimit: pixelLimit)
    return try WholeImage.read(try rows.openPNGRows(), width: rows.width, height: rows.height, pixelLimit: pixelLimit,
      source: bytes.name)
  }

  /// The regular file at `path`, read as it decodes; anything else at a path (a FIFO, a device), whose chunks cannot
  /// be walked before it is read, read whole into memory first, as the default decoders read every file.
  static func byteSource(path: String, source: String) throws(CodecError) -> ByteSource {
    var info = stat()
    // A path that cannot be opened is the reader's I/O error, naming `source`.
    guard try SystemPath.stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG else {
      return ByteSource(contentsOfFile: path, name: source)
    }
    return ByteSource(bytes: try ImageFile.readBytes(atPath: path), name: source)
  }
}
