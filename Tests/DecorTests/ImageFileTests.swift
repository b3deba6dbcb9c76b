import Foundation
import Testing

@testable import Decor

@Suite struct ImageFileTests {
  @Test func writesReplaceTheTargetAndLeaveNoTemporaryFiles() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.png").path
    try ImageFile.writeAtomically([1, 2, 3], toPath: path)
    try ImageFile.writeAtomically([4, 5], toPath: path)
    #expect(try ImageFile.readBytes(atPath: path) == [4, 5])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.png"])
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o044 } == 0o044, "readable like any new file")
  }

  @Test func aFailedWriteLeavesNothing() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("no/such/folder/out.png").path
    #expect {
      try ImageFile.writeAtomically([1], toPath: missing)
    } throws: { error in
      guard case .io(let path, let detail) = error as? CodecError else { return false }
      return path == missing && detail.contains("No such file")
    }
    // A directory where the file should go: the rename fails after the bytes were written.
    let occupied = directory.appendingPathComponent("taken")
    try FileManager.default.createDirectory(at: occupied.appendingPathComponent("inside"),
      withIntermediateDirectories: true)
    #expect(throws: CodecError.self) { try ImageFile.writeAtomically([1], toPath: occupied.path) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken"])
  }

  @Test func readErrorsNameTheFile() {
    #expect(throws: CodecError.io(path: "/nonexistent/x.png", detail: "cannot open: No such file or directory")) {
      try Raster(contentsOfFile: "/nonexistent/x.png")
    }
    #expect {
      try ImageFile.readBytes(atPath: Fixtures.root.path)
    } throws: { error in
      (error as? CodecError)?.description.contains("Is a directory") == true
    }
  }

  @Test func rastersSurviveAFileRoundTrip() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("round.png").path
    let source = try Raster(contentsOfFile: Fixtures.pngSuite.appendingPathComponent("basn6a08.png").path)
    try source.writePNG(toFile: path)
    #expect(try Raster(contentsOfFile: path) == source)
  }
}
