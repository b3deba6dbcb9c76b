import DecorCore

/// The encoders Decor can write with, each found by its name or by the extension of the file to write.
///
/// The writing side of `DecoderRegistry`: `standard` holds the built-in PNG, JPEG and WebP encoders at their default
/// settings; a user's encoder (a format of their own, or a built-in one with other options) is added with
/// `register`, or replaces the built-in of its name with `replace`. Two encoders may not share a name or an extension,
/// so a file name always means one encoder.
public struct EncoderRegistry: Sendable {
  /// PNG (default compression), and each that a trait brings: JPEG (quality 90, 4:2:0, on white), WebP (lossy,
  /// quality 75), GIF, TIFF (deflate) and AVIF (lossy, quality 75).
  public static let standard: EncoderRegistry = {
    var encoders: [any ImageEncoder] = [PNGImageEncoder()]
    #if JPEG
      encoders.append(JPEGImageEncoder())
    #endif
    #if WebP
      encoders.append(WebPImageEncoder())
    #endif
    #if GIF
      encoders.append(GIFImageEncoder())
    #endif
    #if TIFF
      encoders.append(TIFFImageEncoder())
    #endif
    #if HEIF
      encoders.append(AVIFImageEncoder())
    #endif
    return EncoderRegistry(uncheckedEncoders: encoders)
  }()

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

  /// `encoder` with `settings` applied: each option given must be among its `acceptedOptions` (a depth of 8 bits is
  /// every format's), then `configured(with:)` has its say.
  ///
  /// - Throws: `CodecError.optionNotTaken` naming the first option refused and the format.
  public static func configure(_ encoder: any ImageEncoder, with settings: EncodingSettings) throws(CodecError)
    -> any ImageEncoder
  {
    let refused = settings.given.first { option in
      !encoder.acceptedOptions.contains(option) && !(option == .depth && settings.depth == .eight)
    }
    if let option = refused {
      throw .optionNotTaken(option: option.rawValue, format: encoder.displayName)
    }
    var settings = settings
    // 8 bits, which such a format writes anyway, is not handed to an encoder that takes no depth.
    if !encoder.acceptedOptions.contains(.depth) { settings.depth = nil }
    return try encoder.configured(with: settings)
  }

  /// The lowercase extension of `path`'s file name, or `nil` (none, or a hidden file's leading dot alone).
  package static func fileExtension(of path: String) -> String? {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else {
      return nil
    }
    return name[name.index(after: dot)...].lowercased()
  }

}
