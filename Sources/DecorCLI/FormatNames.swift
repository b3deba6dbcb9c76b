#if CLI
import Decor

/// The formats `decor` reads and writes, in words for help texts, taken from the registries so that a format added
/// to one shows up in every `--help` (a test checks it).
enum FormatNames {
  /// The encoders the commands write with.
  static let encoders = EncoderRegistry.standard

  /// `PNG, JPEG or WebP`: what the decoders read (any one of them). The HEIF decoder reads two formats users know
  /// by name, HEIC and AVIF.
  static var read: String {
    sentence(DecoderRegistry.standard.decoders.flatMap { decoder -> [String] in
      decoder.name == "heif" ? ["HEIC", "AVIF"] : [ImageFormat(rawValue: decoder.name)?.displayName ?? decoder.name]
    })
  }

  /// `PNG, JPEG or WebP`: what the encoders write (any one of them).
  static var written: String { sentence(encoders.encoders.map(\.displayName)) }

  /// `PNG (.png), JPEG (.jpg, .jpeg, .jpe, .jfif) or WebP (.webp)`.
  static var writtenWithExtensions: String { sentence(encoders.writableFormats) }

  /// `png, jpeg or webp`: what `--format` takes.
  static var formatNames: String { encoders.nameList }

  /// `.png, .jpg, …`: the extensions a folder's files are taken by.
  static var readExtensions: String {
    DecoderRegistry.standard.fileExtensions.map { "." + $0 }.joined(separator: ", ")
  }

  static func sentence(_ parts: [String]) -> String {
    guard parts.count > 1 else { return parts.first ?? "" }
    return parts.dropLast().joined(separator: ", ") + " or " + parts.last!
  }
}
#endif
