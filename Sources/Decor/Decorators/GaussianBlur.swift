/// The input blurred by a Gaussian of standard deviation `sigma` (in pixels), on premultiplied pixels, as CSS
/// `filter: blur()` and SVG `feGaussianBlur` do.
///
/// - The extent grows by ⌈3σ⌉ on every side; outside the input is transparent, so edges fade out.
/// - σ below 3 uses the exact sampled Gaussian (truncated at ⌈3σ⌉); from 3 up, three extended-box passes per axis
///   with exactly the Gaussian's variance, whose cost does not depend on σ (see `GaussianKernel`); both measure
///   over 50 dB PSNR against an exact Gaussian. σ = 0 leaves the pixels unchanged; σ is clamped to 0 … 2000.
/// - Core Graphics, canvas and CSS `box-shadow` speak of a blur *radius* (`shadowBlur`): per the HTML canvas
///   specification that radius is 2σ, so a `CGContextSetShadow` blur of 20 is `blurred(sigma: 10)`. CSS
///   `filter: blur(L)` takes σ itself.
/// - From σ = 3 a render computes the region it needs once, on all threads, and serves its tiles from it (see
///   ARCHITECTURE.md), so the cost per pixel does not grow with σ; that memory belongs to the render and is freed
///   with it. The blur itself holds no state: one value can be rendered by any number of renders at once.
public struct GaussianBlur: ImageComponent, CustomStringConvertible {
  public let input: any ImageComponent
  /// The standard deviation in pixels, as used: clamped to at most 2000 (`ParameterCheck.sigma`).
  public let sigma: Double
  let filter: GaussianFilter
  let problem: RenderError?

  /// The input blurred by a Gaussian of standard deviation `sigma` pixels: at least 0 and finite (otherwise the
  /// blur is an invalid parameter: its extent is empty and rendering throws), clamped to at most 2000.
  public init(_ input: any ImageComponent, sigma: Double) {
    self.input = input
    var check = ParameterValidation("blur")
    let kernel = GaussianKernel(sigma: check.check(0) { () throws(ParameterError) in try ParameterCheck.sigma(sigma) })
    self.sigma = kernel.sigma
    problem = check.error
    filter = GaussianFilter(input, kernel: kernel, source: .pixels)
  }

  public var extent: IntRect { problem == nil ? filter.extent : .empty }

  public var parameterError: RenderError? { problem ?? input.parameterError }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    filter.inputDemand(for: region).map { [InputDemand(input, $0)] } ?? []
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try Raster(width: region.width, height: region.height, pixelLimit: context.pixelLimit) { buffer in
      try filter.render(region, into: buffer.baseAddress!, stride: region.width, context: context)
    }
  }

  public var description: String { "blur \(format(sigma))" }
}

extension GaussianBlur: DirectRendering {
  func render(_ region: IntRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, context: RenderContext) throws {
    if let problem { throw problem }
    try filter.render(region, into: UnsafeMutableRawPointer(out), stride: stride, context: context)
  }
}

extension GaussianBlur: Materialising {
  var materialises: Bool { problem == nil && filter.materialises }

  func materialise(_ region: IntRect, context: RenderContext) throws -> Intermediate {
    try filter.materialise(region, context: context)
  }
}

extension ImageComponent {
  /// This component blurred by a Gaussian of standard deviation `sigma` pixels (a Core Graphics or canvas blur
  /// radius R is σ = R / 2). The extent grows by ⌈3σ⌉ on every side.
  public func blurred(sigma: Double) -> GaussianBlur { GaussianBlur(self, sigma: sigma) }
}
