/// Components whose parameters come from a statistic of their input's pixels (`normalize`'s histogram): the
/// statistic is computed once per render, before any tile, and every tile reads the one result.
///
/// The renderer finds these nodes in the plan and, before the first band, has each compute its statistic
/// (`analyse(context:)`) by rendering its input over the input's whole extent in a render of its own, band by band
/// (`RenderContext.forEachBand`), so the statistic costs a band of memory, not an image; the result is kept in the
/// render's context by stage and read by the component's `render` through `RenderContext.analysis(of:_:)`. The input
/// is therefore computed twice in a render, once for the statistic and once for the pixels, as libvips evaluates a
/// histogram's input again for the image it maps: holding the input whole instead would bound the work but not the
/// memory. A request the plan did not foresee computes the statistic on the spot, with the same result.
///
/// An analysis cannot change the extent: a component's extent is known before any plan exists. `trim`, whose extent
/// comes from pixels, finds its box when it is built instead (see `Trim`).
package protocol Analysing: ImageComponent {
  /// What the analysis computes (`normalize`: its tone curve).
  associatedtype Statistic: Sendable

  /// Computes the statistic from the input's pixels, rendering it through `context.forEachBand`.
  func analyse(context: RenderContext) throws -> Statistic
}

extension RenderContext {
  /// The statistic `component` (the owner of this context) computed for this render, or computed now when the plan
  /// did not foresee the request.
  func analysis<Component: Analysing>(of component: Component) throws -> Component.Statistic {
    if let stage, let kept = analyses[stage] as? Component.Statistic { return kept }
    return try component.analyse(context: self)
  }

  /// Renders `region` of `component`, the owner's input number `index`, in a render of its own (this render's
  /// threads, pixel limit and cancellation; its own plan), band by band from the top, handing each band's
  /// premultiplied pixels to `body` with the band's rectangle: how an analysis reads its input without holding it
  /// whole. What that pass asks of each stage is added to this render's trace, under the input's path, so the trace
  /// shows the input computed twice.
  ///
  /// The pixels are `P`'s: 8-bit (`UInt32`) or 16-bit (`RGBA16`) premultiplied. The pass may work at 16 bits when
  /// `P` is 16-bit (its own plan decides, as any render's does); its pixels are then the input's own, else they are
  /// widened exactly from 8 bits.
  func forEachBand<P: StoredPixel>(
    input index: Int, _ component: any ImageComponent, _ region: IntRect, as _: P.Type,
    _ body: (IntRect, UnsafeBufferPointer<P>) throws -> Void
  ) throws {
    var renderer = Renderer(threads: threads, pixelLimit: pixelLimit)
    renderer.cancellation = cancellation
    // At the depth asked, whatever the sources: the statistic of a render at 16 bits is taken at 16.
    renderer.precision = P.format.depth == 16 ? .sixteenBits : .eightBits
    let pass = trace.map { _ in RenderTrace() }
    try renderer.forEachBand(component, region, as: P.self, trace: pass, body)
    if let trace, let pass { trace.merge(pass, under: child(index).tracePosition) }
  }
}

extension Renderer {
  /// Renders `region` of `component` band by band from the top, handing each band's premultiplied pixels to `body`
  /// with the band's rectangle (valid during the call): a whole image looked at with a band of memory. The pixels
  /// are `P`'s, 8 or 16 bits (see `RenderContext.forEachBand`).
  func forEachBand<P: StoredPixel>(
    _ component: any ImageComponent, _ region: IntRect, as _: P.Type, trace: RenderTrace? = nil,
    _ body: (IntRect, UnsafeBufferPointer<P>) throws -> Void
  ) throws {
    let bands = try prepareBands(component, region: region, trace: trace)
    let width = bands.region.width
    var pixels = [P](repeating: P.transparent, count: width * bands.bandHeight)
    for band in 0..<bands.bandCount {
      let rows = bands.rows(ofBand: band)
      try pixels.withUnsafeMutableBufferPointer { buffer in
        let part = UnsafeMutableBufferPointer(rebasing: buffer[0..<rows.count * width])
        try bands.render(band: band, into: part)
        try body(IntRect(x: region.x, y: region.y + rows.lowerBound, width: width, height: rows.count),
          UnsafeBufferPointer(part))
      }
    }
  }

  /// The statistics of the analysis stages of `plan` (see `Analysing`), by stage, computed with `context`.
  func analyses(_ plan: RenderPlan, context: RenderContext) throws(RenderError) -> [Int: any Sendable] {
    var analyses: [Int: any Sendable] = [:]
    for stage in plan.stages {
      guard let node = stage.node as? any Analysing else { continue }
      do {
        analyses[stage.id] = try node.analyse(context: context.with(stage: stage.id, materialised: [:]))
      } catch {
        throw .wrapping(error, in: String(describing: node))
      }
    }
    return analyses
  }
}
