extension FilterReference {
  /// The reference (`markdown(for:)`) with the image formats `decoders` reads named where an argument takes an image
  /// file: what `decor filters --markdown` prints and README.md holds.
  public static func markdown(for registry: FilterRegistry = .standard, decoders: DecoderRegistry) -> String {
    naming(decoders, in: markdown(for: registry))
  }

  /// `text` with `imageFormatsPhrase` replaced by the formats `decoders` reads: `PNG, JPEG or WebP`.
  public static func naming(_ decoders: DecoderRegistry, in text: String) -> String {
    let names = decoders.decoders.map { ImageFormat(rawValue: $0.name)?.displayName ?? $0.name.uppercased() }
    let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.first ?? ""
    return text.replacing(imageFormatsPhrase, with: list)
  }
}
