import Foundation
import Testing

import Decor
import DecorTestSupport

/// Chains as templates (the Prototype pattern as a value): built from Swift or parsed, written as JSON and read back,
/// equal and rendering the same bytes whichever way they were made.
@Suite struct TemplateTests {
  /// The chain through its JSON text and `JSONDecoder`, as a file would carry it.
  static func roundTrip(_ chain: Chain) throws -> Chain {
    let text = chain.template.serialized(indent: 2)
    return try JSONDecoder().decode(Chain.self, from: Data(text.utf8))
  }

  /// Seeded random chains over every filter: the JSON form reads back to an equal chain that renders the same bytes.
  @Test(arguments: 0..<4)
  func randomChainsSurviveTheirJSON(batch: Int) throws {
    let image = try RandomChainTests.image()
    let names = FilterRegistry.standard.filters.map(\.name)
    var g = SplitMix64(seed: 0x7E41 + UInt64(batch))
    for _ in 0..<12 {
      let steps = (0..<Int.random(in: 1...5, using: &g)).map { _ in
        RandomChainTests.step(names.randomElement(using: &g)!, &g)
      }
      let chain = try Chain(parsing: steps)
      let loaded = try Self.roundTrip(chain)
      #expect(loaded == chain, "\(steps)")
      #expect(loaded.template == chain.template, "\(steps)")
      let a = try chain.apply(to: image).rendered()
      let b = try loaded.apply(to: image).rendered()
      #expect(a == b, "\(steps)")
    }
  }

  /// Swift code builds the same chain as the command line: equal, same JSON, same pixels.
  @Test func aChainBuiltInSwiftEqualsTheParsedOne() throws {
    let built = try Chain()
      .appending("rotate", ["deg": 30])
      .appending("shadow", ["dx": 6, "dy": 6, "blur": 8, "color": "rgba(10,20,30,0.3)"])
      .appending("pad", ["top": 2, "right": 3, "bottom": 4, "left": 5, "color": "white"])
      .appending("flip", ["axis": "horizontal"])
      .appending("blur", ["sigma": 1.5])
    let parsed = try Chain(parsing: [
      "rotate 30 | shadow 6 6 blur=8 color=rgba(10,20,30,0.3)", "pad 2 3 4 5 color=white | flip horizontal",
      "blur 1.5",
    ])
    #expect(built == parsed)
    #expect(built.template == parsed.template)
    #expect(built.steps.map(\.index) == [1, 2, 3, 4, 5])
    #expect(built.steps[1].text == "shadow 6 6 blur=8 color=rgba(10,20,30,0.3)")
    let image = try ChainProbe.pattern(width: 20, height: 14)
    #expect(try built.apply(to: image).rendered() == parsed.apply(to: image).rendered())
    // A different value is a different chain.
    #expect(try Chain().appending("rotate", ["deg": 31]) != Chain(parsing: ["rotate 30"]))
  }

  /// The JSON a person reads: version, then one object per step with every value, defaults included.
  @Test func theJSONIsReadable() throws {
    let chain = try Chain(parsing: ["rotate 30 | shadow 6 6 blur=8 | resize 200x_ | blend multiply \"a b.png\" at=3,4"])
    #expect(chain.template.serialized(indent: 2) == """
      {
        "version": 1,
        "steps": [
          {"filter": "rotate", "deg": 30, "interpolation": "bilinear"},
          {"filter": "shadow", "dx": 6, "dy": 6, "blur": 8, "color": "#000000", "opacity": 0.5, "spread": 0},
          {"filter": "resize", "size": "200x_", "fit": "fill", "gravity": "center", "interpolation": "bicubic"},
          {"filter": "blend", "mode": "multiply", "image": "a b.png", "opacity": 1, "at": [3, 4]}
        ]
      }
      """)
    #expect(chain.steps[3].text == "blend multiply \"a b.png\" at=3,4")
  }

  /// A colour that 8-bit hex would round keeps its exact components, so the template renders the same bytes.
  @Test func coloursAreNeverRounded() throws {
    let odd = Color(red: 0.123456789, green: 0.5, blue: 0.987654321, alpha: 0.3333)
    var chain = Chain()
    try chain.append("background", ["color": .array([.number(odd.red), .number(odd.green), .number(odd.blue),
      .number(odd.alpha)])])
    #expect(chain.steps[0].arguments.color("color") == odd)
    let loaded = try Self.roundTrip(chain)
    #expect(loaded.steps[0].arguments.color("color") == odd)
    // A colour that has an exact text keeps it.
    let parsed = try Chain(parsing: ["background rgba(10,20,30,0.3)"])
    #expect(parsed.template["steps"] == .array([["filter": "background", "color": "rgba(10,20,30,0.3)"]]))
  }

  /// Whole numbers too large for a JSON number to hold exactly are written as text, so they read back unchanged
  /// (found by the chain fuzzer: `crop 44 9999999999999999 44 9999999999`).
  @Test func largeWholeNumbersReadBackExactly() throws {
    let chain = try Chain(parsing: ["crop 44 9999999999999999 44 9999999999 | pad 9223372036854775807"])
    let loaded = try Self.roundTrip(chain)
    #expect(loaded == chain)
    #expect(loaded.steps[0].arguments.integer("y") == 9_999_999_999_999_999)
    #expect(chain.template.serialized().contains("\"y\": \"9999999999999999\", \"w\": 44, \"h\": 9999999999"))
  }

  /// Values may be written as on the command line, as strings.
  @Test func valuesMayBeCommandLineText() throws {
    let chain = try Self.roundTrip(
      try Chain(template: ["version": 1, "steps": [["filter": "rotate", "deg": "30deg"],
        ["filter": "blend", "mode": "screen", "image": "x.png", "at": "1,2", "below": true],
        ["filter": "shadow", "only": false]]]))
    #expect(chain == (try Chain(parsing: ["rotate 30 | blend screen x.png at=1,2 below | shadow"])))
  }

  /// Every error names the step (from 1) and the key, and says what was expected.
  @Test func badTemplatesNameTheStepAndTheKey() {
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "rotate", "deg": 1}, {"filter": "shadow", "blur": "abc"}]}"#)
      == TemplateError(step: 2, filter: "shadow", key: "blur", message: "number expected, got \"abc\""))
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "shadow", "blurr": 3}]}"#)?.description
      == "step 1 \"shadow\", key \"blurr\": unknown key: shadow takes \"dx\", \"dy\", \"blur\", \"radius\", \"color\", "
      + "\"opacity\", \"spread\" or \"only\"")
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "rotat"}]}"#)
      == TemplateError(step: 1, key: "filter", message: "unknown filter \"rotat\"; did you mean \"rotate\"?"))
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "rotate"}]}"#)?.message
      == "missing DEG (angle): rotate DEG [interpolation=nearest|bilinear|bicubic|lanczos]")
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "pad", "right": 3}]}"#)
      == TemplateError(step: 1, filter: "pad", key: "right", message: "given without \"top\", which comes before it"))
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "opacity", "a": -1}]}"#)?.key == "a")
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "shadow", "opacity": -1, "blur": 2}]}"#)?.key
      == "opacity")
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [{"filter": "crop", "x": 1.5, "y": 0, "w": 1, "h": 1}]}"#)?
      .message == "whole number expected, got 1.5")
    #expect(ChainProbe.templateError(#"{"version": 2, "steps": []}"#)
      == TemplateError(key: "version", message: "version 1 expected, got 2"))
    #expect(ChainProbe.templateError(#"{"steps": []}"#)?.key == "version")
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [], "extra": 1}"#)?.key == "extra")
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": {}}"#)?.key == "steps")
    #expect(ChainProbe.templateError(#"[1]"#)?.message == "an object with \"version\" and \"steps\" expected, got an array")
    #expect(ChainProbe.templateError(#"{"version": 1, "steps": [3]}"#)?.step == 1)
  }

  /// A template runs from many tasks at once and gives every one the same bytes (values are shared, never changed).
  @Test func oneTemplateFromManyTasks() async throws {
    let chain = try Self.roundTrip(try Chain(parsing: ["rotate 20 | shadow 4 4 blur=5 | blur 3.5 | sepia 0.6"]))
    let image = try RandomChainTests.image()
    let expected = try await chain.apply(to: image).renderedAsync()
    let results = try await withThrowingTaskGroup(of: Raster.self) { group in
      for n in 0..<8 {
        group.addTask {
          try await Renderer(tileSize: n % 2 == 0 ? 64 : 128, threads: 1 + n % 3).renderAsync(chain.apply(to: image))
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 8 && results.allSatisfy { $0 == expected })
  }

  /// Templates read as files: image names relative to the template's folder, and `@FILE` steps in a chain.
  @Test func templateFilesKeepImagePathsRelativeToThemselves() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let images = folder.appendingPathComponent("images")
    let templates = folder.appendingPathComponent("templates")
    for url in [images, templates] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    let overlay = images.appendingPathComponent("over lay.png").path
    try Raster(width: 3, height: 3, fill: RGBA8(r: 255, g: 0, b: 0, a: 255)).write(to: overlay, as: .png())
    let path = templates.appendingPathComponent("t.json").path
    // Named relative to the current folder, as a command line names it.
    let chain = try Chain(parsing: ["pad 1 | blend normal \"\(FilePaths.relative(overlay, to: "."))\" at=1,1"])
    try chain.writeTemplate(toFile: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("\"image\": \"../images/over lay.png\""))
    // Read back, the name is the same file, seen from the template's (here absolute) folder.
    let loaded = try Chain(contentsOfTemplate: path)
    #expect(loaded.steps[1].arguments.imageName("image") == overlay)
    #expect(loaded.steps.map(\.filter.name) == chain.steps.map(\.filter.name))
    let input = try Raster(width: 4, height: 4, fill: RGBA8(r: 0, g: 0, b: 255, a: 255))
    #expect(try loaded.apply(to: input).rendered() == chain.apply(to: input).rendered())
    // `@FILE` inside a chain, with steps before and after, numbered through.
    let combined = try Chain(parsing: ["flip vertical", "@\(path) | opacity 0.5"], templates: Chain.templateFiles())
    #expect(combined.steps.map(\.filter.name) == ["flip", "pad", "blend", "opacity"])
    #expect(combined.steps.map(\.index) == [1, 2, 3, 4])
    // Without a loader, and with a file that is not there, the step is named.
    #expect(throws: ChainError.self) { try Chain(parsing: ["@\(path)"]) }
    do {
      _ = try Chain(parsing: ["rotate 1", "@nope.json"], templates: Chain.templateFiles())
      Issue.record("a missing template was accepted")
    } catch {
      #expect(error.step == 2 && error.message.hasPrefix("nope.json: "))
    }
    // A file that is not JSON names the file.
    try "{\"version\": 1,".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: TemplateError.self) { try Chain(contentsOfTemplate: path) }
    do { _ = try Chain(contentsOfTemplate: path) } catch { #expect(error.source == path && error.message.hasPrefix("not valid JSON")) }
  }

  /// Images named in memory keep their names through a saved template, wherever it is saved and read from; file
  /// names around them are still rewritten for the template's folder.
  @Test func inMemoryImageNamesAreNotFiles() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let logo = try Raster(width: 3, height: 3, fill: RGBA8(r: 255, g: 0, b: 0, a: 255))
    // Named relative to the current folder, as a command line names it.
    let file = FilePaths.relative(folder.appendingPathComponent("file.png").path, to: ".")
    try logo.write(to: file, as: .png())
    let path = folder.appendingPathComponent("nested/t.json").path
    try FileManager.default.createDirectory(atPath: FilePaths.folder(of: path), withIntermediateDirectories: true)
    let parsed = try Chain(parsing: ["pad 1 | blend multiply logo at=1,1 | blend screen \"\(file)\""])
    let chain = try parsed.withImages(["logo": logo, file: logo])
    try chain.writeTemplate(toFile: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("\"image\": \"logo\""))
    // Read back, the name is found as the file wrote it, and the chain saves it as it is again.
    let loaded = try Chain(contentsOfTemplate: path)
    let resolved = FilePaths.resolve("logo", against: FilePaths.folder(of: path))
    #expect(loaded.steps[1].arguments.imageName("image") == resolved)
    let given = try loaded.withImages(["logo": logo, file: logo])
    #expect(given.steps[1].arguments.imageName("image") == "logo" && given.steps[1].text.contains(" logo "))
    let input = try Raster(width: 4, height: 4, fill: RGBA8(r: 0, g: 0, b: 255, a: 255))
    #expect(try given.apply(to: input, images: [:]).rendered() == chain.apply(to: input, images: [:]).rendered())
    try given.writeTemplate(toFile: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    // A file name of a chain whose images were not given in memory is rewritten for the template's folder.
    try parsed.writeTemplate(toFile: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"image\": \"../file.png\""))
    // A name in neither form is named in the error as the template wrote it.
    do {
      _ = try loaded.withImages(["other": logo])
      Issue.record("a missing in-memory image was accepted")
    } catch {
      #expect(error.step == 2 && error.message == "no image named \"logo\"")
    }
  }

  @Test func pathsAreResolvedLexically() {
    #expect(FilePaths.resolve("a.png", against: "/x/y") == "/x/y/a.png")
    #expect(FilePaths.resolve("../a.png", against: "t") == "a.png")
    #expect(FilePaths.resolve("/abs.png", against: "t") == "/abs.png")
    #expect(FilePaths.resolve("a.png", against: ".") == "a.png")
    #expect(FilePaths.relative("/x/images/a.png", to: "/x/templates") == "../images/a.png")
    #expect(FilePaths.relative("/x/a.png", to: "/x") == "a.png")
    #expect(FilePaths.folder(of: "a.json") == "." && FilePaths.folder(of: "/a.json") == "/")
    #expect(FilePaths.folder(of: "t/u/a.json") == "t/u")
    #expect(FilePaths.normalised("/a/./b/../c//d") == "/a/c/d" && FilePaths.normalised("../a/../../b") == "../../b")
  }

  @Test func jsonTextIsValidAndStable() throws {
    let value: JSONValue = ["s": "a\"b\\c\n\u{1}é", "n": [1, 0.5, -2.25e-7, 1e300], "t": true, "z": nil, "o": [:]]
    let text = value.serialized()
    let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    // Decoding sorts an object's keys; compare through a second serialisation of the sorted form.
    guard case .object(let pairs) = value else { return }
    #expect(decoded == .object(pairs.sorted { $0.key < $1.key }))
    #expect(JSONValue.number(3).serialized() == "3" && JSONValue.number(0.1).serialized() == "0.1")
    #expect(JSONValue.number(.nan).serialized() == "null")
  }
}
