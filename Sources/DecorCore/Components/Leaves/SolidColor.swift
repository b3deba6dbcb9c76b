/// One colour covering the whole plane (a generator: its extent is infinite, so crop it or render a region), or a
/// rectangle of it (`init(_:extent:)`).
public struct SolidColor: ImageComponent, CustomStringConvertible {
  /// The colour every pixel gets.
  public let color: Color
  /// Where the colour lies: `IntRect.infinite` for the whole plane, else a rectangle, transparent outside.
  public let extent: IntRect
  private let pixel: RGBA8

  /// A plane of `color`, rounded to 8 bits and premultiplied as `Color.premultiplied` describes.
  public init(_ color: Color) {
    self.init(color, extent: .infinite)
  }

  /// `color` over `extent` and transparent elsewhere: the same pixels as `SolidColor(color).cropped(to: extent)`,
  /// in one node of a render's plan rather than two (a scene's colour layers are this).
  public init(_ color: Color, extent: IntRect) {
    self.color = color
    self.extent = extent
    pixel = color.premultiplied
  }

  public var identity: ComponentIdentity {
    extent == .infinite
      ? ComponentIdentity(Self.self, parameters: [color])
      : ComponentIdentity(Self.self, parameters: [color, extent])
  }

  /// Fills `region` with the colour where it meets the extent, transparent elsewhere.
  /// - Throws: `RasterError` if `region` is empty or over the context's pixel limit.
  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    let inside = region.intersection(extent)
    // At 8 bits a region all inside starts filled; otherwise the colour is filled in at the render's precision (at
    // 16 bits from the colour's own components, not its 8-bit rounding widened).
    if inside == region && context.format == .rgba8 {
      return try Raster(width: region.width, height: region.height, fill: pixel, pixelLimit: context.pixelLimit)
    }
    var output = try Raster(width: region.width, height: region.height, format: context.format,
      pixelLimit: context.pixelLimit)
    output.fill(color, in: inside.offsetBy(dx: -region.minX, dy: -region.minY))
    return output
  }

  /// `solid #rrggbb` (or `#rrggbbaa`), and the rectangle when it has one.
  public var description: String { "solid \(color)" + (extent == .infinite ? "" : " over \(extent)") }
}

extension SolidColor: DeepRendering {
  /// Its colour at the render's depth (at 16 bits from the colour's own components).
  package var rendersDeep: Bool { true }
  package var onlyMovesPixels: Bool { false }
}
