import DecorChain
import DecorCodecs
import DecorCore

/// An input image opened for a render: a JPEG or a PNG from any byte source (a file, bytes in memory, standard
/// input), or a file whose format can be read row by row (a still WebP, a TIFF), is read as the render needs its rows
/// (`StreamedImage`), and a JPEG shrunk on load alike from each; anything else (WebP or TIFF bytes not in a file, an
/// animation, a HEIC or AVIF file, a decoder of yours, a JPEG, PNG, WebP or TIFF whose EXIF orientation is to be
/// applied) is decoded whole first (`DecodedImage`), upright as its decoder turns it. What `decor apply` reads its
/// input with.
public struct OpenedImage: Sendable {
  /// The image: a `StreamedImage` or a `Raster`.
  public var image: any ImageComponent
  /// The ICC profile and density, to be written into an output made from it (see `ImageMetadata`).
  public var metadata: ImageMetadata
  /// 1 for a still image; more for an animation, of which `image` is the first frame.
  public var frameCount: Int
  /// The name of the decoder that read it (`"png"`, `"tiff"`, …; `nil` for an image made rather than read).
  public var decoderName: String?
  /// Whether the frames `frameCount` counts are a document's pages of which the first is read (a TIFF's, unless its
  /// decoder reads all pages) rather than an animation's.
  public var framesArePages = false

  /// Damage the decoder passed over (see `DecodedImage.warnings`). For an image read row by row they are found as
  /// the rows are read: ask once the render is done.
  public var warnings: [String] {
    #if JPEG
      if let streamed = image as? StreamedImage, let jpeg = Self.unconverted(streamed.source) as? JPEGRowSource {
        return decodedWarnings + jpeg.warnings.all
      }
    #endif
    return decodedWarnings
  }
  /// The warnings of a whole decode.
  private var decodedWarnings: [String] = []

  /// The bytes it was read from and their decoder, for `animation(frameLimit:)`; `nil` for an image made rather
  /// than read.
  private var input: (bytes: ByteSource, decoder: any ImageDecoder)?

  /// Whether `image` is read row by row.
  public var isStreamed: Bool { image is StreamedImage }

  /// Opens the image file at `path` (`-` for standard input) with the decoder of `decoders` that recognises it.
  ///
  /// - Throws: `CodecError`: `.io` if the file cannot be read, `.unsupportedFormat`, `.corrupt`, `.tooLarge` (over
  ///   `pixelLimit`, before any pixel is decoded).
  public init(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    let input = try ImageFile.decoderInput(path, decoders: decoders)
    try self.init(input.bytes, decoder: input.decoder, pixelLimit: pixelLimit)
  }

  /// As `init(contentsOfFile:decoders:pixelLimit:)`, for a caller that will read every frame (`animation(…)`, an
  /// animation written frame by frame): an animation, or a document whose pages its decoder reads as frames, whose
  /// frames together hold more than `totalPixelLimit` pixels (frames × canvas) is refused from its records, before
  /// any of it is decoded, rather than after its first frame is.
  ///
  /// - Throws: as `init(contentsOfFile:decoders:pixelLimit:)`; `CodecError.framesTooLarge` past `totalPixelLimit`,
  ///   `.unsupportedVariant` past `Animation.defaultFrameLimit` frames.
  public init(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit,
    totalPixelLimit: Int
  ) throws(CodecError) {
    let input = try ImageFile.decoderInput(path, decoders: decoders)
    _ = try Animation.records(input.bytes, decoder: input.decoder, pixelLimit: pixelLimit,
      frameLimit: Animation.defaultFrameLimit, totalPixelLimit: totalPixelLimit)
    try self.init(input.bytes, decoder: input.decoder, pixelLimit: pixelLimit)
  }

  /// Opens an image file's bytes held in memory (named `<memory>` in errors) as `init(contentsOfFile:…)` opens a
  /// file: a JPEG is read as the render needs its rows, and shrunk on load by `applying`.
  ///
  /// - Throws: `CodecError`: `.unsupportedFormat`, `.corrupt`, `.tooLarge` (over `pixelLimit`, before any pixel is
  ///   decoded).
  public init(
    decoding bytes: [UInt8], decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit
  ) throws(CodecError) {
    let source = ByteSource(bytes: bytes)
    try self.init(source, decoder: decoders.decoder(for: bytes, source: source.name), pixelLimit: pixelLimit)
  }

  /// Opens `bytes` with `decoder`.
  private init(_ bytes: ByteSource, decoder: any ImageDecoder, pixelLimit: Int) throws(CodecError) {
    decoderName = decoder.name
    input = (bytes, decoder)
    framesArePages = decoder.framesArePages
    if let source = try Self.rowSource(bytes, decoder: decoder, pixelLimit: pixelLimit) {
      image = StreamedImage(source)
      metadata = decoder.metadata(from: bytes)
      // A multi-page TIFF read by rows still says how many pages it has, as a decoded one does.
      frameCount = Self.pageCount(of: source)
      return
    }
    // A file of more than 8 bits a channel that its decoder reads whole (a 10- or 12-bit HEIC or AVIF) is kept at
    // 16 bits, as a 16-bit PNG read by rows is.
    let decoded: DecodedImage
    if let deep = decoder as? any DeepImageDecoder {
      decoded = try deep.decodeImageKeepingDepth(from: bytes, pixelLimit: pixelLimit)
    } else {
      decoded = try decoder.decodeImage(from: bytes, pixelLimit: pixelLimit)
    }
    image = decoded.raster
    metadata = decoded.metadata
    frameCount = decoded.frameCount
    decodedWarnings = decoded.warnings
  }

  /// The file this image was read from opened again as an animation, for its frames one at a time (see
  /// `Animation`): standard input is not read twice, as its bytes were kept. `nil` for an image made rather than
  /// read, or one that is not an animation (a still image, a multi-page TIFF unless its decoder reads all pages).
  ///
  /// - Throws: what `Animation.init(contentsOfFile:…)` throws.
  public func animation(pixelLimit: Int = Raster.defaultPixelLimit, frameLimit: Int = Animation.defaultFrameLimit)
    throws(CodecError) -> Animation?
  {
    try animation(pixelLimit: pixelLimit, frameLimit: frameLimit, totalPixelLimit: Animation.defaultTotalPixelLimit)
  }

  /// As `animation(pixelLimit:frameLimit:)`, refusing an animation whose frames together hold more than
  /// `totalPixelLimit` pixels before any frame is decoded (see `Animation`).
  ///
  /// - Throws: what `Animation.init(contentsOfFile:…:totalPixelLimit:)` throws.
  public func animation(
    pixelLimit: Int = Raster.defaultPixelLimit, frameLimit: Int = Animation.defaultFrameLimit, totalPixelLimit: Int
  ) throws(CodecError) -> Animation? {
    guard frameCount > 1, !framesArePages, let input else { return nil }
    return try Animation(input.bytes, decoder: input.decoder, pixelLimit: pixelLimit, frameLimit: frameLimit,
      totalPixelLimit: totalPixelLimit)
  }

  /// `chain` applied to the image, reading less of it where that gives the same output (shrink-on-load, as
  /// `vipsthumbnail` does): a JPEG read row by row whose every use in the render is a `resize` to half its size or
  /// less is read at the DCT scale (1/2, 1/4 or 1/8, libjpeg's scaled IDCT) that leaves it at least twice the
  /// resize's size on both axes, so the resize still averages two or more pixels into one. When the chain then
  /// makes an output of another size (a step sized from its input's size, rounded otherwise), the full decode is
  /// used.
  ///
  /// - Throws: what `Chain.apply(to:pixelLimit:)` throws.
  public func applying(_ chain: Chain, pixelLimit: Int = Raster.defaultPixelLimit) throws(ChainError)
    -> any ImageComponent
  {
    let full = try chain.apply(to: image, pixelLimit: pixelLimit)
    #if JPEG
      return try shrunkOnLoad(chain, full: full, pixelLimit: pixelLimit) ?? full
    #else
      return full
    #endif
  }

  #if JPEG
  /// `chain` applied to the JPEG read at a DCT scale, when `applying` can use one; `nil` when it cannot.
  private func shrunkOnLoad(_ chain: Chain, full: any ImageComponent, pixelLimit: Int) throws(ChainError)
    -> (any ImageComponent)?
  {
    // A JPEG converted to sRGB as it is read is shrunk on load the same way, and converted after.
    guard let streamed = image as? StreamedImage,
      let jpeg = Self.unconverted(streamed.source) as? JPEGRowSource, jpeg.scale == .full,
      let plan = try? Renderer(pixelLimit: Int.max).plan(full),
      let stage = plan.stages.first(where: { $0.node is StreamedImage }), !stage.uses.isEmpty
    else { return full }
    var factor = Double.infinity
    for use in stage.uses {
      guard let resize = plan.stages[use.stage].node as? Resizing, !resize.extent.isEmpty else { return nil }
      factor = Swift.min(factor, Double(jpeg.width) / Double(resize.extent.width) / 2,
        Double(jpeg.height) / Double(resize.extent.height) / 2)
    }
    let scale = JPEGRowSource.Scale(downscale: factor)
    guard scale != .full, let shrunk = try? jpeg.scaled(scale) else { return nil }
    let result = try chain.apply(to: StreamedImage(Self.converted(shrunk, like: streamed.source)),
      pixelLimit: pixelLimit)
    return result.extent == full.extent ? result : nil
  }
  #endif

  /// The rows as their decoder reads them, under the conversion to sRGB that reads them, if there is one.
  static func unconverted(_ source: any RowSource) -> any RowSource {
    #if ColorManagement
      if let converted = source as? ColorConvertedRowSource { return converted.source }
    #endif
    return source
  }

  /// `rows` converted to sRGB as `original` is, if it is.
  static func converted(_ rows: any RowSource, like original: any RowSource) -> any RowSource {
    #if ColorManagement
      if let converting = original as? ColorConvertedRowSource { return ColorConvertedRowSource(rows, from: converting.profile) }
    #endif
    return rows
  }

  /// How many pages a multi-page TIFF read by rows has (a decoded one says so too); 1 for anything else.
  static func pageCount(of source: any RowSource) -> Int {
    #if TIFF
      if let tiff = source as? TIFFRowSource { return tiff.pageCount }
    #endif
    return 1
  }

  /// The row source of the input, when its decoder reads it as the render needs it (`RowSourceDecoder`: a JPEG,
  /// PNG, still WebP or TIFF from any byte source; the other formats are decoded whole). An orientation the
  /// decoder applies turns or mirrors the picture: such a file is decoded whole, as the decoder turns it (its header
  /// is read first, so that a damaged file fails as its row source says).
  static func rowSource(_ bytes: ByteSource, decoder: any ImageDecoder, pixelLimit: Int)
    throws(CodecError) -> (any RowSource)?
  {
    guard let reading = decoder as? any RowSourceDecoder,
      let rows = try reading.rowSource(bytes, pixelLimit: pixelLimit)
    else { return nil }
    if reading.autoOrient, let orientation = rows.orientation, orientation != .up { return nil }
    return rows
  }
}
