import DecorChain
import DecorCodecs
import DecorCore

extension ImageFormat {
  /// The format to write to `path`: `explicit` when given (it must agree with the name's extension, if that names
  /// an image format), else the one the extension names, else PNG.
  ///
  /// - Throws: `CodecError.unwritableFormat` for a format Decor cannot write, or a name that says another format
  ///   than `explicit`.
  public static func output(for path: String, explicit: ImageFormat? = nil) throws(CodecError) -> ImageFormat {
    let format = explicit ?? ImageFormat(path: path) ?? .png
    guard format.isWritable else { throw .unwritableFormat(path: path, format: format) }
    try ImageFile.checkOutputFormat(path, writing: format)
    return format
  }
}

extension ImageFile {
  /// Checks that writing `format`'s bytes to `path` is what its name asks for: refuses a path whose extension names
  /// another image format (`out.jpg` for PNG, `out.WEBP`). A name without an image extension, `-` and an existing
  /// character device or FIFO (whatever its name: the bytes go to whoever reads them) pass. Call it before any
  /// work, so that the refusal is immediate; the writers that take a path call it too.
  ///
  /// - Throws: `CodecError.unwritableFormat` naming the path and the formats that can be written.
  public static func checkOutputFormat(_ path: String, writing format: ImageFormat = .png) throws(CodecError) {
    guard path != standardStream, let named = ImageFormat(path: path), named != format else { return }
    if let resolved = try? resolve(path), resolved.destination == .stream { return }
    throw .unwritableFormat(path: path, format: named.isWritable ? format : named)
  }

  /// `checkOutputFormat(_:writing:)` for the format `encoder` writes: a path whose extension the encoder claims
  /// passes; so does any path for an encoder of a format Decor does not know (its name is no `ImageFormat`).
  ///
  /// - Throws: `CodecError.unwritableFormat` naming the path and the formats that can be written.
  package static func checkOutputFormat(_ path: String, writingWith encoder: some ImageEncoder) throws(CodecError) {
    if let fileExtension = EncoderRegistry.fileExtension(of: path), encoder.fileExtensions.contains(fileExtension) {
      return
    }
    guard let format = ImageFormat(rawValue: encoder.name) else { return }
    try checkOutputFormat(path, writing: format)
  }
}
