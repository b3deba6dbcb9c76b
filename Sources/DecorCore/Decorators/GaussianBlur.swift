/// The input blurred by a Gaussian of standard deviation `sigma` (in pixels), on premultiplied pixels.
///
/// - `edge` says what the blur sees beyond the input's edges (see `EdgeMode`). `.extend` (the default, as in
///   ImageMagick, libvips and Pillow), `.mirror` and `.wrap` keep the input's extent: an opaque photo stays opaque
///   and the same size. They are a small graph, as in Skia: the input's edges extended by the kernel's reach
///   (`EdgeExtension`, asking the input only for what each region maps onto), blurred, and cut back to the input's
///   extent (the cut is the blur's extent, not a stage of its own). `.transparent` is the blur of CSS
///   `filter: blur()`, SVG `feGaussianBlur` and Core Image: transparent outside the input, so edges fade out, and the
///   extent grows by ⌈3σ⌉ on every side.
/// - An input with an infinite extent has no edge: the mode changes nothing and the extent stays infinite. An input
///   with an empty extent gives an empty blur.
/// - σ below 3 uses the exact sampled Gaussian (truncated at ⌈3σ⌉); from 3 up, three extended-box passes per axis
///   with exactly the Gaussian's variance, whose cost does not depend on σ (see `GaussianKernel`); both measure
///   over 50 dB PSNR against an exact Gaussian. σ = 0 leaves the pixels unchanged; σ is clamped to 0 … 2000.
/// - Core Graphics, canvas and CSS `box-shadow` speak of a blur *radius* (`shadowBlur`): per the HTML canvas
///   specification that radius is 2σ, so a `CGContextSetShadow` blur of 20 is `blurred(sigma: 10)`. CSS
///   `filter: blur(L)` takes σ itself.
/// - From σ = 3 a render computes the region it needs once, on all threads, and serves its tiles from it (see
///   ARCHITECTURE.md), so the cost per pixel does not grow with σ; that memory belongs to the render and is freed
///   with it. The region is what the render asks for, within the extent, so with the edge modes that keep the
///   extent it is at most the input's extent, and the input is asked for at most its extent. The blur itself holds
///   no state: one value can be rendered by any number of renders at once.
/// - Cost: the edge modes that keep the extent filter the input extended by the kernel's reach (about 3σ) on every
///   side, whatever region is asked for: (W + 6σ)(H + 6σ) pixels, as many as the transparent blur's whole output.
///   A σ far larger than the image (the limit, 2000, on a thumbnail) therefore costs as much as blurring a
///   12000-pixel square.
public struct GaussianBlur: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The standard deviation in pixels, as used: clamped to at most 2000 (`ParameterCheck.sigma`).
  public let sigma: Double
  /// What the blur sees beyond the input's edges, and so whether the extent stays (see the type's notes).
  public let edge: EdgeMode
  let filter: GaussianFilter
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// The input blurred by a Gaussian of standard deviation `sigma` pixels: at least 0 and finite (otherwise the
  /// blur is an invalid parameter: its extent is empty and rendering throws), clamped to at most 2000. Beyond the
  /// input's edges the blur sees what `edge` says; `.extend` keeps the extent, `.transparent` grows it by ⌈3σ⌉.
  public init(_ input: any ImageComponent, sigma: Double, edge: EdgeMode = .extend) {
    self.input = input
    self.edge = edge
    var check = ParameterValidation("blur")
    let kernel = GaussianKernel(sigma: check.check(0) { () throws(ParameterError) in try ParameterCheck.sigma(sigma) })
    self.sigma = kernel.sigma
    problem = check.error
    let e = input.extent
    if edge == .transparent || e.isEmpty || e.isInfinite || kernel.reach == 0 {
      // Nothing beyond the edges is read (or there are no edges): the blur of the input itself.
      filter = GaussianFilter(input, kernel: kernel, source: .pixels)
    } else {
      // Every pixel of the input's extent reads at most the kernel's reach beyond it, so the edges are extended that
      // far and no further: the plan and the materialised blur then ask for a finite region.
      filter = GaussianFilter(EdgeExtension(input, mode: edge, margin: kernel.reach), kernel: kernel, source: .pixels,
        within: e)
    }
    extent = problem == nil ? filter.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [filter.input], parameters: [self.sigma, edge])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public var inputs: [any ImageComponent] { [filter.input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    filter.inputDemand(for: region).map { [InputDemand(filter.input, $0)] } ?? []
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    return try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit) { buffer in
      try filter.render(region, into: buffer.baseAddress!, stride: region.width, context: context)
    }
  }

  public var description: String { "blur \(format(sigma)) edge=\(edge)" }
}

extension GaussianBlur: DirectRendering {
  func render(_ region: IntRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, context: RenderContext) throws {
    if let problem { throw problem }
    try filter.render(region, into: UnsafeMutableRawPointer(out), stride: stride, context: context)
  }
}

extension GaussianBlur: DeepRendering {
  /// The blur sums premultiplied pixels on either depth's scale (16-bit values between the box passes).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}

extension GaussianBlur: Materialising {
  var materialises: Bool { problem == nil && filter.materialises }

  func openRows(_ region: IntRect, context: RenderContext) throws -> any RowProducer {
    try filter.openRows(region, context: context)
  }
}

extension ImageComponent {
  /// This component blurred by a Gaussian of standard deviation `sigma` pixels (a Core Graphics or canvas blur
  /// radius R is σ = R / 2). By default the edges are extended and the extent stays, as ImageMagick, libvips and
  /// Pillow blur; pass `edge: .transparent` for the blur of CSS and Core Image, whose extent grows by ⌈3σ⌉ on every
  /// side (see `GaussianBlur`).
  public func blurred(sigma: Double, edge: EdgeMode = .extend) -> GaussianBlur {
    GaussianBlur(self, sigma: sigma, edge: edge)
  }

  /// This component blurred by a blur *radius* as CSS `box-shadow`, canvas (`shadowBlur`) and Core Graphics'
  /// shadows give it: σ = `radius` / 2, so `blurred(radius: 20)` is `blurred(sigma: 10)` (a problem with the value
  /// is reported as one with σ). SwiftUI's and Core Animation's `radius` is not this one: see the article "Units".
  public func blurred(radius: Double, edge: EdgeMode = .extend) -> GaussianBlur {
    GaussianBlur(self, sigma: radius / 2, edge: edge)
  }
}
