#if GIF
import Foundation
import Testing

import Decor
import DecorTestSupport

/// The budget of pixels an animation's frames hold together, from Swift: checked by the opening of an input whose
/// every frame will be read before anything of it is decoded, by `animation(…)`, and by each item of a batch
/// written as an animation; an item written as a still image decodes one frame and is not refused.
@Suite struct AnimationBudgetTests {
  static func isFramesTooLarge(_ error: any Error) -> Bool {
    if case .framesTooLarge(_, 10, 64, 64, 40_000)? = error as? CodecError { return true }
    return false
  }

  @Test func openedImageAnimationAndBatchAreBounded() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decor-budget-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("small.gif").path
    try Data(HostileFiles.gif(width: 64, height: 64, frames: 10)).write(to: URL(fileURLWithPath: path))

    #expect { _ = try OpenedImage(contentsOfFile: path, totalPixelLimit: 40_000) } throws: { Self.isFramesTooLarge($0) }
    let opened = try OpenedImage(contentsOfFile: path, totalPixelLimit: 40_960)
    #expect(opened.frameCount == 10)
    #expect { _ = try opened.animation(totalPixelLimit: 40_000) } throws: { Self.isFramesTooLarge($0) }
    #expect(try opened.animation()?.totalPixelLimit == Animation.defaultTotalPixelLimit)

    for (format, fails) in [("gif", true), ("png", false)] {
      let batch = try Batch(chain: Chain(), inputs: [path], outputFolder: folder.appendingPathComponent(format).path,
        format: format)
      let failures = batch.run(jobs: 2, totalPixelLimit: 40_000)
      #expect(failures.count == (fails ? 1 : 0), "\(format)")
      if let failure = failures.first { #expect(Self.isFramesTooLarge(failure.error)) }
    }
  }
}
#endif
