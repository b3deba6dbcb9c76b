/// The input sharpened by an unsharp mask: `out = in + amount·(in − blur_σ(in))` on each colour channel where
/// `|in − blur_σ(in)|` exceeds `threshold` (levels 0 … 255), the input elsewhere; alpha unchanged.
///
/// - The semantics of Pillow's `ImageFilter.UnsharpMask(radius: σ, percent: 100·amount, threshold:)` (whose
///   `radius` is its Gaussian's standard deviation) and of ImageMagick's `-unsharp 0xσ+amount+threshold/255`
///   (ImageMagick compares twice the difference with its threshold, so its `+t/255` is `threshold: t/2`).
/// - A graph, as in Skia: the input and its Gaussian blur (`GaussianBlur` with `.extend` edges, as ImageMagick,
///   libvips and Pillow blur) combined pixel by pixel (`SharpenKernel`). A region asks the input for itself and the
///   blur for itself; the blur asks the input for the region grown by ⌈3σ⌉ (or, from σ = 3, computes its planned
///   region once per render).
/// - On straight colour: each pixel's colour is un-premultiplied, sharpened against the blur's un-premultiplied
///   colour (the alpha-weighted blur), clamped to 0 … 255 and premultiplied by the pixel's own alpha again. On
///   opaque images this is the peers' formula; on translucent ones the result is always a valid premultiplied
///   pixel, alpha edges do not darken or lighten the colour, and a fully transparent pixel stays transparent.
/// - Parameters (see `ParameterCheck`): σ as for `blurred(sigma:)` (finite, at least 0, clamped to 2000; 0 leaves the
///   image unchanged); `amount` finite, at least 0, clamped to 1000; `threshold` finite, at least 0, clamped to 255.
///   Another value is an invalid parameter: the extent is empty and rendering throws `RenderError.invalidParameter`.
public struct UnsharpMask: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The blur's standard deviation in pixels, as used.
  public let sigma: Double
  /// How much of the difference from the blur is added, as used (1 doubles it: Pillow's `percent` 100).
  public let amount: Double
  /// The smallest difference from the blur, in levels of 0 … 255, that is sharpened (strictly above), as used.
  public let threshold: Double
  let blur: GaussianBlur
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// `input` sharpened by an unsharp mask of a Gaussian of standard deviation `sigma` (see the type).
  public init(_ input: any ImageComponent, sigma: Double, amount: Double = 1, threshold: Double = 0) {
    self.input = input
    var check = ParameterValidation("sharpen")
    let sigma = check.check(0) { () throws(ParameterError) in try ParameterCheck.sigma(sigma) }
    self.amount = check.check(amount) { () throws(ParameterError) in try ParameterCheck.sharpenAmount(amount) }
    self.threshold = check.check(threshold) { () throws(ParameterError) in try ParameterCheck.threshold(threshold) }
    problem = check.error
    blur = GaussianBlur(input, sigma: sigma, edge: .extend)
    self.sigma = blur.sigma
    extent = problem == nil ? input.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [input, blur],
      parameters: [self.sigma, self.amount, self.threshold])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input, blur])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  /// Whether the output is the input: nothing blurred or nothing added.
  var isIdentity: Bool { blur.filter.kernel.reach == 0 || amount == 0 }

  public var inputs: [any ImageComponent] { [input, blur] }

  /// The input and its blur, each over the region itself.
  /// Only what the input covers is asked for (the result is transparent beyond it): the input is read twice, so it
  /// is a stage computed once over its own extent, and a request reaching past that would not be in the plan.
  public func inputDemands(for region: IntRect) -> [InputDemand] {
    let inside = region.intersection(input.extent)
    guard !inside.isEmpty else { return [] }
    return isIdentity ? [InputDemand(input, inside)] : [InputDemand(input, inside), InputDemand(blur, inside, input: 1)]
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    let inside = region.intersection(input.extent)
    if inside.isEmpty {
      return try Raster(width: region.width, height: region.height, format: context.format,
        pixelLimit: context.pixelLimit)
    }
    if inside != region {
      var whole = try Raster(width: region.width, height: region.height, format: context.format,
        pixelLimit: context.pixelLimit)
      whole.copy(try render(inside, context: context), from: IntRect(x: 0, y: 0, width: inside.width,
        height: inside.height), toX: inside.minX - region.minX, y: inside.minY - region.minY)
      return whole
    }
    var pixels = try context.render(input, region)
    if isIdentity { return pixels }
    let blurred = try context.render(blur, region, input: 1)
    let (amount, threshold) = (Float(amount), Float(threshold))
    pixels.visit(Sharpening(blurred: blurred, amount: amount, threshold: threshold))
    return pixels
  }

  /// `SharpenKernel` over every pixel of the raster it visits and of `blurred` (the same region, at the same
  /// depth: the render's).
  private struct Sharpening: StoredPixelVisitor {
    let blurred: Raster
    let amount: Float
    let threshold: Float

    func visit<Stored: StoredPixel>(_: Stored.Type, _ pixels: inout Raster) {
      pixels.withStoredPixels(Stored.self) { out in
        blurred.withUnsafeBytes { blurBytes in
          SharpenKernel.apply(out.baseAddress!, blurred: blurBytes.baseAddress!.assumingMemoryBound(to: Stored.self),
            count: out.count, amount: amount, threshold: threshold)
        }
      }
    }
  }

  public var description: String {
    "sharpen \(format(sigma)) amount=\(format(amount)) threshold=\(format(threshold))"
  }
}

extension ImageComponent {
  /// This component sharpened by an unsharp mask: each colour channel plus `amount` times its difference from
  /// the Gaussian blur of standard deviation `sigma` pixels, where that difference exceeds `threshold` (levels
  /// 0 … 255). Pillow's `UnsharpMask(radius: σ, percent: 100·amount, threshold:)`, ImageMagick's
  /// `-unsharp 0xσ+amount+(2·threshold/255)`. `sigma` finite, at least 0, clamped to 2000; `amount` finite, at
  /// least 0, clamped to 1000; `threshold` finite, at least 0, clamped to 255; another value makes the result an
  /// invalid parameter. Colour is sharpened straight (un-premultiplied), alpha kept (see `UnsharpMask`).
  public func sharpened(sigma: Double, amount: Double = 1, threshold: Double = 0) -> UnsharpMask {
    UnsharpMask(self, sigma: sigma, amount: amount, threshold: threshold)
  }
}

extension UnsharpMask: DeepRendering {
  /// Its blur and its combining kernel work at either depth; the threshold stays in levels of 0 … 255.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
