/// A drop shadow under the input: the input's coverage (alpha alone), grown by `spread`, blurred by a Gaussian of
/// standard deviation `blur`, filled with `color` at `opacity`, moved by `offset`, with the input drawn over it
/// (source-over). With `shadowOnly`, the shadow alone.
///
/// - The meaning is ImageMagick's `\( +clone -background COLOR -shadow (100·opacity)x(blur)+DX+DY \) +swap
///   -background none -layers merge +repage` (checked pixel by pixel: Benchmarks/blur.md), except that
///   ImageMagick cuts its shadow 2σ from the shape, where Decor keeps it to 3σ.
/// - Core Graphics (`CGContextSetShadowWithColor`), canvas (`shadowBlur`) and CSS (`box-shadow`, `drop-shadow()`)
///   give a blur *radius*, which the HTML canvas specification defines as 2σ: a Core Graphics blur of 20 is
///   `blur: 10` here.
/// - `spread` grows the coverage by a disc of that radius before blurring (negative values shrink it), as CSS
///   `box-shadow`'s spread does; only whole pixels count.
/// - Offsets are rounded to whole pixels (the shadow is soft, so half a pixel would not show), and the extent grows
///   to hold the shadow: the input's extent, grown by the spread and by ⌈3σ⌉, moved by the offset, joined to the
///   input's own extent. σ is clamped to 0 … 2000 (0 gives a hard shadow) and opacity to 0 … 1.
/// - The blur is the one of `GaussianBlur`, on one channel: a quarter of the work of an image blur.
public struct DropShadow: ImageComponent, CustomStringConvertible {
  public let input: any ImageComponent
  /// The shadow's offset as given; it is drawn moved by this rounded to whole pixels.
  public let offset: Point
  /// The Gaussian's standard deviation σ in pixels, as used: clamped to 0 … 2000.
  public let blur: Double
  /// The shadow's colour; its own alpha multiplies `opacity`.
  public let color: Color
  /// The shadow's opacity, as used: clamped to 0 … 1.
  public let opacity: Double
  /// How far the shape is grown (shrunk, if negative) before blurring, in pixels, as used: clamped to −500 … 500.
  /// Costs O(|spread|) per pixel.
  public let spread: Double
  /// Whether only the shadow is drawn, without the input.
  public let shadowOnly: Bool
  let engine: BlurEngine
  let shift: (dx: Int, dy: Int)
  let paint: ShadowPaint

  /// A drop shadow under `input`; the defaults are the `shadow` step's (offset 5, 5; σ = 4; black at 0.5).
  public init(
    _ input: any ImageComponent, offset: Point = Point(5, 5), blur: Double = 4, color: Color = .black,
    opacity: Double = 0.5, spread: Double = 0, shadowOnly: Bool = false
  ) {
    self.input = input
    self.offset = offset
    let kernel = GaussianKernel(sigma: blur)
    self.blur = kernel.sigma
    self.color = color
    self.opacity = opacity.isNaN ? 0 : Swift.min(1, Swift.max(0, opacity))
    self.spread = spread.isFinite ? Swift.min(500, Swift.max(-500, spread)) : 0
    self.shadowOnly = shadowOnly
    engine = BlurEngine(kernel: kernel, source: AlphaSource(input: input, spread: self.spread))
    shift = (DropShadow.whole(offset.x), DropShadow.whole(offset.y))
    paint = ShadowPaint(color: color, opacity: self.opacity)
  }

  /// A length rounded to whole pixels, kept within ±2³⁰ (NaN gives 0).
  static func whole(_ value: Double) -> Int {
    value.isNaN ? 0 : Int(Swift.min(Double(1 << 30), Swift.max(-Double(1 << 30), value.rounded())))
  }

  /// Where the shadow can be non-transparent: the input's extent grown by the spread's whole pixels and by ⌈3σ⌉,
  /// moved by the offset.
  public var shadowExtent: IntRect {
    let e = engine.extent
    return e.isInfinite || e.isEmpty ? e : e.offsetBy(dx: shift.dx, dy: shift.dy)
  }

  public var extent: IntRect { shadowOnly ? shadowExtent : shadowExtent.union(input.extent) }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    try Raster(width: region.width, height: region.height, pixelLimit: context.pixelLimit) { buffer in
      try render(region, into: buffer.baseAddress!.assumingMemoryBound(to: UInt32.self), stride: region.width,
        context: context)
    }
  }

  public var description: String {
    "shadow \(shift.dx) \(shift.dy) blur=\(format(blur)) color=\(color) opacity=\(format(opacity))"
      + (spread == 0 ? "" : " spread=\(format(spread))") + (shadowOnly ? " only" : "")
  }
}

extension DropShadow: DirectRendering {
  func render(_ region: IntRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, context: RenderContext) throws {
    let width = region.width
    let coverage = UnsafeMutablePointer<Float>.allocate(capacity: region.width * region.height)
    defer { coverage.deallocate() }
    try engine.render(region.offsetBy(dx: -shift.dx, dy: -shift.dy), into: UnsafeMutableRawPointer(coverage),
      stride: width, context: context)
    for row in 0..<region.height {
      paint.fill(out + row * stride, coverage: coverage + row * width, count: width, inverted: false)
    }
    guard !shadowOnly, let pixels = try context.renderClipped(input, region) else { return }
    let overlap = pixels.rect.intersection(region)
    guard !overlap.isEmpty else { return }
    pixels.raster.withUnsafeBytes { bytes in
      let source = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
      for y in overlap.minY..<overlap.maxY {
        let from = source + (y - pixels.rect.minY) * pixels.rect.width + (overlap.minX - pixels.rect.minX)
        let to = out + (y - region.minY) * stride + (overlap.minX - region.minX)
        Compositor.blend(.normal, source: from, destination: to, count: overlap.width)
      }
    }
  }
}

extension ImageComponent {
  /// This component over its drop shadow: its coverage grown by `spread`, blurred by a Gaussian of standard
  /// deviation `blur` pixels (a Core Graphics or canvas blur radius R is σ = R / 2), filled with `color` at
  /// `opacity`, moved by `offset`. With `only`, the shadow alone.
  public func dropShadow(
    offset: Point = Point(5, 5), blur: Double = 4, color: Color = .black, opacity: Double = 0.5, spread: Double = 0,
    only: Bool = false
  ) -> DropShadow {
    DropShadow(self, offset: offset, blur: blur, color: color, opacity: opacity, spread: spread, shadowOnly: only)
  }
}
