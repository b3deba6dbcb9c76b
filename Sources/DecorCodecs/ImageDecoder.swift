import DecorCore

/// A decoder for one image file format, found by `DecoderRegistry` from a file's first bytes.
///
/// Conform to add a format: `recognizes` must be cheap and must not claim data of another format (two decoders
/// claiming the same data is an error), and `decode` must never trap on malformed data.
public protocol ImageDecoder: Sendable {
  /// A short unique name, such as `"png"`.
  var name: String { get }
  /// The lowercase extensions, without the dot, of the files it reads (what `Batch` takes from a folder). By default
  /// those `ImageFormat` gives the format of its name (`"tiff"`: `tif`, `tiff`; `"heif"`: `heic`, `heif`).
  var fileExtensions: [String] { get }
  /// Whether `leadingBytes` (the first `DecoderRegistry.sniffLength` bytes of the data, or fewer if the data is
  /// shorter) start a file of this format.
  func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool
  /// Decodes a whole file held in memory into premultiplied RGBA.
  ///
  /// - Parameters:
  ///   - data: the whole file.
  ///   - source: the file's name, for error messages.
  ///   - pixelLimit: the most pixels the image may have; check it against the header before allocating.
  /// - Throws: `CodecError.corrupt` or `.tooLarge`.
  func decode(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster
  /// Decodes the regular file at `path`, reading it as it decodes where the format allows, so that the file is
  /// never held whole beside its pixels. The default reads the whole file and calls `decode(_:source:pixelLimit:)`.
  ///
  /// - Throws: `CodecError.io`, `.corrupt` or `.tooLarge`.
  func decode(contentsOfFile path: String, source: String, pixelLimit: Int) throws(CodecError) -> Raster
  /// The ICC profile, pixel density, EXIF and XMP the file records (see `ImageMetadata`); never an error: a
  /// damaged or unreadable profile is left out, as browsers ignore one. The default reports none.
  func metadata(of data: [UInt8]) -> ImageMetadata
  /// As `metadata(of:)`, for the file at `path`; the default reads the whole file and calls `metadata(of:)`.
  func metadata(ofFile path: String) -> ImageMetadata
  /// How many frames the file holds (an animation's); the decoders give the first. The default is 1.
  func frameCount(of data: [UInt8]) -> Int
  /// Whether the format's frames are pages of a document of which the first is read (TIFF's) rather than frames
  /// read as an animation's (GIF's, WebP's, and a TIFF's pages with `TIFFDecoder.allPages`), for messages that say
  /// which. The default is `false`.
  var framesArePages: Bool { get }
  /// What the file's headers say, as `decor info` prints it: size and format first (`96x64, JPEG, …`), then the
  /// format's particulars, without the metadata (which `ImageFile.headerDescription` adds). The default decodes the
  /// file and says `WxH, NAME`.
  ///
  /// - Throws: `CodecError.corrupt` or `.tooLarge`.
  func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String
  /// The pixels, metadata and frame count of the regular file at `path`, each byte read once for all three. The
  /// default reads the whole file and calls `decodeImage(_:source:pixelLimit:)`; a decoder that reads as it
  /// decodes (PNG's) reads the file as `decode(contentsOfFile:…)` does and its metadata as `metadata(ofFile:)`.
  ///
  /// - Throws: `CodecError.io`, `.corrupt` or `.tooLarge`.
  func decodeImage(contentsOfFile path: String, source: String, pixelLimit: Int) throws(CodecError) -> DecodedImage
  /// The pixels, metadata and frame count of a whole file held in memory, and the damage passed over to decode it
  /// (`DecodedImage.warnings`). The default calls `decode`, `metadata(of:)` and `frameCount(of:)`.
  func decodeImage(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> DecodedImage
  /// The pixels, metadata and frame count of any byte source (a file, bytes in memory, spooled standard input),
  /// named `bytes.name` in errors: the one call a format's reader answers, of which the calls on `[UInt8]` and on a
  /// path are forms. The default calls `decodeImage(contentsOfFile:…)` for a file and `decodeImage(_:…)` with the
  /// bytes otherwise.
  ///
  /// - Throws: `CodecError.io`, `.corrupt` or `.tooLarge`.
  func decodeImage(from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage
  /// The metadata of any byte source (see `metadata(of:)`). The default calls `metadata(ofFile:)` for a file and
  /// `metadata(of:)` with the bytes otherwise.
  func metadata(from bytes: ByteSource) -> ImageMetadata
}

extension ImageDecoder {
  public var fileExtensions: [String] {
    let format = ImageFormat(rawValue: name)
    return ImageFormat.extensions.filter { $0.value == format }.map(\.key).sorted()
  }

  public func metadata(of data: [UInt8]) -> ImageMetadata { .none }

  public func metadata(ofFile path: String) -> ImageMetadata {
    (try? ImageFile.readBytes(atPath: path)).map(metadata(of:)) ?? .none
  }

  public func decode(contentsOfFile path: String, source: String, pixelLimit: Int) throws(CodecError) -> Raster {
    try decode(ImageFile.readBytes(atPath: path), source: source, pixelLimit: pixelLimit)
  }

  public func frameCount(of data: [UInt8]) -> Int { 1 }

  public var framesArePages: Bool { false }

  public func headerDescription(of data: [UInt8], source: String) throws(CodecError) -> String {
    let raster = try decode(data, source: source, pixelLimit: Raster.defaultPixelLimit)
    return "\(raster.width)x\(raster.height), \(name)"
  }

  public func decodeImage(contentsOfFile path: String, source: String, pixelLimit: Int) throws(CodecError)
    -> DecodedImage
  {
    try decodeImage(ImageFile.readBytes(atPath: path), source: source, pixelLimit: pixelLimit)
  }

  public func decodeImage(from bytes: ByteSource, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    if let path = bytes.path { return try decodeImage(contentsOfFile: path, source: bytes.name, pixelLimit: pixelLimit) }
    return try decodeImage(bytes.allBytes(), source: bytes.name, pixelLimit: pixelLimit)
  }

  public func metadata(from bytes: ByteSource) -> ImageMetadata {
    if let path = bytes.path { return metadata(ofFile: path) }
    return (try? bytes.allBytes()).map(metadata(of:)) ?? .none
  }

  /// The pixels, metadata and frame count of a whole file held in memory.
  ///
  /// - Throws: as `decode(_:source:pixelLimit:)`.
  public func decodeImage(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> DecodedImage {
    DecodedImage(raster: try decode(data, source: source, pixelLimit: pixelLimit), metadata: metadata(of: data),
      frameCount: frameCount(of: data))
  }
}
