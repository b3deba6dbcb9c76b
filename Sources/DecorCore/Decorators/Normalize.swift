/// The input's contrast stretched from its own pixels, as ImageMagick's `-contrast-stretch` and Pillow's
/// `ImageOps.autocontrast(cutoff:, preserve_tone: True)` do: the darkest `low` and the lightest `high` fraction of
/// the pixels by luma are let go, and the darkest and lightest levels left become 0 and 255, every colour channel
/// mapped by that one line (so hues stay), alpha unchanged. At 16 bits the histogram has 65,536 levels and the line
/// maps 0 … 65535.
///
/// - Luma is Pillow's `L`, (19595·R + 38470·G + 7471·B + 2^15) >> 16 of straight colour (Rec. 601, as JPEG's Y). Each
///   pixel with any alpha counts once; fully transparent pixels do not count.
/// - Of n pixels counted, ⌊n·`low`⌋ are taken from the dark end of the histogram and ⌊n·`high`⌋ from the light end
///   (Pillow's cut-off); the lowest and highest levels still holding pixels, lo and hi, become the black and white
///   points of `Levels`: straight colour c becomes (c − lo) / (hi − lo), clamped, rounded to nearest (Pillow's table
///   truncates, so results differ from it by at most 1).
/// - An image whose remaining pixels all have one level (hi ≤ lo: a flat image, or nothing counted) is left as it is,
///   as Pillow leaves it.
/// - `low` and `high` are fractions of the pixels (0.005 is 0.5%), each finite and at least 0, their sum below 1;
///   another value is an invalid parameter (the extent is empty and rendering throws). ImageMagick's `-normalize` is
///   `low` 0.02, `high` 0.01; Pillow's default is 0 and 0.
///
/// The histogram is a statistic of the whole input: an analysis stage (see `Analysing`), computed once per render
/// before any tile by rendering the input band by band; the input is therefore computed twice. The input must have
/// a finite extent.
public struct Normalize: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The fraction of the pixels let go at the dark end.
  public let low: Double
  /// The fraction of the pixels let go at the light end.
  public let high: Double
  let problem: RenderError?
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  /// `input` stretched so that all but the darkest `low` and lightest `high` of its pixels span 0 … 255 (see the
  /// type).
  public init(_ input: any ImageComponent, low: Double = 0.005, high: Double = 0.005) {
    self.input = input
    var check = ParameterValidation("normalize")
    let cut = check.check((low: low, high: high)) { () throws(ParameterError) in try ParameterCheck.cutoff(low: low, high: high) }
    self.low = cut.low
    self.high = cut.high
    problem = check.error
    extent = problem == nil ? input.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [self.low, self.high])
    parameterError = problem ?? input.parameterError
    inputLink = InputLink([input])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public var inputs: [any ImageComponent] { [input] }

  /// Pixel by pixel: the same region (the analysis reads the whole input in a render of its own).
  public func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let problem { throw problem }
    let curve = try context.analysis(of: self)
    var pixels = try context.render(input, region)
    curve.apply(to: &pixels)
    return pixels
  }

  public var description: String {
    "normalize low=\(format(low * 100))% high=\(format(high * 100))%"
  }
}

extension Normalize: Analysing {
  /// The luma histogram of the input's extent, made into the curve every tile applies.
  package func analyse(context: RenderContext) throws -> ToneCurve {
    let extent = input.extent
    if extent.isInfinite { throw RenderError.infiniteExtent(component: String(describing: input)) }
    // The histogram has the render's depth: 65,536 levels at 16 bits, so that a 16-bit image's black and white
    // points are its own levels, not the nearest of 256.
    let deep = context.format.depth == 16
    var histogram = LumaHistogram(maximum: deep ? 65535 : 255)
    if !extent.isEmpty {
      if deep {
        try context.forEachBand(input: 0, input, extent, as: RGBA16.self) { _, pixels in histogram.add(pixels) }
      } else {
        try context.forEachBand(input: 0, input, extent, as: UInt32.self) { _, pixels in histogram.add(pixels) }
      }
    }
    guard let (lo, hi) = histogram.range(cuttingLow: low, high: high) else {
      return ToneCurve(black: 0, white: 1, gamma: 1)
    }
    return deep ? ToneCurve(deepLevels: lo, hi) : ToneCurve(levels: lo, hi)
  }
}

extension ImageComponent {
  /// This component with its contrast stretched from its own histogram: the darkest `low` and lightest `high`
  /// fraction of its pixels (by luma) let go, the levels left spread over 0 … 255, as ImageMagick's
  /// `-contrast-stretch` and Pillow's `autocontrast(cutoff:, preserve_tone: True)`; see `Normalize` for the details
  /// and limits.
  public func normalized(low: Double = 0.005, high: Double = 0.005) -> Normalize {
    Normalize(self, low: low, high: high)
  }
}

extension Normalize: DeepRendering {
  /// Its histogram and its line have the render's depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
