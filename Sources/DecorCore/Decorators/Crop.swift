/// The part of the input inside a rectangle (in the input's coordinates); transparent elsewhere.
///
/// The extent is the rectangle clipped to the input's extent, and only that part of the input is ever rendered:
/// a crop after a rotation never computes the rotated pixels that are cut away. Any rectangle is accepted (`IntRect`
/// keeps its edges within ±2^42); one that misses the input gives an empty extent.
public struct Crop: ImageComponent, CustomStringConvertible, LinkedComponent {
  public let input: any ImageComponent
  public let rect: IntRect
  public let identity: ComponentIdentity
  public let extent: IntRect
  /// Its inputs again, declared last: what releases a long chain without recursion (see `InputLink`).
  package let inputLink: InputLink

  public init(_ input: any ImageComponent, to rect: IntRect) {
    self.input = input
    self.rect = rect
    extent = input.extent.intersection(rect)
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [rect])
    parameterError = input.parameterError
    inputLink = InputLink([input])
  }

  /// Its own problem, else its input's: found when built, so that reading it costs nothing however deep the graph.
  public let parameterError: RenderError?

  /// The part of `region` inside the crop, if any.
  func inputRegion(for region: IntRect) -> IntRect? {
    let inside = region.intersection(extent)
    return inside.isEmpty ? nil : inside
  }

  public var inputs: [any ImageComponent] { [input] }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    inputRegion(for: region).map { [InputDemand(input, $0)] } ?? []
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    let inside = inputRegion(for: region)
    if inside == region { return try context.render(input, region) }
    var output = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    guard let inside else { return output }
    let pixels = try context.render(input, inside)
    output.copy(pixels, from: pixels.bounds, toX: inside.minX - region.minX, y: inside.minY - region.minY)
    return output
  }

  public var description: String { "crop \(rect)" }
}

extension Crop: DeepRendering {
  /// A crop copies pixels, at any depth.
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { true }
}

extension ImageComponent {
  /// This component cut to `rect` (absolute coordinates, like its extent).
  public func cropped(to rect: IntRect) -> Crop { Crop(self, to: rect) }

  /// The `width` × `height` part of this component where `gravity` says (`center` the middle, `north` the top
  /// centre; whole pixels, rounded down), as ImageMagick's `-gravity G -crop WxH+0+0`; a side larger than the
  /// extent's keeps all of it on that axis. An input without a finite extent is cropped from its origin.
  public func cropped(width: Int, height: Int, gravity: Gravity) -> Crop {
    cropped(width: width, height: height, gravity: gravity, x: 0, y: 0)
  }

  /// The `width` × `height` part of this component where `gravity` says, moved by `x`, `y` from there, as
  /// ImageMagick's `-gravity G -crop WxH+X+Y`: the rectangle is cut to the extent (a side larger than the extent's
  /// keeps all of it on that axis), and is empty when it misses it. An input without a finite extent is cropped
  /// from its origin.
  public func cropped(width: Int, height: Int, gravity: Gravity, x: Int, y: Int) -> Crop {
    Crop(self, to: Crop.rect(in: extent, width: width, height: height, gravity: gravity, x: x, y: y))
  }
}

extension Crop {
  /// The rectangle of `cropped(width:height:gravity:x:y:)` in `extent` (and the `crop` step's, with a gravity).
  package static func rect(in e: IntRect, width: Int, height: Int, gravity: Gravity, x: Int, y: Int) -> IntRect {
    guard !e.isEmpty, !e.isInfinite else { return IntRect(x: x, y: y, width: width, height: height) }
    guard width >= 1, height >= 1 else { return IntRect(x: e.minX, y: e.minY, width: width, height: height) }
    let at = gravity.offset(placing: (min(width, e.width), min(height, e.height)), in: (e.width, e.height))
    return IntRect(x: e.minX + at.x, y: e.minY + at.y, width: width, height: height).offsetBy(dx: x, dy: y)
      .intersection(e)
  }
}
