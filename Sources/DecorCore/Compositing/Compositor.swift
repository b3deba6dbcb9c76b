/// Blends spans of premultiplied pixels onto spans of premultiplied backdrop pixels, at 8 or 16 bits a channel, in
/// any `BlendMode`: the compositing core under groups, draw calls, `background` and `blend`.
///
/// - Exactness: every mode is within ±1 of an exact real-number evaluation of its W3C formula rounded to the
///   pixels' depth, for valid premultiplied inputs (colour ≤ alpha) and every combination of alpha. The integer
///   modes (the Porter-Duff operators, `multiply`, `screen`, `overlay`, `darken`, `lighten`, `hard-light`,
///   `difference`, `exclusion`) are exactly rounded: `x / 255` is `((x + 128) × 257) >> 16`, `x / 65535` is
///   `(t + (t >> 16)) >> 16` with `t = x + 32768`. The modes that divide (`color-dodge`, `color-burn`,
///   `soft-light`) and the non-separable ones compute in `Float` and round once.
/// - Opacity is a coverage of the pixels' depth: `round(opacity × 255) / 255` at 8 bits (as a pixman mask or a
///   canvas's alpha byte), `round(opacity × 65535) / 65535` at 16; 0 for NaN or less, 1 for 1 or more. It scales
///   the source, as the W3C `globalAlpha` does: so the Porter-Duff operators that erase the backdrop under a
///   transparent source (`clear`, `copy`, `source-in`, `source-out`, `destination-in`, `destination-atop`) also
///   erase it at opacity 0.
/// - Invalid premultiplied inputs (colour above alpha) never trap; their results are unspecified.
/// - Speed: SSE2 on x86-64 (no wider instructions are assumed), four pixels per block, each mode its own
///   specialised loop; see `SpanKernels`, and Benchmarks/compositing.md for the comparison with pixman.
public enum Compositor {
  /// Blends `count` source pixels onto `count` destination pixels (each pointer addresses RGBA8 pixels as `UInt32`,
  /// byte order R, G, B, A). The spans may be the same memory but must not otherwise overlap.
  public static func blend(
    _ mode: BlendMode, source: UnsafePointer<UInt32>, destination: UnsafeMutablePointer<UInt32>, count: Int,
    opacity: Double = 1
  ) {
    blend(Lanes8.self, mode, source: source, destination: destination, count: count, opacity: opacity)
  }

  /// `blend` at 16 bits: each pointer addresses `RGBA16` pixels as `UInt64` (R in the low 16 bits).
  package static func blend16(
    _ mode: BlendMode, source: UnsafePointer<UInt64>, destination: UnsafeMutablePointer<UInt64>, count: Int,
    opacity: Double = 1
  ) {
    blend(Lanes16.self, mode, source: source, destination: destination, count: count, opacity: opacity)
  }

  /// `blend` at the depth of `P`: 8-bit pixels (`Lanes8`, `UInt32`) or 16-bit ones (`Lanes16`, `UInt64` holding an
  /// `RGBA16`), with a coverage of `P`'s depth (`PixelLanes.coverage`).
  package static func blend<P: PixelLanes>(
    _ lanes: P.Type, _ mode: BlendMode, source: UnsafePointer<P.Pixel>, destination: UnsafeMutablePointer<P.Pixel>,
    count: Int, opacity: Double = 1
  ) {
    guard count > 0 else { return }
    let o = P.coverage(opacity)
    // Two modes need no kernel at all: clearing, and copying at full opacity.
    if mode == .clear { return destination.update(repeating: 0, count: count) }
    if mode == .copy && o == P.one { return destination.update(from: source, count: count) }
    mode.withKernel(Spans<P>(source: source, destination: destination, count: count, opacity: o))
  }

  /// Runs a mode's kernel over spans.
  struct Spans<P: PixelLanes>: BlendKernelVisitor {
    let source: UnsafePointer<P.Pixel>
    let destination: UnsafeMutablePointer<P.Pixel>
    let count: Int
    let opacity: P.Lanes.Scalar

    @inline(__always)
    func visit<Kernel: BlendKernel>(_ kernel: Kernel.Type) {
      SpanKernels<P>.run(kernel, source, destination, count, opacity)
    }
  }

  /// The 8-bit coverage an opacity stands for: `round(opacity × 255)`, clamped to 0…255, 0 for NaN.
  package static func coverage(_ opacity: Double) -> UInt16 { Lanes8.coverage(opacity) }

  /// Whether `opacity` draws a layer fully at `format`'s depth (at 16 bits 0.999 does not, at 8 it does).
  package static func isFull(_ opacity: Double, at format: PixelFormat) -> Bool {
    format == .rgba8 ? Lanes8.coverage(opacity) == Lanes8.one : Lanes16.coverage(opacity) == Lanes16.one
  }

  /// Composites the part of `source` (whose pixels sit at `sourceRect` in canvas coordinates) that lies inside
  /// the canvas onto it. The mode acts only there: outside `sourceRect` the canvas is untouched whatever the mode.
  /// `sourceRect` must have the size of `source`, and `source` the premultiplied format of `canvas` (a render's
  /// rasters all have its format).
  package static func composite(
    _ source: Raster, at sourceRect: IntRect, onto canvas: inout Raster, mode: BlendMode, opacity: Double = 1
  ) {
    let target = sourceRect.intersection(canvas.bounds)
    guard !target.isEmpty else { return }
    precondition(source.format == canvas.format && canvas.format != .rgba16Straight, "premultiplied, alike")
    canvas.visit(Compositing(source: source, sourceRect: sourceRect, target: target, mode: mode, opacity: opacity))
  }

  /// `composite` in the lanes of the canvas's depth.
  private struct Compositing: StoredPixelVisitor {
    let source: Raster
    let sourceRect: IntRect
    let target: IntRect
    let mode: BlendMode
    let opacity: Double

    func visit<Stored: StoredPixel>(_: Stored.Type, _ canvas: inout Raster) {
      Compositor.composite(Stored.Lanes.self, source, at: sourceRect, onto: &canvas, target: target, mode: mode,
        opacity: opacity)
    }
  }

  private static func composite<P: PixelLanes>(
    _ lanes: P.Type, _ source: Raster, at sourceRect: IntRect, onto canvas: inout Raster, target: IntRect,
    mode: BlendMode, opacity: Double
  ) {
    let canvasWidth = canvas.width
    source.withUnsafeBytes { sourceBytes in
      let src = sourceBytes.baseAddress!.assumingMemoryBound(to: P.Pixel.self)
      canvas.withUnsafeMutableBytes { canvasBytes in
        let dst = canvasBytes.baseAddress!.assumingMemoryBound(to: P.Pixel.self)
        for y in target.minY..<target.maxY {
          let s = src + (y - sourceRect.minY) * sourceRect.width + (target.minX - sourceRect.minX)
          blend(P.self, mode, source: s, destination: dst + y * canvasWidth + target.minX, count: target.width,
            opacity: opacity)
        }
      }
    }
  }
}
