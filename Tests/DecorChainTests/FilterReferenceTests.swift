import Foundation
import Testing

import Decor
import DecorTestSupport

/// The generated reference: complete for whatever the registry holds, in step with
/// Documentation/Filters.md, and every example in it valid.
@Suite struct FilterReferenceTests {
  static let readme = TestPaths.repository.appendingPathComponent("Documentation/Filters.md")

  /// The text between Documentation/Filters.md's marker lines, or `nil` when they are missing.
  static func readmeSection() throws -> String? {
    let text = try String(contentsOf: readme, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let begin = lines.firstIndex(where: { $0 == FilterReference.beginMarker }),
      let end = lines.firstIndex(where: { $0 == FilterReference.endMarker }), begin < end
    else { return nil }
    return lines[(begin + 1)..<end].map { $0 + "\n" }.joined()
  }

  @Test func theReadmeHoldsTheGeneratedReference() throws {
    let section = try #require(try Self.readmeSection(),
      "Documentation/Filters.md needs the lines \(FilterReference.beginMarker) and \(FilterReference.endMarker)")
    let generated = FilterReference.markdown(for: .standard, decoders: .standard)
    // Compared as a Bool, so a failure prints the instruction and the first differing line, not two whole pages.
    let upToDate = section == generated
    #expect(upToDate, """
      Documentation/Filters.md differs from `swift run decor filters --markdown`: \
      run `bash Scripts/filter-reference.sh`. \
      First difference: \(Self.firstDifference(section, generated))
      """)
  }

  /// Fuzz/chain.dict is the dictionary generated from the filters' declarations, so a new step's words reach the
  /// fuzzer without an edit.
  @Test func theFuzzDictionaryIsTheGeneratedOne() throws {
    let file = TestPaths.repository.appendingPathComponent("Fuzz/chain.dict")
    let text = try String(contentsOf: file, encoding: .utf8)
    let generated = FilterReference.fuzzDictionary(for: .standard)
    let upToDate = text == generated
    #expect(upToDate, """
      Fuzz/chain.dict differs from `swift run decor filters --fuzz-dictionary`: run \
      `bash Scripts/filter-reference.sh`. First difference: \(Self.firstDifference(text, generated))
      """)
    for filter in FilterRegistry.standard.filters {
      #expect(generated.contains("\n\"\(filter.name)\"\n"), "\(filter.name)")
    }
    #expect(FilterReference.dictionaryEntry("a\"b\\c") == #""a\"b\\c""#)
    #expect(FilterReference.dictionaryEntry("é") == #""\xC3\xA9""#)
  }

  /// The first line where `readme` and `generated` differ, both versions, numbered from the section's start.
  static func firstDifference(_ readme: String, _ generated: String) -> String {
    let a = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let b = generated.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(a.count, b.count) {
      let left = index < a.count ? String(a[index]) : "(end)"
      let right = index < b.count ? String(b[index]) : "(end)"
      if left != right { return "line \(index + 1): Filters.md has \"\(left)\", the generator \"\(right)\"" }
    }
    return "none"
  }

  @Test func everyRegisteredFilterIsDescribed() throws {
    let markdown = FilterReference.markdown(for: .standard)
    for filter in FilterRegistry.standard.filters {
      #expect(markdown.contains("#### `\(filter.name)`\n\n`\(filter.usage)`: "), "\(filter.name)")
      for alias in filter.aliases { #expect(markdown.contains("`\(alias)`"), "\(alias)") }
      for argument in filter.arguments {
        #expect(markdown.contains("| `\(FilterReference.label(of: argument))` | \(FilterReference.escaped(argument.help)) |"),
          "\(filter.name) \(argument.name)")
      }
    }
  }

  /// A filter registered later (as other branches add `canvas`) appears with no edit to the generator.
  @Test func aNewlyRegisteredFilterAppears() throws {
    var registry = FilterRegistry.standard
    try registry.register(Filter("frame", aliases: ["passe-partout"], summary: "a test filter",
      arguments: [FilterArgument("width", .number(), required: true, range: "≥ 0, at most 7", help: "the border"),
        FilterArgument("style", .choice(["solid", "dashed|dotted"]), option: true, default: "solid", help: "how")]
    ) { _, input in input })
    let markdown = FilterReference.markdown(for: registry)
    #expect(markdown.contains("#### `frame`\n\n`frame WIDTH [style=solid|dashed|dotted]`: A test filter. Also `passe-partout`."))
    #expect(markdown.contains("| `WIDTH` | the border | required | ≥ 0, at most 7 |"))
    // A `|` inside a cell is escaped, or it would end the cell.
    #expect(markdown.contains("| `style=` | how | `solid` | `solid`, `dashed\\|dotted` |"))
    #expect(!FilterReference.markdown(for: .standard).contains("`frame`"))
  }

  /// Numbers are checked in `validate` closures, not by their kind, so the range must be stated by each argument.
  @Test func everyNumericArgumentDocumentsARange() {
    for filter in FilterRegistry.standard.filters {
      for argument in filter.arguments {
        switch argument.kind {
        case .number, .integer, .angle, .size, .point:
          #expect(!(argument.range ?? "").isEmpty, "\(filter.name) \(argument.name) states no range")
        default:
          break
        }
      }
    }
  }

  @Test func rangesAreWrittenFromTheChecksConstants() {
    #expect(ParameterRange.limit(Double(ParameterCheck.maxLength)) == "2^30")
    #expect(ParameterRange.limit(1_000_000) == "10^6")
    #expect(ParameterRange.limit(10000) == "10000")
    #expect(ParameterRange.limit(0.0001) == "0.0001")
    #expect(ParameterRange.limit(2000) == "2000")
    #expect(ParameterRule.sigma.range.hasSuffix(ParameterRange.limit(ParameterCheck.maxSigma)))
    #expect(ParameterRule.spread.range.hasSuffix("±" + ParameterRange.limit(ParameterCheck.maxSpread)))
    #expect(ParameterRule.amount.range.hasSuffix(ParameterRange.limit(ParameterCheck.maxAmount)))
    #expect(ParameterRule.scale.range.contains("\(ParameterRange.limit(ParameterCheck.minScale)) … "
      + ParameterRange.limit(ParameterCheck.maxScale)))
  }

  /// What the ranges say is what the steps do: the bound itself is accepted, a value beyond it refused.
  @Test func rangesAgreeWithTheChecks() throws {
    let accepted = ["blur 0", "scale 0.0001", "opacity 0", "pad 0", "crop -5 -5 1 1", "skew 89.9", "brightness 0",
      "shadow spread=-1e9 opacity=7", "rotate 1e300", "transform 1e40 0 0 1 0 0", "resize 1x_"]
    for step in accepted { #expect(throws: Never.self, "\(step)") { try Chain(parsing: [step]) } }
    let refused = ["blur -1", "scale 0", "opacity -0.1", "pad -1", "crop 0 0 0 1", "skew 90", "skew -45 -45",
      "brightness -1", "shadow radius=-1", "transform 1 2 2 4 0 0", "resize 0x_"]
    for step in refused { #expect(throws: ChainError.self, "\(step)") { try Chain(parsing: [step]) } }
  }

  @Test func everyBlendModeHasADistinctOneLineSummary() {
    let summaries = BlendMode.allCases.map(\.summary)
    #expect(Set(summaries).count == BlendMode.allCases.count)
    for (mode, summary) in zip(BlendMode.allCases, summaries) {
      #expect(!summary.isEmpty && !summary.contains("\n") && summary.count <= 90, "\(mode)")
    }
    let markdown = FilterReference.markdown(for: .standard)
    #expect(BlendMode.allCases.count == 28)
    for mode in BlendMode.allCases {
      #expect(markdown.contains("| `\(mode.rawValue)`"), "\(mode)")
    }
    #expect(markdown.contains("| `normal` (also `over`) | \(BlendMode.normal.summary) |"))
    #expect(BlendMode(name: "over") == .normal)
    #expect(FilterReference.modeName(.normal) == "normal (also over)" && FilterReference.modeName(.xor) == "xor")
  }

  @Test func everyColourFormIsListedWithExamplesThatParse() throws {
    let markdown = FilterReference.markdown(for: .standard)
    for form in Color.acceptedForms {
      #expect(!form.examples.isEmpty, "\(form.syntax)")
      for example in form.examples { #expect(throws: Never.self, "\(example)") { try Color(parsing: example) } }
      #expect(markdown.contains("| `\(form.syntax)` | "), "\(form.syntax)")
    }
    // Each branch of the parser has a form: hexadecimal of every length, both rgb() syntaxes, names, transparent.
    let examples = Color.acceptedForms.flatMap(\.examples)
    for (length, syntax) in [(4, "#rgb"), (5, "#rgba"), (7, "#rrggbb"), (9, "#rrggbbaa")] {
      #expect(examples.contains { $0.hasPrefix("#") && $0.count == length }, "\(syntax)")
    }
    #expect(examples.contains { $0.hasPrefix("rgb(") && $0.contains(",") })
    #expect(examples.contains { $0.hasPrefix("rgb(") && $0.contains(" / ") })
    #expect(examples.contains("transparent") && examples.contains("rebeccapurple"))
  }

  /// The examples parse, and mean what the text says about quoting.
  @Test func theChainExamplesParseAsDescribed() throws {
    let markdown = FilterReference.markdown(for: .standard)
    for example in FilterReference.chainExamples {
      #expect(throws: Never.self, "\(example)") { try Chain(parsing: example) }
      #expect(markdown.contains("decor apply in.png '" + example.joined(separator: "' '") + "' -o out.png"))
    }
    let blend = try Chain(parsing: FilterReference.chainExamples[2])
    #expect(blend.steps[0].arguments.imageName("image") == "my overlay.png")
    let padded = try Chain(parsing: FilterReference.chainExamples[3])
    #expect(padded.steps.map(\.index) == [1, 2])
    #expect(padded.steps[0].arguments.color("color") == (try Color(parsing: "#336699")))
    // The quoting rules as stated: a backslash escapes a space outside quotes, not inside single quotes.
    #expect(try Chain(parsing: [#"blend multiply my\ overlay.png"#]).steps[0].arguments.imageName("image")
      == "my overlay.png")
    #expect(try Chain(parsing: [#"blend multiply 'a\b.png'"#]).steps[0].arguments.imageName("image") == #"a\b.png"#)
    #expect(throws: ChainError.self) { try Chain(parsing: ["blend multiply \"open.png"]) }
    #expect(FilterReference.shellQuoted("it's") == #"'it'\''s'"#)
  }

  /// Every row of a table has as many cells as its header (an unescaped `|` in a cell would add one).
  @Test func tablesAreWellFormed() {
    var columns: Int?
    for line in FilterReference.markdown(for: .standard).split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("|") else {
        columns = nil
        continue
      }
      var count = 0
      var previous: Character = " "
      for character in line {
        if character == "|" && previous != "\\" { count += 1 }
        previous = character
      }
      if let columns { #expect(count == columns, "\(line)") } else { columns = count }
    }
  }

  /// Where an argument takes an image file, the reference names the formats the decoder registry holds, so a format
  /// registered there shows up in it.
  @Test func theReferenceNamesTheDecodersFormats() throws {
    struct QOIDecoder: ImageDecoder {
      var name: String { "qoi" }
      func recognizes(_ leadingBytes: ArraySlice<UInt8>) -> Bool { leadingBytes.starts(with: Array("qoif".utf8)) }
      func decode(_ data: [UInt8], source: String, pixelLimit: Int) throws(CodecError) -> Raster {
        throw .corrupt(source: source, detail: "a test decoder")
      }
    }
    let standard = FilterReference.markdown(for: .standard, decoders: .standard)
    #expect(standard.contains("an image file (PNG, JPEG, WebP, GIF, TIFF, HEIC or AVIF), read once"))
    #expect(!standard.contains(FilterReference.imageFormatsPhrase))
    var decoders = DecoderRegistry.standard
    try decoders.register(QOIDecoder())
    #expect(FilterReference.markdown(for: .standard, decoders: decoders)
      .contains("an image file (PNG, JPEG, WebP, GIF, TIFF, HEIC, AVIF or QOI), read once"))
    #expect(decoders.fileExtensions.contains("qoi"), "a folder given to batch takes its files too")
  }
}
