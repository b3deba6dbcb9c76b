import Testing

import Decor
import DecorTestSupport

/// Calls that compiled against earlier releases and were renamed since: each still compiles (as a deprecated alias)
/// and does what its new name does. Not `@testable`: these are a user's calls.
@Suite struct PreviousReleaseTests {
  @available(*, deprecated, message: "calls renamed API on purpose")
  static func previousCalls(_ image: Raster) throws -> [(old: Raster, new: Raster)] {
    [
      (try image.dropShadow(offset: Point(3, 2), blur: 2).rendered(),
        try image.addingDropShadow(offset: Point(3, 2), sigma: 2).rendered()),
      (try image.dropShadow(offset: Point(3, 2), sigma: 2, spread: 1).rendered(),
        try image.addingDropShadow(offset: Point(3, 2), sigma: 2, spread: 1).rendered()),
      (try image.dropShadow(radius: 5, opacity: 0.7, only: true).rendered(),
        try image.addingDropShadow(radius: 5, opacity: 0.7, only: true).rendered()),
      (try image.innerShadow(sigma: 2, color: .white).rendered(),
        try image.addingInnerShadow(sigma: 2, color: .white).rendered()),
      (try image.innerShadow(offset: Point(-2, 1), radius: 3).rendered(),
        try image.addingInnerShadow(offset: Point(-2, 1), radius: 3).rendered()),
      (try image.opacity(0.4).rendered(), try image.multiplyingOpacity(by: 0.4).rendered()),
      (try image.background(.white).rendered(), try image.flattened(onto: .white).rendered()),
      (try DropShadow(image, blur: 3, opacity: 0.8).rendered(), try DropShadow(image, sigma: 3, opacity: 0.8).rendered()),
      (try image.innerShadow(blur: 2).rendered(), try image.addingInnerShadow(sigma: 2).rendered()),
      (try InnerShadow(image, offset: Point(1, 1), blur: 1.5).rendered(),
        try InnerShadow(image, offset: Point(1, 1), sigma: 1.5).rendered()),
    ]
  }

  @available(*, deprecated, message: "calls renamed API on purpose")
  @Test func renamedCallsStillCompileAndAgree() throws {
    let image = try Raster(width: 24, height: 16, fill: RGBA8(r: 50, g: 128, b: 230, a: 255)).padded(by: 6)
      .rendered()
    for (old, new) in try Self.previousCalls(image) { #expect(old == new) }
  }

  /// Core Image's order: `a.composited(over: b)` is `b.blended(with: a)` with `a` left where its extent is.
  @Test func compositedOverIsBlendedWithReversed() throws {
    let backdrop = try Raster(width: 30, height: 20, fill: RGBA8(r: 50, g: 128, b: 230, a: 255))
    let top = try Raster(width: 10, height: 8, fill: RGBA8(r: 120, g: 0, b: 0, a: 160)).translated(by: Point(7, 5))
    for mode in [BlendMode.normal, .multiply, .screen] {
      let ours = try top.composited(over: backdrop, mode: mode, opacity: 0.7).rendered()
      // `blended(with:)` places its image's top-left at `at:` from the backdrop's (the `blend` step's placement).
      #expect(ours == (try backdrop.blended(with: top, mode: mode, opacity: 0.7, at: Point(7, 5)).rendered()))
      #expect(ours.width == 30 && ours.height == 20)
    }
    let group = Group([Layer(backdrop), Layer(top)])
    #expect(try top.composited(over: backdrop).rendered() == group.rendered())
  }

  /// Signatures that later releases extended stay as they were, so code naming them (a function reference, not only
  /// a call) still builds: `resized`, `Resizing.init` and `SceneLayer.init` before gravity, shrink-only and fit.
  @Test func extendedSignaturesStillNameTheOldOnes() throws {
    let image = try Raster(width: 30, height: 20, fill: RGBA8(r: 50, g: 128, b: 230, a: 255))
    let resized: (Int?, Int?, Resizing.Fit, Interpolation) -> Resizing = image.resized(width:height:fit:interpolation:)
    let made: (any ImageComponent, Int?, Int?, Resizing.Fit, Interpolation) -> Resizing =
      Resizing.init(_:width:height:fit:interpolation:)
    let layer: (SceneLayer.Content, Int, Int, Int?, Int?, Chain?, BlendMode, Double) -> SceneLayer =
      SceneLayer.init(_:x:y:width:height:chain:blendMode:opacity:)
    #expect(try resized(12, 12, .cover, .bicubic).rendered() == image.resized(width: 12, height: 12, fit: .cover,
      gravity: .center).rendered())
    #expect(try made(image, 12, nil, .fill, .bilinear).rendered() == image.resized(width: 12, height: nil,
      interpolation: .bilinear, shrinkOnly: false).rendered())
    #expect(layer(.color(.white), 1, 2, 3, 4, nil, .normal, 1) == SceneLayer(.color(.white), x: 1, y: 2, width: 3,
      height: 4, fit: nil))
  }

  /// The decoder registry's and the TIFF decoder's signatures from before pages could be read as frames, named by
  /// reference, reading the first page as they did.
  @Test func signaturesBeforeAllPagesStillNameTheOldOnes() throws {
    let registry: (Bool) -> DecoderRegistry = DecoderRegistry.standard(autoOrient:)
    #expect(registry(false).decoders.map(\.name) == DecoderRegistry.standard.decoders.map(\.name))
    #if TIFF
      let tiff: (Bool) -> TIFFDecoder = TIFFDecoder.init(autoOrient:)
      #expect(tiff(false).framesArePages && !tiff(false).allPages && !tiff(false).autoOrient)
    #endif
  }
}
