/// A shadow inside the input's edges, as Figma, Sketch and CSS `box-shadow: inset` draw one: the shadow cast by
/// everything *outside* the shape (one minus its coverage), blurred by a Gaussian of standard deviation `blur`,
/// moved by `offset`, filled with `color` at `opacity`, and drawn over the input only where the input is
/// (source-atop), so the extent and the alpha are the input's.
///
/// An offset of (0, 4) darkens the top edge, as light from above would. Offsets are rounded to whole pixels; σ is
/// clamped to 0 … 2000 (a canvas or Core Graphics blur radius R is σ = R / 2); opacity to 0 … 1.
public struct InnerShadow: ImageComponent, CustomStringConvertible {
  public let input: any ImageComponent
  /// The offset as given; the shadow moves by this rounded to whole pixels.
  public let offset: Point
  /// The Gaussian's standard deviation σ in pixels, as used: clamped to 0 … 2000.
  public let blur: Double
  /// The shadow's colour; its own alpha multiplies `opacity`.
  public let color: Color
  /// The shadow's opacity, as used: clamped to 0 … 1.
  public let opacity: Double
  let engine: BlurEngine
  let shift: (dx: Int, dy: Int)
  let paint: ShadowPaint

  /// An inner shadow on `input`; the defaults are the `inner-shadow` step's (offset 5, 5; σ = 4; black at 0.5).
  public init(
    _ input: any ImageComponent, offset: Point = Point(5, 5), blur: Double = 4, color: Color = .black,
    opacity: Double = 0.5
  ) {
    self.input = input
    self.offset = offset
    let kernel = GaussianKernel(sigma: blur)
    self.blur = kernel.sigma
    self.color = color
    self.opacity = opacity.isNaN ? 0 : Swift.min(1, Swift.max(0, opacity))
    // The blur of the outside is one minus the blur of the inside, so the engine blurs the shape's own coverage.
    engine = BlurEngine(kernel: kernel, source: AlphaSource(input: input, spread: 0))
    shift = (DropShadow.whole(offset.x), DropShadow.whole(offset.y))
    paint = ShadowPaint(color: color, opacity: self.opacity)
  }

  public var extent: IntRect { input.extent }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    try Raster(width: region.width, height: region.height, pixelLimit: context.pixelLimit) { buffer in
      try render(region, into: buffer.baseAddress!.assumingMemoryBound(to: UInt32.self), stride: region.width,
        context: context)
    }
  }

  public var description: String {
    "inner-shadow \(shift.dx) \(shift.dy) blur=\(format(blur)) color=\(color) opacity=\(format(opacity))"
  }
}

extension InnerShadow: DirectRendering {
  func render(_ region: IntRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, context: RenderContext) throws {
    for row in 0..<region.height { (out + row * stride).initialize(repeating: 0, count: region.width) }
    guard let pixels = try context.renderClipped(input, region) else { return }
    let overlap = pixels.rect.intersection(region)
    guard !overlap.isEmpty else { return }
    let width = overlap.width
    let coverage = UnsafeMutablePointer<Float>.allocate(capacity: overlap.width * overlap.height)
    let shadow = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
    defer {
      coverage.deallocate()
      shadow.deallocate()
    }
    try engine.render(overlap.offsetBy(dx: -shift.dx, dy: -shift.dy), into: UnsafeMutableRawPointer(coverage),
      stride: width, context: context)
    pixels.raster.withUnsafeBytes { bytes in
      let source = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
      for y in overlap.minY..<overlap.maxY {
        let from = source + (y - pixels.rect.minY) * pixels.rect.width + (overlap.minX - pixels.rect.minX)
        let to = out + (y - region.minY) * stride + (overlap.minX - region.minX)
        to.update(from: from, count: width)
        paint.fill(shadow, coverage: coverage + (y - overlap.minY) * width, count: width, inverted: true)
        Compositor.blend(.sourceAtop, source: shadow, destination: to, count: width)
      }
    }
  }
}

extension ImageComponent {
  /// This component with a shadow inside its edges (as design tools draw an inner shadow): the outside's coverage
  /// blurred by a Gaussian of standard deviation `blur` pixels, moved by `offset`, in `color` at `opacity`, drawn
  /// over the component where it is opaque.
  public func innerShadow(
    offset: Point = Point(5, 5), blur: Double = 4, color: Color = .black, opacity: Double = 0.5
  ) -> InnerShadow {
    InnerShadow(self, offset: offset, blur: blur, color: color, opacity: opacity)
  }
}
