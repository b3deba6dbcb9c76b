/// The input blurred by a Gaussian of standard deviation `sigma` (in pixels), on premultiplied pixels, as CSS
/// `filter: blur()` and SVG `feGaussianBlur` do.
///
/// - The extent grows by ⌈3σ⌉ on every side; outside the input is transparent, so edges fade out.
/// - σ below 3 uses the exact sampled Gaussian (truncated at ⌈3σ⌉); from 3 up, three extended-box passes per axis
///   with exactly the Gaussian's variance, whose cost does not depend on σ (see `GaussianKernel`); both are within
///   50 dB of an exact Gaussian. σ = 0 leaves the pixels unchanged; σ is clamped to 0 … 2000.
/// - Core Graphics, canvas and CSS `box-shadow` speak of a blur *radius* (`shadowBlur`): per the HTML canvas
///   specification that radius is 2σ, so a `CGContextSetShadow` blur of 20 is `blurred(sigma: 10)`.
/// - Rendering large σ in tiles shares work between tiles (see `BlurEngine`): the blur keeps some state between
///   requests, at most a few rows of the image, freed with the blur. The result does not depend on the tiling.
public struct GaussianBlur: ImageComponent, CustomStringConvertible {
  public let input: any ImageComponent
  /// The standard deviation in pixels, as used: clamped to 0 … 2000 (NaN gives 0).
  public let sigma: Double
  let engine: BlurEngine

  /// The input blurred by a Gaussian of standard deviation `sigma` pixels (clamped to 0 … 2000).
  public init(_ input: any ImageComponent, sigma: Double) {
    self.input = input
    let kernel = GaussianKernel(sigma: sigma)
    self.sigma = kernel.sigma
    engine = BlurEngine(kernel: kernel, source: PixelSource(input: input))
  }

  public var extent: IntRect { engine.extent }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    try Raster(width: region.width, height: region.height, pixelLimit: context.pixelLimit) { buffer in
      try engine.render(region, into: buffer.baseAddress!, stride: region.width, context: context)
    }
  }

  public var description: String { "blur \(format(sigma))" }

  /// The input's pixels, as the engine reads them.
  struct PixelSource: BlurSource {
    let input: any ImageComponent
    var lanes: Int { 4 }
    var extent: IntRect { input.extent }

    func render(_ region: IntRect, context: RenderContext) throws -> BytePlane? {
      try context.renderClipped(input, region).map { BytePlane($0) }
    }
  }
}

extension GaussianBlur: DirectRendering {
  func render(_ region: IntRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, context: RenderContext) throws {
    try engine.render(region, into: UnsafeMutableRawPointer(out), stride: stride, context: context)
  }
}

extension ImageComponent {
  /// This component blurred by a Gaussian of standard deviation `sigma` pixels (a Core Graphics or canvas blur
  /// radius R is σ = R / 2). The extent grows by ⌈3σ⌉ on every side.
  public func blurred(sigma: Double) -> GaussianBlur { GaussianBlur(self, sigma: sigma) }
}
