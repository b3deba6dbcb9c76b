#if CLI
import Foundation
import Testing

import Decor
import DecorTestSupport

/// Translucent 8-bit pixels through no step and through the moves (flip, quarter turn, crop, pad, and a chain of
/// them): the render works at 16 bits, so every visible pixel of the written PNG is the file's, as an independent
/// reader (zlib and unfiltering, no libpng) sees them, against the same moves done on the samples here.
@Suite final class PrecisionCLITests: ScratchFolder {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let cutOut = repository.appendingPathComponent("SampleImages/horse-cutout.png").path

  let directory: URL
  init() throws { directory = try Self.makeDirectory("decor-precision") }
  deinit { removeDirectory() }

  /// Straight RGBA samples, with the moves the steps make.
  struct Samples: Equatable {
    var width: Int
    var height: Int
    var rgba: [UInt8]

    func pixel(_ x: Int, _ y: Int) -> ArraySlice<UInt8> { rgba[(y * width + x) * 4..<(y * width + x + 1) * 4] }

    /// The pixels `source(x, y)` gives for each (x, y) of a `width` × `height` result (`nil`: transparent).
    static func made(_ width: Int, _ height: Int, _ source: (Int, Int) -> ArraySlice<UInt8>?) -> Samples {
      var rgba: [UInt8] = []
      for y in 0..<height { for x in 0..<width { rgba += source(x, y) ?? [0, 0, 0, 0] } }
      return Samples(width: width, height: height, rgba: rgba)
    }

    var flippedHorizontally: Samples { .made(width, height) { pixel(width - 1 - $0, $1) } }
    var flippedVertically: Samples { .made(width, height) { pixel($0, height - 1 - $1) } }
    /// A quarter turn clockwise (`rotate 90`).
    var turned: Samples { .made(height, width) { pixel($1, height - 1 - $0) } }
    func cropped(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Samples { .made(w, h) { pixel(x + $0, y + $1) } }
    func padded(_ n: Int) -> Samples {
      .made(width + 2 * n, height + 2 * n) { x, y in
        (n..<n + width).contains(x) && (n..<n + height).contains(y) ? pixel(x - n, y - n) : nil
      }
    }

    /// The pixels whose colour differs where either has alpha above 0 (colour under alpha 0 is not kept).
    func visibleDifferences(_ other: Samples) -> Int {
      guard width == other.width && height == other.height else { return -1 }
      return (0..<width * height).filter { i in
        let (a, b) = (rgba[4 * i..<4 * i + 4], other.rgba[4 * i..<4 * i + 4])
        return (a.last! > 0 || b.last! > 0) && !a.elementsEqual(b)
      }.count
    }
  }

  func read(_ path: String) throws -> Samples {
    let image = try StraightPNGReader.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    return Samples(width: image.width, height: image.height, rgba: image.rgba)
  }

  /// Every pair of an 8-bit colour value and an alpha above 0: 256 × 255 pixels, three different channels.
  func everyPair() throws -> String {
    var builder = PNGBuilder(width: 256, height: 255, bitDepth: 8, colorType: 6)
    var rows: [[UInt8]] = []
    for y in 0..<255 {
      var row: [UInt8] = []
      for x in 0..<256 { row += [UInt8(x), UInt8(255 - x), UInt8(x / 3), UInt8(y + 1)] }
      rows.append(row)
    }
    builder.setRows(rows)
    let path = file("pairs.png")
    try Data(builder.build()).write(to: URL(fileURLWithPath: path))
    return path
  }

  func moves(_ input: String) throws {
    let source = try read(input)
    let cases: [([String], Samples)] = [
      ([], source),
      (["flip horizontal"], source.flippedHorizontally),
      (["rotate 90"], source.turned),
      (["crop 10 20 200 150"], source.cropped(10, 20, min(200, source.width - 10), min(150, source.height - 20))),
      (["pad 10"], source.padded(10)),
      (["rotate 90", "flip vertical", "pad 3"], source.turned.flippedVertically.padded(3)),
    ]
    for (steps, expected) in cases {
      let run = try Decor.run(["apply", input] + steps + ["-o", file("out.png")])
      #expect(run.status == 0 && run.stderr.isEmpty, "\(steps): \(run.stderr)")
      let written = try read(file("out.png"))
      #expect(written.visibleDifferences(expected) == 0, "\(steps)")
    }
  }

  @Test func theCutOutComesOutAsItWentIn() throws { try moves(Self.cutOut) }

  @Test func everyTranslucentPairComesOutAsItWentIn() throws { try moves(try everyPair()) }

  /// `--explain` says which format the render works in, and why not 16 bits where a step holds it back.
  @Test func explainSaysHowDeepTheRenderWorks() throws {
    let deep = try Decor.run(["apply", Self.cutOut, "flip horizontal", "--explain", "-o", file("a.png")])
    #expect(deep.stderr.hasSuffix("the render works at 16 bits a channel (a source is translucent or 16-bit)\n"),
      "\(deep.stderr)")
    let blurred = try Decor.run(["apply", Self.cutOut, "blur 2", "--explain", "-o", file("b.png")])
    #expect(blurred.stderr.hasSuffix(
      "the render works at 8 bits a channel, rounding the translucent or 16-bit source (#0 blur 2 edge=extend works "
        + "at 8 bits so far)\n"), "\(blurred.stderr)")
    let jpeg = try Decor.run(["apply", Self.cutOut, "flip horizontal", "--explain", "-o", file("c.jpg")])
    #expect(jpeg.stderr.contains("rounding the translucent or 16-bit source (the output takes 8-bit pixels)"),
      "\(jpeg.stderr)")
    // An opaque 8-bit photo: nothing to say.
    let photo = Self.repository.appendingPathComponent("SampleImages/chelsea.png").path
    let opaque = try Decor.run(["apply", photo, "flip horizontal", "--explain", "-o", file("d.png")])
    #expect(!opaque.stderr.contains("bits a channel"), "\(opaque.stderr)")
  }
}
#endif
