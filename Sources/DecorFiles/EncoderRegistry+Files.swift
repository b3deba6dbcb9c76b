import DecorChain
import DecorCodecs
import DecorCore

// What the registry does with a path: choose the encoder a file name asks for, and write through it.
extension EncoderRegistry {
  /// The one place an output's format is chosen (for `decor apply`, `batch` and `compose` and the renderers'
  /// `toFile:` calls): the encoder for `path`, configured with `settings`. Call it before any work, so that every
  /// refusal is immediate.
  ///
  /// - `format` (a name or an extension, `"jpg"`) when given; the path's extension must then not name another
  ///   format, unless `path` is `-` or a device or FIFO (whose name says nothing of its bytes).
  /// - Else the encoder claiming the path's extension, in any case (`OUT.JPG`).
  /// - Else PNG (or the first encoder, without one) for `-`, a name without an extension (`out`, `/dev/null`), and
  ///   an existing device or FIFO.
  ///
  /// - Throws: `CodecError.noEncoder` for an extension no encoder claims, naming the writable formats;
  ///   `.unknownCodec` for a `format` no encoder has; `.formatMismatch` for a name that says another format;
  ///   `.optionNotTaken` for a setting the encoder does not take (`EncodingSettings.given` against
  ///   `ImageEncoder.acceptedOptions`, then `configured(with:)`).
  public func encoder(
    forOutput path: String, format: String? = nil, settings: EncodingSettings = EncodingSettings()
  ) throws(CodecError) -> any ImageEncoder {
    let fileExtension = EncoderRegistry.fileExtension(of: path)
    // A stream's name says nothing of what it is sent: `/dev/stdout`, a FIFO named `out.jpg`.
    let isStream = path == ImageFile.standardStream
      || (fileExtension != nil && (try? ImageFile.resolve(path))?.destination == .stream)
    let named = isStream ? nil : encoder(forPath: path)
    let chosen: any ImageEncoder
    if let format {
      chosen = try encoder(forFormat: format)
      if let named, named.name != chosen.name {
        throw .formatMismatch(path: path, format: chosen.displayName, named: named.displayName)
      }
      if !isStream, named == nil, let fileExtension, let other = ImageFormat(path: path),
        ImageFormat(rawValue: chosen.name) != other
      {
        // A name that says a format no encoder writes (`out.gif` with `--format png`).
        throw .formatMismatch(path: path, format: chosen.displayName, named: other.displayName + " (." + fileExtension + ")")
      }
    } else if let named {
      chosen = named
    } else if fileExtension == nil || isStream {
      guard let png = encoders.first(where: { $0.name == "png" }) ?? encoders.first else {
        throw .noEncoder(path: path, extensions: [])
      }
      chosen = png
    } else {
      throw .noEncoder(path: path, extensions: writableFormats)
    }
    return try EncoderRegistry.configure(chosen, with: settings)
  }

  /// Writes `raster` in the format this registry chooses for `path`: `ImageComponent.write(to:encoders:…)`.
  @available(*, deprecated, message: "use raster.write(to: path, encoders: registry)")
  public func write(_ raster: Raster, toFile path: String) throws(CodecError) {
    try raster.write(to: path, encoders: self)
  }

  /// Writes `raster` in the format this registry chooses for `path`, recording `metadata`:
  /// `ImageComponent.write(to:encoders:metadata:…)`.
  @available(*, deprecated, message: "use raster.write(to: path, encoders: registry, metadata: metadata)")
  @discardableResult
  public func write(_ raster: Raster, toFile path: String, metadata: ImageMetadata) throws(CodecError)
    -> EncodingResult
  {
    try raster.write(to: path, encoders: self, metadata: metadata)
  }

  /// Writes `raster` through `encoder` to `path`: `ImageComponent.write(to:as:metadata:…)`, without its check of
  /// the name against the format, as this call always wrote.
  @available(*, deprecated, message: "use raster.write(to: path, as: encoder, metadata: metadata)")
  @discardableResult
  public func write(
    _ raster: Raster, toFile path: String, encoder: any ImageEncoder, metadata: ImageMetadata = .none
  ) throws(CodecError) -> EncodingResult {
    try ImageWriting.write(raster, toFile: path, encoder: encoder, metadata: metadata, region: nil,
      renderer: Renderer(), trace: nil)
  }
}
