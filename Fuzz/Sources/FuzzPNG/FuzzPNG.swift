import Decor

/// libFuzzer's entry point: the input is a file's bytes, decoded through Decor's codec layer as `decor` would (the
/// registry picks the decoder from the first bytes: PNG, or another format) and described as `decor info` does.
///
/// What must hold for any bytes: decoding and reading the header never trap or read out of bounds (an error is
/// fine); a PNG that decodes has the size its header declares, and survives Decor's own PNG encoder and decoder
/// unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let header = try? PNGHeader(bytes, source: "fuzz")
  _ = header?.description
  guard let image = try? DecoderRegistry.standard.decode(bytes, source: "fuzz", pixelLimit: 1 << 20) else {
    return 0
  }
  guard PNGDecoder().recognizes(bytes.prefix(DecoderRegistry.sniffLength)) else { return 0 }
  if let header {
    precondition(image.width == header.width && image.height == header.height,
      "decoded \(image.width)×\(image.height), the header says \(header.width)×\(header.height)")
  }
  let encoded = try! PNGCodec.encode(image, compression: .fast, threads: 1)
  precondition(try! DecoderRegistry.standard.decode(encoded, source: "fuzz") == image, "a PNG round trip changed it")
  return 0
}
