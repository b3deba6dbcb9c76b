import Foundation

/// Where the repository is, found from this file's location (Tests/DecorTestSupport/), so that tests in any folder
/// read their fixtures and documents from the same place and nothing outside the repository.
package enum TestPaths {
  /// The repository's root folder: the one holding Package.swift.
  package static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}
