/// A raster's pixels at 16 bits per channel (`PixelFormat.rgba16`, `.rgba16Straight`), and conversions between the
/// formats.
extension Raster {
  /// The bits a channel holds: `.eight`, or `.sixteen` for a raster a render at `RenderPrecision.sixteenBits`
  /// returned, one made from an `RGBA16` or one `converted(to: .sixteen)`.
  public var depth: BitDepth { format.depth == 16 ? .sixteen : .eight }

  /// A 16-bit raster filled with one premultiplied pixel (made valid: colour channels above alpha are lowered to
  /// it).
  ///
  /// - Throws: `RasterError` for a size that is not positive, or over `pixelLimit`, or memory that cannot be had.
  public init(width: Int, height: Int, fill: RGBA16, pixelLimit: Int = defaultPixelLimit) throws(RasterError) {
    try self.init(width: width, height: height, format: .rgba16, pixelLimit: pixelLimit)
    let pixel = RGBA16(r: Swift.min(fill.r, fill.a), g: Swift.min(fill.g, fill.a), b: Swift.min(fill.b, fill.a),
      a: fill.a)
    if pixel != RGBA16(r: 0, g: 0, b: 0, a: 0) { withDeepPixels { $0.update(repeating: pixel) } }
  }

  /// The 16-bit premultiplied pixel at column `x`, row `y`: a 16-bit raster's own, an 8-bit raster's widened
  /// (`v × 257`, exact). Setting one on an 8-bit raster rounds it to 8 bits (`RGBA16.premultiplied8`). Both
  /// coordinates must be inside the raster, as with `subscript(x:y:)`.
  public subscript(rgba16 x: Int, y: Int) -> RGBA16 {
    get { self[deep: x, y] }
    set { self[deep: x, y] = newValue }
  }

  /// This raster at `depth`: from 8 to 16 bits each channel × 257 (exact), from 16 to 8 each rounded to nearest
  /// (`round(v / 257)`); the raster itself when it has that depth already.
  ///
  /// - Throws: `RasterError.allocationFailed` when memory for the result cannot be had.
  public func converted(to depth: BitDepth) throws(RasterError) -> Raster {
    try converted(to: depth == .sixteen ? PixelFormat.rgba16 : .rgba8)
  }

  /// The 16-bit premultiplied pixel at column `x`, row `y` (an 8-bit raster's pixel widened, `v × 257`, exact; a
  /// straight raster's premultiplied). Both must be inside the raster, as with `subscript(x:y:)`.
  package subscript(deep x: Int, y: Int) -> RGBA16 {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
      guard format != .rgba8 else {
        let i = (y &* width &+ x) &* 4
        return RGBA16(RGBA8(r: storage[i], g: storage[i + 1], b: storage[i + 2], a: storage[i + 3]))
      }
      let pixel = storage.withUnsafeBytes { $0.load(fromByteOffset: (y &* width &+ x) &* 8, as: RGBA16.self) }
      return format == .rgba16 ? pixel : pixel.premultiplied
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
      guard format != .rgba8 else {
        self[x, y] = newValue.premultiplied8
        return
      }
      let offset = (y &* width &+ x) &* 8
      let stored = format == .rgba16 ? newValue : newValue.straightened
      storage.withUnsafeMutableBytes { $0.storeBytes(of: stored, toByteOffset: offset, as: RGBA16.self) }
    }
  }

  /// The premultiplied RGBA8 bytes, row by row: an 8-bit raster's own, a 16-bit one's rounded to nearest (for code
  /// that reads 8-bit pixels, such as `ImageComparison`).
  package var bytes8: [UInt8] {
    guard format != .rgba8 else { return storage }
    let count = width * height
    return storage.withUnsafeBytes { input in
      [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
        PixelConversion.convert(input.baseAddress!, format, into: UnsafeMutableRawPointer(buffer.baseAddress!), .rgba8,
          count: count)
        initialized = count * 4
      }
    }
  }

  /// The 8-bit accessors' way into a 16-bit raster: its pixel rounded to 8 bits, and one written widened.
  @usableFromInline func deepPixel8(_ x: Int, _ y: Int) -> RGBA8 { self[deep: x, y].premultiplied8 }
  @usableFromInline mutating func setDeepPixel8(_ x: Int, _ y: Int, _ pixel: RGBA8) { self[deep: x, y] = RGBA16(pixel) }

  /// Calls `body` with the pixels of a 16-bit raster, in its format (premultiplied or straight).
  package func deepPixels<R>(_ body: (UnsafeBufferPointer<RGBA16>) throws -> R) rethrows -> R {
    precondition(format.depth == 16, "deepPixels of a \(format) raster")
    return try storage.withUnsafeBytes { try body($0.bindMemory(to: RGBA16.self)) }
  }

  /// Calls `body` with the pixels of a 16-bit raster for writing; they must stay valid in its format (colour at or
  /// below alpha when premultiplied, zeros where alpha is 0).
  package mutating func withDeepPixels<R>(_ body: (UnsafeMutableBufferPointer<RGBA16>) throws -> R) rethrows -> R {
    precondition(format.depth == 16, "withDeepPixels of a \(format) raster")
    return try storage.withUnsafeMutableBytes { try body($0.bindMemory(to: RGBA16.self)) }
  }

  /// The raster in `format` (`PixelConversion.convert`: 8 to 16 bits exact, 16 to 8 rounding to nearest). With
  /// `straight`, an 8-bit result holds straight channels instead (`PixelConversion.straight8`): what an 8-bit
  /// encoder writes, exact for every pixel that came from an 8-bit straight one.
  ///
  /// - Throws: `RasterError.allocationFailed` when memory for the result cannot be had.
  package func converted(to format: PixelFormat, straight: Bool = false) throws(RasterError) -> Raster {
    let straight = straight && format == .rgba8
    if format == self.format && !straight { return self }
    var result = try Raster(width: width, height: height, format: format, pixelLimit: .max)
    let source = self
    result.storage.withUnsafeMutableBytes { out in
      source.storage.withUnsafeBytes { input in
        if straight {
          PixelConversion.straight8(input.baseAddress!, source.format,
            into: out.baseAddress!.assumingMemoryBound(to: UInt32.self), count: width * height)
        } else {
          PixelConversion.convert(input.baseAddress!, source.format, into: out.baseAddress!, format,
            count: width * height)
        }
      }
    }
    return result
  }
}
