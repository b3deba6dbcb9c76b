import Foundation

/// Paths of the test fixtures, found from this file's location so the tests read nothing outside the repository.
enum Fixtures {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  static let pngSuite = root.appendingPathComponent("PngSuite")

  /// The PngSuite images in `folder` ("" or "interlaced"), by file name.
  static func pngSuiteImages(in folder: String = "") -> [String] {
    let directory = folder.isEmpty ? pngSuite : pngSuite.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".png") }.sorted()
  }

  static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

  /// A fresh empty folder for one test's files.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("decor-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
