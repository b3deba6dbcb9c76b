import Foundation
import Testing

import Decor
import DecorTestSupport

/// A path with a NUL character, given from Swift, is refused by every public call that reads or writes a file: the
/// system would end it at the NUL, so `dir/a\u{0}b.png` would read, create or replace `dir/a`. Here `dir/a` exists
/// (an image, so that a read of it would succeed): it is never read nor changed, and nothing else is made.
@Suite struct NulPathTests {
  let folder: URL
  let image: Raster
  let existing: [UInt8]

  init() throws {
    folder = try Fixtures.temporaryDirectory()
    image = try Raster(width: 2, height: 2, fill: RGBA8(r: 200, g: 10, b: 10, a: 255))
    existing = try image.encoded(as: PNGImageEncoder())
    try Data(existing).write(to: folder.appendingPathComponent("a"))
  }

  var path: String { folder.path + "/a\u{0}b.png" }
  var refusal: CodecError { .io(path: folder.path + "/a\\u0000b.png", detail: "the path contains a NUL character") }

  /// `dir/a` as it was, and alone.
  func expectUntouched(_ call: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try ImageFile.readBytes(atPath: folder.path + "/a") == existing, "\(call)", sourceLocation: sourceLocation)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a"], "\(call)",
      sourceLocation: sourceLocation)
  }

  @Test func everyWriteRefusesIt() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = path
    let refusal = refusal
    #expect(throws: refusal) { try image.write(to: path, as: PNGImageEncoder()) }
    #expect(throws: refusal) { try image.flipped(.horizontal).write(to: path) }
    await #expect(throws: refusal) { try await image.writeAsync(to: path, as: PNGImageEncoder()) }
    await #expect(throws: refusal) { try await image.flipped(.horizontal).writeAsync(to: path) }
    #expect(throws: refusal) { try ImageFile.writeBytes([1], toPath: path) }
    let animation = try Animation(contentsOfFile: Fixtures.root.appendingPathComponent("GIF/animated.gif").path)
    #expect(throws: refusal) { try animation.write(to: path, as: PNGImageEncoder()) }
    #expect(throws: refusal) { try animation.write(to: path, as: PNGImageEncoder(), graph: animation.frame) }
    await #expect(throws: refusal) { try await animation.writeAsync(to: path, as: PNGImageEncoder()) }
    #expect(throws: CodecError.io(path: folder.path + "/t\\u0000.json", detail: "the path contains a NUL character")) {
      try Chain(parsing: "invert").writeTemplate(toFile: folder.path + "/t\u{0}.json")
    }
    try expectUntouched("writes")
  }

  @Test func everyReadRefusesIt() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = path
    let refusal = refusal
    #expect(throws: refusal) { try Raster(contentsOfFile: path) }
    #expect(throws: refusal) { try ImageFile.readBytes(atPath: path) }
    #expect(throws: refusal) { try OpenedImage(contentsOfFile: path) }
    #expect(throws: refusal) { try DecodedImage(contentsOfFile: path) }
    #expect(throws: refusal) { try Animation(contentsOfFile: path) }
    #expect(throws: refusal) { try PNGHeader(contentsOfFile: path) }
    // The decoders and row sources read a path through `ByteSource`, opened as they read.
    #expect(throws: refusal) { try PNGDecoder().decode(contentsOfFile: path, source: "a", pixelLimit: 100) }
    #expect(throws: refusal) { try PNGRowSource(contentsOfFile: path, source: "a") }
    #expect(throws: TemplateError(source: folder.path + "/t\u{0}.json", message: "the path contains a NUL character")) {
      try Chain(contentsOfTemplate: folder.path + "/t\u{0}.json")
    }
    #expect(throws: SceneError(source: folder.path + "/s\u{0}.json", path: "", message: "the path contains a NUL character")) {
      try Scene(contentsOfFile: folder.path + "/s\u{0}.json")
    }
    try expectUntouched("reads")
  }
}
