/// How a raster stores its pixels: premultiplied RGBA, sRGB-encoded (or in its profile's space), at one of two
/// depths. Decor's working format has been `rgba8` alone; `rgba16` is the deeper one a render will choose where 8
/// bits would lose what its sources hold (translucent 8-bit pixels, 16-bit files: see `Documentation/Precision.md`).
///
/// - `rgba8`: 4 bytes a pixel, the channels in the byte order R, G, B, A (`RGBA8`).
/// - `rgba16`: 8 bytes a pixel, four `UInt16` in native byte order, R, G, B, A (`RGBA16`), each channel 0…65535.
///
/// Premultiplied 16 bits hold every 8-bit straight colour exactly: premultiplying any of the 65,280 pairs of an
/// 8-bit colour value and an alpha above 0 into 16 bits and back gives the value again (tested), which 8-bit
/// premultiplied storage cannot (at alpha 1 it keeps one bit of colour).
@usableFromInline package enum PixelFormat: Sendable, Hashable, CustomStringConvertible {
  case rgba8
  case rgba16

  /// 4 or 8.
  @usableFromInline package var bytesPerPixel: Int {
    switch self {
    case .rgba8: return 4
    case .rgba16: return 8
    }
  }

  /// Bits per channel: 8 or 16.
  package var depth: Int { bytesPerPixel * 2 }

  @usableFromInline package var description: String { "\(depth)-bit premultiplied RGBA" }
}
