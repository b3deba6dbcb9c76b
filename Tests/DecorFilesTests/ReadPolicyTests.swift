import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

import Decor
import DecorTestSupport

/// `ReadPolicy` from Swift: the loaders read a file only inside the allowed folders, after links; a file swapped for
/// a link once checked is caught at the open; and no error quotes a file's bytes.
@Suite final class ReadPolicyTests {
  let folder: URL
  let inside: String
  let outside: String
  let policy: ReadPolicy
  var decoders: DecoderRegistry

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("decor-read-policy-\(UUID().uuidString)")
    for name in ["allowed", "outside"] {
      try FileManager.default.createDirectory(at: folder.appendingPathComponent(name),
        withIntermediateDirectories: true)
    }
    inside = folder.appendingPathComponent("allowed/in.png").path
    outside = folder.appendingPathComponent("outside/secret.png").path
    let png = try Raster(width: 2, height: 2, fill: .white)
    try png.write(to: inside, as: .png())
    try png.write(to: outside, as: .png())
    // Through `..` in the folder's own name: it is resolved when the policy is made.
    policy = try ReadPolicy(allowedFolders: [folder.appendingPathComponent("outside/../allowed").path])
    decoders = DecoderRegistry.standard
    decoders.readPolicy = policy
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  static func isRefusal(_ error: CodecError, naming path: String) -> Bool {
    error == .io(path: path, detail: "outside the folders files may be read from (a read policy of allowed folders)")
  }

  @Test func imagesAreReadOnlyInsideTheFolders() throws {
    #expect(try OpenedImage(contentsOfFile: inside, decoders: decoders).image.extent.width == 2)
    #expect(policy.problem(readingFileAt: inside) == nil)
    #expect(policy.problem(readingFileAt: "-") == nil, "standard input is what the caller gave")
    let escaping = folder.appendingPathComponent("allowed/../outside/secret.png").path
    for path in [outside, escaping] {
      let error = #expect(throws: CodecError.self) { try OpenedImage(contentsOfFile: path, decoders: self.decoders) }
      #expect(error.map { Self.isRefusal($0, naming: path) } == true, "\(String(describing: error))")
    }
    // A link inside to a file outside is the file outside.
    let link = folder.appendingPathComponent("allowed/link.png").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
    let error = #expect(throws: CodecError.self) { try OpenedImage(contentsOfFile: link, decoders: self.decoders) }
    #expect(error.map { Self.isRefusal($0, naming: link) } == true, "\(String(describing: error))")
    // The default registry reads anywhere, as before.
    #expect(try OpenedImage(contentsOfFile: link).image.extent.width == 2)
  }

  /// What was opened is checked, not only what was named: a descriptor of a file outside is refused whatever path it
  /// was opened by (the file swapped for a link between the check by name and the open).
  @Test func theOpenedFileIsChecked() throws {
    let fd = open(outside, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    #expect(throws: CodecError.self) { try self.policy.check(descriptor: fd, openedFrom: self.inside, name: "in") }
    let insideFD = open(inside, O_RDONLY)
    try #require(insideFD >= 0)
    defer { close(insideFD) }
    try policy.check(descriptor: insideFD, openedFrom: inside, name: "in")
  }

  @Test func templatesScenesAndTheirFilesAreHeldToIt() throws {
    let template = folder.appendingPathComponent("outside/t.json").path
    try Data(#"{"version": 1, "steps": []}"#.utf8).write(to: URL(fileURLWithPath: template))
    #expect(throws: TemplateError.self) { try Chain(contentsOfTemplate: template, readPolicy: self.policy) }
    #expect(try Chain(contentsOfTemplate: template).steps.isEmpty)
    let scene = try ChainProbe.scene(#"{"width": 2, "height": 2, "layers": [{"image": "../outside/secret.png"}]}"#)
    let sceneError = #expect(throws: SceneError.self) {
      try scene.image(relativeTo: self.folder.appendingPathComponent("allowed").path, decoders: self.decoders)
    }
    #expect(sceneError?.path == "layers[0].image")
    #expect(sceneError?.message.hasSuffix("outside/secret.png: outside the folders files may be read from (a read "
      + "policy of allowed folders)") == true, "\(String(describing: sceneError))")
    let chain = try Chain(parsing: ["blend multiply \(outside)"])
    let input = try OpenedImage(contentsOfFile: inside, decoders: decoders)
    let chainError = #expect(throws: ChainError.self) {
      try input.applying(chain, colorSpace: .convertWhenMixed, decoders: self.decoders)
    }
    #expect(chainError?.step == 1)
    #expect(chainError?.message.contains("\(self.outside): outside the folders") == true)
  }

  /// A `text` step reads its font file when it is parsed: `checkingFontFiles` holds that read to the policy too.
  @Test func fontFilesAreHeldToItWhileChecking() throws {
    #if Text
      let font = folder.appendingPathComponent("outside/font.ttf").path
      try Data("not a font".utf8).write(to: URL(fileURLWithPath: font))
      let error = #expect(throws: ChainError.self) {
        try self.policy.checkingFontFiles { try Chain(parsing: ["text Hi font=\(font)"]) }
      }
      #expect(error?.message.contains("outside the folders files may be read from") == true, "\(String(describing: error))")
      // Unchecked, the file is read (and found not to be a font).
      let unchecked = #expect(throws: ChainError.self) { try Chain(parsing: ["text Hi font=\(font)"]) }
      #expect(unchecked?.message.contains("not a usable font file") == true)
    #endif
  }

  @Test func aFolderThatIsNotThereIsAnError() {
    #expect(throws: CodecError.self) { try ReadPolicy(allowedFolders: [self.folder.appendingPathComponent("no").path]) }
    #expect(throws: CodecError.self) { try ReadPolicy(allowedFolders: [self.inside]) }
  }

  /// A text file given as an image, read directly or as a step's image, is named without its bytes.
  @Test func noErrorShowsAFilesBytes() throws {
    let text = folder.appendingPathComponent("allowed/passwd").path
    try Data("root:*:2:3:secret\n".utf8).write(to: URL(fileURLWithPath: text))
    var messages: [String] = []
    do { _ = try OpenedImage(contentsOfFile: text) } catch { messages.append("\(error)") }
    do { _ = try Chain(parsing: ["blend multiply \(text)"]).apply(to: Raster(width: 1, height: 1, fill: .white)) } catch {
      messages.append("\(error)")
    }
    #expect(messages.count == 2)
    for message in messages {
      #expect(message.contains("unsupported format: not an image Decor reads"), "\(message)")
      // Hex byte pairs are looked for with their space: the temporary folder's UUID may hold "3A" on its own.
      for shown in ["root", "secret", "72 6F", "72 6f", "74 3A", "74 3a"] { #expect(!message.contains(shown), "\(message)") }
    }
  }
}
