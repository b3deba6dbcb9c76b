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
  /// result (from either format) holds straight channels instead, un-premultiplied at 16 bits before rounding
  /// (`RGBA16.straight8`): what an 8-bit encoder writes, exact for every pixel that came from an 8-bit straight one
  /// (`RGBA16(straight8:)`).
  ///
  /// - Throws: `RasterError.allocationFailed` when memory for the result cannot be had.
  package func converted(to format: PixelFormat, straight: Bool = false) throws(RasterError) -> Raster {
    if format == self.format && !(straight && format == .rgba8) { return self }
    if format == .rgba8 {
      let count = width * height * 4
      try Raster.checkAllocation(count, width: width, height: height)
      if straight { return Raster(self, format: .rgba8, bytes: straightBytes()) }
      let bytes = deepPixels { pixels in
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
          for (i, pixel) in pixels.enumerated() {
            let p = pixel.premultiplied8
            (buffer[4 * i], buffer[4 * i + 1], buffer[4 * i + 2], buffer[4 * i + 3]) = (p.r, p.g, p.b, p.a)
          }
          initialized = count
        }
      }
      return Raster(self, format: .rgba8, bytes: bytes)
    }
    // To 16 bits (`straight` is for 8-bit results only): an 8-bit raster widened.
    if self.format == .rgba16 { return self }
    var deep = try Raster(width: width, height: height, format: .rgba16, pixelLimit: .max)
    let source = self
    deep.withDeepPixels { out in
      source.storage.withUnsafeBytes { bytes in
        for i in out.indices {
          out[i] = RGBA16(RGBA8(r: bytes[4 * i], g: bytes[4 * i + 1], b: bytes[4 * i + 2], a: bytes[4 * i + 3]))
        }
      }
    }
    return deep
  }

  /// A raster of `source`'s size in `format`, holding `bytes` as they are (the format's count).
  private init(_ source: Raster, format: PixelFormat, bytes: [UInt8]) {
    width = source.width
    height = source.height
    self.format = format
    storage = bytes
  }
}
