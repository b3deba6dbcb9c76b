import DecorCore

/// The decoders Decor can read with, each found by the first bytes of a file.
///
/// This is the class-cluster idea of the design: callers ask for "an image from these bytes" and the registry
/// picks the one decoder that recognises them. No decoder is `unsupported format` (naming the ones there are); two
/// are an error naming both, rather than a silent first-wins choice. Each codec brings its own recognition
/// (`ImageDecoder.recognizes`); `standard` lists the built-in ones, and a user's decoder is added with `register`.
/// `EncoderRegistry` is the writing side.
public struct DecoderRegistry: Sendable {
  /// How many leading bytes decoders are shown by `recognizes`.
  public static let sniffLength = 64

  /// The built-in decoders: PNG, and each that a trait brings: JPEG, WebP, GIF, TIFF (the four and PNG apply the
  /// EXIF orientation, or the TIFF Orientation tag), and HEIC and AVIF (which apply their transformation boxes).
  public static let standard = DecoderRegistry.standard(autoOrient: true)

  /// The built-in decoders, JPEG's, PNG's, WebP's and TIFF's applying the EXIF orientation (the TIFF Orientation
  /// tag) or not (`decor --no-auto-orient`). HEIC and AVIF are turned by their transformation boxes either way, as
  /// libheif applies them: they are part of the image, not a record beside it. A multi-page TIFF's first page is
  /// the image.
  public static func standard(autoOrient: Bool) -> DecoderRegistry {
    standard(autoOrient: autoOrient, allPages: false)
  }

  /// `standard(autoOrient:)`, and with `allPages` a multi-page TIFF read by `Animation` as frames, one a page
  /// (`TIFFDecoder.allPages`, `decor apply --all-pages`); without, its first page is the image.
  public static func standard(autoOrient: Bool, allPages: Bool) -> DecoderRegistry {
    var decoders: [any ImageDecoder] = [PNGDecoder(autoOrient: autoOrient)]
    #if JPEG
      decoders.append(JPEGDecoder(autoOrient: autoOrient))
    #endif
    #if WebP
      decoders.append(WebPDecoder(autoOrient: autoOrient))
    #endif
    #if GIF
      decoders.append(GIFDecoder())
    #endif
    #if TIFF
      decoders.append(TIFFDecoder(autoOrient: autoOrient, allPages: allPages))
    #endif
    #if HEIF
      decoders.append(HEIFDecoder())
    #endif
    return DecoderRegistry(uncheckedDecoders: decoders)
  }

  /// The default `byteLimit`: 2 GiB, more than any image within the default pixel limit needs (a 16384² image of
  /// 16-bit RGBA stored raw in a TIFF is 2 GiB).
  public static let defaultByteLimit = 1 << 31

  /// The registered decoders, in registration order.
  public private(set) var decoders: [any ImageDecoder]

  /// The most bytes an input read through this registry may have (`decor --max-bytes`): a larger regular file is
  /// refused before it is read; standard input, a FIFO or a device (which may never end) is read no further than
  /// this. Either is `CodecError.inputTooLarge` naming the input. By default `defaultByteLimit`. Font files have a
  /// limit of their own (`FontData`).
  public var byteLimit = DecoderRegistry.defaultByteLimit

  /// Which files an input read through this registry may be (`decor --allow-read`): a file outside the policy's
  /// folders is `CodecError.io` naming it, refused before it is opened and checked again once open (see
  /// `ReadPolicy`). By default `.anywhere`. The loaders that read images through a registry (`OpenedImage`, a
  /// scene's `image(relativeTo:…)`, `OpenedImage.applying(_:colorSpace:pixelLimit:decoders:)`) hold the images a
  /// chain or a scene names, and the font files they name, to it.
  public var readPolicy = ReadPolicy.anywhere

  /// An empty registry.
  public init() { decoders = [] }

  init(uncheckedDecoders: [any ImageDecoder]) { decoders = uncheckedDecoders }

  /// Adds a decoder.
  ///
  /// - Throws: `CodecError.duplicateDecoder` if a decoder of the same name is registered.
  public mutating func register(_ decoder: any ImageDecoder) throws(CodecError) {
    guard !decoders.contains(where: { $0.name == decoder.name }) else {
      throw .duplicateDecoder(name: decoder.name)
    }
    decoders.append(decoder)
  }

  /// The one decoder that recognises `data`.
  ///
  /// - Throws: `CodecError.unsupportedFormat` when none does, `.ambiguousFormat` when several do.
  public func decoder(for data: [UInt8], source: String) throws(CodecError) -> any ImageDecoder {
    let leading = data.prefix(Self.sniffLength)
    let claimants = decoders.filter { $0.recognizes(leading) }
    guard let first = claimants.first else {
      throw .unsupportedFormat(source: source, leadingBytes: Array(leading.prefix(8)), known: decoders.map(\.name))
    }
    guard claimants.count == 1 else { throw .ambiguousFormat(source: source, decoders: claimants.map(\.name)) }
    return first
  }

  /// The decoder registered under `name` (`"png"`, `"jpeg"`, `"webp"`, or a user's), for data whose format is known
  /// beforehand.
  ///
  /// - Throws: `CodecError.unknownCodec` listing the registered names.
  public func decoder(named name: String) throws(CodecError) -> any ImageDecoder {
    guard let decoder = decoders.first(where: { $0.name == name }) else {
      throw .unknownCodec(name: name, known: decoders.map(\.name))
    }
    return decoder
  }

  /// Decodes `data` with the decoder that recognises it.
  public func decode(_ data: [UInt8], source: String, pixelLimit: Int = Raster.defaultPixelLimit)
    throws(CodecError) -> Raster
  {
    try decoder(for: data, source: source).decode(data, source: source, pixelLimit: pixelLimit)
  }

  /// Every extension the registered decoders read, lowercase, without the dot, sorted: what a folder given to
  /// `Batch` stands for.
  public var fileExtensions: [String] { Array(Set(decoders.flatMap(\.fileExtensions))).sorted() }
}
