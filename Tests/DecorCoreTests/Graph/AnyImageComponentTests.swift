import Testing

import Decor
import DecorTestSupport

/// `AnyImageComponent`: conditional chains read naturally, and the render sees through the wrapper.
@Suite struct AnyImageComponentTests {
  static func photo() throws -> Raster {
    var raster = try Raster(width: 48, height: 32)
    for y in 0..<32 { for x in 0..<48 { raster[x, y] = RGBA8(r: UInt8(x * 5), g: UInt8(y * 7), b: 90, a: 255) } }
    return raster
  }

  /// A chain built with conditions, one step erased at a time, renders exactly as the same chain built plainly,
  /// with the same plan (the large blur still computed once, the raster still a leaf).
  @Test(arguments: [false, true]) func aConditionalChainRendersAsThePlainOne(tilted: Bool) throws {
    let photo = try Self.photo()
    var card = photo.erased()
    if tilted { card = card.rotated(by: .degrees(-6)).erased() }
    let erased = card.blurred(sigma: 12).padded(by: 4, color: .white).erased()
    let plain: any ImageComponent = tilted
      ? photo.rotated(by: .degrees(-6)).blurred(sigma: 12).padded(by: 4, color: .white)
      : photo.blurred(sigma: 12).padded(by: 4, color: .white)
    let renderer = Renderer(tileSize: 16, threads: 2)
    #expect(try erased.rendered(renderer: renderer) == plain.rendered(renderer: renderer))
    let erasedPlan = try renderer.plan(erased).stages.map(\.description)
    let plainPlan = try renderer.plan(plain).stages.map(\.description)
    #expect(erasedPlan == plainPlan)
    #expect(try renderer.plan(erased).stages.contains { $0.materialised })
  }

  @Test func erasingTwiceKeepsOneWrapperAndTheDescription() throws {
    let rotated = try Self.photo().rotated(by: .degrees(30))
    let twice = AnyImageComponent(rotated.erased())
    #expect(!(twice.base is AnyImageComponent))
    #expect(twice.description == rotated.description && twice.extent == rotated.extent)
    let ternary = Bool.random() ? rotated.erased() : rotated.padded(by: 1).erased()
    #expect(ternary.parameterError == nil)
    // A wrapped problem is still the component's problem.
    #expect(rotated.scaled(by: 0).erased().parameterError != nil)
  }
}
