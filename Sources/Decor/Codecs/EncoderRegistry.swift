/// The encoders Decor can write with, each found by its name or by the extension of the file to write.
///
/// The writing side of `DecoderRegistry`: `standard` holds the built-in PNG, JPEG and WebP encoders at their default
/// settings; a user's encoder (a format of their own, or a built-in one with other options) is added with
/// `register`, or replaces the built-in of its name with `replace`. Two encoders may not share a name or an extension,
/// so a file name always means one encoder.
public struct EncoderRegistry: Sendable {
  /// PNG (default compression), JPEG (quality 90, 4:2:0, on white), WebP (lossy, quality 75) and TIFF (deflate).
  public static let standard = EncoderRegistry(
    uncheckedEncoders: [PNGImageEncoder(), JPEGImageEncoder(), WebPImageEncoder(), TIFFImageEncoder()])

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
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let fileExtension = name[name.index(after: dot)...].lowercased()
    return encoders.first { $0.fileExtensions.contains(fileExtension) }
  }

  /// Encodes `raster` with the encoder for `path`'s extension and writes the file (`-` for standard output) as
  /// `Raster.writePNG(toFile:)` does: atomically, straight through to a device or FIFO, through symbolic links.
  ///
  /// - Throws: `CodecError.noEncoder` when no encoder claims the extension (listing those that are claimed), the
  ///   encoder's error, or `.io`; on error a file at `path` is left as it was.
  public func write(_ raster: Raster, toFile path: String) throws(CodecError) {
    guard let encoder = encoder(forPath: path) else {
      throw .noEncoder(path: path, extensions: encoders.flatMap { $0.fileExtensions.map { "." + $0 } })
    }
    try ImageFile.writeBytes(
      encoder.encode(raster, destination: ImageFile.displayName(path, input: false)), toPath: path)
  }
}
