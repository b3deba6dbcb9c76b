import DecorChain
import DecorCodecs
import DecorCore

extension FilterReference {
  /// The reference (`markdown(for:)`) with the image formats `decoders` reads named where an argument takes an image
  /// file: what `decor filters --markdown` prints and Documentation/Filters.md holds.
  public static func markdown(for registry: FilterRegistry = .standard, decoders: DecoderRegistry) -> String {
    naming(decoders, in: markdown(for: registry))
  }

  /// `text` with `imageFormatsPhrase` replaced by the formats `decoders` reads: `PNG, JPEG or WebP`. The HEIF
  /// decoder reads two formats users know by name: HEIC and AVIF.
  public static func naming(_ decoders: DecoderRegistry, in text: String) -> String {
    let names = decoders.decoders.flatMap { decoder -> [String] in
      decoder.name == "heif" ? ["HEIC", "AVIF"]
        : [ImageFormat(rawValue: decoder.name)?.displayName ?? decoder.name.uppercased()]
    }
    let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.first ?? ""
    return text.replacing(imageFormatsPhrase, with: list)
  }
}
