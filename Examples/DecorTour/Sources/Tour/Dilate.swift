// The article "Writing your own decorator" quotes this file: keep the two in step.

import Decor

/// Each pixel the brightest of its neighbourhood, channel by channel (a dilation): it reads `reach` pixels around
/// each pixel it writes, so it asks its input for more than the region it renders.
public struct Dilate: ImageComponent, CustomStringConvertible {
  public let input: any ImageComponent
  public let reach: Int

  public init(_ input: any ImageComponent, reach: Int) {
    self.input = input
    self.reach = min(16, max(0, reach))
  }

  /// Bright pixels spread by `reach` on every side, so the extent grows by it.
  public var extent: IntRect { input.extent.insetBy(dx: -reach, dy: -reach) }

  /// The part of the input read for `region`: the region grown by the reach.
  func inputRegion(for region: IntRect) -> IntRect { region.insetBy(dx: -reach, dy: -reach) }

  public func inputDemands(for region: IntRect) -> [InputDemand] {
    let asked = inputRegion(for: region).intersection(input.extent)
    return asked.isEmpty ? [] : [InputDemand(input, asked)]
  }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    var output = try Raster(width: region.width, height: region.height)
    guard let source = try context.renderClipped(input, inputRegion(for: region)) else {
      return output  // the input has nothing here: transparent
    }
    // source.rect is where source.raster's pixels are, in the input's coordinates.
    let pixels = source.raster
    for y in 0..<region.height {
      for x in 0..<region.width {
        var brightest = RGBA8.clear
        for dy in -reach...reach {
          for dx in -reach...reach {
            let sx = region.minX + x + dx - source.rect.minX
            let sy = region.minY + y + dy - source.rect.minY
            guard sx >= 0, sy >= 0, sx < pixels.width, sy < pixels.height else { continue }
            let p = pixels[sx, sy]
            // The maximum of premultiplied pixels is premultiplied: no channel exceeds the largest alpha.
            brightest = RGBA8(r: max(brightest.r, p.r), g: max(brightest.g, p.g), b: max(brightest.b, p.b),
              a: max(brightest.a, p.a))
          }
        }
        output[x, y] = brightest
      }
    }
    return output
  }

  public var description: String { "dilate \(reach)" }
}
