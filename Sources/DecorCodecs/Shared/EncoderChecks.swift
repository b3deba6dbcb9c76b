import DecorCore

/// The checks every format's writer makes before it encodes, written once so that each says the same thing in the
/// same words: the image's size against the format's limit, the settings a `configured(with:)` takes, and the one
/// band of pixels a streaming encoder holds.
package enum EncoderChecks {
  /// Whether a `width × height` image fits a format whose sides hold at most `maximum` pixels: checked from the
  /// extent, before anything is rendered or allocated.
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination` and the format's limit.
  package static func checkSize(width: Int, height: Int, maximum: Int, format: String, destination: String)
    throws(CodecError)
  {
    guard width > maximum || height > maximum else { return }
    throw .encodingFailed(destination: destination,
      detail: "\(width)×\(height) is larger than \(format) allows (\(maximum) × \(maximum))")
  }

  /// Whether a `width × height` image has pixels to write: what the PNG encoder and the animation writers (GIF,
  /// WebP) check before they start a file, in the same words.
  ///
  /// - Throws: `CodecError.encodingFailed` naming `destination`, for a side of 0 (or less).
  package static func checkHasPixels(width: Int, height: Int, destination: String) throws(CodecError) {
    guard width <= 0 || height <= 0 else { return }
    throw .encodingFailed(destination: destination, detail: "a \(width)×\(height) image has no pixels")
  }

  /// The quality `settings` give, checked, for a format that is lossy at a quality or lossless (WebP, AVIF):
  /// lossless has no quality to set, so one given with `lossless` is refused rather than silently taken as
  /// something else (libwebp reads it as an effort). `nil` when no quality is given.
  ///
  /// - Throws: `CodecError.optionNotTaken` naming `"lossless " + format` for a quality with `lossless`,
  ///   `.optionOutOfRange` for a quality outside 1…100.
  package static func quality(_ settings: EncodingSettings, format: String) throws(CodecError) -> Int? {
    if settings.lossless && settings.quality != nil {
      throw .optionNotTaken(option: EncodingOption.quality.rawValue, format: "lossless " + format)
    }
    return try settings.quality.map { quality throws(CodecError) in
      try EncodingSettings.checkQuality(quality, format: format)
    }
  }

  /// Runs `body` with one band's buffer for a `width × height` image handed `bandHeight` rows at a time (fewer in
  /// the last band), reused band after band: all the pixels a streaming encoder (PNG, JPEG) holds. Its size is
  /// checked first, since a band of a very wide image (a canvas whose pixel limit was raised) may be more than
  /// memory holds.
  ///
  /// - Throws: `CodecError.allocationFailed` for a band memory cannot hold, or what `body` throws.
  package static func withBand<Result>(
    width: Int, height: Int, bandHeight: Int, _ body: (inout [UInt32]) throws -> Result
  ) throws -> Result {
    let bandPixels = width * Swift.max(1, Swift.min(bandHeight, height))
    try Raster.checkAllocation(bandPixels * 4, width: width, height: height)
    var band = [UInt32](repeating: 0, count: bandPixels)
    return try body(&band)
  }
}
