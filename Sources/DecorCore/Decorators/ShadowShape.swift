/// The body of a shadow: the input's coverage (its alpha alone), grown by `spread`, blurred by a Gaussian of
/// standard deviation `sigma`, filled with `color` at `opacity`. With `inverted`, the coverage of everything
/// outside the shape instead (what an inner shadow is cast by), which covers the whole plane.
///
/// It is the primitive `DropShadow` and `InnerShadow` are built from (with a `Translation` for the offset and a
/// `Group` to merge it with the input, as Skia builds its drop shadow from a blur, a colour filter, an offset and a
/// merge). The coverage is one byte a pixel where the image has four, so its blur costs about a quarter of an
/// image blur; from σ = 3 it is computed once per render over the region the render needs (see `GaussianFilter`).
public struct ShadowShape: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The standard deviation in pixels, as used: clamped to at most 2000.
  public let sigma: Double
  /// How far the shape is grown (shrunk, if negative) before blurring, as used: clamped to −500 … 500. Each pixel
  /// takes the largest coverage within a disc of this radius, so corners come out rounded; under a pixel, nothing.
  public let spread: Double
  /// The colour; its own alpha multiplies `opacity`.
  public let color: Color
  /// As used: clamped to at most 1.
  public let opacity: Double
  /// Whether the outside of the shape casts the shadow rather than the shape.
  public let inverted: Bool
  let filter: GaussianFilter
  let paint: ShadowPaint
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// The shape of `input`'s shadow. σ, spread and opacity must be finite and σ and opacity at least 0 (otherwise
  /// the shape is an invalid parameter: its extent is empty and rendering throws); σ is clamped to at most 2000,
  /// the spread to ±500 and the opacity to at most 1 (`ParameterCheck`).
  public init(
    _ input: any ImageComponent, sigma: Double, spread: Double = 0, color: Color = .black, opacity: Double = 1,
    inverted: Bool = false
  ) {
    self.input = input
    var check = ParameterValidation("shadow-shape")
    let kernel = GaussianKernel(sigma: check.check(0) { () throws(ParameterError) in try ParameterCheck.sigma(sigma) })
    self.sigma = kernel.sigma
    self.spread = check.check(0) { () throws(ParameterError) in try ParameterCheck.spread(spread) }
    self.color = color
    self.opacity = check.check(0) { () throws(ParameterError) in try ParameterCheck.opacity(opacity) }
    self.inverted = inverted
    problem = check.error
    filter = GaussianFilter(input, kernel: kernel, source: .coverage(spread: self.spread))
    paint = ShadowPaint(color: color, opacity: self.opacity)
    extent = problem != nil ? .empty : inverted ? .infinite : filter.extent
    identity = ComponentIdentity(Self.self, inputs: [input],
      parameters: [self.sigma, self.spread, color, self.opacity, inverted])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public var inputs: [any ImageComponent] { [input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    filter.inputDemand(for: region).map { [InputDemand(input, $0)] } ?? []
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    let width = region.width
    // As large as the raster made from it: checked as a raster's own buffer is.
    try Raster.checkAllocation(region.area * 4, width: width, height: region.height)
    let coverage = try [Float](unsafeUninitializedCapacity: region.area) { buffer, count in
      try filter.render(region, into: UnsafeMutableRawPointer(buffer.baseAddress!), stride: width, context: context)
      count = region.area
    }
    let (paint, inverted, format) = (paint, inverted, context.format)
    func fill<P: StoredPixel>(_ out: UnsafeMutablePointer<P>) {
      coverage.withUnsafeBufferPointer { values in
        for row in 0..<region.height {
          paint.fill(out + row * width, coverage: values.baseAddress! + row * width, count: width, inverted: inverted)
        }
      }
    }
    return try Raster(width: width, height: region.height, format: format, pixelLimit: context.pixelLimit) { bytes in
      if format == .rgba8 {
        fill(bytes.baseAddress!.assumingMemoryBound(to: UInt32.self))
      } else {
        fill(bytes.baseAddress!.assumingMemoryBound(to: RGBA16.self))
      }
    }
  }

  public var description: String {
    "shadow-shape sigma=\(format(sigma))" + (spread == 0 ? "" : " spread=\(format(spread))")
      + " color=\(color) opacity=\(format(opacity))" + (inverted ? " inverted" : "")
  }
}

extension ShadowShape: DeepRendering {
  /// The shape is its input's alpha at 8 bits (`BytePlane(alphaOf:)`); the blurred coverage is fractional, and the
  /// shadow is painted from it at either depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}

extension ShadowShape: Materialising {
  var materialises: Bool { problem == nil && filter.materialises }

  /// Its rows are the blurred coverage, `Float`s, which its `render` paints.
  var rowsArePixels: Bool { false }

  func openRows(_ region: IntRect, context: RenderContext) throws -> any RowProducer {
    try filter.openRows(region, context: context)
  }
}
