// The article "Writing your own decorator" quotes this file: keep the two in step.

import Decor

/// Each channel reduced to `levels` evenly spaced values (2…255), on straight colour.
public struct Posterize: ImageComponent, CustomStringConvertible {
  public let input: any ImageComponent
  public let levels: Int
  /// Which node of a render graph this is, made once here from what determines the pixels.
  public let identity: ComponentIdentity

  public init(_ input: any ImageComponent, levels: Int) {
    self.input = input
    self.levels = min(255, max(2, levels))
    identity = ComponentIdentity(Self.self, inputs: [input], parameters: [self.levels])
  }

  public var extent: IntRect { input.extent }

  /// The one input, input number 0.
  public var inputs: [any ImageComponent] { [input] }

  /// Pixel by pixel: each region needs the same region of the input.
  public func inputDemands(for region: IntRect) -> [InputDemand] { [InputDemand(input, region)] }

  public func render(_ region: IntRect, context: RenderContext) throws -> Raster {
    // Ask through the context, never `input.render` directly: the plan, tracing and limits depend on it.
    var pixels = try context.render(input, region)
    let step = 255.0 / Double(levels - 1)
    for y in 0..<pixels.height {
      for x in 0..<pixels.width {
        let (r, g, b, a) = pixels[x, y].straight
        func level(_ c: UInt8) -> UInt8 { UInt8((Double(c) / step).rounded() * step) }
        pixels[x, y] = RGBA8(straightRed: level(r), green: level(g), blue: level(b), alpha: a)
      }
    }
    return pixels
  }

  public var description: String { "posterize \(levels)" }
}

extension ImageComponent {
  /// This component with each channel reduced to `levels` values.
  public func posterized(levels: Int) -> Posterize { Posterize(self, levels: levels) }
}

/// The standard filters and `posterize N`, a step of the chain language.
public func registryWithPosterize() throws -> FilterRegistry {
  var registry = FilterRegistry.standard
  try registry.register(Filter(
    "posterize", summary: "reduce each channel to N levels",
    arguments: [FilterArgument("levels", .integer(2...255), required: true, help: "levels per channel")]
  ) { arguments, input in
    input.posterized(levels: arguments.integer("levels") ?? 2)
  })
  return registry
}

/// Set the registry once for a scope: every parse in it (templates included) knows `posterize`.
public func posterizedFromSteps(_ photo: Raster) throws -> Raster {
  let chain = try registryWithPosterize().whileCurrent { () throws(ChainError) in
    try Chain(parsing: ["resize 240x_ | posterize 4"])
  }
  return try chain.apply(to: photo).rendered()
}
