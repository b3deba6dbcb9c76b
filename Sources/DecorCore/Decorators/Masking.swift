/// The input with every pixel (premultiplied, so colour and alpha alike) multiplied by a mask's value at the same
/// place: its alpha, or with `.luminance` its luminance times its alpha, as CSS `mask-type: luminance` (see
/// `MaskChannel`); with `inverted`, by one minus that. Any component masks: an image, a gradient, a shape.
///
/// - Placement: the mask's top-left goes to the input's top-left (for a mask without one, such as a gradient, its
///   origin does), as `blended(with:)` places its image.
/// - Outside the mask's extent the mask counts as transparent: those pixels of the input become transparent
///   (inverted: they are kept).
/// - The extent is the input's. The mask is asked only for the part of a region it covers.
/// - Alpha masks match ImageMagick's `-compose DstIn -composite` within one level (`ShapeTests`).
public struct Masking: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  /// The mask, before it is placed at the input's top-left.
  public let mask: any ImageComponent
  public let channel: MaskChannel
  /// Whether the input is multiplied by one minus the mask's value.
  public let inverted: Bool
  /// The mask moved to its place, once (every tile's demand and render read it).
  let placedMask: any ImageComponent
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// The input's problem, else the mask's: worked out once here, where the extent needs it, rather than down both
  /// graphs again for every tile.
  public let parameterError: RenderError?
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, by mask: any ImageComponent, channel: MaskChannel = .alpha,
    inverted: Bool = false)
  {
    self.input = input
    self.mask = mask
    self.channel = channel
    self.inverted = inverted
    let to = Blend.origin(input.extent)
    let from = Blend.origin(mask.extent)
    let move = Point(Double(to.x - from.x), Double(to.y - from.y))
    placedMask = move.x == 0 && move.y == 0 ? mask : Translation(mask, placingBy: move)
    parameterError = input.parameterError ?? mask.parameterError
    extent = parameterError == nil ? input.extent : .empty
    identity = ComponentIdentity(Self.self, inputs: [input, placedMask], parameters: [channel, inverted])
    inputLink = InputLink([input, mask, placedMask])
  }

  public var inputs: [any ImageComponent] { [input, placedMask] }

  /// The region of the input, and the part of it the mask covers.
  public func inputDemands(for region: IntRect) -> [InputDemand] {
    let placed = placedMask
    let covered = region.intersection(input.extent).intersection(placed.extent)
    return [InputDemand(input, region)] + (covered.isEmpty ? [] : [InputDemand(placed, covered, input: 1)])
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    if let error = parameterError { throw error }
    var pixels = try context.render(input, region)
    let placed = placedMask
    let covered = region.intersection(input.extent).intersection(placed.extent)
    if covered.isEmpty {
      channel.apply(try Raster(width: 1, height: 1), at: .empty, to: &pixels, region: region, inverted: inverted)
    } else {
      let values = try context.render(placed, covered, input: 1)
      channel.apply(values, at: covered, to: &pixels, region: region, inverted: inverted)
    }
    return pixels
  }

  public var description: String {
    "mask channel=\(channel.rawValue)" + (inverted ? " invert" : "")
  }
}

extension ImageComponent {
  /// This component multiplied by `mask`'s alpha (or with `.luminance`, its luminance times its alpha, as CSS
  /// `mask-type: luminance`), one minus that when `inverted`. The mask's top-left is placed at this component's;
  /// outside the mask's extent counts as transparent. Any component masks: a `LinearGradient` fades an image
  /// (see `Masking`).
  public func masked(by mask: any ImageComponent, channel: MaskChannel = .alpha, inverted: Bool = false) -> Masking {
    Masking(self, by: mask, channel: channel, inverted: inverted)
  }
}

extension Masking: DeepRendering {
  /// The mask's value multiplies in floats at either depth (see `MaskChannel`).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
