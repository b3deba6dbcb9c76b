#if CLI
import Foundation
import Testing

/// `decor filters`: fitted to the width, the blend modes listed, and `--markdown` in step with
/// Documentation/Filters.md.
@Suite struct FiltersCLITests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Documentation/Filters.md")

  /// `decor ARGUMENTS` (with `COLUMNS` as given, unset by default): its status and output lines.
  static func filters(_ arguments: [String], columns: String? = nil) throws -> (status: Int32, lines: [String]) {
    let result = try Decor.run(arguments, environment: ["COLUMNS": columns])
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    return (result.status, String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init))
  }

  /// Piped, every line is at most 100 columns, counted in Characters (`σ` and `×` are two bytes, one column).
  @Test(arguments: [["filters"], ["filters", "shadow"], ["filters", "blend"], ["filters", "skew"]])
  func pipedOutputFitsOneHundredColumns(_ arguments: [String]) throws {
    let (status, lines) = try Self.filters(arguments)
    #expect(status == 0 && lines.count > 3)
    for line in lines { #expect(line.count <= 100, "\(line.count) columns: \(line)") }
    // A wider COLUMNS does not widen piped output.
    let wide = try Self.filters(arguments, columns: "300")
    #expect(wide.lines == lines)
  }

  /// A narrower COLUMNS is honoured; wrapped summaries hang under the summary column.
  @Test func wrapsToColumns() throws {
    let (status, lines) = try Self.filters(["filters"], columns: "60")
    #expect(status == 0)
    for line in lines { #expect(line.count <= 60, "\(line)") }
    let entries = lines.filter { !$0.hasPrefix(" ") }
    let continued = lines.filter { $0.hasPrefix(" ") }
    #expect(!continued.isEmpty)
    // Every continuation starts at the column of the summaries on entries' own lines, or, for a usage too long
    // for one line, 4 columns in.
    let opacity = try #require(entries.first { $0.hasPrefix("opacity ") })
    let column = try #require(opacity.range(of: "multiply alpha")).lowerBound.utf16Offset(in: opacity)
    #expect(column > 4)
    for line in continued {
      #expect([column, 4].contains(line.prefix { $0 == " " }.count), "\(line)")
    }
    #expect(continued.filter { $0.prefix { $0 == " " }.count == column }.count > 5)
    // Narrow widths still fit (words longer than a line are cut).
    for width in ["30", "45"] {
      for line in try Self.filters(["filters", "shadow"], columns: width).lines {
        #expect(line.count <= Int(width)!, "\(width): \(line)")
      }
    }
  }

  @Test func describingOneWrapsItsArgumentHelp() throws {
    let (_, lines) = try Self.filters(["filters", "shadow"], columns: "70")
    let opacity = try #require(lines.firstIndex { $0.hasPrefix("  opacity=: ") })
    #expect(lines[opacity + 1].hasPrefix("    ") && !lines[opacity + 1].hasPrefix("     "))
    let text = lines[opacity...].prefix { $0 == lines[opacity] || $0.hasPrefix("    ") }
      .map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: " ")
    #expect(text.hasSuffix("(default: 0.5; range: ≥ 0, clamped to 1; or P% (50% is 0.5))"), "\(text)")
  }

  @Test func blendListsEveryMode() throws {
    let (status, lines) = try Self.filters(["filters", "blend"])
    #expect(status == 0)
    #expect(lines.contains("  MODE is one of:"))
    let modes = [
      "normal", "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn", "hard-light",
      "soft-light", "difference", "exclusion", "hue", "saturation", "color", "luminosity", "clear", "copy",
      "source-in", "source-out", "source-atop", "destination-over", "destination-in", "destination-out",
      "destination-atop", "xor", "plus-darker", "plus-lighter",
    ]
    for mode in modes { #expect(lines.contains { $0.hasPrefix("    \(mode) ") }, "\(mode)") }
    #expect(lines.contains { $0.hasPrefix("    normal (also over)  ") })
    #expect(lines.contains { $0.hasPrefix("    multiply") && $0.contains("darkens") })
  }

  /// `decor filters --markdown` is exactly the section between Documentation/Filters.md's markers.
  @Test func markdownIsTheReadmeSection() throws {
    let result = try Decor.run(["filters", "--markdown"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    let begin = try #require(readme.range(of: "<!-- BEGIN decor filters --markdown"), "Filters.md has no BEGIN marker")
    let afterBegin = try #require(readme[begin.upperBound...].firstIndex(of: "\n"))
    let end = try #require(readme.range(of: "<!-- END decor filters --markdown -->\n"), "Filters.md has no END marker")
    let section = String(readme[readme.index(after: afterBegin)..<end.lowerBound])
    // A Bool, so a failure prints the instruction rather than two whole pages.
    let upToDate = String(decoding: result.stdout, as: UTF8.self) == section
    #expect(upToDate,
      "Documentation/Filters.md differs from `swift run decor filters --markdown`: run `bash Scripts/filter-reference.sh`")
    // Wide lines are fine in Markdown; the reference is not wrapped, whatever COLUMNS says.
    #expect(try Decor.run(["filters", "--markdown"], environment: ["COLUMNS": "40"]).stdout == result.stdout)
  }

  @Test func markdownTakesNoName() throws {
    let result = try Decor.run(["filters", "rotate", "--markdown"])
    #expect(result.status == 1 && result.stdout.isEmpty)
    #expect(result.stderr == "decor: --markdown prints every filter; give no NAME\n", "\(result.stderr)")
  }
}
#endif
