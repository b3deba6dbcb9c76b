/// The input with its alpha (and so, premultiplied, every channel) multiplied by a factor in 0…1, rounded to
/// nearest. Factors outside 0…1 are clamped.
public struct Opacity: ImageComponent, CustomStringConvertible {
  public let input: any ImageComponent
  public let amount: Double

  public init(_ input: any ImageComponent, amount: Double) {
    self.input = input
    self.amount = amount.isNaN ? 1 : min(1, max(0, amount))
  }

  public var extent: IntRect { amount == 0 ? IntRect(x: 0, y: 0, width: 0, height: 0) : input.extent }

  /// Pixel by pixel: the same region.
  public func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    var pixels = try context.render(input, region)
    if amount == 1 { return pixels }
    let factor = Float(amount)
    pixels.withUnsafeMutableBytes { bytes in
      let p = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
      for i in 0..<bytes.count / 4 where p[i] != 0 {
        p[i] = PixelMath.pack(PixelMath.unpack(p[i]) * factor)
      }
    }
    return pixels
  }

  public var description: String { "opacity \(amount)" }
}

extension ImageComponent {
  /// This component with its alpha multiplied by `amount` (0…1).
  public func opacity(_ amount: Double) -> Opacity { Opacity(self, amount: amount) }
}
