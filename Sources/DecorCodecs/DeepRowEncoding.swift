import DecorCore

/// Encoders that take a render's rows at 16 bits (`RGBA16`, premultiplied), so that a render whose sources hold more
/// than 8-bit premultiplied pixels keep may work at 16 bits (`RenderPlan.format`) and the file receive its pixels
/// exactly: the writer lets such a render go deep only for these.
package protocol DeepRowEncoding: ImageEncoder {
  /// As `encode(width:height:bandHeight:metadata:destination:threads:sourcesAreGrey:into:rows:)`, the rows given
  /// as 16-bit premultiplied pixels.
  func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, into sink: ByteSink,
    deepRows rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<RGBA16>) throws -> Void
  ) throws -> EncodingResult
}
