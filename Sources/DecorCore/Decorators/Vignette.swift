import RealModule

/// The input darkened towards its edges, as ImageMagick's `-background black -vignette 0xSIGMA+X+Y`: outside an
/// ellipse centred on the image, inset by `x` from the left and right edges and by `y` from the top and bottom, the
/// image goes to `color`, the ellipse's edge softened by a Gaussian of standard deviation `sigma`.
///
/// The formula, per pixel (its centre at (px, py)): with the ellipse's centre c and semi-axes a = W/2 − x and
/// b = H/2 − y, the signed distance from the ellipse is d = (r − 1)·r / |(Δx/a², Δy/b²)| where
/// r = |(Δx/a, Δy/b)| (exact for a circle; −min(a, b) at the centre); the mask is m = Φ(−d/σ) = erfc(d/(σ√2))/2, the
/// ellipse blurred as a straight edge is (ImageMagick blurs the drawn ellipse: the same where σ is small beside a
/// and b), a step at d = 0 when σ = 0, and 0 everywhere when a or b is not above 0. The colour is then drawn
/// source-atop with opacity k = strength·(1 − m) times its own alpha, so the image's alpha is kept: transparent
/// pixels stay transparent and a cut-out darkens only where it is.
///
/// - Defaults: σ = 10 pixels; the insets 10% of the width and of the height (ImageMagick's when `-vignette` gives no
///   offsets); black (ImageMagick draws its `-background`, white unless set, hence `-background black` above);
///   strength 1.
/// - An input without a finite extent has no edges to darken: it is passed through.
/// - Each pixel depends only on its own value and position, so any tile size and thread count give the same bytes.
///
/// Parameters (see `ParameterCheck`): σ is at least 0, clamped to 2000 (`sigma(_:_:)`); the strength at least 0,
/// clamped to 1 (`unitAmount(_:_:)`); the insets finite, clamped to ±2^30 (negative ones put the ellipse beyond the
/// edges). NaN, ±∞ or a negative σ or strength is an invalid parameter (empty extent; rendering throws
/// `RenderError.invalidParameter`).
public struct Vignette: ImageComponent, CustomStringConvertible, LinkedComponent {
  /// ImageMagick's default inset of the ellipse, as a fraction of the width (x) and of the height (y).
  public static let defaultInsetFraction = 0.1
  /// The default σ, in pixels.
  public static let defaultSigma = 10.0

  public let input: any ImageComponent
  /// σ of the ellipse's soft edge in pixels, as used (0 when refused).
  public let sigma: Double
  /// The insets from the left and right edges (x) and the top and bottom (y), as given (`nil`: 10% of the side).
  public let insetX: Double?
  public let insetY: Double?
  public let color: Color
  /// How far the corners go towards the colour, 0…1, as used.
  public let strength: Double
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(
    _ input: any ImageComponent, sigma: Double = Vignette.defaultSigma, x: Double? = nil, y: Double? = nil,
    color: Color = .black, strength: Double = 1
  ) {
    self.input = input
    var check = ParameterValidation("vignette")
    self.sigma = check.check(0) { () throws(ParameterError) in try ParameterCheck.sigma(sigma) }
    let limit = Double(ParameterCheck.maxLength)
    insetX = x.map { x in
      check.check(0) { () throws(ParameterError) in max(-limit, min(limit, try ParameterCheck.finite(x, "x"))) }
    }
    insetY = y.map { y in
      check.check(0) { () throws(ParameterError) in max(-limit, min(limit, try ParameterCheck.finite(y, "y"))) }
    }
    self.strength = check.check(0) { () throws(ParameterError) in try ParameterCheck.unitAmount(strength, "strength") }
    self.color = color
    problem = check.error
    extent = problem == nil ? input.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [input],
      parameters: [self.sigma, insetX, insetY, color, self.strength])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public var inputs: [any ImageComponent] { [input] }

  /// Pixel by pixel: the same region.
  public func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }

  /// The ellipse for the input's extent `e`: centre and semi-axes, in pixels.
  func ellipse(in e: IntRect) -> (cx: Double, cy: Double, a: Double, b: Double) {
    let w = Double(e.width)
    let h = Double(e.height)
    let x = insetX ?? Self.defaultInsetFraction * w
    let y = insetY ?? Self.defaultInsetFraction * h
    return (Double(e.minX) + w / 2, Double(e.minY) + h / 2, w / 2 - x, h / 2 - y)
  }

  /// The mask m at the pixel centre (px, py): 1 well inside the ellipse, 0 well outside.
  static func mask(px: Double, py: Double, ellipse: (cx: Double, cy: Double, a: Double, b: Double), sigma: Double)
    -> Double
  {
    let (cx, cy, a, b) = ellipse
    guard a > 0, b > 0 else { return 0 }
    let dx = px - cx
    let dy = py - cy
    let r = ((dx / a) * (dx / a) + (dy / b) * (dy / b)).squareRoot()
    let g = ((dx / (a * a)) * (dx / (a * a)) + (dy / (b * b)) * (dy / (b * b))).squareRoot()
    let d = g > 0 ? (r - 1) * r / g : -min(a, b)
    guard sigma > 0 else { return d <= 0 ? 1 : 0 }
    return Double.erfc(d / (sigma * 2.0.squareRoot())) / 2
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    var pixels = try context.render(input, region)
    let e = input.extent
    guard !e.isEmpty, !e.isInfinite, strength > 0 else { return pixels }
    pixels.visit(Darkening(vignette: self, region: region, shape: ellipse(in: e)))
    return pixels
  }

  /// `darken` at the depth of the pixels it visits, with the colour at that depth's precision.
  private struct Darkening: StoredPixelVisitor {
    let vignette: Vignette
    let region: IntRect
    let shape: (cx: Double, cy: Double, a: Double, b: Double)

    func visit<Stored: StoredPixel>(_: Stored.Type, _ pixels: inout Raster) {
      let c = Stored.straight(vignette.color)
      vignette.darken(Stored.Channel.self, &pixels, region: region, ellipse: shape, colour: (c[0], c[1], c[2]),
        colourAlpha: c[3])
    }
  }

  /// Lays the colour (straight, 0 … 1) over `pixels` (covering `region`) source-atop, by the vignette's weight at
  /// each pixel's centre, for pixels whose channels are `Channel`s (8 or 16 bits): the same formula at either
  /// depth, rounded once.
  private func darken<Channel: FixedWidthInteger & UnsignedInteger>(
    _: Channel.Type, _ pixels: inout Raster, region: IntRect,
    ellipse shape: (cx: Double, cy: Double, a: Double, b: Double), colour: (Double, Double, Double),
    colourAlpha: Double
  ) {
    let (sigma, strength, width) = (self.sigma, self.strength, region.width)
    pixels.withUnsafeMutableBytes { raw in
      let channels = raw.bindMemory(to: Channel.self)
      for row in 0..<region.height {
        let py = Double(region.minY + row) + 0.5
        for column in 0..<width {
          let offset = (row * width + column) * 4
          let alpha = channels[offset + 3]
          guard alpha != 0 else { continue }
          let px = Double(region.minX + column) + 0.5
          let k = strength * (1 - Self.mask(px: px, py: py, ellipse: shape, sigma: sigma)) * colourAlpha
          guard k > 0 else { continue }
          // Source-atop: the colour where the image is, the image's alpha kept.
          let a = Double(alpha)
          func blend(_ channel: Int, _ c: Double) {
            let value = c * k * a + Double(channels[offset + channel]) * (1 - k)
            channels[offset + channel] = Channel(max(0, min(a, value.rounded())))
          }
          blend(0, colour.0)
          blend(1, colour.1)
          blend(2, colour.2)
        }
      }
    }
  }

  public var description: String {
    let inset = [insetX.map { "x=\(format($0))" }, insetY.map { "y=\(format($0))" }].compactMap { $0 }
    return (["vignette \(format(sigma))"] + inset + ["color=\(color)", "strength=\(format(strength))"])
      .joined(separator: " ")
  }
}

extension ImageComponent {
  /// This component darkened towards its edges, as ImageMagick's `-background black -vignette 0xSIGMA+X+Y`: outside
  /// an ellipse inset by `x` and `y` (10% of each side when `nil`), softened by a Gaussian of `sigma` pixels, it goes
  /// to `color` by `strength` (see `Vignette` for the formula and the limits). The `vignette` step.
  public func vignetted(
    sigma: Double = Vignette.defaultSigma, x: Double? = nil, y: Double? = nil, color: Color = .black,
    strength: Double = 1
  ) -> Vignette {
    Vignette(self, sigma: sigma, x: x, y: y, color: color, strength: strength)
  }
}

extension Vignette: DeepRendering {
  /// Its colour is laid over with the same formula at either depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
