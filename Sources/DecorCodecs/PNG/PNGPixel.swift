import DecorCore

/// The pixels `PNGEncoder` takes, and what it asks of them: whether a band is opaque or grey, and a row as the file's
/// samples. The file's depth is `8 × sampleBytes`.
package protocol PNGPixel: Sendable {
  /// Bytes a sample of the file: 1 or 2.
  static var sampleBytes: Int { get }
  /// Whether every pixel is opaque.
  static func isOpaque(_ pixels: UnsafeBufferPointer<Self>) -> Bool
  /// Whether every pixel is grey (red, green and blue equal).
  static func isGrey(_ pixels: UnsafeBufferPointer<Self>) -> Bool
  /// One row of `width` pixels as the file's straight samples, `channels` a pixel (1 grey, 2 grey+alpha, 3 RGB,
  /// 4 RGBA), big-endian where they are 16-bit; `output` holds the row's bytes and one spare.
  static func straighten(
    _ pixels: UnsafePointer<Self>, width: Int, channels: Int, straight: Bool, into output: UnsafeMutablePointer<UInt8>)
}

/// 8-bit pixels, as four bytes R, G, B, A in a word: premultiplied, or straight when the encoder is told so.
extension UInt32: PNGPixel {
  package static var sampleBytes: Int { 1 }
  package static func isOpaque(_ pixels: UnsafeBufferPointer<UInt32>) -> Bool {
    Premultiplication.isOpaque(UnsafeRawBufferPointer(pixels))
  }
  package static func isGrey(_ pixels: UnsafeBufferPointer<UInt32>) -> Bool {
    Premultiplication.isGrey(UnsafeRawBufferPointer(pixels))
  }

  /// One row of premultiplied pixels as the file's straight samples: RGBA un-premultiplied, or RGB (opaque pixels
  /// are the same either way) packed by storing each pixel's four bytes three bytes apart, so `output` needs one
  /// spare byte; for grey pixels, red alone (grey) or red un-premultiplied and alpha (grey+alpha). Pixels already
  /// `straight` are taken as they are.
  package static func straighten(
    _ pixels: UnsafePointer<UInt32>, width: Int, channels: Int, straight: Bool, into output: UnsafeMutablePointer<UInt8>
  ) {
    if channels == 1 {
      for x in 0..<width { output[x] = UInt8(truncatingIfNeeded: pixels[x].littleEndian) }
      return
    }
    if channels == 2 {
      for x in 0..<width {
        let pixel = pixels[x].littleEndian
        let alpha = UInt8(truncatingIfNeeded: pixel >> 24)
        let red = UInt8(truncatingIfNeeded: pixel)
        output[2 * x] = straight ? red : Premultiplication.unpremultiply(red, alpha)
        output[2 * x + 1] = alpha
      }
      return
    }
    if channels == 4 {
      UnsafeMutableRawPointer(output).copyMemory(from: pixels, byteCount: width * 4)
      if !straight { Premultiplication.unpremultiply(UnsafeMutableRawBufferPointer(start: output, count: width * 4)) }
      return
    }
    let raw = UnsafeMutableRawPointer(output)
    for x in 0..<width {
      raw.storeBytes(of: pixels[x].littleEndian, toByteOffset: x * 3, as: UInt32.self)
    }
  }
}

/// 16-bit pixels, straight (`PixelFormat.rgba16Straight`): a render at 16 bits, written as it is.
extension RGBA16: PNGPixel {
  package static var sampleBytes: Int { 2 }
  package static func isOpaque(_ pixels: UnsafeBufferPointer<RGBA16>) -> Bool { pixels.allSatisfy { $0.a == 65535 } }
  package static func isGrey(_ pixels: UnsafeBufferPointer<RGBA16>) -> Bool {
    pixels.allSatisfy { $0.r == $0.g && $0.g == $0.b }
  }

  /// The samples big-endian, as PNG stores them; the pixels are straight already, so `straight` changes nothing.
  package static func straighten(
    _ pixels: UnsafePointer<RGBA16>, width: Int, channels: Int, straight: Bool, into output: UnsafeMutablePointer<UInt8>
  ) {
    let out = UnsafeMutableRawPointer(output)
    switch channels {
    case 1:
      for x in 0..<width { out.storeBytes(of: pixels[x].r.bigEndian, toByteOffset: 2 * x, as: UInt16.self) }
    case 2:
      for x in 0..<width {
        out.storeBytes(of: pixels[x].r.bigEndian, toByteOffset: 4 * x, as: UInt16.self)
        out.storeBytes(of: pixels[x].a.bigEndian, toByteOffset: 4 * x + 2, as: UInt16.self)
      }
    case 3:
      for x in 0..<width {
        let p = pixels[x]
        out.storeBytes(of: p.r.bigEndian, toByteOffset: 6 * x, as: UInt16.self)
        out.storeBytes(of: p.g.bigEndian, toByteOffset: 6 * x + 2, as: UInt16.self)
        out.storeBytes(of: p.b.bigEndian, toByteOffset: 6 * x + 4, as: UInt16.self)
      }
    default:
      for x in 0..<width {
        let p = pixels[x]
        out.storeBytes(of: SIMD4(p.r.bigEndian, p.g.bigEndian, p.b.bigEndian, p.a.bigEndian), toByteOffset: 8 * x,
          as: SIMD4<UInt16>.self)
      }
    }
  }
}
