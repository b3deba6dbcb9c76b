import Decor

/// libFuzzer's entry point: the input is a file's bytes, decoded through Decor's codec layer as `decor` would (the
/// registry picks the decoder from the first bytes: WebP, or another format).
///
/// What must hold for any bytes: decoding and counting frames never trap or read out of bounds (an error is fine);
/// a WebP image that decodes survives a lossless round trip through Decor's encoder unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let frames = WebPDecoder.frameCount(of: bytes)
  guard let image = try? DecoderRegistry.standard.decode(bytes, source: "fuzz", pixelLimit: 1 << 20) else {
    return 0
  }
  guard WebPDecoder().recognizes(bytes.prefix(DecoderRegistry.sniffLength)) else { return 0 }
  precondition(frames == nil || frames! >= 1, "a decodable WebP file with \(frames!) frames")
  // Only small images: the lossless encoder is slow, and the fuzzer's time is better spent on the decoder.
  if image.width * image.height <= 4096 {
    let encoded = try! WebPEncoder.encode(image, options: WebPOptions(lossless: true))
    let decoded = try! WebPDecoder().decode(encoded, source: "fuzz", pixelLimit: 1 << 20)
    precondition(decoded == image, "a lossless round trip changed the image")
  }
  return 0
}
