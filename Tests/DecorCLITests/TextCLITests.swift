#if CLI
import Foundation
import Testing

/// `decor fonts`, the `text` step and a scene with text layers, as a user runs them.
@Suite struct TextCLITests {
  @Test func fontsListsFamiliesWithTheirStyles() throws {
    let result = try Decor.run(["fonts", "dejavu sans"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("DejaVu Sans: ") && $0.contains("Bold") && $0.contains("Book") })
    #expect(lines.allSatisfy { $0.lowercased().hasPrefix("dejavu sans") })
    let files = try Decor.run(["fonts", "DejaVu Sans Mono", "--files"])
    #expect(String(decoding: files.stdout, as: UTF8.self).contains("DejaVuSansMono-Bold.ttf"))
    let none = try Decor.run(["fonts", "no-such-family-at-all"])
    #expect(none.status == 1)
    #expect(none.stderr == "decor: no-such-family-at-all: no installed font family matches (decor fonts lists them all)\n")
  }

  /// The watermark and card: one command each, exit 0, an image of the expected size; a missing font is
  /// one line naming the closest families.
  @Test func aWatermarkAndACard() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decor-text-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out.png").path
    let photo = CLITests.repository.appendingPathComponent("SampleImages/chelsea.png").path
    let mark = try Decor.run(["apply", photo,
      "text \"© 2026 Ada\" size=24 color=white opacity=0.7 gravity=southeast margin=16", "-o", out])
    #expect(mark.status == 0, "\(mark.stderr)")
    #expect(FileManager.default.fileExists(atPath: out))
    let missing = try Decor.run(["apply", photo, "text hi font=\"Nonexistent Sans\"", "-o", out + ".2.png"])
    #expect(missing.status == 1)
    #expect(missing.stderr.hasPrefix("decor: step 1 \"text hi font=\"Nonexistent Sans\"\": font family "
      + "\"Nonexistent Sans\" is not installed; the closest installed: "))
    #expect(missing.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: out + ".2.png"))

    let scene = folder.appendingPathComponent("card.json")
    try """
      {"width": 600, "height": 315, "background": "#1d2b4f", "layers": [
        {"image": "\(photo)", "x": 330, "y": 30, "width": 240, "height": 255, "fit": "cover", "chain": "round 12"},
        {"text": "Summer sale on every cup", "font": "DejaVu Sans Bold", "size": 32, "color": "#fff", "width": 280,
         "align": "center", "x": 25, "y": 90, "chain": "shadow 0 2 blur=4"},
        {"text": "تخفيضات الصيف", "size": 22, "color": "#ffd27a", "width": 280, "align": "center", "x": 25, "y": 200}
      ]}
      """.write(to: scene, atomically: true, encoding: .utf8)
    let card = try Decor.run(["compose", scene.path, "-o", out])
    #expect(card.status == 0, "\(card.stderr)")
    let info = try Decor.run(["info", out])
    #expect(String(decoding: info.stdout, as: UTF8.self).contains("600x315"))
  }
}
#endif
