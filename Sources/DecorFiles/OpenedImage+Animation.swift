import DecorChain
import DecorCodecs
import DecorCore

extension OpenedImage {
  /// When this image is an animation and `encoder` writes animations (WebP, GIF): every frame through `chain` into
  /// the file at `path`, with the delays and loop count, and what was written; else `nil`, and nothing is read or
  /// written (the caller writes the image as a still one). What `decor apply` and `batch` do with an animation.
  ///
  /// - The chain is applied once, to the animation's `frame`; each frame is rendered through the graph it built (a
  ///   text's layout and the chain's images are made once for the animation, not once a frame).
  /// - Colours as for a still image: when `chain.converts` the input's profile under `colorSpace`, each frame is
  ///   converted to sRGB before it takes its place and goes through `chain.converted`, and the output carries no
  ///   profile; otherwise the frames keep their values and the output the input's profile.
  /// - `strip` writes no metadata.
  /// - An animation whose frames together hold more than `totalPixelLimit` pixels is refused before any frame is
  ///   decoded (`CodecError.framesTooLarge`).
  /// - `beforeRendering` is handed the graph once the chain applied, before any frame is rendered (to save the chain,
  ///   to print its plan).
  ///
  /// - Throws: `ChainError` (a step that cannot apply), `ColorProfileError` (the input's profile cannot be converted),
  ///   what `beforeRendering` throws, what `Animation.write(to:as:graph:metadata:renderer:)` throws.
  package func writeAnimation(
    through chain: LoadedChain, colorSpace: ColorSpaceHandling, to path: String, as encoder: any ImageEncoder,
    strip: Bool, renderer: Renderer, totalPixelLimit: Int = Animation.defaultTotalPixelLimit,
    beforeRendering: (any ImageComponent) throws -> Void = { _ in }
  ) throws -> AnimationWriteResult? {
    guard encoder.writesAnimations,
      let animation = try animation(pixelLimit: renderer.pixelLimit, totalPixelLimit: totalPixelLimit)
    else {
      return nil
    }
    var steps = chain.plain
    var metadata = strip ? ImageMetadata.none : animation.metadata
    var conversion: (@Sendable (Raster) throws -> Raster)?
    if chain.converts(animation.metadata.iccProfile, under: colorSpace) {
      conversion = try frameConversion()
      steps = try chain.converted()
      metadata.iccProfile = nil
    }
    let graph = try steps.apply(to: animation.frame, pixelLimit: renderer.pixelLimit)
    try beforeRendering(graph)
    return try animation.write(to: path, as: encoder, graph: graph, preparing: conversion, metadata: metadata,
      renderer: renderer)
  }
}
