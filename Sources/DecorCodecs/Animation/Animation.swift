import DecorCore

/// An image file opened as an animation: its canvas size, loop count and each frame's delay, read from its records
/// without decoding pixels, and its frames decoded one at a time as `frames()` is read, so that a long animation
/// never holds more than a frame or two in memory. What `decor apply` and `batch` turn an animation into another
/// with, each frame through the chain.
///
/// - GIF (giflib) and WebP (libwebp's animation decoder) give every frame composed on the canvas, as browsers and
///   libvips show them (see `GIFFrameReader`, `WebPFrameReader`); any other format, and a still GIF or WebP, is one
///   frame of delay 0.
/// - A multi-page TIFF is read page by page as frames of delay 0 when its decoder reads all pages
///   (`TIFFDecoder.allPages`, `DecoderRegistry.standard(autoOrient:allPages:)`); otherwise its first page is the one
///   frame (see `ImageDecoder.framesArePages`).
/// - The pixel limit is checked on the canvas and on each frame before its pixels are allocated; an animation of
///   more than `frameLimit` frames is refused before any frame is decoded.
///
/// The loop count is how many times the animation plays, 0 for ever, as WebP stores it and as Pillow and libvips
/// report a GIF's: a GIF's NETSCAPE2.0 count as it is stored, 1 for a GIF without one (it plays once).
public struct Animation: Sendable {
  /// The most frames an animation may have by default.
  public static let defaultFrameLimit = 10_000

  /// The file's bytes (a file, bytes in memory, or spooled standard input), read again by each `frames()`.
  public private(set) var source: ByteSource
  /// The name of the decoder that recognised it (`"gif"`, `"webp"`, …).
  public let decoderName: String
  /// The canvas every frame covers.
  public let width: Int
  public let height: Int
  /// How many times the animation plays; 0 for ever.
  public let loopCount: Int
  /// Each frame's delay in milliseconds, in order: as many as there are frames.
  public let delays: [Int]
  /// The ICC profile, density, EXIF and XMP, to be written into an output made from it.
  public let metadata: ImageMetadata
  /// The pixel limit every frame is read under.
  public let pixelLimit: Int
  public let frameLimit: Int
  private let decoder: any ImageDecoder
  /// A still image's one frame, decoded when it was opened (its size is read by decoding it, as `ImageDecoder`
  /// has no read of a header alone) and kept to be handed out by `frames()` rather than decoded again: the one
  /// frame a reading of it holds anyway, so an `Animation` never holds more than a frame. `nil` for an animation,
  /// whose frames are decoded as they are read.
  private let still: Raster?
  /// What `frame` is: shared by the animation's copies, so a graph built over one copy renders for every copy.
  package let slot: ImageSlot

  /// A component standing for each frame in turn, of the canvas's size: a graph built over it once
  /// (`chain.apply(to: animation.frame)`, `animation.frame.shadow(…)`) is rendered for every frame with that frame in
  /// its place by `write(to:as:graph:…)` and the other writes taking a `graph`, so what the graph computes as it is
  /// built (a text's layout, an image a step reads) is computed once for the animation. Rendered outside those
  /// writes, it throws `RenderError.failed`: it has no pixels of its own.
  public var frame: any ImageComponent { slot }

  /// How many frames there are (1 for a still image).
  public var frameCount: Int { delays.count }
  /// Whether there is more than one frame.
  public var isAnimated: Bool { delays.count > 1 }

  /// Opens the image file at `path` (`-` for standard input, read once and kept) with the decoder that recognises
  /// it, and reads its records.
  ///
  /// - Throws: `CodecError`: `.io`, `.unsupportedFormat`, `.corrupt` (a header or first frame that cannot be read),
  ///   `.tooLarge` (a canvas or frame over `pixelLimit`), `.unsupportedVariant` (over `frameLimit` frames).
  public init(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit,
    frameLimit: Int = Animation.defaultFrameLimit
  ) throws(CodecError) {
    let input = try ImageFile.decoderInput(path, decoders: decoders)
    try self.init(input.bytes, decoder: input.decoder, pixelLimit: pixelLimit, frameLimit: frameLimit)
  }

  /// Opens an image file's bytes held in memory (named `<memory>` in errors), as `init(contentsOfFile:…)` does.
  ///
  /// - Throws: as `init(contentsOfFile:…)`.
  public init(
    decoding bytes: [UInt8], decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit,
    frameLimit: Int = Animation.defaultFrameLimit
  ) throws(CodecError) {
    let source = ByteSource(bytes: bytes)
    try self.init(source, decoder: decoders.decoder(for: bytes, source: source.name), pixelLimit: pixelLimit,
      frameLimit: frameLimit)
  }

  /// Opens `source` with `decoder`.
  package init(_ source: ByteSource, decoder: any ImageDecoder, pixelLimit: Int, frameLimit: Int) throws(CodecError) {
    self.source = source
    self.decoder = decoder
    self.decoderName = decoder.name
    self.pixelLimit = pixelLimit
    self.frameLimit = frameLimit
    metadata = decoder.metadata(from: source)
    if let animated = decoder as? any AnimatedImageDecoder,
      let records = try animated.animationRecords(source, pixelLimit: pixelLimit, frameLimit: frameLimit)
    {
      (width, height, loopCount, delays) = (records.width, records.height, records.loopCount, records.delays)
      still = nil
      slot = ImageSlot(width: width, height: height)
      return
    }
    let decoded = try decoder.decodeImage(from: source, pixelLimit: pixelLimit)
    still = decoded.raster
    (width, height, loopCount, delays) = (decoded.raster.width, decoded.raster.height, 0, [0])
    slot = ImageSlot(width: width, height: height)
  }

  /// `animation of 3 frames (100, 200, 300 ms), looping for ever` (`playing once`, `playing 3 times`): what
  /// `decor info` says of it. Past 12 frames, the first 12 delays and `…`.
  public var summary: String {
    let shown = delays.prefix(12).map(String.init).joined(separator: ", ") + (delays.count > 12 ? ", …" : "")
    let plays = loopCount == 0 ? "looping for ever" : loopCount == 1 ? "playing once" : "playing \(loopCount) times"
    return "animation of \(frameCount) frames (\(shown) ms), \(plays)"
  }

  /// This animation with its frames read under `cancellation` (an `async` write's): every read of the file checks
  /// it.
  package func cancellable(by cancellation: RenderCancellation?) -> Animation {
    var animation = self
    animation.source = source.cancellable(by: cancellation)
    return animation
  }

  /// The frames, decoded one at a time as they are asked for, from the start of the file. Each call reads the
  /// file again (a still image's one frame was decoded when it was opened).
  ///
  /// - Throws: `CodecError.io` when the file cannot be opened again, or what the format's reader throws on opening.
  public func frames() throws(CodecError) -> AnimationFrames {
    try AnimationFrames(opening: self)
  }

  /// The reader `AnimationFrames` pulls from: the format's frame reader, or `nil` for a still image.
  package func frameReader() throws(CodecError) -> (any AnimationFrameReader)? {
    guard still == nil, let animated = decoder as? any AnimatedImageDecoder else { return nil }
    return try animated.frameReader(source, pixelLimit: pixelLimit, frameLimit: frameLimit)
  }

  /// The still image's one frame; `nil` for an animation.
  package var stillFrame: AnimationFrame? {
    still.map { AnimationFrame(raster: $0, delay: 0) }
  }
}
