import Foundation
import Testing

import Decor
import DecorTestSupport

/// `resize WxH>`, `<`, `^` and `!` as ImageMagick's `-resize` reads them. The sizes on 451×300 are ImageMagick
/// 6.9.11's: `convert -size 451x300 xc:red -resize 'GEOMETRY' -format '%wx%h' info:` prints each; the last test runs
/// it where `convert` is installed.
@Suite struct GeometryFlagTests {
  /// Each geometry and the size `convert -resize` gives a 451×300 image.
  static let imageMagickSizes: [(geometry: String, width: Int, height: Int)] = [
    ("200x200>", 200, 133), ("1000x1000>", 451, 300), ("1000x1000<", 1000, 665), ("200x200^", 301, 200),
    ("200x200!", 200, 200),
    // One side, combinations, and the sides capped one by one.
    ("200x>", 200, 133), ("x200<", 451, 300), ("452x<", 452, 301), ("7x>", 7, 5), ("1x1^", 2, 1),
    ("x200^", 301, 200), ("200x!", 200, 300), ("200x200^>", 301, 200), ("1000x100^>", 451, 300),
    ("1000x100^<", 1000, 665), ("300x1000^<", 1503, 1000), ("500x200!>", 451, 200), ("500x200!<", 500, 300),
    ("200x200!>", 200, 200), ("1000x1000!>", 451, 300), ("100x100!<", 451, 300), ("500x200>", 301, 200),
    ("200x200<>", 451, 300),
  ]

  /// The chain's output size for `resize GEOMETRY` on a 451×300 image.
  static func resizedSize(_ geometry: String) throws -> (Int, Int) {
    let input = try ChainProbe.pattern(width: 451, height: 300)
    let e = try Chain(parsing: "resize \(geometry)").apply(to: input, images: [:]).extent
    return (e.width, e.height)
  }

  @Test func shrinkOnly() throws {
    #expect(try Self.resizedSize("200x200>") == (200, 133))
    #expect(try Self.resizedSize("1000x1000>") == (451, 300))
  }

  @Test func enlargeOnly() throws {
    #expect(try Self.resizedSize("1000x1000<") == (1000, 665))
    #expect(try Self.resizedSize("200x200<") == (451, 300))
  }

  @Test func fillTheBox() throws {
    #expect(try Self.resizedSize("200x200^") == (301, 200))
  }

  @Test func exact() throws {
    #expect(try Self.resizedSize("200x200!") == (200, 200))
  }

  @Test func everyGeometryAsImageMagickSizesIt() throws {
    for (geometry, width, height) in Self.imageMagickSizes {
      #expect(try Self.resizedSize(geometry) == (width, height), "\(geometry)")
    }
  }

  /// `>` is `fit=contain shrink-only`, `!` is `fit=fill`: the same pixels.
  @Test func suffixesMapOntoFitModes() throws {
    let input = try ChainProbe.pattern(width: 45, height: 30)
    func rendered(_ step: String) throws -> Raster {
      try Chain(parsing: step).apply(to: input, images: [:]).rendered()
    }
    #expect(try rendered("resize 20x20>") == (try rendered("resize 20x20 fit=contain shrink-only")))
    #expect(try rendered("resize 20x20!") == (try rendered("resize 20x20")))
    #expect(try rendered("resize 20x20 shrink-only") == (try rendered("resize 20x20")))
    // shrink-only beside a suffix is `>`.
    #expect(try rendered("resize 100x100^ shrink-only") == (try rendered("resize 100x100^>")))
  }

  @Test func theSuffixIsKeptInTheStepAndTheTemplate() throws {
    let chain = try Chain(parsing: "resize 200x_^> | resize x30<")
    #expect(chain.steps[0].arguments.geometry("size")! == (200, nil, [.fillArea, .shrinkLarger]))
    let reread = try JSONDecoder().decode(Chain.self, from: try JSONEncoder().encode(chain))
    #expect(reread.steps.map { $0.arguments.geometry("size")?.flags } == [[.fillArea, .shrinkLarger], [.enlargeSmaller]])
    #expect(reread.steps[0].arguments.values["size"] == .geometry(width: 200, height: nil, flags: [.fillArea, .shrinkLarger]))
  }

  @Test func refusedSuffixesNameTheAcceptedOnesAndFit() {
    let accepted = "ImageMagick's suffixes are > (shrink only), < (enlarge only), ^ (fill the box) or ! (exact size); "
      + "fit=contain, fit=cover, fit=fill and shrink-only say the same as options"
    #expect(ChainProbe.message("resize 200x200@") == "unknown suffix \"@\" in \"200x200@\": \(accepted)")
    #expect(ChainProbe.message("resize 200x200#") == "unknown suffix \"#\" in \"200x200#\": \(accepted)")
    #expect(ChainProbe.message("resize 200x200>>") == "a suffix given twice in \"200x200>>\": \(accepted)")
    #expect(ChainProbe.message("resize 50%>")
      == "\"50%>\": a suffix after a percentage is ImageMagick's no-op (-resize 150%> enlarges); write \"50%\" "
      + "alone, or the size in pixels with the suffix")
    #expect(ChainProbe.message("resize 200x200> fit=cover")
      == "the suffix of \"200x200>\" says how to fit already: give it or fit=cover, not both")
    #expect(ChainProbe.message("resize 200x200^ background=white")
      == "background= letterboxes into WxH with both sides, after > or <, not after ^ or !")
    // The sides are checked as without a suffix.
    #expect(ChainProbe.message("resize 0x10>") == "width must be at least 1, got 0")
  }

  @Test func aLetterboxAfterShrinkOnly() throws {
    let input = try ChainProbe.pattern(width: 451, height: 300)
    let e = try Chain(parsing: "resize 1000x1000> background=white").apply(to: input, images: [:]).extent
    #expect((e.width, e.height) == (1000, 1000))
  }

  /// Where ImageMagick's `convert` is installed, it gives each size above.
  @Test(.enabled(if: Self.convert != nil)) func imageMagickAgrees() throws {
    for (geometry, width, height) in Self.imageMagickSizes {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.convert!)
      process.arguments = ["-size", "451x300", "xc:red", "-resize", geometry, "-format", "%wx%h", "info:"]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(String(decoding: data, as: UTF8.self) == "\(width)x\(height)", "\(geometry)")
    }
  }

  /// The first `convert` that is ImageMagick's (`-version` says so): a machine may have a stand-in of that name, or
  /// GraphicsMagick's, which take other options.
  static let convert = ["/usr/local/bin/convert", "/usr/bin/convert", "/opt/homebrew/bin/convert"]
    .first { FileManager.default.isExecutableFile(atPath: $0) && isImageMagick($0) }

  private static func isImageMagick(_ path: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["-version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 && String(decoding: data, as: UTF8.self).contains("ImageMagick")
  }
}
