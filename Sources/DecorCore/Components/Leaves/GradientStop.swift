/// A colour at a position along a gradient: 0 is the gradient's start (a linear gradient's `from`, a radial
/// gradient's centre), 1 its end (`to`, or the radius).
public struct GradientStop: Hashable, Sendable, CustomStringConvertible {
  /// Where the colour sits, 0…1.
  public let location: Double
  /// The colour at `location`.
  public let color: Color

  /// A stop. `location` is clamped into `0...1` (NaN becomes 0): stops outside the gradient's ends are not
  /// supported.
  public init(location: Double, color: Color) {
    self.location = location.isNaN ? 0 : Swift.min(1, Swift.max(0, location))
    self.color = color
  }

  /// The colour and the location as a percentage, as in CSS: `#ff0000 50.0%`.
  public var description: String { "\(color) \(location * 100)%" }
}

/// A list of gradient stops made ready to evaluate: sorted by location (stops at the same location keep their
/// order, giving a hard edge), premultiplied, with the slope of every segment precomputed.
///
/// Colours are interpolated in premultiplied space, as CSS gradients are, so a fade to transparent does not darken:
/// each channel is `round(255 × (p₀ + (p₁ − p₀) × f))` where `p` is the premultiplied colour of the stops around
/// `t` and `f` how far `t` lies between them. Before the first stop the first colour is used, from the last stop
/// on the last colour; no stops at all give transparent. Shared by `LinearGradient` and `RadialGradient`.
struct GradientRamp: Sendable {
  /// The stops, sorted.
  let stops: [GradientStop]
  private let locations: [Double]
  /// The premultiplied colours of the stops scaled to 0…255, four values (r, g, b, a) per stop.
  private let colors: [Double]
  /// For each segment `i` (between stops `i` and `i + 1`), the change of its four `colors` per unit of `t`; zero
  /// for a segment of zero length, which `pixel(at:)` never lands in.
  private let slopes: [Double]
  init(_ stops: [GradientStop]) {
    // `sort` does not promise stability; the index breaks ties so equal locations keep the caller's order.
    let sorted = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
      .map(\.element)
    self.stops = sorted
    locations = sorted.map(\.location)
    let colors = sorted.flatMap { stop in
      let c = stop.color
      return [c.red * c.alpha * 255, c.green * c.alpha * 255, c.blue * c.alpha * 255, c.alpha * 255]
    }
    self.colors = colors
    var slopes: [Double] = []
    for i in sorted.indices.dropLast() {
      let length = locations[i + 1] - locations[i]
      let slope = (0..<4).map { (colors[4 * (i + 1) + $0] - colors[4 * i + $0]) / length }
      // A segment so short that its slope overflows (a subnormal length) is invisible: hold its start colour
      // rather than risk 0 × ∞.
      slopes += length > 0 && slope.allSatisfy(\.isFinite) ? slope : [0, 0, 0, 0]
    }
    self.slopes = slopes
  }

  /// The colour before the first stop as a pixel; transparent when there are no stops.
  func first<P: StoredPixel>(as _: P.Type) -> P {
    colors.isEmpty ? P.pack(0, 0, 0, 0) : P.pack(colors[0], colors[1], colors[2], colors[3])
  }

  /// The colour from the last stop on as a pixel; transparent when there are no stops.
  func last<P: StoredPixel>(as _: P.Type) -> P {
    let n = colors.count
    return n == 0 ? P.pack(0, 0, 0, 0) : P.pack(colors[n - 4], colors[n - 3], colors[n - 2], colors[n - 1])
  }

  /// Calls `body` with an evaluator reading the ramp through pointers, for inner loops free of bounds checks and
  /// reference counting, giving pixels of `P` (8 or 16 bits). The evaluator must not escape `body`.
  func withEvaluator<P: StoredPixel, R>(_: P.Type, _ body: (Evaluator<P>) -> R) -> R {
    locations.withUnsafeBufferPointer { locations in
      colors.withUnsafeBufferPointer { colors in
        slopes.withUnsafeBufferPointer { slopes in
          body(Evaluator(locations: locations, colors: colors, slopes: slopes, first: first(as: P.self),
            last: last(as: P.self)))
        }
      }
    }
  }

  /// A `GradientRamp` seen through pointers (see `withEvaluator`).
  struct Evaluator<P: StoredPixel> {
    let locations: UnsafeBufferPointer<Double>
    let colors: UnsafeBufferPointer<Double>
    let slopes: UnsafeBufferPointer<Double>
    let first: P
    let last: P

    /// The premultiplied pixel at position `t` along the gradient (NaN counts as before the start).
    @inline(__always)
    func pixel(at t: Double) -> P {
      let count = locations.count
      guard count > 0 else { return last }
      guard t >= locations[0] else { return first }
      guard t < locations[count - 1] else { return last }
      // Invariant: locations[low] <= t < locations[high]; ends on the segment holding t.
      var low = 0
      var high = count - 1
      while high - low > 1 {
        let middle = (low + high) / 2
        if locations[middle] <= t { low = middle } else { high = middle }
      }
      let d = t - locations[low]
      let i = 4 * low
      return P.pack(
        colors[i] + d * slopes[i], colors[i + 1] + d * slopes[i + 1], colors[i + 2] + d * slopes[i + 2],
        colors[i + 3] + d * slopes[i + 3])
    }
  }

  /// The stops as CSS writes them in a gradient: `#000000 0.0%, #ffffff 100.0%`.
  var description: String { stops.map(\.description).joined(separator: ", ") }
}

// The pixels a gradient is evaluated into, 8-bit (`UInt32`, the bytes R, G, B, A) or 16-bit (`RGBA16`): the ramp's
// colours are on the scale 0 … 255 at either depth; a 16-bit pixel is that × 257, so both depths draw the same
// gradient, the deeper one without the 8-bit steps (`StoredPixel.pack(_:_:_:_:)`).

extension UInt32 {
  /// Packed so that it holds the bytes R, G, B, A in memory on any endianness.
  @inline(__always)
  package static func pack(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> UInt32 {
    let a8 = level(a, top: 255)
    let value = Swift.min(level(r, top: 255), a8) | Swift.min(level(g, top: 255), a8) << 8
      | Swift.min(level(b, top: 255), a8) << 16 | a8 << 24
    return value.littleEndian
  }

  /// `round(v)` clamped to 0 … `top` (NaN gives 0). Truncating v + 0.5 rounds halves up for v ≥ 0 without a call to
  /// libm's `round` (x86-64 has no SSE4.1 in its baseline).
  @inline(__always)
  static func level(_ v: Double, top: Double) -> UInt32 {
    let x = v + 0.5
    return x >= top ? UInt32(top) : x > 0 ? UInt32(x) : 0
  }
}

extension RGBA16 {
  @inline(__always)
  package static func pack(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> RGBA16 {
    func level(_ v: Double) -> UInt16 { UInt16(UInt32.level(v * 257, top: 65535)) }
    let alpha = level(a)
    return RGBA16(r: Swift.min(level(r), alpha), g: Swift.min(level(g), alpha), b: Swift.min(level(b), alpha),
      a: alpha)
  }
}

/// A gradient that fills a raster with pixels of either depth: its render makes the raster in the render's format
/// and fills it at that depth.
protocol GradientFilling {
  /// Fills `raster` (covering `region`, in `P`'s format) with the gradient.
  func fill<P: StoredPixel>(_ raster: inout Raster, _: P.Type, region: IntRect)
}

extension GradientFilling {
  /// `region` of the gradient in the render's format (`RenderContext.format`).
  func renderFilled(_ region: IntRect, context: RenderContext) throws -> Raster {
    var raster = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    raster.visit(GradientFill(gradient: self, region: region))
    return raster
  }
}
