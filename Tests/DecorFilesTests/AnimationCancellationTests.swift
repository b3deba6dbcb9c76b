import Foundation
import Synchronization
import Testing

import Decor
import DecorTestSupport

/// Cancelling the task awaiting `Animation.writeAsync(to:as:…)` stops the write, as its documentation promises: the
/// call throws `CodecError.render(.cancelled)` at the next read of the input, tile of a render or write of the
/// output after the cancellation, and the file at the path is left as it was (none when there was none, the old
/// bytes when there was one), with no temporary file beside it. The cancellation comes from inside the write,
/// when the third frame is handed to `eachFrame`, so it falls at the same point of the animation on any machine.
@Suite struct AnimationCancellationTests {
  /// The frame whose decoration cancels the task, and how many frames of the 60 the write ever asked for.
  static let cancellingFrame = 3
  static let frameCount = 60

  /// The task to cancel, known to the frames' decoration, and how many frames it was given.
  final class Control: Sendable {
    let task = Mutex<Task<AnimationWriteResult, any Error>?>(nil)
    let framesDecorated = Atomic<Int>(0)
  }

  /// A GIF of 60 frames of 32×24, each a colour of its own, 20 ms each, looping: written by Decor's GIF encoder.
  static func longAnimation(at path: String) throws {
    let sink = ByteSink()
    let writer = try #require(try GIFImageEncoder().animationWriter(width: 32, height: 24, loopCount: 0,
      metadata: .none, destination: path, into: sink))
    for index in 0..<frameCount {
      let color = RGBA8(r: UInt8(index * 4), g: UInt8(255 - index * 4), b: UInt8(index % 2 * 200), a: 255)
      try writer.add(try Raster(width: 32, height: 24, fill: color), delay: 20)
    }
    _ = try writer.finish()
    try Data(sink.bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Writes `animation` to `path` through `encoder` from a task that the third frame's decoration cancels (the
  /// write waits until the task's handle is known): the result, and how many frames were decorated.
  static func cancelledWrite(_ animation: Animation, to path: String, as encoder: any ImageEncoder) async
    -> (Result<AnimationWriteResult, any Error>, framesDecorated: Int)
  {
    let control = Control()
    let task = Task {
      while control.task.withLock({ $0 == nil }) { await Task.yield() }
      return try await animation.writeAsync(to: path, as: encoder) { frame in
        if control.framesDecorated.wrappingAdd(1, ordering: .relaxed).newValue == cancellingFrame {
          control.task.withLock { $0?.cancel() }
        }
        // A decoration that renders: the frame inverted.
        return frame.invert()
      }
    }
    control.task.withLock { $0 = task }
    return (await task.result, control.framesDecorated.load(ordering: .relaxed))
  }

  @Test(arguments: ["gif", "webp"])
  func cancellingStopsTheWriteAndLeavesTheFileAsItWas(format: String) async throws {
    let encoder = try EncoderRegistry.standard.encoder(forFormat: format)
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("long.gif").path
    try Self.longAnimation(at: input)
    let animation = try Animation(contentsOfFile: input)
    #expect(animation.frameCount == Self.frameCount)
    let output = folder.appendingPathComponent("out." + encoder.fileExtensions[0])

    // No file before: none after, and nothing else in the folder.
    let (result, decorated) = await Self.cancelledWrite(animation, to: output.path, as: encoder)
    #expect(throws: CodecError.render(.cancelled), "\(format), new file") { try result.get() }
    #expect(decorated == Self.cancellingFrame, "\(format): \(decorated) frames decorated")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["long.gif"])

    // A file before: its bytes after, and nothing else in the folder.
    try Data([1, 2, 3]).write(to: output)
    let (replacing, replacingDecorated) = await Self.cancelledWrite(animation, to: output.path, as: encoder)
    #expect(throws: CodecError.render(.cancelled), "\(format), old file") { try replacing.get() }
    #expect(replacingDecorated == Self.cancellingFrame, "\(format): \(replacingDecorated) frames decorated")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      == ["long.gif", output.lastPathComponent].sorted())
    #expect(try Fixtures.bytes(output) == [1, 2, 3])
  }

  /// The same write, not cancelled, writes every frame: the cancellation above is what stopped it.
  @Test func theSameWriteUncancelledWritesEveryFrame() async throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("long.gif").path
    try Self.longAnimation(at: input)
    let output = folder.appendingPathComponent("out.webp").path
    let result = try await Animation(contentsOfFile: input).writeAsync(to: output, as: try .webp(quality: 80)) {
      $0.invert()
    }
    #expect(result.framesWritten == Self.frameCount)
    #expect(try Animation(contentsOfFile: output).frameCount == Self.frameCount)
  }
}
