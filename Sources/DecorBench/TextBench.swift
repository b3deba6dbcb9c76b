import Decor

/// `decor-bench text`: a 1 000-word paragraph laid out (the target: under 50 ms) — built as a `Text` (the font file
/// read, shaped by HarfBuzz, broken at 900 px into centred lines, the glyphs' boxes) in DejaVu Sans 48 px, and the
/// same with the family resolved through fontconfig; the same words with every fifth one Devanagari, Bengali or
/// Ethiopic (which DejaVu Sans lacks, so fontconfig chooses fallback faces); then the first 900×630 drawn. Megapixels count the drawn area
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
    let scripts = ["हिन्दी", "বাংলা", "ፊደል"]
    let mixed = (0..<1000).map { $0 % 5 == 4 ? scripts[($0 / 5) % 3] : words[($0 * 7) % words.count] }
      .joined(separator: " ")
    var fallback = Text(mixed, font: Font(file: font, size: 48), maxWidth: 900, alignment: .center)
    let (fallbackWall, fallbackCPU) = DecorBench.timed(runs: runs) {
      fallback = Text(mixed, font: Font(file: font, size: 48), maxWidth: 900, alignment: .center)
    }
    DecorBench.report("text-layout-1000-words-fallback", megapixels: 0, wall: fallbackWall, cpu: fallbackCPU,
      extra: "\"fallback_faces\": \(fallback.fallbackFonts.count)")
    let region = IntRect(x: 0, y: 0, width: 900, height: 630)
    let (drawWall, drawCPU) = DecorBench.timed(runs: runs) { _ = try? text.rendered(region) }
    DecorBench.report("text-draw-900x630", megapixels: Double(region.area) / 1e6, wall: drawWall, cpu: drawCPU)
    let (fallbackDrawWall, fallbackDrawCPU) = DecorBench.timed(runs: runs) { _ = try? fallback.rendered(region) }
    DecorBench.report("text-draw-900x630-fallback", megapixels: Double(region.area) / 1e6, wall: fallbackDrawWall,
      cpu: fallbackDrawCPU)
  }
}
