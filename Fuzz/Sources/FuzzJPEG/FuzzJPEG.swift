import Decor

/// libFuzzer's entry point: the input is a file's bytes, decoded through Decor's codec layer as `decor` would (the
/// registry picks the decoder from the first bytes: JPEG, or PNG).
///
/// What must hold for any bytes: decoding, reading the headers and the EXIF orientation never trap or read out of bounds (an
/// error is fine); an image that decodes has the size its orientation says.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let orientation = ExifOrientation(jpeg: bytes)
  _ = try? JPEGHeader(bytes, source: "fuzz").description
  guard let upright = try? DecoderRegistry.standard.decode(bytes, source: "fuzz", pixelLimit: 1 << 22) else {
    return 0
  }
  if JPEGDecoder().recognizes(bytes.prefix(DecoderRegistry.sniffLength)),
    let stored = try? JPEGDecoder(autoOrient: false).decode(bytes, source: "fuzz", pixelLimit: 1 << 22)
  {
    let swaps = orientation?.swapsSides ?? false
    precondition(
      upright.width == (swaps ? stored.height : stored.width) && upright.height == (swaps ? stored.width : stored.height),
      "the orientation changed the image's size wrongly")
  }
  return 0
}
