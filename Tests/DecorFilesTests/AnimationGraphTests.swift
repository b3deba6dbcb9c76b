import Foundation
import Synchronization
import Testing

import Decor
import DecorTestSupport

/// A graph built once over an animation's `frame` and rendered for every frame: the same pixels as a decoration made
/// again for each frame, the chain built once, (`Tests/Fixtures/Animation/make.py` makes the
/// fixtures).
@Suite struct AnimationGraphTests {
  static func path(_ name: String) -> String { AnimationWritingTests.path(name) }

  /// The graph over `frame` gives the bytes the same chain applied to each frame's raster gives, through a resize, a
  /// shadow, a text and a blend of the frame with itself (the frame reached twice).
  @Test(arguments: ["gif", "webp"])
  func aGraphBuiltOnceGivesWhatEachFrameGives(format: String) throws {
    let chain = try Chain(parsing: ["resize 200% | shadow 4 4 radius=3 | text Hi size=20 gravity=southeast margin=4"
      + " | rotate 10"])
    let animation = try Animation(contentsOfFile: Self.path("three.gif"))
    let encoder: any ImageEncoder = format == "gif" ? try EncoderRegistry.standard.encoder(forFormat: "gif")
      : .webp(lossless: true)
    let graph = try chain.apply(to: animation.frame)
    let once = try animation.encoded(as: encoder, graph: graph)
    let each = try animation.encoded(as: encoder) { frame in try chain.apply(to: frame) }
    #expect(once == each)
    let written = try Animation(decoding: once)
    #expect(written.frameCount == 3 && written.delays == [100, 200, 300])
    // Not the first frame three times: each frame is its own.
    let frames = try AnimationWritingTests.frames(written).map(\.raster)
    #expect(frames[0] != frames[1] && frames[1] != frames[2])
  }

  /// `frame` alone is each frame as it is, written without a render.
  @Test func theFrameAloneIsEachFrame() throws {
    let animation = try Animation(contentsOfFile: Self.path("three.gif"))
    let written = try Animation(decoding: try animation.encoded(as: .webp(lossless: true), graph: animation.frame))
    for (index, frame) in try AnimationWritingTests.frames(written).enumerated() {
      #expect(frame.raster == (try Raster(contentsOfFile: Self.path("three-frame-\(index + 1).png"))))
    }
  }

  /// `decor apply` and `batch` build the chain once for an animation, not once a frame: a step that counts its
  /// builds is built once for three frames, and the three frames are written.
  @Test func theChainIsBuiltOncePerAnimation() throws {
    let builds = Atomic<Int>(0)
    var registry = FilterRegistry.standard
    try registry.register(Filter("counted", summary: "a test filter that counts its builds", arguments: []) {
      _, input in
      builds.add(1, ordering: .relaxed)
      return input.blurred(radius: 2)
    })
    let chain = try Chain(parsing: ["resize 50% | counted"], registry: registry)
    let opened = try OpenedImage(contentsOfFile: Self.path("three.gif"))
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.webp").path
    let loaded = try LoadedChain(chain, decoders: .standard, pixelLimit: Raster.defaultPixelLimit)
    var graphs = 0
    let result = try opened.writeAnimation(through: loaded, colorSpace: .convertWhenMixed, to: output,
      as: .webp(lossless: true), strip: false, renderer: Renderer()) { _ in graphs += 1 }
    #expect(result?.framesWritten == 3)
    #expect(builds.load(ordering: .relaxed) == 1 && graphs == 1)
    // Each frame through it: the frames as the chain makes each of them.
    let written = try AnimationWritingTests.frames(try Animation(contentsOfFile: output))
    for (index, frame) in written.enumerated() {
      let source = try Raster(contentsOfFile: Self.path("three-frame-\(index + 1).png"))
      #expect(frame.raster == (try chain.apply(to: source).rendered()))
    }
    // A still image is not written here: the caller writes it.
    let still = try OpenedImage(contentsOfFile: Self.path("three-frame-1.png"))
    #expect(try still.writeAnimation(through: loaded, colorSpace: .convertWhenMixed, to: output,
      as: .webp(lossless: true), strip: false, renderer: Renderer()) == nil)
  }

  /// A slot rendered outside a render that binds it, or bound to an image of another size: typed errors.
  @Test func anUnboundOrMisfitFrameIsAnError() throws {
    let animation = try Animation(contentsOfFile: Self.path("three.gif"))
    let graph = animation.frame.blurred(radius: 1)
    #expect(throws: RenderError.self) { _ = try graph.rendered() }
    let other = try Animation(contentsOfFile: Self.path("three.webp"))
    // A graph over another animation's frame has no image in this animation's writes.
    #expect(throws: CodecError.self) { _ = try other.encoded(as: .webp(lossless: true), graph: graph) }
    #expect(throws: RenderError.self) {
      _ = try Renderer().binding(animation.slot, to: try Raster(width: 3, height: 3))
    }
  }
}
