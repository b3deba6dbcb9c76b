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

/// `posterize N`'s one parameter, declared once: its kind and rule (what parsing checks and `decor filters` prints),
/// its help, and how its value is read back, typed.
public let posterizeLevels = StepParameter.integer(
  "levels",
  ParameterRule(range: "2 to 255", unit: "levels", typical: 2...16) { levels, name throws(ParameterError) in
    guard (2...255).contains(levels) else { throw ParameterError(name, "must be from 2 to 255, got \(levels)") }
    return levels
  }, help: "levels per channel")

/// The standard filters and `posterize N`, a step of the chain language.
public func registryWithPosterize() throws -> FilterRegistry {
  var registry = FilterRegistry.standard
  try registry.register(Filter(
    "posterize", summary: "reduce each channel to N levels", arguments: [posterizeLevels.argument]
  ) { arguments, input in
    input.posterized(levels: arguments[posterizeLevels])
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
