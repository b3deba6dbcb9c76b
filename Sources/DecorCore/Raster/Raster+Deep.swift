/// A raster's pixels at 16 bits per channel (`PixelFormat.rgba16`), and conversions between the two formats.
extension Raster {
  /// The 16-bit pixel at column `x`, row `y` of a 16-bit raster (an 8-bit one's pixel widened, `v × 257`, exact).
  /// Both must be inside the raster, as with `subscript(x:y:)`.
  package subscript(deep x: Int, y: Int) -> RGBA16 {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
      guard format == .rgba16 else {
        let i = (y &* width &+ x) &* 4
        return RGBA16(RGBA8(r: storage[i], g: storage[i + 1], b: storage[i + 2], a: storage[i + 3]))
      }
      return storage.withUnsafeBytes { $0.load(fromByteOffset: (y &* width &+ x) &* 8, as: RGBA16.self) }
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
      guard format == .rgba16 else {
        self[x, y] = newValue.premultiplied8
        return
      }
      let offset = (y &* width &+ x) &* 8
      storage.withUnsafeMutableBytes { $0.storeBytes(of: newValue, toByteOffset: offset, as: RGBA16.self) }
    }
  }

  /// The 8-bit accessors' way into a 16-bit raster: its pixel rounded to 8 bits, and one written widened.
  @usableFromInline func deepPixel8(_ x: Int, _ y: Int) -> RGBA8 { self[deep: x, y].premultiplied8 }
  @usableFromInline mutating func setDeepPixel8(_ x: Int, _ y: Int, _ pixel: RGBA8) { self[deep: x, y] = RGBA16(pixel) }

  /// Calls `body` with the pixels of a 16-bit raster.
  package func deepPixels<R>(_ body: (UnsafeBufferPointer<RGBA16>) throws -> R) rethrows -> R {
    precondition(format == .rgba16, "deepPixels of a \(format) raster")
    return try storage.withUnsafeBytes { try body($0.bindMemory(to: RGBA16.self)) }
  }

  /// Calls `body` with the pixels of a 16-bit raster for writing; they must stay premultiplied.
  package mutating func withDeepPixels<R>(_ body: (UnsafeMutableBufferPointer<RGBA16>) throws -> R) rethrows -> R {
    precondition(format == .rgba16, "withDeepPixels of a \(format) raster")
    return try storage.withUnsafeMutableBytes { try body($0.bindMemory(to: RGBA16.self)) }
  }

  /// The raster in `format`: 8 to 16 bits widens each channel (`v × 257`: exact, and back again gives the same
  /// bytes); 16 to 8 rounds each premultiplied channel to nearest (`round(v / 257)`). With `straight`, an 8-bit
  /// result holds straight channels instead, un-premultiplied at 16 bits before rounding: what an 8-bit encoder
  /// writes, exact for every pixel that came from an 8-bit straight one (`RGBA16(straight8:)`).
  package func converted(to format: PixelFormat, straight: Bool = false) -> Raster {
    if format == self.format && !straight { return self }
    let pixels = width * height
    // The size was valid for this raster, and the other format's bytes are what a render holds at once anyway.
    switch (self.format, format) {
    case (.rgba8, .rgba16):
      let source = straight ? Raster(self, premultipliedBytes: straightBytes()) : self
      return try! Raster(width: width, height: height, format: .rgba16, pixelLimit: .max) { out in
        let to = out.bindMemory(to: RGBA16.self)
        source.storage.withUnsafeBytes { from in
          for i in 0..<pixels {
            let b = from.baseAddress! + i &* 4
            to[i] = RGBA16(
              r: UInt16(b.load(as: UInt8.self)) &* 257, g: UInt16(b.load(fromByteOffset: 1, as: UInt8.self)) &* 257,
              b: UInt16(b.load(fromByteOffset: 2, as: UInt8.self)) &* 257,
              a: UInt16(b.load(fromByteOffset: 3, as: UInt8.self)) &* 257)
          }
        }
      }
    case (.rgba16, .rgba8):
      return try! Raster(width: width, height: height, format: .rgba8, pixelLimit: .max) { out in
        let to = out.bindMemory(to: UInt8.self)
        deepPixels { from in
          for i in 0..<pixels {
            let p = from[i]
            let narrow = p.premultiplied8
            let c = straight ? p.straight8 : (narrow.r, narrow.g, narrow.b, narrow.a)
            to[i &* 4] = c.0
            to[i &* 4 + 1] = c.1
            to[i &* 4 + 2] = c.2
            to[i &* 4 + 3] = c.3
          }
        }
      }
    case (.rgba8, .rgba8):
      return Raster(self, premultipliedBytes: straightBytes())
    case (.rgba16, .rgba16):
      var copy = self
      copy.withDeepPixels { pixels in
        for i in pixels.indices {
          let s = pixels[i].straight
          pixels[i] = RGBA16(r: s.r, g: s.g, b: s.b, a: s.a)
        }
      }
      return copy
    }
  }

  /// A raster of `source`'s size and format holding `bytes` as they are (the same count).
  private init(_ source: Raster, premultipliedBytes bytes: [UInt8]) {
    width = source.width
    height = source.height
    format = source.format
    storage = bytes
  }
}
