#if CLI
import Foundation

/// A test suite that works in a fresh temporary folder of its own (one per test, as Swift Testing makes a suite
/// value per test), removed when the test is done: a suite is a final class whose `deinit` calls
/// `removeDirectory()`, so that no run leaves its folders (some of tens of megabytes) in the temporary directory.
protocol ScratchFolder {
  var directory: URL { get }
}

extension ScratchFolder {
  /// Creates a new folder named `prefix` and a unique suffix in the temporary directory.
  static func makeDirectory(_ prefix: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Removes the folder and everything in it (what the test wrote there).
  func removeDirectory() { try? FileManager.default.removeItem(at: directory) }

  /// The path of `name` in the folder.
  func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// Writes `bytes` as `name` in the folder and returns its path.
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    return file(name)
  }

  /// The folder's entries, sorted.
  func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() }
}
#endif
