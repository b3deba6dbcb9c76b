import Decor

/// libFuzzer's entry point: the input is a file's bytes, decoded through Decor's codec layer as `decor` would (the
/// registry picks the decoder from the first bytes: HEIC or AVIF, or another format).
///
/// What must hold for any bytes: decoding, reading the metadata and describing the headers (`decor info`'s line)
/// never trap, leak or read out of bounds (an error is fine); a HEIF image of at most 4096 pixels that decodes comes
/// back unchanged through Decor's lossless AVIF encoder and its decoder, with its metadata (libheif, libde265, dav1d
/// and libaom are not instrumented: coverage is `HEIFDecoder`, `AVIFEncoder` and the shim's writer).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let decoder = HEIFDecoder()
  let metadata = decoder.metadata(of: bytes)
  let description = try? decoder.headerDescription(of: bytes, source: "fuzz")
  guard let image = try? DecoderRegistry.standard.decode(bytes, source: "fuzz", pixelLimit: 1 << 20) else {
    return 0
  }
  guard decoder.recognizes(bytes.prefix(DecoderRegistry.sniffLength)) else { return 0 }
  precondition(description != nil, "a decodable HEIF file without a header description")
  if image.width * image.height <= 4096 {
    let encoded = try! AVIFEncoder.encode(image, options: AVIFOptions(lossless: true), metadata: metadata)
    let decoded = try! decoder.decodeImage(encoded, source: "fuzz", pixelLimit: 1 << 20)
    precondition(decoded.raster == image, "a lossless round trip through Decor's AVIF encoder changed the image")
    precondition(decoded.metadata == metadata,
      "a round trip through Decor's AVIF encoder changed the metadata")
  }
  return 0
}
