#if CLI
import Decor
import Foundation
import Testing

@testable import DecorCLI

/// Colour management from the command line: images of different ICC profiles meet in sRGB in `apply`'s
/// blend steps, `batch` and `compose`; `--colorspace srgb` converts a lone image; the results against libvips'
/// (`Tests/Fixtures/ICC/make.py`).
@Suite final class ColorSpaceCLITests: ScratchFolder {
  static let folder = CLITests.repository.appendingPathComponent("Tests/Fixtures/ICC")
  static func fixture(_ name: String) -> String { folder.appendingPathComponent(name).path }

  let directory: URL

  init() throws { directory = try Self.makeDirectory("decor-colorspace") }
  deinit { removeDirectory() }

  /// The largest difference between two images' premultiplied bytes.
  static func difference(_ path: String, _ reference: String) throws -> Int {
    let (a, b) = (try Raster(contentsOfFile: path), try Raster(contentsOfFile: reference))
    return zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? .max
  }

  @Test func aP3JPEGBlendedOntoAnSRGBPNGMatchesLibvipsInEveryCommand() throws {
    let blend = "blend multiply \(Self.fixture("coffee-p3.jpg"))"
    let reference = Self.fixture("multiply-vips.png")
    let applied = try Decor.run(["apply", Self.fixture("chelsea.png"), blend, "-o", file("apply.png")])
    #expect(applied.status == 0, "\(applied.stderr)")
    #expect(try Self.difference(file("apply.png"), reference) <= 2)
    #expect(try Raster.withMetadata(contentsOfFile: file("apply.png")).metadata.iccProfile == nil, "written as sRGB")
    let batch = try Decor.run(["batch", "--chain", blend, "--output-dir", file("batch"), Self.fixture("chelsea.png")])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(try Self.difference(file("batch/chelsea.png"), reference) <= 2)
    let scene = file("scene.json")
    try Data(#"""
      {"width": 64, "height": 48, "layers": [{"image": "\#(Self.fixture("chelsea.png"))"},
        {"image": "\#(Self.fixture("coffee-p3.jpg"))", "blend": "multiply"}]}
      """#.utf8).write(to: URL(fileURLWithPath: scene))
    let composed = try Decor.run(["compose", scene, "-o", file("compose.png")])
    #expect(composed.status == 0, "\(composed.stderr)")
    #expect(try Self.difference(file("compose.png"), reference) <= 2)
  }

  @Test func aLoneImageKeepsItsProfileUnlessAskedForSRGB() throws {
    let p3 = Self.fixture("display-p3.png")
    #expect(try Decor.run(["apply", p3, "-o", file("kept.png")]).status == 0)
    let kept = try Raster.withMetadata(contentsOfFile: file("kept.png"))
    #expect(try kept.metadata.iccProfile != nil && kept.raster == Raster(contentsOfFile: p3))
    let converted = try Decor.run(["apply", p3, "--colorspace", "srgb", "-o", file("srgb.png")])
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(try Raster.withMetadata(contentsOfFile: file("srgb.png")).metadata.iccProfile == nil)
    #expect(try Self.difference(file("srgb.png"), Self.fixture("display-p3-to-srgb-vips.png")) <= 2)
    // A bad value is refused before any work, naming the choices.
    let refused = try Decor.run(["apply", p3, "--colorspace", "cmyk", "-o", file("no.png")])
    #expect(refused.status == 1 && refused.stderr.contains("auto") && refused.stderr.contains("srgb"))
    #expect(!FileManager.default.fileExists(atPath: file("no.png")))
  }
}
#endif
