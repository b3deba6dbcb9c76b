import Foundation
import Testing

import Decor
import DecorTestSupport

/// The `text` step: the Swift composition it stands for, its placement by gravity and margin, and
/// its errors.
@Suite struct TextStepTests {
  static func photo() throws -> Raster {
    try ImageMetrics.sample("chelsea.png").resized(width: 200, height: nil).rendered()
  }

  /// A watermark as the issue writes it: the text at 0.7 opacity, its box 16 pixels in from the bottom-right corner.
  @Test func aWatermarkIsTheTextBlendedInTheCorner() throws {
    let photo = try Self.photo()
    let step = try Chain(parsing: ["text \"© 2026 Ada\" size=24 color=white opacity=0.7 gravity=southeast margin=16"])
      .apply(to: photo)
    let text = Text("© 2026 Ada", font: Font(family: "DejaVu Sans", size: 24), color: .white)
    let at = Point(Double(photo.width - 16 - text.extent.width), Double(photo.height - 16 - text.extent.height))
    #expect(try step.rendered() == photo.blended(with: text.multiplyingOpacity(by: 0.7), at: at).rendered())
    #expect(step.extent == photo.bounds)
    // Something was drawn, near the corner only.
    let drawn = try step.rendered()
    #expect(drawn != photo)
    #expect(try drawn.extracting(IntRect(x: 0, y: 0, width: 100, height: 60)) ==
      photo.extracting(IntRect(x: 0, y: 0, width: 100, height: 60)))
  }

  /// Every option reaches the `Text`: font (family with style, or a file), size, colour, width and alignment
  /// (`left` and `right` are start and end), line height and letter spacing; x and y move the box.
  @Test func optionsBuildTheText() throws {
    let photo = try Self.photo()
    let file = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    let cases: [(String, Text, Point)] = [
      ("text \"two words\" font=\"DejaVu Sans Bold\" size=18 color=red width=60 align=center line-height=1.5",
        Text("two words", font: Font(family: "DejaVu Sans Bold", size: 18), color: Color(red: 1, green: 0, blue: 0),
          lineHeight: 1.5, maxWidth: 60, alignment: .center), Point(0, 0)),
      ("text Ab font=\(file) size=20 letter-spacing=3 x=5 y=-2 align=right",
        Text("Ab", font: Font(file: file, size: 20), letterSpacing: 3, alignment: .end), Point(5, -2)),
      ("caption Hi gravity=center align=left",
        Text("Hi", font: Font(family: "DejaVu Sans", size: 32), alignment: .start), Point(-1, -1)),
    ]
    for (step, text, offset) in cases {
      let built = try Chain(parsing: [step]).apply(to: photo)
      var at = offset
      if offset == Point(-1, -1) {
        at = Point(Double((photo.width - text.extent.width) / 2), Double((photo.height - text.extent.height) / 2))
      }
      #expect(try built.rendered() == photo.blended(with: text, at: at).rendered(), "\(step)")
    }
  }

  /// Refusals name the problem: a font that is not installed (with the closest families), a style the family
  /// lacks, a file that is not a font, an empty text, a size of 0, a control character.
  @Test func errorsNameTheProblem() throws {
    func message(_ step: String) -> String? {
      do {
        _ = try Chain(parsing: [step])
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message("text hi font=\"Nonexistent Sans\"")?.hasPrefix("font family \"Nonexistent Sans\" is not installed; the closest installed: ") == true)
    #expect(message("text hi font=\"DejaVu Sans Wobbly\"")?.contains("has no style \"Wobbly\"") == true)
    #expect(message("text hi font=/etc/hostname.ttf")?.contains("font file") == true)
    #expect(message("text \"\"") == "text expected, got \"\"")
    #expect(Text("", font: Font(family: "DejaVu Sans", size: 12)).parameterError
      == .invalidParameter(component: "text", reason: "text must not be empty"))
    #expect(message("text hi size=0")?.contains("size must be above 0") == true)
    #expect(message("text hi opacity=-1") == "opacity must be at least 0, got -1")
    #expect(message("text hi margin=-3") == "margin must be at least 0, got -3")
    #expect(message("text hi align=centre")?.contains("did you mean \"center\"?") == true)
  }
}
