import Decor

/// A round badge of a colour on a transparent square: the "product" of this example package.
public struct Badge {
  public var color: Color
  public var size: Int

  public init(color: Color, size: Int = 48) {
    self.color = color
    self.size = size
  }

  public func render() throws -> Raster {
    let radius = Double(size) / 2
    let disc = RadialGradient(center: Point(radius, radius), radius: radius, stops: [
      GradientStop(location: 0, color: .white), GradientStop(location: 0.35, color: color),
      GradientStop(location: 0.97, color: color), GradientStop(location: 1, color: .clear),
    ])
    return try disc.rendered(IntRect(x: 0, y: 0, width: size, height: size))
  }
}
