/// Runs of pixels from one `PixelFormat` into another: the one place a render's rasters, bands and rows change
/// format, and where an encoder's straight samples come from.
///
/// Exact where the target holds the source: 8-bit premultiplied into 16 bits is `v × 257`, and into
/// `rgba16Straight` the straight 8-bit values (`RGBA8.straight`, what an 8-bit file of them holds) × 257, so a 16-bit
/// file of an 8-bit render is its 8-bit file widened; 16-bit straight and premultiplied convert as `RGBA16` does
/// (rounding to nearest); into 8 bits each channel rounds to nearest (`round(v / 257)`).
package enum PixelConversion {
  /// Writes `count` pixels at `input`, in `from`, into `output` in `to`. The two may be the same memory only when
  /// both formats are 16-bit.
  package static func convert(
    _ input: UnsafeRawPointer, _ from: PixelFormat, into output: UnsafeMutableRawPointer, _ to: PixelFormat,
    count: Int
  ) {
    guard count > 0 else { return }
    if from == to {
      if input != UnsafeRawPointer(output) { output.copyMemory(from: input, byteCount: count * from.bytesPerPixel) }
      return
    }
    switch (from, to) {
    // The 8-bit side by raw loads and stores: callers hold those pixels as words or bytes.
    case (.rgba8, _):
      let out = output.assumingMemoryBound(to: RGBA16.self)
      if to == .rgba16 {
        for i in 0..<count { out[i] = RGBA16(input.load(fromByteOffset: 4 * i, as: RGBA8.self)) }
      } else {
        for i in 0..<count {
          let s = input.load(fromByteOffset: 4 * i, as: RGBA8.self).straight
          out[i] = RGBA16(r: UInt16(s.r) &* 257, g: UInt16(s.g) &* 257, b: UInt16(s.b) &* 257, a: UInt16(s.a) &* 257)
        }
      }
    case (_, .rgba8):
      let pixels = input.assumingMemoryBound(to: RGBA16.self)
      if from == .rgba16 {
        for i in 0..<count { output.storeBytes(of: pixels[i].premultiplied8, toByteOffset: 4 * i, as: RGBA8.self) }
      } else {
        for i in 0..<count {
          output.storeBytes(of: pixels[i].premultiplied.premultiplied8, toByteOffset: 4 * i, as: RGBA8.self)
        }
      }
    case (.rgba16, _):
      let pixels = input.assumingMemoryBound(to: RGBA16.self)
      let out = output.assumingMemoryBound(to: RGBA16.self)
      for i in 0..<count { out[i] = pixels[i].straightened }
    default:
      let pixels = input.assumingMemoryBound(to: RGBA16.self)
      let out = output.assumingMemoryBound(to: RGBA16.self)
      for i in 0..<count { out[i] = pixels[i].premultiplied }
    }
  }

  /// Writes `count` pixels at `input`, in `from`, into `output` as straight 8-bit RGBA (bytes R, G, B, A): what an
  /// 8-bit file holds. From 16 bits each straight channel is rounded to nearest (`round(v / 257)`), which gives back
  /// every pixel read from an 8-bit file (widened `v × 257`) exactly; a pixel whose alpha rounds to 0 is zeros.
  /// `input` and `output` may be the same memory only for `rgba8`.
  package static func straight8(
    _ input: UnsafeRawPointer, _ from: PixelFormat, into output: UnsafeMutablePointer<UInt32>, count: Int
  ) {
    guard count > 0 else { return }
    let bytes = UnsafeMutableRawPointer(output)
    switch from {
    case .rgba8:
      if input != UnsafeRawPointer(output) { bytes.copyMemory(from: input, byteCount: count * 4) }
      Premultiplication.unpremultiply(UnsafeMutableRawBufferPointer(start: bytes, count: count * 4))
    case .rgba16:
      let pixels = input.assumingMemoryBound(to: RGBA16.self)
      for i in 0..<count {
        bytes.storeBytes(of: pixels[i].straightened.narrowedStraight, toByteOffset: 4 * i, as: RGBA8.self)
      }
    case .rgba16Straight:
      narrowStraight(input, into: bytes, count: count)
    }
  }

  /// Straight 16-bit pixels at 8 bits (`RGBA16.narrowedStraight`), four pixels at a time: `round(v / 257)` is
  /// `(v × 255 + 32895) >> 16` for every `v`, and a pixel whose alpha rounds to 0 becomes zeros.
  @inline(__always)
  static func narrowStraight(_ input: UnsafeRawPointer, into output: UnsafeMutableRawPointer, count: Int) {
    var i = 0
    while i + 4 <= count {
      let wide = SIMD16<UInt32>(truncatingIfNeeded: input.loadUnaligned(fromByteOffset: 8 * i, as: SIMD16<UInt16>.self))
      let narrow = SIMD16<UInt8>(truncatingIfNeeded: (wide &* 255 &+ 32895) &>> 16)
      let words = unsafeBitCast(narrow, to: SIMD4<UInt32>.self)
      output.storeBytes(of: words.replacing(with: 0, where: words .< (1 << 24)), toByteOffset: 4 * i,
        as: SIMD4<UInt32>.self)
      i += 4
    }
    let pixels = input.assumingMemoryBound(to: RGBA16.self)
    while i < count {
      output.storeBytes(of: pixels[i].narrowedStraight, toByteOffset: 4 * i, as: RGBA8.self)
      i += 1
    }
  }

  /// Straight 8-bit samples (bytes R, G, B, A) widened to straight 16 bits (`v × 257`), four pixels at a time.
  package static func widenStraight(_ input: UnsafeRawPointer, into output: UnsafeMutablePointer<RGBA16>, count: Int) {
    let out = UnsafeMutableRawPointer(output)
    var i = 0
    while i + 4 <= count {
      let bytes = input.loadUnaligned(fromByteOffset: 4 * i, as: SIMD16<UInt8>.self)
      out.storeBytes(of: SIMD16<UInt16>(truncatingIfNeeded: bytes) &* 257, toByteOffset: 8 * i,
        as: SIMD16<UInt16>.self)
      i += 4
    }
    while i < count {
      let p = input.load(fromByteOffset: 4 * i, as: RGBA8.self)
      output[i] = RGBA16(r: UInt16(p.r) &* 257, g: UInt16(p.g) &* 257, b: UInt16(p.b) &* 257, a: UInt16(p.a) &* 257)
      i += 1
    }
  }
}
