/// The input flattened onto a colour (source-over) within its extent.
public struct Background: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  public let color: Color
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, color: Color) {
    self.input = input
    self.color = color
    extent = input.extent
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [color])
    parameterError = input.parameterError
    inputLink = InputLink([input])
  }

  public var inputs: [any ImageComponent] { [input] }

  /// Pixel by pixel: the same region.
  public func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    let pixels = try context.render(input, region)
    let inside = region.intersection(input.extent)
    var output = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    if !inside.isEmpty {
      output.fill(color, in: inside.offsetBy(dx: -region.minX, dy: -region.minY))
    }
    Compositor.composite(pixels, at: output.bounds, onto: &output, mode: .normal, opacity: 1)
    return output
  }

  public var description: String { "background \(color)" }
}

extension Background: DeepRendering {
  /// Blends premultiplied pixels onto the colour (at the render's precision) at either depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}

extension ImageComponent {
  /// This component flattened onto `color` within its extent (source-over; ImageMagick's `-flatten`, the
  /// `background` step).
  public func flattened(onto color: Color) -> Background { Background(self, color: color) }

  /// `flattened(onto:)` under its first name, a noun where the API names methods for their result.
  @available(*, deprecated, renamed: "flattened(onto:)")
  public func background(_ color: Color) -> Background { flattened(onto: color) }
}
