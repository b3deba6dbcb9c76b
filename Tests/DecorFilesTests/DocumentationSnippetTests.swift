import Foundation
import Testing
import DecorTestSupport

/// The DocC articles' Swift code is compiled code: every ```swift block of both catalogues must appear, line for
/// line (indentation and blank lines aside), in a Swift file that a build compiles (the tour and golden example
/// packages, DecorSnapshotTesting, their manifests, the tests). An article whose code drifts from the compiled copy fails here.
@Suite struct DocumentationSnippetTests {
  static let root = TestPaths.repository

  /// The article files of both catalogues.
  static func articles() throws -> [URL] {
    try ["Sources/Decor/Decor.docc", "Sources/DecorTesting/DecorTesting.docc"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent(folder),
        includingPropertiesForKeys: nil).filter { $0.pathExtension == "md" }
    }
  }

  /// Every Swift file under the compiled folders.
  static func compiledFiles() -> [URL] {
    ["Examples", "Packages", "Tests"].flatMap { folder -> [URL] in
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
      return walker.compactMap { $0 as? URL }.filter {
        $0.pathExtension == "swift" && !$0.path.contains("/.build/")
      }
    }
  }

  /// Lines trimmed, blank ones dropped: what a quotation must keep.
  static func lines(_ text: some StringProtocol) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.drop(while: \.isWhitespace) }
      .map { line in line.reversed().drop(while: \.isWhitespace).reversed() }
      .map { Substring(String($0)) }
      .filter { !$0.isEmpty }
  }

  /// The ```swift blocks of a Markdown text.
  static func swiftBlocks(_ markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop(while: \.isWhitespace)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed.hasPrefix("```") {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  static func contains(_ haystack: [Substring], _ needle: [Substring]) -> Bool {
    guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
    return (0...(haystack.count - needle.count)).contains { start in
      haystack[start..<start + needle.count].elementsEqual(needle)
    }
  }

  @Test func everySwiftBlockOfTheArticlesIsCompiled() throws {
    let compiled = try Self.compiledFiles().map { Self.lines(try String(contentsOf: $0, encoding: .utf8)) }
    #expect(compiled.count > 20)
    var checked = 0
    for article in try Self.articles() {
      let markdown = try String(contentsOf: article, encoding: .utf8)
      for (index, block) in Self.swiftBlocks(markdown).enumerated() {
        checked += 1
        let quoted = Self.lines(block)
        #expect(compiled.contains { Self.contains($0, quoted) },
          "\(article.lastPathComponent), Swift block \(index + 1) is in no compiled file:\n\(block)")
      }
    }
    #expect(checked >= 10)
  }
}
