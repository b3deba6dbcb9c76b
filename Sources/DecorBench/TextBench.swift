import Decor

/// `decor-bench text`: a 1 000-word paragraph laid out (issue 24: under 50 ms) — built as a `Text` (the font file
/// read, shaped by HarfBuzz, broken at 900 px into centred lines, the glyphs' boxes) in DejaVu Sans 48 px, and the
/// same with the family resolved through fontconfig; then its first 900×630 drawn. Megapixels count the drawn area
/// (0 for the layouts, whose `median_s` is the figure).
enum TextBench {
  static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  static func run(runs: Int) {
    let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "office", "waffle", "AVATAR",
      "Typography", "ligature", "kerning", "paragraph"]
    let paragraph = (0..<1000).map { words[($0 * 7) % words.count] }.joined(separator: " ")
    var text = Text(paragraph, font: Font(file: font, size: 48), maxWidth: 900, alignment: .center)
    let (wall, cpu) = DecorBench.timed(runs: runs) {
      text = Text(paragraph, font: Font(file: font, size: 48), maxWidth: 900, alignment: .center)
    }
    DecorBench.report("text-layout-1000-words", megapixels: 0, wall: wall, cpu: cpu,
      extra: "\"lines\": \(text.lines.count)")
    let (familyWall, familyCPU) = DecorBench.timed(runs: runs) {
      _ = Text(paragraph, font: Font(family: "DejaVu Sans", size: 48), maxWidth: 900, alignment: .center)
    }
    DecorBench.report("text-layout-1000-words-family", megapixels: 0, wall: familyWall, cpu: familyCPU)
    let region = IntRect(x: 0, y: 0, width: 900, height: 630)
    let (drawWall, drawCPU) = DecorBench.timed(runs: runs) { _ = try? text.rendered(region) }
    DecorBench.report("text-draw-900x630", megapixels: Double(region.area) / 1e6, wall: drawWall, cpu: drawCPU)
  }
}
