/// Anything that can be drawn: an image, a generator, or a decorator wrapping another component.
///
/// A component covers its `extent` and is transparent outside it; it renders any requested pixel region on demand.
/// Decorators hold their input component and ask it, through the `RenderContext`, only for the region they need
/// (a crop asks for the cropped area, a rotation for the inverse-mapped box plus its interpolation footprint), so
/// the renderer can cut the output into tiles and render them concurrently.
///
/// Conforming types must be immutable values that can be shared across threads (`Sendable`), and `render` must be
/// a pure function of the component and the region: whatever one render needs that changes (scratch memory, running
/// sums, intermediate results) lives in that render's `RenderContext`, never in the component, so one chain can be
/// rendered by any number of tasks at once. Everything else (`rendered()`, drawing, the chaining methods) is built
/// on these requirements in extensions. ARCHITECTURE.md explains the render plan these requirements feed.
///
/// Initialisers and chaining methods never throw: a component built with a meaningless parameter (NaN, a negative
/// size, …) keeps the problem as its `parameterError` and has an empty extent, and rendering or drawing it throws
/// that error (see `ParameterCheck` for the rule and the limits large values are clamped to).
public protocol ImageComponent: Sendable {
  /// The pixel rectangle outside which the component is fully transparent. It may start at negative coordinates,
  /// and is `IntRect.infinite` for generators that cover the plane.
  var extent: IntRect { get }

  /// The components this component reads, in input order: input number `index` of an `InputDemand` and of
  /// `RenderContext.render(_:_:input:)` is `inputs[index]`. Leaves have none (the default). The plan walks the graph
  /// from these, before any region is asked for.
  var inputs: [any ImageComponent] { get }

  /// Which node of a render graph this component is (see `ComponentIdentity`): made from its type, its inputs and
  /// the parameters that determine its pixels, best when the component is built, so that reading it costs nothing
  /// however deep the graph below it is. The default, for a component that does not say, is a node of its own.
  var identity: ComponentIdentity { get }

  /// The regions of its inputs this component asks for (through its context) when it renders `region`: what the
  /// renderer's plan is built from before any pixel is computed, as Core Image's ROI callbacks and Skia's
  /// `onGetInputLayerBounds` are. Leaves return nothing (the default).
  ///
  /// A decorator should compute these with the same helper its `render` uses, so that the two cannot disagree. A
  /// decorator that does not declare its demand still renders correctly; only the inputs below it lose the plan's
  /// optimisations (a large blur below it is then computed tile by tile).
  func inputDemands(for region: IntRect) -> [InputDemand]

  /// Renders the pixels of `region` (which may reach outside `extent`; those pixels are transparent) into a new
  /// raster of exactly `region`'s size, pixel (0, 0) being the region's top-left.
  ///
  /// Ask inputs for pixels with `context.render(_:_:)` or `context.renderClipped(_:_:)`, never with their `render`
  /// directly, so that tracing and limits apply.
  /// Throwing: untyped, so that a decorator of yours can throw its own errors; the renderer hands them to its
  /// caller as `RenderError.failed`, naming the component.
  /// - Throws: `RenderError` (its `.raster` case when a region exceeds the pixel limit), or an error of your own.
  func render(_ region: IntRect, context: RenderContext) throws -> Raster

  /// The first meaningless parameter of this component or of any component it is built on, as
  /// `RenderError.invalidParameter`; `nil` when every parameter is usable. `rendered(…)` and the draw calls throw
  /// it before rendering anything.
  ///
  /// The default is `nil`. A decorator reports its own problem, else its inputs': `problem ?? input.parameterError`.
  var parameterError: RenderError? { get }
}

/// Why rendering failed: what `rendered()`, `Renderer.render` and the draw calls throw.
///
/// A component's own `render` may throw any error (the protocol requirement is untyped so that your decorators
/// can throw theirs); the renderer hands it on as `.failed`, naming the component, with the error itself inside.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The whole of a component with an infinite extent was asked for; give a region (or crop it first).
  case infiniteExtent(component: String)
  /// The component covers no pixels, so there is nothing to render.
  case emptyExtent(component: String)
  /// A parameter that makes the component meaningless (a singular matrix, a zero scale, …).
  case invalidParameter(component: String, reason: String)
  /// A component was asked for a region with more pixels than the limit: a stage computed once for the whole
  /// render (a large blur), or a region a decorator asks of its input (a strong shrink asks for a large one). It
  /// names the component asked.
  case stageTooLarge(component: String, width: Int, height: Int, limit: Int)
  /// The output could not be made, or a component's own raster: over the renderer's pixel limit
  /// (`RasterError.tooLarge`) or otherwise unusable.
  case raster(RasterError)
  /// The task awaiting an `async` render was cancelled; the render stopped between tiles and its result is gone.
  case cancelled
  /// A component's `render` threw an error of its own (one that is none of the above), handed on unchanged. Its
  /// description names the component, unless the error names the file it is about (a `SourceError`).
  case failed(component: String, error: any Error)

  /// `error` as a `RenderError`: itself if it is one, `.raster` for a `RasterError`, else `.failed` naming
  /// `component`.
  static func wrapping(_ error: any Error, in component: @autoclosure () -> String) -> RenderError {
    switch error {
    case let error as RenderError: return error
    case let error as RasterError: return .raster(error)
    default: return .failed(component: component(), error: error)
    }
  }

  /// Two `.failed` errors are equal when they name the same component and describe their errors alike (an
  /// `any Error` has no equality of its own); every other case compares its values.
  public static func == (lhs: RenderError, rhs: RenderError) -> Bool {
    switch (lhs, rhs) {
    case (.infiniteExtent(let a), .infiniteExtent(let b)), (.emptyExtent(let a), .emptyExtent(let b)): return a == b
    case (.invalidParameter(let a, let x), .invalidParameter(let b, let y)): return a == b && x == y
    case (.stageTooLarge(let a, let w, let h, let l), .stageTooLarge(let b, let v, let g, let m)):
      return a == b && w == v && h == g && l == m
    case (.raster(let a), .raster(let b)): return a == b
    case (.cancelled, .cancelled): return true
    case (.failed(let a, let x), .failed(let b, let y)): return a == b && "\(x)" == "\(y)"
    default: return false
    }
  }

  public var description: String {
    switch self {
    case .infiniteExtent(let component):
      return "\(component) covers the whole plane: crop it or give a region to render"
    case .emptyExtent(let component):
      return "\(component) covers no pixels"
    case .invalidParameter(let component, let reason):
      return "\(component): \(reason)"
    case .stageTooLarge(let component, let width, let height, let limit):
      return "\(component): needs a region of \(width)x\(height) pixels at once, over the limit of \(limit) pixels"
    case .raster(let error):
      return error.description
    case .cancelled:
      return "the render was cancelled"
    case .failed(let component, let error):
      // A decoder's error names its file, which is what the user must look at (see `SourceError`).
      if let error = error as? any SourceError, error.source != nil { return "\(error)" }
      return "\(component): \(error)"
    }
  }
}

/// One input region a component will ask for: input number `index` (as passed to `RenderContext.render`), the
/// component asked, and the region.
public struct InputDemand: Sendable {
  public var index: Int
  public var component: any ImageComponent
  public var region: IntRect

  public init(_ component: any ImageComponent, _ region: IntRect, input index: Int = 0) {
    self.index = index
    self.component = component.unwrapped
    self.region = region
  }
}

extension ImageComponent {
  /// No inputs: a leaf.
  public var inputs: [any ImageComponent] { [] }

  /// A node of its own: a component that does not give its identity is computed once for each consumer that asks
  /// for it, never confused with another.
  public var identity: ComponentIdentity { .unique() }

  /// No inputs: a leaf.
  public func inputDemands(for region: IntRect) -> [InputDemand] { [] }

  /// `nil`: a component without parameters of its own, or whose initialiser refuses nothing, has no problem.
  public var parameterError: RenderError? { nil }

  /// Renders `region` (by default the whole extent) into a raster, in tiles on all cores, blocking the calling
  /// thread until it is done. From a task, `await` the `async` form instead.
  ///
  /// - Throws: `RenderError.invalidParameter` (the component's `parameterError`), `.infiniteExtent` for an
  ///   unbounded component without a region, `.emptyExtent`, `.raster` if the region exceeds the renderer's pixel
  ///   limit, or `.failed` for an error a component threw.
  public func rendered(_ region: IntRect? = nil, renderer: Renderer = Renderer()) throws(RenderError) -> Raster {
    try renderer.render(self, region: region)
  }

  /// Renders `region` (by default the whole extent) as the blocking `rendered` does, on the renderer's threads
  /// rather than the caller's, so awaiting it holds no thread of Swift's concurrency pool. Cancelling the awaiting
  /// task stops the render between tiles and throws `RenderError.cancelled`.
  ///
  /// A name of its own, not an `async` overload of `rendered`: Swift resolves `try await chain.rendered()` in
  /// top-level code (a `main.swift`) to the blocking form, with only a warning, so a shared name would silently
  /// block and ignore cancellation there.
  ///
  /// - Throws: as the blocking form, and `.cancelled`.
  public func renderedAsync(_ region: IntRect? = nil, renderer: Renderer = Renderer()) async throws(RenderError)
    -> Raster
  {
    try await renderer.renderAsync(self, region: region)
  }

  /// The `async` render under the blocking form's name, which top-level code resolves to the blocking one.
  @available(*, deprecated, renamed: "renderedAsync(_:renderer:)")
  public func rendered(_ region: IntRect? = nil, renderer: Renderer = Renderer()) async throws(RenderError)
    -> Raster
  {
    try await renderedAsync(region, renderer: renderer)
  }
}
