#if CLI
import Decor
import Foundation
import Testing
import DecorTestSupport

/// A chain of tens of thousands of steps (a long argument, a template, a scene layer's chain) renders from the
/// command line: every walk of the graph it makes, and the reading and saving of the chain, is a loop.
@Suite(.tags(.slow)) final class DeepChainCLITests: ScratchFolder {
  /// 20,000 steps (3,000 under a sanitizer, whose `decor` is many times slower): a debug build's frames are larger
  /// than a release build's, whose main thread 30,000 steps overflowed; 30,000 are timed in a release build.
  static let count = SanitizerRun.count(20_000, sanitized: 3_000)
  /// An even number of flips: the image itself.
  static let steps = Array(repeating: "flip horizontal", count: count)

  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-deep") }
  deinit { removeDirectory() }

  /// Expects `arguments` to succeed and `out.png` to hold the pixels of the test image.
  func expectUnchanged(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try Decor.run(arguments)
    #expect(result.status == 0, "\(result.stderr.prefix(300))", sourceLocation: sourceLocation)
    let written = try Raster(contentsOfFile: file("out.png"))
    #expect(written == (try Raster(contentsOfFile: StepsCLITests.rgba)), sourceLocation: sourceLocation)
    try FileManager.default.removeItem(atPath: file("out.png"))
  }

  @Test func tensOfThousandsOfStepsRenderAsArgumentsATemplateAndASceneChain() throws {
    let input = StepsCLITests.rgba
    // As five arguments of steps joined by `|`, saved as a template on the way.
    let fifth = Self.steps.count / 5
    let arguments = (0..<5).map { Self.steps[$0 * fifth..<($0 + 1) * fifth].joined(separator: " | ") }
    try expectUnchanged(["apply", input] + arguments + ["--save-chain", file("t.json"), "-o", file("out.png")])
    // Read back from the template.
    try expectUnchanged(["apply", input, "--chain", file("t.json"), "-o", file("out.png")])
    // As a scene layer's chain.
    let scene = #"{"width": 32, "height": 32, "layers": [{"image": ""# + input + #"", "chain": ""#
      + Self.steps.joined(separator: " | ") + #""}]}"#
    try Data(scene.utf8).write(to: URL(fileURLWithPath: file("scene.json")))
    try expectUnchanged(["compose", file("scene.json"), "-o", file("out.png")])
  }
}
#endif
