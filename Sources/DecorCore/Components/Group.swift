/// A stack of layers rendered as one component (the Composite pattern): the first layer at the bottom, each next
/// one blended onto what is below it, starting from transparent. Groups nest, since a group is a component.
///
/// The extent is the union of the layers' extents. Each layer is asked only for the part of a region it covers,
/// and its blend mode acts only there (a `copy` layer replaces what is below inside its own extent).
///
/// A layer with an invalid opacity (see `Layer`) covers nothing, and the group reports it as its `parameterError`,
/// so rendering or drawing the group throws `RenderError.invalidParameter`.
public struct Group: ImageComponent, CustomStringConvertible, LinkedComponent {
  public var layers: [Layer] { didSet { summary = Summary(layers) } }

  /// What the group says of itself, worked out from the layers when they are set, so that reading it costs nothing
  /// however deep groups nest: reading it from nested groups each time would recurse as deep as they nest.
  private var summary: Summary

  public init(_ layers: [Layer]) {
    self.layers = layers
    summary = Summary(layers)
  }

  /// The layers' components again, declared after them: what releases deeply nested groups without recursion
  /// (see `InputLink`).
  package var inputLink: InputLink { summary.inputLink }

  /// The extent, identity and first problem of a stack of layers, and the link holding their components.
  private struct Summary: Sendable {
    var extent: IntRect
    var identity: ComponentIdentity
    var parameterError: RenderError?
    var inputLink: InputLink

    init(_ layers: [Layer]) {
      extent = layers.reduce(IntRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.extent) }
      parameterError = layers.lazy.compactMap(\.parameterError).first
      var parameters: [any Hashable & Sendable] = []
      parameters.reserveCapacity(layers.count * 4)
      for layer in layers {
        parameters += [layer.x, layer.y, layer.blendMode, layer.opacity] as [any Hashable & Sendable]
      }
      identity = ComponentIdentity(Group.self, inputs: layers.map(\.component), parameters: parameters)
      inputLink = InputLink(layers.map(\.component))
    }
  }

  public var extent: IntRect { summary.extent }

  /// The first layer's problem, in order.
  public var parameterError: RenderError? { summary.parameterError }

  /// The part of `region` layer `index` covers, in the layer's own coordinates (`nil` when it draws nothing there).
  func layerRegion(_ index: Int, for region: IntRect) -> IntRect? {
    let layer = layers[index]
    let covered = region.intersection(layer.extent)
    guard !covered.isEmpty, layer.opacity > 0 else { return nil }
    return covered.offsetBy(dx: -layer.x, dy: -layer.y)
  }

  /// The layers' components, bottom first: layer `index` is input `index`.
  public var inputs: [any ImageComponent] { layers.map(\.component) }

  /// Made from the layers (each one's component, position, mode and opacity) when they are set.
  public var identity: ComponentIdentity { summary.identity }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    layers.indices.compactMap { index in
      layerRegion(index, for: region).map { InputDemand(layers[index].component, $0, input: index) }
    }
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    for layer in layers where !(layer.opacity.isFinite && layer.opacity >= 0) {
      if let problem = layer.parameterError { throw problem }
    }
    var output: Raster?
    for (index, layer) in layers.enumerated() {
      guard let asked = layerRegion(index, for: region) else { continue }
      let covered = asked.offsetBy(dx: layer.x, dy: layer.y)
      let pixels = try context.render(layer.component, asked, input: index)
      // The first layer drawn over the whole region in source-over or copy at full opacity gives exactly its own
      // pixels (over transparent): they become the output, without clearing one and blending into it.
      if output == nil && covered == region && (layer.blendMode == .normal || layer.blendMode == .copy)
        && Compositor.isFull(layer.opacity, at: context.format)
      {
        output = pixels
        continue
      }
      if output == nil {
        output = try Raster(width: region.width, height: region.height, format: context.format,
          pixelLimit: context.pixelLimit)
      }
      Compositor.composite(pixels, at: covered.offsetBy(dx: -region.minX, dy: -region.minY), onto: &output!,
        mode: layer.blendMode, opacity: layer.opacity)
    }
    return try output
      ?? Raster(width: region.width, height: region.height, format: context.format, pixelLimit: context.pixelLimit)
  }

  public var description: String { "group of \(layers.count) layer\(layers.count == 1 ? "" : "s")" }
}

extension Group: DeepRendering {
  /// Blends premultiplied pixels at either depth (`Compositor`).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
