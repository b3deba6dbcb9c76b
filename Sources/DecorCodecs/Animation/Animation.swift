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
///   more than `frameLimit` frames is refused before any frame is decoded, and so is one whose frames together
///   hold more than `totalPixelLimit` pixels (frames × canvas, pages × page), from the records alone: a file of a
///   few bytes a frame can otherwise ask for hours of work (10,000 frames of 1×1 on a 16384² screen is 10,000
///   canvases of 1 GiB to compose and encode).
///
/// The loop count is how many times the animation plays, 0 for ever, as WebP stores it and as Pillow and libvips
/// report a GIF's: a GIF's NETSCAPE2.0 count as it is stored, 1 for a GIF without one (it plays once).
public struct Animation: Sendable {
  /// The most frames an animation may have by default.
  public static let defaultFrameLimit = 10_000

  /// The most pixels an animation's frames may hold together by default (frames × canvas, a document's pages ×
  /// page; `decor --max-total-pixels`): 2^30, four frames of the largest image the default pixel limit lets in,
  /// 500 frames of 1920×1080 or 3,400 of 640×480, and some 10 seconds of decoding and encoding on one core. Each
  /// frame's canvas is decoded, composed, rendered and encoded whole, so the work of an animation is its frames
  /// times its canvas, whatever its file's size.
  public static let defaultTotalPixelLimit = 1 << 30

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
  /// The most pixels the frames hold together (frames × canvas), checked when it was opened.
  public let totalPixelLimit: Int
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
  ///   `.tooLarge` (a canvas or frame over `pixelLimit`), `.unsupportedVariant` (over `frameLimit` frames),
  ///   `.framesTooLarge` (frames × canvas over `defaultTotalPixelLimit`).
  public init(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit,
    frameLimit: Int = Animation.defaultFrameLimit
  ) throws(CodecError) {
    try self.init(contentsOfFile: path, decoders: decoders, pixelLimit: pixelLimit, frameLimit: frameLimit,
      totalPixelLimit: Animation.defaultTotalPixelLimit)
  }

  /// As `init(contentsOfFile:decoders:pixelLimit:frameLimit:)`, refusing an animation whose frames together hold
  /// more than `totalPixelLimit` pixels (frames × canvas), from its records, before any frame is decoded.
  ///
  /// - Throws: as `init(contentsOfFile:decoders:pixelLimit:frameLimit:)`; `.framesTooLarge` past `totalPixelLimit`.
  public init(
    contentsOfFile path: String, decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit,
    frameLimit: Int = Animation.defaultFrameLimit, totalPixelLimit: Int
  ) throws(CodecError) {
    let input = try ImageFile.decoderInput(path, decoders: decoders)
    try self.init(input.bytes, decoder: input.decoder, pixelLimit: pixelLimit, frameLimit: frameLimit,
      totalPixelLimit: totalPixelLimit)
  }

  /// Opens an image file's bytes held in memory (named `<memory>` in errors), as `init(contentsOfFile:…)` does.
  ///
  /// - Throws: as `init(contentsOfFile:…)`.
  public init(
    decoding bytes: [UInt8], decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit,
    frameLimit: Int = Animation.defaultFrameLimit
  ) throws(CodecError) {
    try self.init(decoding: bytes, decoders: decoders, pixelLimit: pixelLimit, frameLimit: frameLimit,
      totalPixelLimit: Animation.defaultTotalPixelLimit)
  }

  /// As `init(decoding:decoders:pixelLimit:frameLimit:)`, refusing an animation whose frames together hold more
  /// than `totalPixelLimit` pixels, as `init(contentsOfFile:decoders:pixelLimit:frameLimit:totalPixelLimit:)` does.
  ///
  /// - Throws: as `init(contentsOfFile:…)`.
  public init(
    decoding bytes: [UInt8], decoders: DecoderRegistry = .standard, pixelLimit: Int = Raster.defaultPixelLimit,
    frameLimit: Int = Animation.defaultFrameLimit, totalPixelLimit: Int
  ) throws(CodecError) {
    let source = ByteSource(bytes: bytes)
    try self.init(source, decoder: decoders.decoder(for: bytes, source: source.name), pixelLimit: pixelLimit,
      frameLimit: frameLimit, totalPixelLimit: totalPixelLimit)
  }

  /// Opens `source` with `decoder`.
  package init(
    _ source: ByteSource, decoder: any ImageDecoder, pixelLimit: Int, frameLimit: Int, totalPixelLimit: Int
  ) throws(CodecError) {
    self.source = source
    self.decoder = decoder
    self.decoderName = decoder.name
    self.pixelLimit = pixelLimit
    self.frameLimit = frameLimit
    self.totalPixelLimit = totalPixelLimit
    metadata = decoder.metadata(from: source)
    if let records = try Self.records(source, decoder: decoder, pixelLimit: pixelLimit, frameLimit: frameLimit,
      totalPixelLimit: totalPixelLimit)
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

  /// The records of `source` when `decoder` reads it as an animation (`nil` for a still image), checked against
  /// the limits before any frame is decoded: what `init` opens, and what a caller that will read every frame of an
  /// input checks before decoding any of it (`OpenedImage`).
  ///
  /// - Throws: `CodecError`: what the decoder's `animationRecords` throws, `.unsupportedVariant` for a
  ///   `frameLimit` below 1, `.framesTooLarge` past `totalPixelLimit`.
  package static func records(
    _ source: ByteSource, decoder: any ImageDecoder, pixelLimit: Int, frameLimit: Int, totalPixelLimit: Int
  ) throws(CodecError) -> (width: Int, height: Int, loopCount: Int, delays: [Int])? {
    guard frameLimit >= 1 else {
      throw .unsupportedVariant(source: source.name,
        detail: "a frame limit of \(frameLimit) lets no frame be read: it must be at least 1")
    }
    guard let animated = decoder as? any AnimatedImageDecoder,
      let records = try animated.animationRecords(source, pixelLimit: pixelLimit, frameLimit: frameLimit)
    else { return nil }
    // A still image (a GIF of one frame) is bounded by the pixel limit alone, as any other.
    let frames = records.delays.count
    guard frames > 1 else { return records }
    let (canvas, canvasOverflow) = records.width.multipliedReportingOverflow(by: records.height)
    let (total, overflow) = canvas.multipliedReportingOverflow(by: frames)
    if canvasOverflow || overflow || total > totalPixelLimit {
      throw .framesTooLarge(source: source.name, frames: frames, width: records.width, height: records.height,
        limit: totalPixelLimit)
    }
    return records
  }

  /// The error for an input of more than `limit` frames: `count` of them when they were counted from its records,
  /// `nil` when they are counted as they are read (a GIF's), so that only the one past the limit is known; `pages`
  /// for a document's pages read as frames.
  package static func tooManyFrames(source: String, count: Int?, limit: Int, pages: Bool = false) -> CodecError {
    let frames = limit == 1 ? "frame" : "frames"
    let detail =
      switch (count, pages) {
      case (let count?, true): "a document of \(count) pages, more than \(limit)"
      case (let count?, false): "an animation of \(count) frames, more than \(limit) \(frames)"
      case (nil, true): "a document of more than \(limit) \(limit == 1 ? "page" : "pages")"
      case (nil, false): "an animation of more than \(limit) \(frames)"
      }
    return .unsupportedVariant(source: source, detail: detail)
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
