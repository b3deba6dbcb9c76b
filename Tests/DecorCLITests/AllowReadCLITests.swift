#if CLI
import Foundation
import Testing
import DecorTestSupport

/// `--allow-read DIR`: a service running templates and scenes it did not write reads nothing outside the folders it
/// names, however a path is spelled (`..`, an absolute path, a link inside pointing out); each refusal is one line
/// naming the step (or the scene's place) and the path. And no error shows a file's bytes.
@Suite final class AllowReadCLITests: ScratchFolder {
  let directory: URL
  /// The folder reads are allowed in, and a file outside it, as paths relative to the test's folder, where `decor`
  /// runs (so that messages show them whole).
  let allowed = "allowed"
  let secret = "outside/secret.png"

  init() throws {
    directory = try Self.makeDirectory("decor-allow-read")
    for folder in ["allowed", "outside"] {
      try FileManager.default.createDirectory(atPath: file(folder), withIntermediateDirectories: true)
    }
    for path in ["allowed/in.png", "allowed/blend.png", secret] {
      try FileManager.default.copyItem(atPath: StepsCLITests.rgba, toPath: file(path))
    }
    // A link inside the allowed folder to the file outside it.
    try FileManager.default.createSymbolicLink(atPath: file("allowed/link.png"), withDestinationPath: file(secret))
  }
  deinit { removeDirectory() }

  /// Runs `decor` in the test's folder with `arguments`, and `--allow-read` of the allowed folder unless `allowing`
  /// is false.
  func run(_ arguments: [String], allowing: Bool = true) throws -> Decor.Result {
    try Decor.run(arguments + (allowing ? ["--allow-read", allowed] : []), directory: directory)
  }

  /// Writes `text` to `path` in the test's folder.
  func write(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(path)))
  }

  /// Expects exit 1, one short line naming `path` as outside the folders (and containing `place`), and no output.
  func expectRefused(_ result: Decor.Result, _ place: String, _ path: String,
    sourceLocation: SourceLocation = #_sourceLocation)
  {
    ResourceLimitCLITests.expectOneLineFailure(result, containing: place, sourceLocation: sourceLocation)
    #expect(result.stderr.contains("\(path): "), "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.contains("outside the folders files may be read from"), "\(result.stderr)",
      sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: file("out.png")), sourceLocation: sourceLocation)
  }

  @Test func aStepsImageOutsideIsRefusedByStepAndPath() throws {
    let escaping = "allowed/../outside/secret.png"
    expectRefused(try run(["apply", "allowed/in.png", "blend multiply \(escaping)", "-o", "out.png"]),
      "decor: step 1 \"blend multiply \(escaping)\": ", escaping)
    // A link inside the folder to a file outside is the file outside.
    expectRefused(try run(["apply", "allowed/in.png", "blend multiply allowed/link.png", "-o", "out.png"]),
      "step 1", "allowed/link.png")
    // The input itself, and a template, alike.
    expectRefused(try run(["apply", secret, "-o", "out.png"]), "decor: ", secret)
    let template = "outside/t.json"
    try write(template, #"{"version": 1, "steps": []}"#)
    expectRefused(try run(["apply", "allowed/in.png", "--chain", template, "-o", "out.png"]), "decor: ",
      template)
  }

  @Test func filesInsideAreRead() throws {
    let result = try run(["apply", "allowed/in.png", "blend multiply allowed/./blend.png", "-o", "out.png"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: file("out.png")))
    // Without the option, the same link is read as before.
    let free = try run(["apply", "allowed/in.png", "blend multiply allowed/link.png", "-o", "free.png"],
      allowing: false)
    #expect(free.status == 0, "\(free.stderr)")
  }

  /// A template inside the folder naming a file outside (relative to the template, as its names are) is refused
  /// naming the template, the step and the path; so is a scene's layer.
  @Test func templatesAndScenesNamingFilesOutsideAreRefused() throws {
    let template = "allowed/t.json"
    try write(template,
      #"{"version": 1, "steps": [{"filter": "blend", "mode": "multiply", "image": "../outside/secret.png"}]}"#)
    expectRefused(try run(["apply", "allowed/in.png", "--chain", template, "-o", "out.png"]), "step 1",
      "outside/secret.png")
    let scene = "allowed/s.json"
    try write(scene, #"{"width": 4, "height": 4, "layers": [{"color": "red"}, {"image": "../outside/secret.png"}]}"#)
    expectRefused(try run(["compose", scene, "-o", "out.png"]), "\(scene): layers[1].image: ",
      "outside/secret.png")
    let batch = try run(["batch", "--chain", "blend multiply \(secret)", "--output-dir", "o", "allowed/in.png"])
    #expect(batch.status == 1)
    #expect(batch.stderr.contains("\(secret): outside the folders files may be read from"), "\(batch.stderr)")
  }

  /// A font file outside the folders is refused before it is read (a step's font is read when the step is parsed),
  /// naming the step or the scene's layer.
  @Test func fontFilesOutsideAreRefused() throws {
    let font = "outside/font.ttf"
    try write(font, "not read")
    let steps = try run(["apply", "allowed/in.png", "text Hi font=\(font)", "-o", "out.png"])
    #if Text
      expectRefused(steps, "decor: step 1 ", font)
      let scene = "allowed/s.json"
      try write(scene, #"{"width": 4, "height": 4, "layers": [{"text": "Hi", "font": "\#(font)"}]}"#)
      expectRefused(try run(["compose", scene, "-o", "out.png"]), "\(scene): layers[0].font: ", font)
    #else
      #expect(steps.status == 1)
    #endif
  }

  @Test func aFolderThatIsNotThereIsRefused() throws {
    let result = try run(["apply", "allowed/in.png", "-o", "out.png", "--allow-read", "missing"], allowing: false)
    ResourceLimitCLITests.expectOneLineFailure(result, containing: "--allow-read missing: ")
  }

  /// A text file read as an image, as the input or as a step's image, is named without any of its bytes (a template
  /// naming `/etc/passwd` would otherwise read it back through the error).
  @Test func noErrorShowsAFilesBytes() throws {
    let text = "passwd"
    try write(text, "root:*:2:3:secret\n")
    for arguments in [[text], ["allowed/in.png", "blend multiply \(text)"]] {
      let result = try run(["apply"] + arguments + ["-o", "out.png"], allowing: false)
      ResourceLimitCLITests.expectOneLineFailure(result,
        containing: "\(text): unsupported format: not an image Decor reads")
      for shown in ["root", "secret", "72 6F", "72 6f", "6F 6F", "74 3A"] {
        #expect(!result.stderr.contains(shown), "\(result.stderr)")
      }
    }
  }
}
#endif
