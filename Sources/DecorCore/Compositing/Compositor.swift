/// Blends spans of premultiplied RGBA8 pixels onto spans of premultiplied backdrop pixels, in any `BlendMode`: the
/// compositing core under groups, draw calls, `background` and `blend`.
///
/// - Exactness: every mode is within ±1 of an exact real-number evaluation of its W3C formula rounded to 8 bits,
///   for valid premultiplied inputs (colour ≤ alpha) and every combination of alpha. The integer modes (the
///   Porter-Duff operators, `multiply`, `screen`, `overlay`, `darken`, `lighten`, `hard-light`, `difference`,
///   `exclusion`) are exactly rounded: `x / 255` is `((x + 128) × 257) >> 16`. The modes that divide
///   (`color-dodge`, `color-burn`, `soft-light`) and the non-separable ones compute in `Float` and round once.
/// - Opacity is a coverage of 8 bits: `round(opacity × 255) / 255` (as a pixman mask or a canvas's alpha byte), 0
///   for NaN or less, 1 for 1 or more. It scales the source, as the W3C `globalAlpha` does: so the Porter-Duff
///   operators that erase the backdrop under a transparent source (`clear`, `copy`, `source-in`, `source-out`,
///   `destination-in`, `destination-atop`) also erase it at opacity 0.
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
    guard count > 0 else { return }
    let o = coverage(opacity)
    // Two modes need no kernel at all: clearing, and copying at full opacity.
    if mode == .clear { return destination.update(repeating: 0, count: count) }
    if mode == .copy && o == 255 { return destination.update(from: source, count: count) }
    mode.withKernel(Spans(source: source, destination: destination, count: count, opacity: o))
  }

  /// Runs a mode's kernel over spans.
  struct Spans: BlendKernelVisitor {
    let source: UnsafePointer<UInt32>
    let destination: UnsafeMutablePointer<UInt32>
    let count: Int
    let opacity: UInt16

    @inline(__always)
    func visit<Kernel: BlendKernel>(_ kernel: Kernel.Type) {
      SpanKernels.run(kernel, source, destination, count, opacity)
    }
  }

  /// The 8-bit coverage an opacity stands for: `round(opacity × 255)`, clamped to 0…255, 0 for NaN.
  package static func coverage(_ opacity: Double) -> UInt16 {
    guard opacity > 0 else { return 0 }
    return opacity >= 1 ? 255 : UInt16((opacity * 255).rounded())
  }

  /// Composites the part of `source` (whose pixels sit at `sourceRect` in canvas coordinates) that lies inside
  /// the canvas onto it. The mode acts only there: outside `sourceRect` the canvas is untouched whatever the mode.
  /// `sourceRect` must have the size of `source`.
  package static func composite(
    _ source: Raster, at sourceRect: IntRect, onto canvas: inout Raster, mode: BlendMode, opacity: Double = 1
  ) {
    let target = sourceRect.intersection(canvas.bounds)
    guard !target.isEmpty else { return }
    let canvasWidth = canvas.width
    source.withUnsafeBytes { sourceBytes in
      let src = sourceBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
      canvas.withUnsafeMutableBytes { canvasBytes in
        let dst = canvasBytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
        for y in target.minY..<target.maxY {
          let s = src + (y - sourceRect.minY) * sourceRect.width + (target.minX - sourceRect.minX)
          blend(mode, source: s, destination: dst + y * canvasWidth + target.minX, count: target.width,
            opacity: opacity)
        }
      }
    }
  }
}
