import Decor

/// libFuzzer's entry point: the input is a file's bytes, decoded through Decor's codec layer as `decor` would (the
/// registry picks the decoder from the first bytes: GIF, or another format).
///
/// What must hold for any bytes: decoding, counting frames and describing the headers never trap or read out of
/// bounds (an error is fine); a GIF that decodes has at least one frame, the size `decor info` says, and the same
/// pixels read alone or with its frame count.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let decoder = GIFDecoder()
  let frames = decoder.frameCount(of: bytes)
  let description = try? decoder.headerDescription(of: bytes, source: "fuzz")
  guard let image = try? DecoderRegistry.standard.decode(bytes, source: "fuzz", pixelLimit: 1 << 20) else {
    return 0
  }
  guard decoder.recognizes(bytes.prefix(DecoderRegistry.sniffLength)) else { return 0 }
  precondition(frames >= 1, "a decodable GIF file with \(frames) frames")
  precondition(description?.hasPrefix("\(image.width)x\(image.height), GIF") == true,
    "decor info says \(description ?? "nothing") of a \(image.width)x\(image.height) image")
  let decoded = try! decoder.decodeImage(bytes, source: "fuzz", pixelLimit: 1 << 20)
  precondition(decoded.raster == image && decoded.frameCount == frames, "two readings of one file differ")
  return 0
}
