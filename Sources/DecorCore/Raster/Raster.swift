#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An in-memory image: premultiplied RGBA, 8 bits per channel, sRGB-encoded.
///
/// Layout: row-major, top row first; each pixel is 4 bytes in the order R, G, B, A; rows are packed with a stride
/// of `bytesPerRow = width × 4` bytes and no padding. Colour channels are premultiplied by alpha (see `RGBA8`).
///
/// A raster may hold 16 bits per channel instead (`depth` 16): each pixel is then an `RGBA16`, four native-endian
/// `UInt16` channels in the order R, G, B, A (8 bytes, `bytesPerRow = width × 8`), premultiplied the same way. A
/// render at `RenderPrecision.sixteenBits` returns one, `init(width:height:fill:)` with an `RGBA16` makes one and
/// `converted(to: .sixteen)` widens one exactly; every other raster is 8-bit. The 8-bit accessors (`subscript`, `pixel(x:y:)`, `straightBytes()`) read a 16-bit
/// raster rounded to 8 bits, and `subscript(rgba16:_:)` reads either depth at 16 bits.
///
/// `Raster` is a copy-on-write value: copies share storage until one of them is mutated, so passing rasters
/// around and across tasks is cheap and safe. Sizes are validated on creation: zero or negative sizes, sizes whose
/// byte count would overflow, and sizes above a pixel limit (by default `defaultPixelLimit`, 2^28 pixels) throw a
/// `RasterError`.
public struct Raster: Sendable, Equatable {
  /// The default largest number of pixels a raster may hold: 2^28 (e.g. 16384 × 16384), 1 GiB of pixels.
  public static let defaultPixelLimit = 1 << 28

  /// Width in pixels, at least 1.
  public let width: Int
  /// Height in pixels, at least 1.
  public let height: Int
  /// The premultiplied RGBA bytes, `height × bytesPerRow` of them.
  @inlinable public var bytes: [UInt8] { storage }
  @usableFromInline var storage: [UInt8]
  /// How the bytes hold the pixels: `rgba8` unless made otherwise inside the package.
  @usableFromInline package let format: PixelFormat
  /// The bits a channel of the file this raster was read from holds, when fewer than the raster's own (10 or 12 for
  /// a 10- or 12-bit HEIC or AVIF read into a 16-bit raster), else `nil`: the depth a render reports and an output
  /// keeps (`DeepSource.sourceDepth`). Not part of equality, which compares pixels.
  package var fileDepth: Int?

  /// Two rasters are equal when they have the same size, format and bytes.
  public static func == (lhs: Raster, rhs: Raster) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.format == rhs.format && lhs.storage == rhs.storage
  }

  /// Bytes from the start of one row to the start of the next: `width × 4` (`width × 8` for a 16-bit raster).
  @inlinable public var bytesPerRow: Int { width &* format.bytesPerPixel }
  /// `(0, 0, width, height)`.
  @inlinable public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

  /// Checks a size against the rules every raster obeys and returns its byte count.
  ///
  /// - Throws: `RasterError.invalidSize` if either side is below 1; `RasterError.tooLarge` if the pixel count
  ///   exceeds `pixelLimit` or the byte count overflows `Int`.
  public static func byteCount(width: Int, height: Int, pixelLimit: Int = defaultPixelLimit) throws(RasterError)
    -> Int
  {
    try byteCount(width: width, height: height, format: .rgba8, pixelLimit: pixelLimit)
  }

  /// The same for a raster of `format`.
  package static func byteCount(width: Int, height: Int, format: PixelFormat, pixelLimit: Int = defaultPixelLimit)
    throws(RasterError) -> Int
  {
    guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    let (count, overflow4) = pixels.multipliedReportingOverflow(by: format.bytesPerPixel)
    guard !overflow, !overflow4, pixels <= pixelLimit else {
      throw .tooLarge(width: width, height: height, limit: pixelLimit)
    }
    return count
  }

  /// A raster filled with one pixel (transparent by default).
  public init(width: Int, height: Int, fill: RGBA8 = .clear, pixelLimit: Int = defaultPixelLimit) throws(RasterError) {
    let count = try Raster.byteCount(width: width, height: height, pixelLimit: pixelLimit)
    try Raster.checkAllocation(count, width: width, height: height)
    self.width = width
    self.height = height
    format = .rgba8
    storage = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      Raster.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
      if fill == .clear {
        buffer.baseAddress!.initialize(repeating: 0, count: count)
      } else {
        // One pixel, then doubling copies: byte order stays R, G, B, A on any endianness.
        buffer[0] = fill.r
        buffer[1] = fill.g
        buffer[2] = fill.b
        buffer[3] = fill.a
        var filled = 4
        while filled < count {
          let n = Swift.min(filled, count - filled)
          (buffer.baseAddress! + filled).initialize(from: buffer.baseAddress!, count: n)
          filled += n
        }
      }
      initialized = count
    }
  }

  /// A raster adopting premultiplied RGBA bytes in the layout described above. The bytes are taken as they are.
  ///
  /// - Throws: `RasterError` for a bad size or a buffer whose length is not `width × height × 4`.
  public init(width: Int, height: Int, premultipliedBytes: [UInt8], pixelLimit: Int = defaultPixelLimit)
    throws(RasterError)
  {
    let count = try Raster.byteCount(width: width, height: height, pixelLimit: pixelLimit)
    guard premultipliedBytes.count == count else {
      throw .bufferSizeMismatch(expected: count, actual: premultipliedBytes.count)
    }
    self.width = width
    self.height = height
    format = .rgba8
    storage = premultipliedBytes
  }

  /// A raster from straight (un-premultiplied) RGBA bytes, premultiplied with rounding to nearest.
  ///
  /// - Throws: `RasterError` for a bad size or a buffer whose length is not `width × height × 4`.
  public init(width: Int, height: Int, straightBytes: [UInt8], pixelLimit: Int = defaultPixelLimit)
    throws(RasterError)
  {
    try self.init(width: width, height: height, premultipliedBytes: straightBytes, pixelLimit: pixelLimit)
    storage.withUnsafeMutableBytes { Premultiplication.premultiply($0) }
  }

  /// A raster whose bytes `initialize` writes in full (decoders write straight into the storage this way).
  /// The size has been validated before `initialize` runs; if it throws, nothing is kept.
  package init(
    width: Int, height: Int, format: PixelFormat = .rgba8, pixelLimit: Int,
    initializingWith initialize: (UnsafeMutableRawBufferPointer) throws -> Void
  ) throws {
    let count = try Raster.byteCount(width: width, height: height, format: format, pixelLimit: pixelLimit)
    try Raster.checkAllocation(count, width: width, height: height)
    self.width = width
    self.height = height
    self.format = format
    storage = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      Raster.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
      try initialize(UnsafeMutableRawBufferPointer(buffer))
      initialized = count
    }
  }

  /// A transparent raster of `format`.
  package init(width: Int, height: Int, format: PixelFormat, pixelLimit: Int = defaultPixelLimit) throws(RasterError)
  {
    let count = try Raster.byteCount(width: width, height: height, format: format, pixelLimit: pixelLimit)
    try Raster.checkAllocation(count, width: width, height: height)
    self.width = width
    self.height = height
    self.format = format
    storage = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      Raster.adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
      buffer.baseAddress!.initialize(repeating: 0, count: count)
      initialized = count
    }
  }

  /// Checks that `count` bytes for a `width × height` raster can be had before the array is made: Swift's
  /// allocator traps when `malloc` fails (`ulimit -v`, a container's memory limit, strict overcommit), and a caller
  /// may raise the pixel limit past what memory holds.
  ///
  /// The check asks the kernel for the very mapping `malloc` makes for a block this large (private, anonymous,
  /// readable and writable, at least 64 MiB: glibc serves anything past 32 MiB with its own `mmap`), then gives it
  /// back; what the kernel refuses here it would refuse `malloc`, which is then never asked. It is a system call,
  /// which no optimiser removes (a `malloc`/`free` pair with nothing between is deleted). A buffer larger than the
  /// machine's physical memory is refused outright too: under overcommit the kernel may grant it, and the process
  /// would be killed while writing it.
  ///
  /// - Throws: `RasterError.allocationFailed`.
  /// The memory `checkAllocation` asks for beyond the buffer itself: 64 MiB.
  static let allocationHeadroom = 64 << 20

  package static func checkAllocation(_ count: Int, width: Int, height: Int) throws(RasterError) {
    // Below this the check costs more than it could save: such buffers fail only when everything else does.
    guard count >= 64 << 20 else { return }
    let pages = sysconf(Int32(_SC_PHYS_PAGES)), pageSize = sysconf(Int32(_SC_PAGESIZE))
    if pages > 0, pageSize > 0, count / pageSize > pages {
      throw .allocationFailed(width: width, height: height, bytes: count)
    }
    #if os(Linux)
      let flags = MAP_PRIVATE | MAP_ANONYMOUS
    #else
      let flags = MAP_PRIVATE | MAP_ANON
    #endif
    // With headroom for what the rest of a render allocates beside the buffer (bands, codec state, thread stacks),
    // each piece too small to check: memory that is about to run out is refused here, as an error, rather than a
    // moment later in one of them, which would trap.
    let asked = count + Raster.allocationHeadroom
    let mapping = mmap(nil, asked, PROT_READ | PROT_WRITE, flags, -1, 0)
    guard let mapping, mapping != MAP_FAILED else {
      throw .allocationFailed(width: width, height: height, bytes: count)
    }
    munmap(mapping, asked)
  }

  /// Asks Linux to back a large, not yet touched buffer with 2 MiB pages where it can: a 4096² image then takes
  /// some 60 page faults instead of 16 000 when it is first written (measured: ~15% of a rotation's time).
  static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      guard buffer.count >= 8 << 20, let base = buffer.baseAddress else { return }
      let huge = 2 << 20
      let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
      let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
      guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(aligned, end - start, 14)  // MADV_HUGEPAGE; advice only, so failure changes nothing
    #endif
  }

  /// The pixels as straight (un-premultiplied) RGBA bytes, rounded to nearest; transparent pixels become zeros.
  public func straightBytes() -> [UInt8] {
    let count = width * height
    return storage.withUnsafeBytes { input in
      [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
        if count > 0 {
          PixelConversion.straight8(input.baseAddress!, format,
            into: UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: UInt32.self), count: count)
        }
        initialized = count * 4
      }
    }
  }

  /// The pixel at column `x`, row `y`. Both must be inside the raster (a programming error otherwise, as with an
  /// array index); use `pixel(x:y:)` for coordinates that may fall outside.
  @inlinable
  public subscript(x: Int, y: Int) -> RGBA8 {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
      if format.bytesPerPixel != 4 { return deepPixel8(x, y) }
      let i = (y &* width &+ x) &* 4
      return RGBA8(r: storage[i], g: storage[i + 1], b: storage[i + 2], a: storage[i + 3])
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
      if format.bytesPerPixel != 4 {
        setDeepPixel8(x, y, newValue)
        return
      }
      let i = (y &* width &+ x) &* 4
      storage[i] = newValue.r
      storage[i + 1] = newValue.g
      storage[i + 2] = newValue.b
      storage[i + 3] = newValue.a
    }
  }

  /// The pixel at column `x`, row `y`, or `nil` outside the raster.
  @inlinable
  public func pixel(x: Int, y: Int) -> RGBA8? {
    guard x >= 0, x < width, y >= 0, y < height else { return nil }
    return self[x, y]
  }

  /// The part of the raster inside `region` (clipped to the raster's bounds), copied now into a new raster whose
  /// top-left is (0, 0): the eager crop (libvips' `extract_area`, Skia's `extractSubset`).
  ///
  /// Not named `cropped(to:)`: that is every component's lazy crop (`Crop`), which keeps `region`'s coordinates,
  /// copies nothing until rendered and never throws; a raster has it too.
  ///
  /// - Throws: `RasterError.regionOutside` if `region` does not overlap the raster.
  public func extracting(_ region: IntRect) throws(RasterError) -> Raster {
    let clipped = region.intersection(bounds)
    guard !clipped.isEmpty else { throw .regionOutside(region: region, bounds: bounds) }
    if clipped == bounds { return self }
    var result = try Raster(width: clipped.width, height: clipped.height, format: format)
    result.copy(self, from: clipped, toX: 0, y: 0)
    return result
  }

  /// Sets every pixel of `rect` (clipped to the raster) to `color` at the raster's precision: 8-bit premultiplied
  /// (`Color.premultiplied`), 16-bit premultiplied (`Color.premultiplied16`) or 16-bit straight (the colour's
  /// 16-bit straight components; zeros for a transparent colour).
  package mutating func fill(_ color: Color, in rect: IntRect) {
    switch format {
    case .rgba8:
      let p = color.premultiplied
      fill(unsafeBitCast(SIMD4<UInt8>(p.r, p.g, p.b, p.a), to: UInt32.self), in: rect)
    case .rgba16:
      fill(color.premultiplied16, in: rect)
    case .rgba16Straight:
      fill(color.premultiplied16.straightened, in: rect)
    }
  }

  /// Sets every pixel of `rect` (clipped to the raster) to `pixel`, whose size is the format's pixel size.
  private mutating func fill<Value>(_ pixel: Value, in rect: IntRect) {
    precondition(MemoryLayout<Value>.stride == format.bytesPerPixel, "a \(Value.self) into a raster of \(format)")
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let width = self.width
    storage.withUnsafeMutableBytes { bytes in
      let pixels = bytes.baseAddress!.assumingMemoryBound(to: Value.self)
      for row in area.minY..<area.maxY {
        (pixels + row * width + area.minX).update(repeating: pixel, count: area.width)
      }
    }
  }

  /// Copies the pixels of `source` inside `region` so that the region's top-left lands at (`x`, `y`), replacing
  /// what was there. Whatever falls outside either raster is skipped, so any arguments are safe. A source of
  /// another `format` is converted pixel by pixel as it is copied (`RGBA16(_:)`, `RGBA16.premultiplied8`).
  public mutating func copy(_ source: Raster, from region: IntRect, toX x: Int, y: Int) {
    // Saturating: a move too far to represent lands nowhere on the raster.
    let dx = IntRect.subtract(x, region.x)
    let dy = IntRect.subtract(y, region.y)
    let from = region.intersection(source.bounds)
    let to = from.offsetBy(dx: dx, dy: dy).intersection(bounds)
    guard !from.isEmpty, !to.isEmpty else { return }
    let pixelBytes = format.bytesPerPixel
    guard source.format == format else {
      // Row by row through the one set of conversions (`PixelConversion`), as a render's bands convert.
      let (sourceFormat, targetFormat) = (source.format, format)
      let (sourceStride, targetStride) = (source.bytesPerRow, bytesPerRow)
      source.bytes.withUnsafeBytes { src in
        storage.withUnsafeMutableBytes { dst in
          for row in to.y..<to.maxY {
            PixelConversion.convert(
              src.baseAddress! + (row - dy) * sourceStride + (to.x - dx) * sourceFormat.bytesPerPixel, sourceFormat,
              into: dst.baseAddress! + row * targetStride + to.x * pixelBytes, targetFormat, count: to.width)
          }
        }
      }
      return
    }
    let rowBytes = to.width * pixelBytes
    let sourceStride = source.bytesPerRow
    let targetStride = bytesPerRow
    source.bytes.withUnsafeBytes { src in
      storage.withUnsafeMutableBytes { dst in
        for row in to.y..<to.maxY {
          let s = src.baseAddress! + (row - dy) * sourceStride + (to.x - dx) * pixelBytes
          let d = dst.baseAddress! + row * targetStride + to.x * pixelBytes
          d.copyMemory(from: s, byteCount: rowBytes)
        }
      }
    }
  }

  /// Calls `body` with the premultiplied bytes (layout as described on the type).
  @inlinable
  public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    // Array's own withUnsafeBytes is untyped-rethrows; route the typed error through Result.
    let result: Result<R, E> = storage.withUnsafeBytes { buffer in
      do throws(E) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// Calls `body` with the premultiplied bytes for writing; `body` must leave them validly premultiplied.
  @inlinable
  public mutating func withUnsafeMutableBytes<R, E: Error>(
    _ body: (UnsafeMutableRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    let result: Result<R, E> = storage.withUnsafeMutableBytes { buffer in
      do throws(E) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// Whether every pixel is opaque (alpha 255).
  public var isOpaque: Bool {
    if format != .rgba8 { return deepPixels { $0.allSatisfy { $0.a == 65535 } } }
    return bytes.withUnsafeBytes { Premultiplication.isOpaque($0) }
  }

  /// Whether every pixel is grey (red, green and blue equal), as the PNG and JPEG encoders ask to write one channel.
  public var isGrey: Bool {
    if format != .rgba8 { return deepPixels { $0.allSatisfy { $0.r == $0.g && $0.g == $0.b } } }
    return bytes.withUnsafeBytes { Premultiplication.isGrey($0) }
  }
}
