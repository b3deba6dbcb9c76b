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
public struct PNGDecoder: ImageDecoder {
  public init() {}
  public var name: String { "png" }
  public func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool { leadingBytes.starts(with: PNGHeader.signature) }

  public func decode(_ data: [UInt8], source: String, pixelLimit: Int = Raster.defaultPixelLimit) throws(CodecError)
    -> Raster
  {
    try raster(of: ByteSource(bytes: data, name: source), pixelLimit: pixelLimit)
  }

  public func decode(contentsOfFile path: String, source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError) -> Raster
  {
    try raster(of: Self.byteSource(path: path, source: source), pixelLimit: pixelLimit)
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

  /// Every row of a `PNGRowSource` read into a raster, with the metadata of the chunks that hold it.
  public func decodeImage(from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    DecodedImage(raster: try raster(of: bytes, pixelLimit: pixelLimit), metadata: metadata(from: bytes))
  }

  /// `96x64, PNG, 8-bit RGBA, interlaced` (from the IHDR chunk).
  public func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String {
    let png = try PNGCodec.header(of: data, source: source)
    return "\(png.width)x\(png.height), PNG, " + png.description.split(separator: ", ").dropFirst()
      .joined(separator: ", ")
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
    guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG else {
      return ByteSource(contentsOfFile: path, name: source)
    }
    return ByteSource(bytes: try ImageFile.readBytes(atPath: path), name: source)
  }
}
