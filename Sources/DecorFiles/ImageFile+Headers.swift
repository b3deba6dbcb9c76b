import DecorChain
import DecorCodecs
import DecorCore

extension ImageFile {
  /// What the headers of the image file at `path` (`-` for standard input) say, without decoding its pixels, in one
  /// form for every format: size, format, colour and depth, alpha, the format's particulars (interlacing, chroma
  /// subsampling, EXIF orientation, lossy or lossless, frames), then the ICC profile and density it records:
  /// `96x64, JPEG, YCbCr 4:2:0, 8-bit, no alpha, ICC profile (588 bytes), 300x300 dpi`.
  ///
  /// The registry's decoder for the file says what its headers say (`ImageDecoder.headerDescription`), so a decoder
  /// of yours appears too.
  ///
  /// - Throws: `CodecError` naming the file: `.unsupportedFormat` for a format no decoder of `decoders` reads.
  public static func headerDescription(atPath path: String, decoders: DecoderRegistry = .standard)
    throws(CodecError) -> String
  {
    let source = displayName(path, input: true)
    let (bytes, decoder) = try readRecognised(atPath: path, decoders: decoders)
    let header = try decoder.headerDescription(of: bytes, source: source)
    let metadata = decoder.metadata(of: bytes)
    // A CMYK file's profile, converted through and not carried, is named by its header: "no ICC profile" (of the
    // metadata carried on) would contradict it.
    let parts = metadata.description.components(separatedBy: ", ")
    let unmentioned = metadata.iccProfile == nil && metadata.unusedProfile == nil
    let shown = unmentioned && header.contains("ICC profile") ? Array(parts.dropFirst()) : parts
    return ([header] + shown).joined(separator: ", ")
  }
}
