/// A checkerboard of two colours covering the whole plane: the usual backdrop for showing transparency.
///
/// Squares are `squareSize` pixels a side and aligned to the origin: the square from (0, 0) to
/// (squareSize, squareSize) gets the first colour, and the pattern continues in every direction, negative
/// coordinates included (the square just left of it, ending at x = 0, gets the second colour).
public struct Checkerboard: ImageComponent, CustomStringConvertible {
  /// Light and dark grey, `#cccccc` and `#999999`, as image editors draw transparency.
  public static let defaultColors = (Color(red: 0.8, green: 0.8, blue: 0.8), Color(red: 0.6, green: 0.6, blue: 0.6))

  /// The side of a square in pixels, 1…2^30, as used (as given when refused).
  public let squareSize: Int
  /// The colour of the square at the origin, then the other one.
  public let colors: (Color, Color)
  private let pixels: (UInt32, UInt32)
  let problem: RenderError?

  /// A checkerboard of `squareSize`-pixel squares. A `squareSize` above 2^30 is taken as 2^30 (see
  /// `ParameterCheck.size(_:_:)`); below 1 it is an invalid parameter (empty extent; rendering throws
  /// `RenderError.invalidParameter`).
  public init(squareSize: Int = 8, colors: (Color, Color) = Checkerboard.defaultColors) {
    var check = ParameterValidation("checkerboard")
    self.squareSize = check.check(squareSize) { () throws(ParameterError) in
      try ParameterCheck.size(squareSize, "square size")
    }
    problem = check.error
    self.colors = colors
    pixels = (Checkerboard.pack(colors.0.premultiplied), Checkerboard.pack(colors.1.premultiplied))
  }

  /// `IntRect.infinite` (empty when the square size is invalid).
  public var extent: IntRect { problem == nil ? .infinite : .empty }

  public var parameterError: RenderError? { problem }

  public var identity: ComponentIdentity {
    ComponentIdentity(Self.self, parameters: [squareSize, colors.0, colors.1])
  }

  /// Renders `region`: one row for each parity of square row is built once, then copied into place.
  /// - Throws: `RenderError.invalidParameter`, or `RasterError` if `region` is empty or over the context's pixel
  ///   limit.
  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    var raster = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    if context.format.depth == 16 {
      // At 16 bits the colours at 16-bit precision, not their 8-bit rounding widened.
      fill(&raster, region: region, with: (colors.0.premultiplied16, colors.1.premultiplied16))
    } else {
      fill(&raster, region: region, with: (pixels.0.littleEndian, pixels.1.littleEndian))
    }
    return raster
  }

  /// Fills `raster` (covering `region`) with squares of the two pixels, of either depth.
  private func fill<Pixel>(_ raster: inout Raster, region: IntRect, with pixels: (Pixel, Pixel)) {
    let width = region.width
    let size = squareSize
    // Row patterns for square rows of even and of odd index, side by side.
    var patterns = [Pixel](repeating: pixels.0, count: 2 * width)
    var i = 0
    while i < width {
      let column = Checkerboard.floorDivide(region.x + i, size)
      let end = Swift.min(width, (column + 1) * size - region.x)
      let (even, odd) = column & 1 == 0 ? pixels : (pixels.1, pixels.0)
      for j in i..<end {
        patterns[j] = even
        patterns[width + j] = odd
      }
      i = end
    }
    let stride = width * MemoryLayout<Pixel>.stride
    patterns.withUnsafeBytes { source in
      raster.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress, let pattern = source.baseAddress else { return }
        for row in 0..<region.height {
          let odd = Checkerboard.floorDivide(region.y + row, size) & 1
          (base + row * stride).copyMemory(from: pattern + odd * stride, byteCount: stride)
        }
      }
    }
  }

  /// `checkerboard 8 #cccccc #999999`.
  public var description: String { "checkerboard \(squareSize) \(colors.0) \(colors.1)" }

  /// ⌊a / b⌋ for b > 0, rounding toward −∞ (Swift's `/` rounds toward zero).
  private static func floorDivide(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-(a + 1)) / b) - 1
  }

  /// A pixel as four bytes R, G, B, A read as a little-endian `UInt32`.
  private static func pack(_ pixel: RGBA8) -> UInt32 {
    UInt32(pixel.r) | UInt32(pixel.g) << 8 | UInt32(pixel.b) << 16 | UInt32(pixel.a) << 24
  }
}

extension Checkerboard: DeepRendering {
  /// Its colours at the render's depth (at 16 bits from the colours' own components).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
