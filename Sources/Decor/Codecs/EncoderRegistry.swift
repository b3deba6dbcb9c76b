/// The encoders Decor can write with, each found by its name or by the extension of the file to write.
///
/// The writing side of `DecoderRegistry`: `standard` holds the built-in PNG, JPEG and WebP encoders at their default
/// settings; a user's encoder (a format of their own, or a built-in one with other options) is added with
/// `register`, or replaces the built-in of its name with `replace`. Two encoders may not share a name or an extension,
/// so a file name always means one encoder.
public struct EncoderRegistry: Sendable {
  /// PNG (default compression), JPEG (quality 90, 4:2:0, on white), WebP (lossy, quality 75), TIFF (deflate) and
  /// AVIF (lossy, quality 75).
  public static let standard = EncoderRegistry(
    uncheckedEncoders: [PNGImageEncoder(), JPEGImageEncoder(), WebPImageEncoder(), TIFFImageEncoder(),
      AVIFImageEncoder()])

  /// The registered encoders, in registration order.
  public private(set) var encoders: [any ImageEncoder]

  /// An empty registry.
  public init() { encoders = [] }

  init(uncheckedEncoders: [any ImageEncoder]) { encoders = uncheckedEncoders }

  /// Adds an encoder.
  ///
  /// - Throws: `CodecError.duplicateEncoder` naming the name or extension already taken; nothing is added.
  public mutating func register(_ encoder: any ImageEncoder) throws(CodecError) {
    if encoders.contains(where: { $0.name == encoder.name }) { throw .duplicateEncoder(name: encoder.name) }
    let taken = Set(encoders.flatMap(\.fileExtensions))
    if let clash = encoder.fileExtensions.first(where: { taken.contains($0.lowercased()) }) {
      throw .duplicateEncoder(name: clash)
    }
    encoders.append(encoder)
  }

  /// Puts `encoder` in place of the registered encoder of the same name (to write a built-in format with other
  /// settings), or adds it.
  ///
  /// - Throws: `CodecError.duplicateEncoder` if one of its extensions belongs to an encoder of another name.
  public mutating func replace(with encoder: any ImageEncoder) throws(CodecError) {
    var others = EncoderRegistry(uncheckedEncoders: encoders.filter { $0.name != encoder.name })
    try others.register(encoder)
    if let index = encoders.firstIndex(where: { $0.name == encoder.name }) {
      encoders[index] = encoder
    } else {
      encoders.append(encoder)
    }
  }

  /// The encoder registered under `name`.
  ///
  /// - Throws: `CodecError.unknownCodec` listing the registered names.
  public func encoder(named name: String) throws(CodecError) -> any ImageEncoder {
    guard let encoder = encoders.first(where: { $0.name == name }) else {
      throw .unknownCodec(name: name, known: encoders.map(\.name))
    }
    return encoder
  }

  /// The encoder that writes files named like `path` (by its extension, in any case: `OUT.JPG` is JPEG), or `nil`
  /// when no encoder claims that extension or the name has none.
  public func encoder(forPath path: String) -> (any ImageEncoder)? {
    guard let fileExtension = EncoderRegistry.fileExtension(of: path) else { return nil }
    return encoders.first { $0.fileExtensions.contains(fileExtension) }
  }

  /// The encoder named `format` (`"png"`), or claiming it as an extension (`"jpg"`), in any case.
  ///
  /// - Throws: `CodecError.unknownCodec` listing the registered names.
  public func encoder(forFormat format: String) throws(CodecError) -> any ImageEncoder {
    let key = format.lowercased()
    guard let encoder = encoders.first(where: { $0.name == key }) ?? encoders.first(where: {
      $0.fileExtensions.contains(key)
    }) else {
      throw .unknownCodec(name: format, known: encoders.map(\.name))
    }
    return encoder
  }

  /// The writable formats with their extensions, for messages and help: `PNG (.png)`, `JPEG (.jpg, .jpeg, …)`.
  public var writableFormats: [String] {
    encoders.map { "\($0.displayName) (\($0.fileExtensions.map { "." + $0 }.joined(separator: ", ")))" }
  }

  /// The encoder's names joined for a sentence: `png, jpeg or webp`.
  public var nameList: String {
    let names = encoders.map(\.name)
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

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

  /// `encoder` with `settings` applied: each option given must be among its `acceptedOptions`, then
  /// `configured(with:)` has its say.
  ///
  /// - Throws: `CodecError.optionNotTaken` naming the first option refused and the format.
  public static func configure(_ encoder: any ImageEncoder, with settings: EncodingSettings) throws(CodecError)
    -> any ImageEncoder
  {
    if let option = settings.given.first(where: { !encoder.acceptedOptions.contains($0) }) {
      throw .optionNotTaken(option: option.rawValue, format: encoder.displayName)
    }
    return try encoder.configured(with: settings)
  }

  /// The lowercase extension of `path`'s file name, or `nil` (none, or a hidden file's leading dot alone).
  static func fileExtension(of path: String) -> String? {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
      return nil
    }
    return name[name.index(after: dot)...].lowercased()
  }

  /// Encodes `raster` with the encoder `encoder(forOutput:)` chooses for `path` and writes the file (`-` for
  /// standard output) as `Raster.writePNG(toFile:)` does: atomically, straight through to a device or FIFO, through
  /// symbolic links. `metadata` is recorded where the format holds it.
  ///
  /// - Throws: `CodecError.noEncoder` when no encoder claims the extension (naming the writable formats), the
  ///   encoder's error, or `.io`; on error a file at `path` is left as it was.
  public func write(_ raster: Raster, toFile path: String) throws(CodecError) {
    try write(raster, toFile: path, metadata: .none)
  }

  /// `write(_:toFile:)` recording `metadata` where the format holds it, and what the encoder reported.
  @discardableResult
  public func write(_ raster: Raster, toFile path: String, metadata: ImageMetadata) throws(CodecError)
    -> EncodingResult
  {
    try write(raster, toFile: path, encoder: encoder(forOutput: path), metadata: metadata)
  }

  /// Writes `raster` through `encoder` to `path`, as `write(_:toFile:metadata:)` does.
  @discardableResult
  public func write(
    _ raster: Raster, toFile path: String, encoder: any ImageEncoder, metadata: ImageMetadata = .none
  ) throws(CodecError) -> EncodingResult {
    let destination = ImageFile.displayName(path, input: false)
    var result = EncodingResult()
    do {
      try ImageFile.write(toPath: path) { sink in
        result = try encoder.encode(raster, metadata: metadata, destination: destination, into: sink)
      }
    } catch {
      throw .typed(error, destination: destination)
    }
    return result
  }
}
