import DecorCore

/// Inverted (Adobe) CMYK, the convention of every CMYK or YCCK JPEG in practice, converted to opaque RGBA: each of
/// R, G, B is round(C × K / 255) (the same rounded product as premultiplying), as Adobe applications, Pillow and
/// ImageMagick convert it.
package enum InvertedCMYK {
  /// Converts `count` pixels of four bytes in place. Raw loads and stores only, so the memory may be bound to any
  /// type (a `Raster`'s bytes, a render's `UInt32` band).
  package static func toRGBA(_ pixels: UnsafeMutableRawPointer, count: Int) {
    for i in 0..<count {
      let p = pixels + i * 4
      let k = p.load(fromByteOffset: 3, as: UInt8.self)
      for c in 0..<3 {
        p.storeBytes(of: Premultiplication.premultiply(p.load(fromByteOffset: c, as: UInt8.self), k),
          toByteOffset: c, as: UInt8.self)
      }
      p.storeBytes(of: 255, toByteOffset: 3, as: UInt8.self)
    }
  }

  /// `toRGBA(_:count:)` over a buffer: its whole pixels (a trailing partial pixel is left alone).
  package static func toRGBA(_ bytes: UnsafeMutableRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    toRGBA(base, count: bytes.count / 4)
  }
}
