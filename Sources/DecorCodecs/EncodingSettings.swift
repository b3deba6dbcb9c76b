import DecorCore

/// The output settings chosen for a write before its format is known (the `decor` command's output options): each
/// one set must be taken by the encoder chosen, which applies it in `ImageEncoder.configured(with:)`.
///
/// A `nil` (or `false`) setting was not given: the encoder keeps its own value.
public struct EncodingSettings: Sendable, Equatable {
  /// 1…100 (`qualityRange`; checked by `ImageEncoder.configured(with:)`, which refuses another value with
  /// `CodecError.optionOutOfRange`).
  public var quality: Int?
  public var lossless: Bool
  public var subsampling: JPEGOptions.Subsampling?
  public var compression: PNGCompression?
  public var background: Color?
  /// The file's bits a channel, or `nil` for the sources' where the format holds it (see `BitDepth`).
  public var depth: BitDepth?

  public init(
    quality: Int? = nil, lossless: Bool = false, subsampling: JPEGOptions.Subsampling? = nil,
    compression: PNGCompression? = nil, background: Color? = nil
  ) {
    self.init(quality: quality, lossless: lossless, subsampling: subsampling, compression: compression,
      background: background, depth: nil)
  }

  public init(
    quality: Int? = nil, lossless: Bool = false, subsampling: JPEGOptions.Subsampling? = nil,
    compression: PNGCompression? = nil, background: Color? = nil, depth: BitDepth?
  ) {
    self.quality = quality
    self.lossless = lossless
    self.subsampling = subsampling
    self.compression = compression
    self.background = background
    self.depth = depth
  }

  /// The options given, in `EncodingOption` order.
  public var given: [EncodingOption] {
    var options: [EncodingOption] = []
    if quality != nil { options.append(.quality) }
    if lossless { options.append(.lossless) }
    if subsampling != nil { options.append(.subsampling) }
    if compression != nil { options.append(.compression) }
    if background != nil { options.append(.background) }
    if depth != nil { options.append(.depth) }
    return options
  }

  /// The lossy qualities the encoders take, 1 (smallest, worst) … 100 (largest, best).
  public static let qualityRange = 1...100

  /// `quality` if it is in `qualityRange`.
  ///
  /// - Throws: `CodecError.optionOutOfRange` naming `format`.
  static func checkQuality(_ quality: Int, format: String) throws(CodecError) -> Int {
    guard qualityRange.contains(quality) else {
      throw .optionOutOfRange(option: EncodingOption.quality.rawValue, value: quality, range: qualityRange,
        format: format)
    }
    return quality
  }
}
