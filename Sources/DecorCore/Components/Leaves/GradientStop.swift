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
  /// The colour before the first stop, packed; transparent when there are no stops.
  let first: UInt32
  /// The colour from the last stop on, packed; transparent when there are no stops.
  let last: UInt32

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
    first = colors.isEmpty ? 0 : GradientRamp.pack(colors[0], colors[1], colors[2], colors[3])
    let n = colors.count
    last = colors.isEmpty ? 0 : GradientRamp.pack(colors[n - 4], colors[n - 3], colors[n - 2], colors[n - 1])
  }

  /// Calls `body` with an evaluator reading the ramp through pointers, for inner loops free of bounds checks and
  /// reference counting. The evaluator must not escape `body`.
  func withEvaluator<R>(_ body: (Evaluator) -> R) -> R {
    locations.withUnsafeBufferPointer { locations in
      colors.withUnsafeBufferPointer { colors in
        slopes.withUnsafeBufferPointer { slopes in
          body(Evaluator(locations: locations, colors: colors, slopes: slopes, first: first, last: last))
        }
      }
    }
  }

  /// A `GradientRamp` seen through pointers (see `withEvaluator`).
  struct Evaluator {
    let locations: UnsafeBufferPointer<Double>
    let colors: UnsafeBufferPointer<Double>
    let slopes: UnsafeBufferPointer<Double>
    let first: UInt32
    let last: UInt32

    /// The packed premultiplied pixel at position `t` along the gradient (NaN counts as before the start).
    @inline(__always)
    func pixel(at t: Double) -> UInt32 {
      let count = locations.count
      guard count > 0 else { return 0 }
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
      return GradientRamp.pack(
        colors[i] + d * slopes[i], colors[i + 1] + d * slopes[i + 1], colors[i + 2] + d * slopes[i + 2],
        colors[i + 3] + d * slopes[i + 3])
    }
  }

  /// Rounds a premultiplied colour scaled to 0…255 to a pixel, packed so that storing it little-endian gives the
  /// bytes R, G, B, A. Colour channels are capped at alpha: floating-point rounding must not make a pixel invalid.
  @inline(__always)
  static func pack(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> UInt32 {
    let a8 = byte(a)
    return Swift.min(byte(r), a8) | Swift.min(byte(g), a8) << 8 | Swift.min(byte(b), a8) << 16 | a8 << 24
  }

  /// `round(v)` clamped to 0…255 (NaN gives 0). Truncating v + 0.5 rounds halves up for v ≥ 0 without a call to
  /// libm's `round` (x86-64 has no SSE4.1 in its baseline).
  @inline(__always)
  private static func byte(_ v: Double) -> UInt32 {
    let x = v + 0.5
    return x >= 255 ? 255 : x > 0 ? UInt32(x) : 0
  }

  /// The pixel a packed value stands for.
  static func rgba8(_ packed: UInt32) -> RGBA8 {
    RGBA8(
      r: UInt8(truncatingIfNeeded: packed), g: UInt8(truncatingIfNeeded: packed >> 8),
      b: UInt8(truncatingIfNeeded: packed >> 16), a: UInt8(truncatingIfNeeded: packed >> 24))
  }

  /// Stores a packed pixel at `pointer + offset` (in bytes) in the byte order R, G, B, A on any endianness.
  @inline(__always)
  static func store(_ packed: UInt32, to pointer: UnsafeMutableRawPointer, at offset: Int) {
    pointer.storeBytes(of: packed.littleEndian, toByteOffset: offset, as: UInt32.self)
  }

  /// The stops as CSS writes them in a gradient: `#000000 0.0%, #ffffff 100.0%`.
  var description: String { stops.map(\.description).joined(separator: ", ") }
}
