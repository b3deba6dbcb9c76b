import Decor

/// libFuzzer's entry point: the input is a file's bytes, decoded through Decor's codec layer as `decor` would (the
/// registry picks the decoder from the first bytes: TIFF, or another format).
///
/// What must hold for any bytes: decoding, reading the metadata, counting pages and describing the headers never
/// trap or read out of bounds (an error is fine); a TIFF image of at most 4096 pixels that decodes comes back
/// unchanged through Decor's TIFF encoder and decoder (libtiff is not instrumented: coverage is `TIFFDecoder`,
/// `TIFFEncoder` and the shim's memory I/O).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTIFF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let decoder = TIFFDecoder()
  let pages = decoder.frameCount(of: bytes)
  let metadata = decoder.metadata(of: bytes)
  _ = try? decoder.headerDescription(of: bytes, source: "fuzz")
  guard let image = try? DecoderRegistry.standard.decode(bytes, source: "fuzz", pixelLimit: 1 << 20) else {
    return 0
  }
  guard decoder.recognizes(bytes.prefix(DecoderRegistry.sniffLength)) else { return 0 }
  precondition(pages >= 1, "a decodable TIFF file with \(pages) pages")
  if image.width * image.height <= 4096 {
    let encoded = try! TIFFEncoder.encode(image, metadata: metadata)
    let decoded = try! decoder.decode(encoded, source: "fuzz", pixelLimit: 1 << 20)
    precondition(decoded == image, "a round trip through Decor's TIFF encoder changed the image")
  }
  return 0
}
