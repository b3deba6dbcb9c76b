import Foundation
import Testing

import Decor
import DecorTestSupport

/// Wrapping at a width = Chromium's line breaks for the same font and width on plain paragraphs:
/// the lines headless Chromium 156 gave (Tests/Fixtures/LineBreaks/make.py, chromium-lines.json) for ten English
/// paragraphs in DejaVu Sans, each at five (size, width) pairs, compared line by line with `Text`'s.
///
/// Known difference: Chromium never breaks after "/" when the next character is printable ASCII too (Blink's
/// `kAsciiLineBreakTable` in text_break_iterator.cc, which it consults before ICU for a pair of ASCII characters,
/// has an empty row for "/"), while UAX #14, which `Text` follows through libunibreak, allows a break after "/"
/// (class SY) before a letter (LB31: no rule forbids it). So in "https://example.com/docs/…" `Text` may break after
/// "https://" or after a path's "/" where Chromium keeps the token whole (or breaks it only after its "-"). The one
/// paragraph with such tokens differs at all five sizes; the test checks that each difference is that one: the first
/// line that differs ends with "/" in `Text`'s lines, and a greedy wrap by `Text`'s own line widths with no break
/// after "/" gives Chromium's lines exactly.
@Suite struct LineBreakTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  /// One paragraph laid out by Chromium at `size` px in a block `width` px wide: its lines, trailing spaces trimmed.
  struct Case: Decodable, Sendable {
    var text: String
    var size: Int
    var width: Int
    var lines: [String]
  }

  /// The paragraph with URL-like tokens ("https://example.com/docs/…", "github.com/example/decor",
  /// "ftp://mirror.example.org/pub/decor/"): the only one with a "/" before a letter.
  static let slashParagraph = "The documentation lives at https://"

  static func cases() throws -> [Case] {
    let url = Fixtures.root.appendingPathComponent("LineBreaks/chromium-lines.json")
    return try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
  }

  static func font(_ item: Case) -> Font { Font(file: dejaVu, size: Double(item.size)) }

  static func trimmed(_ s: some StringProtocol) -> String {
    var s = Substring(s)
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }

  /// `Text`'s lines for `item`, trailing spaces trimmed (Text leaves them out already; trimmed again so that only the
  /// breaks are compared).
  static func lines(_ item: Case) -> [String] {
    Text(item.text, font: font(item), maxWidth: Double(item.width)).lines.map { trimmed($0.text) }
  }

  /// A greedy wrap of `item` as `Text` does it (a line ends at the last opportunity before its text, trailing spaces
  /// left out, would pass the width; a word wider than the width overflows), each candidate line measured by `Text`
  /// as a line of its own, with break opportunities as Chromium has them in the slash paragraph: after a space and
  /// after "-" before a letter, never after "/".
  static func wrapWithoutBreakAfterSlash(_ item: Case) -> [String] {
    let characters = Array(item.text)
    var opportunities: [Int] = []  // Offsets a line may end at.
    for i in characters.indices.dropLast() {
      let (c, next) = (characters[i], characters[i + 1])
      if (c == " " && next != " ") || (c == "-" && next.isLetter) { opportunities.append(i + 1) }
    }
    opportunities.append(characters.count)
    func width(_ range: Range<Int>) -> Double {
      Text(trimmed(String(characters[range])), font: font(item)).lines.first?.width ?? 0
    }
    var lines: [String] = []
    var start = 0
    var previous: Int?
    for end in opportunities {
      if let p = previous, p > start, width(start..<end) > Double(item.width) {
        lines.append(trimmed(String(characters[start..<p])))
        start = p
      }
      previous = end
    }
    lines.append(trimmed(String(characters[start...])))
    return lines
  }

  @Test func wrappingMatchesChromium() throws {
    let cases = try Self.cases()
    // The fixture make.py wrote: 10 paragraphs × 5 (size, width) pairs.
    #expect(cases.count == 50)
    #expect(Set(cases.map(\.text)).count == 10)
    var equalCases = 0
    var equalLines = 0
    var knownCases = 0
    let totalLines = cases.reduce(0) { $0 + $1.lines.count }
    for item in cases {
      let ours = Self.lines(item)
      let label = "\(item.size) px, \(item.width) px: \(item.text.prefix(40))…"
      equalLines += zip(ours, item.lines).filter { $0 == $1 }.count
      if ours == item.lines { equalCases += 1 }
      guard item.text.hasPrefix(Self.slashParagraph) else {
        #expect(ours == item.lines, "\(label)")
        continue
      }
      knownCases += 1
      withKnownIssue("UAX #14 breaks after \"/\" before a letter; Chromium's ASCII table never does") {
        #expect(ours == item.lines, "\(label)")
      }
      // The difference is that one: where the lines first part, Text's ends with "/" …
      let first = try #require(ours.indices.first { $0 >= item.lines.count || ours[$0] != item.lines[$0] },
        "\(label)")
      #expect(ours[first].hasSuffix("/") && item.lines[first].count != ours[first].count, "\(label)")
      // … and without breaks after "/", Text's widths wrap the paragraph as Chromium did.
      #expect(Self.wrapWithoutBreakAfterSlash(item) == item.lines, "\(label)")
    }
    #expect(knownCases == 5)
    #expect(equalCases == cases.count - knownCases)
    print("LineBreakTests: \(equalCases) of \(cases.count) cases and \(equalLines) of \(totalLines) lines as "
      + "Chromium's; \(knownCases) cases known to differ (a break after \"/\")")
  }
}
