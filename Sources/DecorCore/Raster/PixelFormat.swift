/// How a raster stores its pixels: RGBA, sRGB-encoded (or in its profile's space), premultiplied at one of two
/// depths or straight at 16 bits. Decor's working format has been `rgba8` alone; a render chooses a deeper one where
/// 8 bits would lose what its sources hold (translucent 8-bit pixels, 16-bit files: see
/// `Documentation/Precision.md`).
///
/// - `rgba8`: 4 bytes a pixel, the channels in the byte order R, G, B, A (`RGBA8`), premultiplied.
/// - `rgba16`: 8 bytes a pixel, four `UInt16` in native byte order, R, G, B, A (`RGBA16`), each channel 0…65535,
///   premultiplied.
/// - `rgba16Straight`: as `rgba16`, the colour not premultiplied: the file's samples, colour under alpha 0 included
///   (what Decor adds transparent is zeros). The format of a render that only moves pixels
///   (`DeepRendering.onlyMovesPixels`): a copy changes no value, so every source comes out exactly as read, 16-bit
///   and translucent ones too, which premultiplied 16 bits cannot promise below alpha 1/256.
///
/// Premultiplied 16 bits hold every 8-bit straight colour exactly: premultiplying any of the 65,280 pairs of an
/// 8-bit colour value and an alpha above 0 into 16 bits and back gives the value again (tested), which 8-bit
/// premultiplied storage cannot (at alpha 1 it keeps one bit of colour).
@usableFromInline package enum PixelFormat: Sendable, Hashable, CustomStringConvertible {
  case rgba8
  case rgba16
  case rgba16Straight

  /// 4 or 8.
  @usableFromInline package var bytesPerPixel: Int {
    switch self {
    case .rgba8: return 4
    case .rgba16, .rgba16Straight: return 8
    }
  }

  /// Bits per channel: 8 or 16.
  package var depth: Int { bytesPerPixel * 2 }

  /// Whether the colour is premultiplied by alpha (every format but `rgba16Straight`).
  package var isPremultiplied: Bool { self != .rgba16Straight }

  @usableFromInline package var description: String {
    "\(depth)-bit \(isPremultiplied ? "premultiplied" : "straight") RGBA"
  }
}
