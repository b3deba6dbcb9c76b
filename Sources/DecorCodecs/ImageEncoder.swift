import DecorCore

/// An encoder for one image file format, found by `EncoderRegistry` by its name or by a file name's extension.
///
/// Conform to add a format Decor can write: `encode` must never trap, whatever the raster (an image too large for
/// the format is `CodecError.encodingFailed` naming the destination). Every write goes through an encoder: `decor
/// apply`, `batch` and `compose`, and the writing calls `ImageComponent.write(to:as:…)`, `encoded(as:…)` and
/// `write(into:as:…)`. Its `encode` requirements are what those calls drive, for an encoder's author to implement;
/// to write an image, call the writing calls, which check the size first and pass cancellation on.
///
/// Only `name`, `fileExtensions` and `encode(_:destination:)` are required; the rest say what the encoder takes and
/// can do, with defaults for an encoder that takes no settings, has no size limit, drops metadata and encodes a
/// whole raster:
///
/// - `acceptedOptions` and `configured(with:)`: the output settings it takes (an option not listed is refused
///   before any work, `CodecError.optionNotTaken`), and itself with them applied;
/// - `maximumDimension`: the largest side the format holds, checked from the render's extent before rendering;
/// - `streamsRows` and `encode(width:height:bandHeight:…)`: whether it takes rows as a render makes them, band by
///   band, so that the whole image is never held (PNG and JPEG) or held once, in the codec's own picture (WebP),
///   rather than a whole raster (the default).
public protocol ImageEncoder: Sendable {
  /// A short unique name, such as `"png"`: what `decor --format` takes.
  var name: String { get }
  /// The lowercase extensions, without the dot, of the files it writes (`["jpg", "jpeg"]`): the first is the usual
  /// one. No two encoders of a registry share one.
  var fileExtensions: [String] { get }
  /// The file's bytes for `raster` (premultiplied, as every raster is).
  ///
  /// - Parameters:
  ///   - raster: the image to encode.
  ///   - destination: the file's name, for error messages.
  /// - Throws: `CodecError.encodingFailed`.
  func encode(_ raster: Raster, destination: String) throws(CodecError) -> [UInt8]

  /// The format's usual name, for messages: `PNG`, `JPEG`, `WebP` (by default `name` in capitals).
  var displayName: String { get }
  /// The output settings this encoder takes (by default none).
  var acceptedOptions: Set<EncodingOption> { get }
  /// The largest width and height the format holds (by default no limit), checked before rendering.
  var maximumDimension: Int { get }
  /// Whether the renderer hands this encoder the image band by band through
  /// `encode(width:height:bandHeight:metadata:destination:threads:into:rows:)` rather than as a whole raster (by
  /// default `false`): PNG and JPEG write each band as it comes; WebP renders the bands into libwebp's picture,
  /// which is then the only full-size copy.
  var streamsRows: Bool { get }

  /// This encoder with `settings` applied. The options given are among `acceptedOptions` (the registry checks that
  /// first); an encoder refuses here a combination it does not take (WebP: a quality with lossless) or a value out
  /// of range. By default: itself.
  ///
  /// - Throws: `CodecError.optionNotTaken`, or `.optionOutOfRange` for a value the format does not take (a quality
  ///   outside 1…100).
  func configured(with settings: EncodingSettings) throws(CodecError) -> any ImageEncoder

  /// Writes `raster`'s file to `sink`, recording `metadata` where the format holds it (by default: the bytes of
  /// `encode(_:destination:)`, metadata dropped).
  ///
  /// - Throws: `CodecError.encodingFailed` or the sink's `.io`.
  func encode(_ raster: Raster, metadata: ImageMetadata, destination: String, into sink: ByteSink)
    throws(CodecError) -> EncodingResult

  /// Writes the file of a `width × height` image to `sink`, asking `rows` for its premultiplied pixels band by band,
  /// top to bottom, `bandHeight` rows at a time (fewer in the last band): `rows(range, buffer)` fills `buffer`
  /// (`width × range.count` pixels, RGBA bytes in each `UInt32`, as in a raster). By default the bands are gathered
  /// into a raster (its allocation checked: `CodecError.allocationFailed` naming the destination where the
  /// caller types the error, as `ImageComponent.write(to:as:…)` does) and handed to
  /// `encode(_:metadata:destination:into:)`.
  ///
  /// Untyped, as `ImageComponent.render` is: `rows` runs a render, whose errors are passed on as they are.
  ///
  /// - Parameters:
  ///   - width: the image's width in pixels.
  ///   - height: its height.
  ///   - bandHeight: the rows `rows` gives at a time (fewer in the last band).
  ///   - metadata: what to record where the format holds it.
  ///   - destination: the file's name in errors.
  ///   - threads: how many threads the encoder may use.
  ///   - sourcesAreGrey: whether every source of the render is grey (`BandedRender.sourcesAreGrey`), so that the
  ///     image may be: an encoder that writes grey files can try grey and start over in colour at the first band
  ///     that is not (the PNG and JPEG encoders do). When false, the image is taken to be in colour.
  ///   - sink: where the file's bytes go.
  ///   - rows: fills a buffer with the premultiplied pixels of a range of rows.
  func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, into sink: ByteSink,
    rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<UInt32>) throws -> Void
  ) throws -> EncodingResult

  /// Whether `animationWriter(width:height:loopCount:metadata:destination:into:)` gives a writer (by default
  /// `false`): what a caller asks before choosing to write every frame or one.
  var writesAnimations: Bool { get }

  /// A writer of a `width × height` animation that plays `loopCount` times (0 for ever) into `sink`, frame by
  /// frame, when the format holds animations (WebP and GIF do); `nil` when it holds one image (by default), and a
  /// caller writes one frame and says which.
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination` (a size the format cannot hold).
  func animationWriter(
    width: Int, height: Int, loopCount: Int, metadata: ImageMetadata, destination: String, into sink: ByteSink
  ) throws(CodecError) -> (any AnimationWriter)?
}

extension ImageEncoder {
  public var displayName: String { name.uppercased() }
  public var acceptedOptions: Set<EncodingOption> { [] }
  public var maximumDimension: Int { Int.max }
  public var streamsRows: Bool { false }

  public var writesAnimations: Bool { false }

  public func animationWriter(
    width: Int, height: Int, loopCount: Int, metadata: ImageMetadata, destination: String, into sink: ByteSink
  ) throws(CodecError) -> (any AnimationWriter)? {
    nil
  }

  public func configured(with settings: EncodingSettings) throws(CodecError) -> any ImageEncoder {
    if let option = settings.given.first {
      throw .optionNotTaken(option: option.rawValue, format: displayName)
    }
    return self
  }

  public func encode(_ raster: Raster, metadata: ImageMetadata, destination: String, into sink: ByteSink)
    throws(CodecError) -> EncodingResult
  {
    try sink.write(encode(raster, destination: destination))
    return EncodingResult()
  }

  public func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, into sink: ByteSink,
    rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<UInt32>) throws -> Void
  ) throws -> EncodingResult {
    let raster = try Raster(width: width, height: height, pixelLimit: Int.max) { buffer in
      let pixels = buffer.bindMemory(to: UInt32.self)
      let step = Swift.max(1, bandHeight)
      for top in stride(from: 0, to: height, by: step) {
        let band = top..<Swift.min(height, top + step)
        try rows(band, UnsafeMutableBufferPointer(rebasing: pixels[band.lowerBound * width..<band.upperBound * width]))
      }
    }
    return try encode(raster, metadata: metadata, destination: destination, into: sink)
  }

  /// Checks that a `width × height` image fits the format, before anything is rendered.
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination` and the format's limit.
  public func checkSize(width: Int, height: Int, destination: String) throws(CodecError) {
    try EncoderChecks.checkSize(width: width, height: height, maximum: maximumDimension, format: displayName,
      destination: destination)
  }
}
