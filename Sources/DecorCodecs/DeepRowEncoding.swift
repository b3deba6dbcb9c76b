import DecorCore

/// Encoders that take a render's rows at 16 bits (`RGBA16`, straight: `PixelFormat.rgba16Straight`), so that a
/// render whose sources hold more than 8-bit premultiplied pixels keep may work at 16 bits (`RenderPlan.format`), and
/// the file receive its pixels exactly, at 8 or 16 bits: the writer lets such a render go deep only for these.
package protocol DeepRowEncoding: ImageEncoder {
  /// The depth asked for (`EncodingSettings.depth`), or `nil` for the sources' depth.
  var depth: BitDepth? { get }

  /// As `encode(width:height:bandHeight:metadata:destination:threads:sourcesAreGrey:into:rows:)`, the rows given
  /// as 16-bit straight pixels and the file written at `depth` bits a channel.
  func encode(
    width: Int, height: Int, bandHeight: Int, metadata: ImageMetadata, destination: String, threads: Int,
    sourcesAreGrey: Bool, depth: BitDepth, into sink: ByteSink,
    straightRows rows: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<RGBA16>) throws -> Void
  ) throws -> EncodingResult
}
