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
    // At 16 bits the colours at 16-bit precision, not their 8-bit rounding widened.
    raster.visit(Filling(checkerboard: self, region: region))
    return raster
  }

  /// `fill` with the colours premultiplied at the depth of the raster it visits.
  private struct Filling: StoredPixelVisitor {
    let checkerboard: Checkerboard
    let region: IntRect

    func visit<Stored: StoredPixel>(_: Stored.Type, _ raster: inout Raster) {
      // The channels are whole numbers up to 65535, which `pack` keeps exactly.
      func pixel(_ color: Color) -> Stored { Stored.pack(SIMD4<Float>(Stored.premultiplied(color))) }
      checkerboard.fill(&raster, region: region, with: (pixel(checkerboard.colors.0), pixel(checkerboard.colors.1)))
    }
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
}

extension Checkerboard: DeepRendering {
  /// Its colours at the render's depth (at 16 bits from the colours' own components).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
