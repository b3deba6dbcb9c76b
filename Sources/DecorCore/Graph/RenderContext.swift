/// What a component needs while rendering: the pixel limit, the way to ask its inputs for pixels, and what this
/// render has computed ahead of the tiles.
///
/// A context belongs to one render. Each component receives one that knows which node of the render's plan it is
/// (see `RenderPlan`: a component reached by several paths is one node) and the path it was reached by, so requests
/// made through it can be recorded per stage (see `RenderTrace`) and the intermediate results the renderer
/// materialised for this render can be found, whichever consumer asks. It is a value: nothing in it changes while
/// the tiles render, so tiles on different threads share it freely.
public struct RenderContext: Sendable {
  /// The most pixels any one region may have; larger requests throw `RasterError.tooLarge`.
  public var pixelLimit: Int
  /// Where requests are recorded, if anywhere.
  public private(set) var trace: RenderTrace?
  /// The position of the component this context was given to: the input indices from the root, along the plan's
  /// first path to its node when the plan has it (so that every consumer's requests are recorded as one stage).
  /// Made when asked (tracing asks), from the plan's stage and the inputs asked beyond it.
  public var path: [Int] { (anchor.flatMap { plan?.stages[$0].path } ?? []) + beyond }
  /// The same place as a trace records it, without listing the path (see `TracePosition`).
  var tracePosition: TracePosition {
    TracePosition(segments: [.init(paths: anchor.flatMap { plan?.stages[$0].paths }, stage: anchor, beyond: beyond)])
  }
  /// The last stage of the plan on the way to the component, and the input indices asked from there on outside
  /// the plan (empty when the component is that stage).
  private var anchor: Int?
  private var beyond: [Int] = []
  /// How many threads a component may use for work it does once per render (materialising).
  let threads: Int
  /// The render's plan and the stage of the component this context was given to; `nil` for a request the plan
  /// did not foresee (a decorator that does not declare its demand), and below it.
  let plan: RenderPlan?
  private(set) var stage: Int?
  /// Results computed once for this render before the tiles, by stage: see `Materialising`.
  let materialised: [Int: Intermediate]
  /// The statistics this render's analysis stages computed before the tiles, by stage: see `Analysing`. Set by the
  /// renderer once they are computed, with this context itself (without them).
  var analyses: [Int: any Sendable]
  /// Set when the task awaiting an `async` render is cancelled: checked before every tile and stage.
  let cancellation: RenderCancellation?
  /// The image this render gives the graph's `ImageSlot`, if it has one (an animation's frame).
  let boundImage: ImageSlot.Binding?
  /// The regions of this component's inputs rendered before its `render` ran (see `evaluate`), if any.
  var prepared: PreparedInputs?
  /// The region the component this context was given to is rendering, when the renderer handed it one: what its
  /// requests are checked against (its `inputDemands(for:)` of that region).
  private(set) var rendering: IntRect?

  public init(pixelLimit: Int = Raster.defaultPixelLimit, trace: RenderTrace? = nil) {
    self.init(pixelLimit: pixelLimit, trace: trace, plan: nil, stage: nil, threads: 1, materialised: [:],
      cancellation: nil)
  }

  init(
    pixelLimit: Int, trace: RenderTrace?, plan: RenderPlan?, stage: Int?, threads: Int,
    materialised: [Int: Intermediate], cancellation: RenderCancellation?,
    analyses: [Int: any Sendable] = [:], boundImage: ImageSlot.Binding? = nil
  ) {
    self.pixelLimit = pixelLimit
    self.trace = trace
    self.plan = plan
    self.stage = stage
    self.anchor = plan == nil ? nil : stage
    self.threads = threads
    self.materialised = materialised
    self.cancellation = cancellation
    self.analyses = analyses
    self.boundImage = boundImage
  }

  /// Runs `count` jobs on up to `threads` threads (see `ParallelLoop`), each with this context; when tracing, each
  /// job records into a trace of its own, merged into this one afterwards, so that the threads share no lock. A
  /// cancelled render starts no further job (`RenderError.cancelled`).
  func parallel(count: Int, threads: Int, _ job: @Sendable (Int, RenderContext) throws -> Void) throws {
    let cancellation = cancellation
    guard let trace else {
      try ParallelLoop.run(count: count, threads: threads) { index in
        try cancellation?.check()
        try job(index, self)
      }
      return
    }
    let traces = (0..<count).map { _ in RenderTrace() }
    defer { for jobTrace in traces { trace.merge(jobTrace) } }
    try ParallelLoop.run(count: count, threads: threads) { index in
      try cancellation?.check()
      var context = self
      context.trace = traces[index]
      try job(index, context)
    }
  }

  /// This context for `stage` of the plan (the root when `nil`) with `materialised` as the rows computed so far.
  func with(stage: Int?, materialised: [Int: Intermediate]) -> RenderContext {
    RenderContext(pixelLimit: pixelLimit, trace: trace, plan: plan, stage: stage ?? (plan?.stages.isEmpty == false ? 0 : nil),
      threads: threads, materialised: materialised, cancellation: cancellation, analyses: analyses,
      boundImage: boundImage)
  }

  /// The format of every raster in this render (`RenderPlan.format`): 8 bits without a plan.
  package var format: PixelFormat { plan?.format ?? .rgba8 }

  /// The raster this render gives `slot`, if it gives it one.
  func raster(boundTo slot: ImageSlot) -> Raster? {
    guard let boundImage, boundImage.token === slot.token else { return nil }
    return boundImage.raster
  }

  /// This context handed to its component for rendering `region`.
  func rendering(_ region: IntRect) -> RenderContext {
    var context = self
    context.rendering = region
    return context
  }

  /// The result materialised for the component this context was given to, if the renderer made one.
  var intermediate: Intermediate? { materialised.isEmpty ? nil : stage.flatMap { materialised[$0] } }

  /// Renders the root component (the one this context's path leads to) over `region`, recording the request.
  func renderRoot(_ component: any ImageComponent, _ region: IntRect) throws(RenderError) -> Raster {
    if let trace { trace.record(at: tracePosition, component: component, region: region) }
    do {
      return try component.render(region, context: rendering(region))
    } catch {
      throw .wrapping(error, in: String(describing: component))
    }
  }

  /// The context of input number `index` of the component that owns this context.
  func child(_ index: Int) -> RenderContext {
    var child = self
    child.rendering = nil
    if let plan, let stage, let input = plan.input(index, of: stage) {
      child.stage = input
      child.anchor = input
      child.beyond = []
    } else {
      child.stage = nil
      child.beyond.append(index)
    }
    return child
  }

  /// Throws when the owner of this context asks input `index` for `region` outside what it declared: the renderer
  /// hands a component the regions of its inputs it declared (`inputDemands(for:)`), rendered before its `render`
  /// ran, and nothing else, as Core Image hands a kernel its regions of interest. The request must lie within a
  /// region declared for that input for the region the component is rendering (or, where the renderer did not hand
  /// it one, such as a band of rows computed once, within everything the plan asks of the input).
  ///
  /// Not checked: a request outside any plan (a context made by `init`), and a component that declares no `inputs`
  /// (one written before they existed: its edges are found from its demands, and a request it did not declare is
  /// rendered on its own, as it always was).
  func checkDemand(_ index: Int, _ region: IntRect, of input: any ImageComponent) throws(RenderError) {
    guard !region.isEmpty, let plan, let stage else { return }
    // The stage is read in place, not copied: this runs for every request a component makes.
    guard plan.stages[stage].declaresInputs else { return }
    let declared: Bool
    if let rendering {
      declared = RenderPlan.PlannedDemand.declares(plan.stages[stage].demands(for: rendering), input: index,
        containing: region)
    } else {
      declared = plan.input(index, of: stage).map { plan.stages[$0].region.contains(region) } ?? false
    }
    guard declared else {
      let owner = plan.stages[stage]
      throw .failed(component: owner.component,
        error: DemandOutsidePlan(input: index, component: String(describing: input), region: region,
          declared: rendering.map { owner.demands(for: $0).filter { $0.index == index }.map(\.region) }
            ?? plan.input(index, of: stage).map { [plan.stages[$0].region] } ?? []))
    }
  }

  /// Renders `region` of `input`, the input number `index` of the component that owns this context.
  ///
  /// - Throws: `RenderError.stageTooLarge` naming `input` when `region` is over the pixel limit, what `input` throws
  ///   as a `RenderError`, and any other error it throws as `.failed` naming it.
  public func render(_ input: any ImageComponent, _ region: IntRect, input index: Int = 0) throws(RenderError)
    -> Raster
  {
    let child = child(index)
    let input = input.unwrapped
    try checkDemand(index, region, of: input)
    // A region over the limit names the component asked for it, which the raster's own error cannot.
    if (try? Raster.byteCount(width: region.width, height: region.height, pixelLimit: pixelLimit)) == nil {
      throw .stageTooLarge(component: String(describing: input), width: region.width, height: region.height,
        limit: pixelLimit)
    }
    do {
      if let trace { trace.record(at: child.tracePosition, component: input, region: region) }
      // A stage computed once serves its consumers from the rows kept (transparent beyond its extent, as every
      // component is).
      let inside = region.intersection(input.extent)
      if let rows = child.intermediate, rows.servesPixels(inside) {
        return try rows.pixels(region, inside: inside, pixelLimit: pixelLimit)
      }
      // The renderer rendered the regions this component declared before its `render` ran.
      if let prepared, let stage = child.stage,
        let pixels = try prepared.take(region, of: stage, pixelLimit: pixelLimit)
      {
        return pixels
      }
      return try child.evaluate(input, region)
    } catch {
      throw .wrapping(error, in: String(describing: input))
    }
  }

  /// The rows a stage computed once keeps of input `index`, when they hold every pixel of `region` that the input
  /// covers: read in place rather than copied into a raster for the request (how the scalers read a streamed input,
  /// many rows for each output row). Valid while the band renders; `nil` when nothing kept covers the region, and
  /// for a `Raster` input (which `renderClipped` hands over whole).
  ///
  /// - Throws: as `render(_:_:input:)` for a request outside the plan.
  func keptPixels(_ input: any ImageComponent, _ region: IntRect, input index: Int = 0) throws(RenderError)
    -> Intermediate?
  {
    let input = input.unwrapped
    let covered = region.intersection(input.extent)
    guard !covered.isEmpty, !(input is Raster) else { return nil }
    let child = child(index)
    guard let rows = child.intermediate, rows.servesPixels(covered) else { return nil }
    try checkDemand(index, covered, of: input)
    if let trace { trace.record(at: child.tracePosition, component: input, region: covered) }
    return rows
  }

  /// Renders the part of `region` that `input` covers, or returns `nil` if `region` misses its extent: the way to
  /// ask for pixels without paying for the transparent surroundings. The result may cover more than was asked
  /// (a raster input is handed over whole, without copying); use its `rect`.
  ///
  /// - Throws: as `render(_:_:input:)`.
  public func renderClipped(_ input: any ImageComponent, _ region: IntRect, input index: Int = 0)
    throws(RenderError) -> RenderedRegion?
  {
    let input = input.unwrapped
    let covered = region.intersection(input.extent)
    guard !covered.isEmpty else { return nil }
    // A slot's image is a raster in memory too.
    if let raster = (input as? Raster) ?? (input as? ImageSlot).flatMap(raster(boundTo:)) {
      try checkDemand(index, covered, of: input)
      // Pixels already in memory: hand over the whole raster (shared, not copied) rather than a copy of the part;
      // in the render's format (an 8-bit raster in a 16-bit render is widened, exactly).
      if let trace { trace.record(at: child(index).tracePosition, component: input, region: covered) }
      do {
        return RenderedRegion(rect: raster.bounds, raster: try raster.converted(to: format))
      } catch {
        throw .raster(error)
      }
    }
    return RenderedRegion(rect: covered, raster: try render(input, covered, input: index))
  }
}

/// A request a decorator made outside what it declared in `inputDemands(for:)`, which the renderer refuses: every
/// region a component receives is one it declared, rendered by the plan before its `render` ran.
struct DemandOutsidePlan: Error, CustomStringConvertible {
  var input: Int
  var component: String
  var region: IntRect
  /// The regions it declared of that input.
  var declared: [IntRect]

  var description: String {
    "asked input \(input) (\(component)) for \(region), "
      + (declared.isEmpty
        ? "an input it did not declare" : "outside what it declared (\(declared.map(\.description).joined(separator: ", ")))")
  }
}
