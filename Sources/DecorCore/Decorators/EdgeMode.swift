/// What an image is taken to be beyond its extent, where a filter that reads around each pixel (a blur) looks past
/// the edges: the tile modes of Skia (`SkTileMode`), libvips (`VipsExtend`) and ImageMagick (`-virtual-pixel`).
///
/// Coordinates map back into the extent one axis at a time, so a corner beyond both edges takes the corner pixel
/// (`extend`), the reflected corner (`mirror`) or the opposite corner (`wrap`).
public enum EdgeMode: String, CaseIterable, Sendable {
  /// Every pixel beyond an edge repeats the nearest edge pixel: `… a a | a b c … x y z | z z …` (Skia `kClamp`,
  /// libvips `copy`, ImageMagick `edge`, Core Image `clampedToExtent()`). An opaque image stays opaque.
  case extend
  /// The image reflected at each edge, the edge pixel repeated: `… c b a | a b c … x y z | z y x …` (Skia
  /// `kMirror`, libvips `mirror`, ImageMagick `mirror`, OpenGL `MIRRORED_REPEAT`, OpenCV `BORDER_REFLECT`). Chosen
  /// over the variant that does not repeat the edge (OpenCV `BORDER_REFLECT_101`) because that one is undefined for
  /// an image one pixel wide, and the tools above agree on this one.
  case mirror
  /// The image repeated: `… y z | a b c … x y z | a b …` (Skia `kRepeat`, libvips `repeat`, ImageMagick `tile`).
  case wrap
  /// Transparent beyond the edges (Skia `kDecal`, CSS filters, Core Image without clamping).
  case transparent

  /// The pixel of `range` (one axis of an extent, not empty) that coordinate `x` stands for, or `nil` where it is
  /// transparent.
  func source(_ x: Int, in range: Range<Int>) -> Int? {
    if range.contains(x) { return x }
    let n = range.count
    let t = x - range.lowerBound
    switch self {
    case .extend: return t < 0 ? range.lowerBound : range.upperBound - 1
    case .wrap: return range.lowerBound + Self.modulo(t, n)
    case .mirror:
      let u = Self.modulo(t, 2 * n)
      return range.lowerBound + (u < n ? u : 2 * n - 1 - u)
    case .transparent: return nil
    }
  }

  /// The parts of `range` (one axis of an extent, not empty) that the coordinates `span` stand for, in ascending
  /// order: one run for `extend`, `mirror` (the pixels they map to differ by at most one from neighbour to
  /// neighbour, so they form one run) and `transparent` (none if `span` misses `range`), one or two for `wrap` (the
  /// end of the range and its start when `span` crosses a seam).
  func sources(of span: Range<Int>, in range: Range<Int>) -> [Range<Int>] {
    let a = range.lowerBound
    let n = range.count
    guard !span.isEmpty else { return [] }
    if span.lowerBound >= a && span.upperBound <= range.upperBound { return [span] }
    switch self {
    case .transparent:
      let inside = span.clamped(to: range)
      return inside.isEmpty ? [] : [inside]
    case .extend:
      let low = Swift.max(0, Swift.min(n - 1, span.lowerBound - a))
      let high = Swift.max(0, Swift.min(n - 1, span.upperBound - 1 - a))
      return [(a + low)..<(a + high + 1)]
    case .wrap:
      guard span.count < n else { return [range] }
      let first = Self.modulo(span.lowerBound - a, n)
      let last = first + span.count - 1
      if last < n { return [(a + first)..<(a + last + 1)] }
      return [a..<(a + last - n + 1), (a + first)..<(a + n)]
    case .mirror:
      guard span.count < 2 * n else { return [range] }
      // Along t = x − a taken modulo 2n, the pixel rises with t over [0, n), falls over [n, 2n), and so on: the
      // span covers at most four such halves; the run is the lowest to the highest pixel over them.
      let first = Self.modulo(span.lowerBound - a, 2 * n)
      let last = first + span.count - 1
      var low = n
      var high = -1
      for half in 0..<4 {
        let start = Swift.max(first, half * n)
        let end = Swift.min(last, (half + 1) * n - 1)
        guard start <= end else { continue }
        let pixels = half % 2 == 0 ? (start - half * n, end - half * n)
          : ((half + 1) * n - 1 - end, (half + 1) * n - 1 - start)
        low = Swift.min(low, pixels.0)
        high = Swift.max(high, pixels.1)
      }
      return [(a + low)..<(a + high + 1)]
    }
  }

  /// `x` modulo `n` (above 0), in 0 ..< n whatever the sign of `x`.
  static func modulo(_ x: Int, _ n: Int) -> Int {
    let r = x % n
    return r < 0 ? r + n : r
  }
}
