/// One colour covering the whole plane (a generator: its extent is infinite, so crop it or render a region).
public struct SolidColor: ImageComponent, CustomStringConvertible {
  /// The colour every pixel gets.
  public let color: Color
  private let pixel: RGBA8

  /// A plane of `color`, rounded to 8 bits and premultiplied as `Color.premultiplied` describes.
  public init(_ color: Color) {
    self.color = color
    pixel = color.premultiplied
  }

  /// `IntRect.infinite`.
  public var extent: IntRect { .infinite }

  public var identity: ComponentIdentity { ComponentIdentity(Self.self, parameters: [color]) }

  /// Fills `region` with the colour.
  /// - Throws: `RasterError` if `region` is empty or over the context's pixel limit.
  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    try Raster(width: region.width, height: region.height, fill: pixel, pixelLimit: context.pixelLimit)
  }

  /// `solid #rrggbb` (or `#rrggbbaa`).
  public var description: String { "solid \(color)" }
}
